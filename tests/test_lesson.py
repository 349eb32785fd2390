"""The lesson-file loader, from a course author's point of view.

A good file loads into frozen objects holding the seed's numbers; every bad edit an author
might make is refused with one line naming the file, the key and the reason; and no file
whatever (fuzzed TOML documents, random text and bytes) makes the loader fail any other way.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import math
import re
import tomllib
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from variants import EVERY_KIND

from lesson.model import (
    DEFAULT_LESSON,
    QUIZ_KINDS,
    Lesson,
    LessonError,
    Quiz,
    load_lesson,
)
from lesson.quizkinds import MAX_QUESTIONS
from lesson.sheet import numbers_sheet

SEED = DEFAULT_LESSON.read_text(encoding="utf-8")
SEED_DATA = tomllib.loads(SEED)

F = Fraction


def vec(*xs: int | str) -> tuple[Fraction, ...]:
    return tuple(F(x) for x in xs)


# --------------------------------------------------------------------------------------
# Helpers: edit the seed text inside one table, write a lesson, load and expect an error.
# --------------------------------------------------------------------------------------


def edit(text: str, section: str | None, old: str, new: str) -> str:
    """Replace the first `old` after the header `section` (or anywhere if None)."""
    start = 0
    if section is not None:
        start = text.index(section)
    i = text.index(old, start)
    return text[:i] + new + text[i + len(old) :]


def quiz_edit(text: str, kind: str, old: str, new: str) -> str:
    """Replace `old` inside the [[quiz]] entry of `kind`."""
    return edit(text, f'kind = "{kind}"\n', old, new)


def no_quiz(text: str) -> str:
    """`text` without its [[quiz]] entries (they come last in the seed)."""
    return text[: text.index("[[quiz]]")]


def write(tmp_path: Path, text: str | bytes, name: str = "lesson.toml") -> Path:
    p = tmp_path / name
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_text(text, encoding="utf-8")
    return p


def assert_one_line(msg: str) -> None:
    assert "\n" not in msg and "\r" not in msg, repr(msg)


def load_error(path: Path) -> LessonError:
    with pytest.raises(LessonError) as info:
        load_lesson(path)
    e = info.value
    msg = str(e)
    assert_one_line(msg)
    assert msg == f"{path}: {e.key}: {e.reason}"
    assert e.path == str(path)
    return e


# --------------------------------------------------------------------------------------
# The default lesson
# --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def seed() -> Lesson:
    return load_lesson(DEFAULT_LESSON)


def test_default_argument_is_the_seed_file(seed: Lesson) -> None:
    lesson = load_lesson()
    assert lesson.path == DEFAULT_LESSON
    assert lesson.raw == seed.raw


def test_seed_header(seed: Lesson) -> None:
    assert seed.id == "inner-product"
    assert seed.title == "Hasil Kali Dalam Mengukur Keselarasan dalam Attention"
    p = seed.places
    assert (p.approx, p.logit, p.weight, p.angle, p.readout, p.exact_max) == (2, 3, 3, 1, 2, 4)


def test_seed_projection(seed: Lesson) -> None:
    assert seed.projection.query == vec(2, 1)
    assert seed.projection.key == vec(1, 2)
    assert all(isinstance(x, Fraction) for x in seed.projection.query)


def test_seed_angle(seed: Lesson) -> None:
    a = seed.angle
    assert (a.key, a.acute, a.right, a.obtuse) == (vec(1, 2), vec(4, 1), vec(-2, 1), vec(-2, 0))
    assert a.scale is None  # no scaling steps: MagnitudeVsDirection scales and flips


def test_seed_attention(seed: Lesson) -> None:
    at = seed.attention
    assert at.query == vec(1, 2)
    assert at.keys == (vec(1, 0), vec(0, 1))
    assert at.values == (vec(4, 1), vec(-1, 2))  # not the keys: the output mixes values
    assert at.mask is None


def test_seed_magnitude(seed: Lesson) -> None:
    assert seed.magnitude == ((vec(4, 0), vec(1, 0)), (vec(2, 1), vec(1, 2)))


def test_seed_quiz(seed: Lesson, tmp_path: Path) -> None:
    """The seed's eight questions, in its order; the two other kinds are shown commented out
    after them, and uncommented they are questions 9 and 10."""
    assert len(seed.quiz) == 8
    assert tuple(q.kind for q in seed.quiz) == QUIZ_KINDS[:8]
    assert [q.number for q in seed.quiz] == list(range(1, 9))
    every = load_lesson(write(tmp_path, EVERY_KIND))
    assert tuple(q.kind for q in every.quiz) == QUIZ_KINDS
    assert every.quiz[:8] == seed.quiz
    v = [dict(q.vectors) for q in every.quiz]
    assert v[0] == {"x": vec(2, -1, 3), "y": vec(1, 4, -2)}
    assert v[1] == {"x": vec(3, 4), "y": vec(4, 3)}
    assert v[2] == {"x": vec(1, -4), "y": vec(1, 1)}  # a projection against k
    assert v[3] == {"x": vec(3, -2), "y": vec(2, 3)}
    assert v[4] == {"pairs": ((vec(3, 0), vec(2, 0)), (vec(2, 2), vec(3, 0)))}
    assert v[5] == {"query": vec(2, -1), "keys": (vec(1, 1), vec(1, -1))}
    assert v[6] == {"query": vec(0, 0), "keys": (vec(2, 1), vec(-1, 3))}  # two, as the seed
    assert v[7] == {"x": vec(1, 3), "y": vec(3, 1)}
    assert v[8] == {"query": vec(3, 2), "keys": (vec(1, -2), vec(2, -2), vec(-2, 3))}
    assert v[9] == {"dims": (4, 256), "keys": 4, "seed": 5}


def test_seed_worked_examples_of_their_own(seed: Lesson) -> None:
    """ScaleIsNotCosine reads its own table, not a quiz entry."""
    assert dict(seed.scale) == {"x": vec(2, 1), "y": vec(1, 2)}
    assert seed.projection.other is None  # quiz 3 asks the projection against k instead


def worked_vectors(lesson: Lesson) -> set[tuple]:
    """Every vector a worked example (a scene before the quiz) shows."""
    at = lesson.attention
    found = {lesson.projection.query, lesson.projection.key, lesson.projection.other}
    found |= {lesson.angle.key, lesson.angle.acute, lesson.angle.right, lesson.angle.obtuse}
    found |= {at.query, *at.keys, *(at.values or ()), *lesson.scores}
    found |= {v for pair in lesson.magnitude for v in pair}
    found |= {lesson.scale["x"], lesson.scale["y"]}
    return found


def quiz_vectors(q: Quiz) -> set[tuple]:
    v = q.vectors
    if "dims" in v:  # a dimension question has dimensions and a seed, no vectors
        return set()
    if "pairs" in v:
        return {x for pair in v["pairs"] for x in pair}
    if "keys" in v:
        return {v["query"], *v["keys"]}
    return {v["x"], v["y"]}


def test_default_quiz_does_not_repeat_the_worked_examples(seed: Lesson) -> None:
    """Every question brings numbers the lesson has not solved on screen."""
    worked = worked_vectors(seed)
    for q in seed.quiz:
        if q.kind == "dimension":  # no vectors: its dimensions and seed are not WhySqrtDk's
            assert not set(q.vectors["dims"]) & set(seed.spread.dims), q.number
            assert q.vectors["seed"] != seed.spread.seed, q.number
            continue
        assert not quiz_vectors(q) <= worked, f"question {q.number} repeats a worked example"


def test_seed_raw_is_canonical_json(seed: Lesson) -> None:
    data = json.loads(seed.raw)
    assert data["projection"] == {"query": ["2", "1"], "key": ["1", "2"], "other": None}
    assert [q["kind"] for q in data["quiz"]] == list(QUIZ_KINDS[:8])
    assert json.loads(seed.section_json("projection")) == {"projection": data["projection"]}


@pytest.mark.parametrize(
    "get, attr",
    [
        (lambda s: s, "id"),
        (lambda s: s.places, "logit"),
        (lambda s: s.projection, "query"),
        (lambda s: s.angle, "scale"),
        (lambda s: s.attention, "keys"),
        (lambda s: s.quiz[0], "kind"),
    ],
    ids=["lesson", "places", "projection", "angle", "attention", "quiz"],
)
def test_loaded_objects_are_frozen(seed: Lesson, get: Any, attr: str) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(get(seed), attr, None)


def test_quiz_vectors_are_read_only(seed: Lesson) -> None:
    vectors = seed.quiz[0].vectors
    with pytest.raises(TypeError):
        vectors["x"] = vec(0, 0)  # type: ignore[index]
    with pytest.raises(TypeError):
        del vectors["x"]  # type: ignore[attr-defined]
    assert isinstance(vectors["x"], tuple)  # the vectors themselves are tuples


# --------------------------------------------------------------------------------------
# Edits an author may make that must still load
# --------------------------------------------------------------------------------------

# Each edit with what the loaded lesson then holds, read at these attribute paths
GOOD_EDITS: dict[str, tuple[str, dict[str, Any]]] = {
    "decimals": (
        edit(SEED, "[projection]", "query = [2, 1]", "query = [2.25, -1.5]"),
        {"projection.query": (F(9, 4), F(-3, 2)), "projection.key": vec(1, 2)},
    ),
    "extremes": (
        edit(SEED, "[projection]", "query = [2, 1]", "query = [9, -9.0]"),
        {"projection.query": vec(9, -9)},
    ),
    "values-and-mask": (
        edit(
            SEED,
            "[attention]",
            "keys = [[1, 0], [0, 1]]\nvalues = [[4, 1], [-1, 2]]",
            "keys = [[1, 0], [0, 1], [1, 1]]\nvalues = [[1, 0], [0, 1], [1, 1]]\n"
            "mask = [true, false, true]",
        ),
        {
            "attention.keys": (vec(1, 0), vec(0, 1), vec(1, 1)),
            "attention.values": (vec(1, 0), vec(0, 1), vec(1, 1)),
            "attention.mask": (True, False, True),
        },
    ),
    "three-d-attention": (
        edit(
            edit(
                SEED,
                "[attention]",
                "query = [1, 2]\nkeys = [[1, 0], [0, 1]]\nvalues = [[4, 1], [-1, 2]]",
                "query = [1, 2, 2]\nkeys = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]",
            ),
            "[scores]",
            "queries = [[-1, 2], [0, 0], [1, 2]]",
            "queries = [[1, 2, 2]]",
        ),
        {
            "attention.query": vec(1, 2, 2),
            "attention.keys": (vec(1, 0, 0), vec(0, 1, 0), vec(0, 0, 1)),
        },
    ),
    "six-keys": (
        edit(
            SEED,
            "[attention]",
            "keys = [[1, 0], [0, 1]]\nvalues = [[4, 1], [-1, 2]]",
            "keys = " + str([[1, i] for i in range(6)]),
        ),
        {"attention.keys": tuple(vec(1, i) for i in range(6))},
    ),
    "fractional-scale": (
        edit(SEED, "[angle]", "# scale = 2", "scale = 0.5"),
        {"angle.scale": F(1, 2)},
    ),
    "no-format-table": (
        SEED[: SEED.index("[format]")] + SEED[SEED.index("[projection]") :],
        {"places.logit": 3},
    ),
    "format-zero-places": (
        edit(SEED, "[format]", "logit = 3", "logit = 0"),
        {"places.logit": 0},
    ),
}


def read_path(obj: object, path: str) -> object:
    """The value at a dotted attribute path (``attention.keys``)."""
    for name in path.split("."):
        obj = getattr(obj, name)
    return obj


@pytest.mark.parametrize("name", list(GOOD_EDITS))
def test_good_edit_loads(tmp_path: Path, name: str) -> None:
    text, expected = GOOD_EDITS[name]
    lesson = load_lesson(write(tmp_path, text))
    assert {path: read_path(lesson, path) for path in expected} == expected


# --------------------------------------------------------------------------------------
# Bad edits: one line naming the file, the exact key and the reason
# --------------------------------------------------------------------------------------

P, A, T = "[projection]", "[angle]", "[attention]"
SEVEN_KEYS = "keys = " + str([[1, i] for i in range(7)])

BAD_EDITS: list[tuple[str, str, str, str]] = [
    # (id, edited text, key, reason fragment)
    (
        "misspelt-key",
        edit(SEED, P, "query = [2, 1]", "qurey = [2, 1]"),
        "projection.qurey",
        "unknown key (did you mean 'query'?)",
    ),
    (
        "misspelt-format-key",
        edit(SEED, "[format]", "approx = 2", "aprox = 2"),
        "format.aprox",
        "did you mean 'approx'",
    ),
    (
        "unknown-key-in-quiz",
        quiz_edit(SEED, "cosine", "y = [4, 3]", "y = [4, 3]\nz = [1, 1]"),
        "quiz[2].z",
        "unknown key",
    ),
    ("unknown-table", SEED + "\n[extras]\nx = 1\n", "extras", "unknown key"),
    (
        "misspelt-table",
        SEED.replace("[projection]", "[projektion]"),
        "projektion",
        "did you mean 'projection'",
    ),
    ("missing-key", edit(SEED, P, "key = [1, 2]\n", ""), "projection.key", "missing"),
    ("missing-title", edit(SEED, None, "title = ", "# title = "), "title", "missing"),
    (
        "string-in-vector",
        edit(SEED, P, "query = [2, 1]", 'query = ["a", 1]'),
        "projection.query[0]",
        'must be a number, got "a"',
    ),
    (
        "bool-in-vector",
        edit(SEED, P, "query = [2, 1]", "query = [2, true]"),
        "projection.query[1]",
        "must be a number, got true",
    ),
    (
        "nan",
        edit(SEED, P, "key = [1, 2]", "key = [nan, 2]"),
        "projection.key[0]",
        "must be a finite number, got nan",
    ),
    (
        "inf",
        edit(SEED, A, "acute = [4, 1]", "acute = [2, -inf]"),
        "angle.acute[1]",
        "must be a finite number, got -inf",
    ),
    (
        "vector-not-a-list",
        edit(SEED, P, "query = [2, 1]", "query = 2"),
        "projection.query",
        "must be a non-empty list of numbers",
    ),
    (
        "empty-vector",
        edit(SEED, P, "query = [2, 1]", "query = []"),
        "projection.query",
        "non-empty list",
    ),
    (
        "seven-coordinates",
        quiz_edit(SEED, "dot-sign", "x = [2, -1, 3]", "x = [1, 1, 1, 1, 1, 1, 1]"),
        "quiz[1].x",
        "has 7 coordinates; at most 6",
    ),
    (
        "mismatched-dimensions",
        edit(SEED, T, "query = [1, 2]", "query = [1, 2, 3]"),
        "attention",
        "mismatched dimensions [2, 3]",
    ),
    (
        "mismatched-key-dimensions",
        edit(SEED, T, "keys = [[1, 0], [0, 1]]", "keys = [[1, 0], [0, 1, 0]]"),
        "attention.keys",
        "mismatched dimensions",
    ),
    (
        "mismatched-quiz-dimensions",
        quiz_edit(SEED, "cosine", "y = [4, 3]", "y = [4, 3, 3]"),
        "quiz[2]",
        "mismatched dimensions",
    ),
    (
        "zero-projection-key",
        edit(SEED, P, "key = [1, 2]", "key = [0, 0.0]"),
        "projection.key",
        "zero vector",
    ),
    (
        "zero-projection-query",
        edit(SEED, P, "query = [2, 1]", "query = [0, 0]"),
        "projection.query",
        "zero vector",
    ),
    (
        "not-2d",
        edit(SEED, P, "query = [2, 1]", "query = [1, 2, 3]"),
        "projection.query",
        "must be a 2-D vector (the scene draws it in the plane), got 3 coordinates",
    ),
    (
        "not-2d-angle",
        edit(SEED, A, "key = [1, 2]", "key = [1]"),
        "angle.key",
        "2-D vector",
    ),
    (
        "too-large",
        edit(SEED, P, "query = [2, 1]", "query = [10, 1]"),
        "projection.query[0]",
        "too large",
    ),
    (
        "too-large-negative",
        edit(SEED, T, "query = [1, 2]", "query = [1, -9.01]"),
        "attention.query[1]",
        "too large",
    ),
    (
        "too-many-decimals",
        edit(SEED, P, "key = [1, 2]", "key = [1.234, 2]"),
        "projection.key[0]",
        "more than 2 decimal places",
    ),
    (
        "one-key",
        edit(SEED, T, "keys = [[1, 0], [0, 1]]", "keys = [[1, 0]]"),
        "attention.keys",
        "needs 2 to 6 keys for the bar chart, got 1",
    ),
    (
        "seven-keys",
        edit(SEED, T, "keys = [[1, 0], [0, 1]]", SEVEN_KEYS),
        "attention.keys",
        "needs 2 to 6 keys for the bar chart, got 7",
    ),
    (
        "all-masked",
        edit(SEED, T, "keys = [[1, 0], [0, 1]]", "keys = [[1, 0], [0, 1]]\nmask = [false, false]"),
        "attention.mask",
        "every key is masked",
    ),
    (
        "mask-length",
        edit(SEED, T, "keys = [[1, 0], [0, 1]]", "keys = [[1, 0], [0, 1]]\nmask = [true]"),
        "attention.mask",
        "needs one true/false per key (2)",
    ),
    (
        "mask-not-bool",
        edit(SEED, T, "keys = [[1, 0], [0, 1]]", "keys = [[1, 0], [0, 1]]\nmask = [1, 0]"),
        "attention.mask",
        "true/false",
    ),
    (
        "values-length",
        edit(
            SEED,
            T,
            "keys = [[1, 0], [0, 1]]\nvalues = [[4, 1], [-1, 2]]",
            "keys = [[1, 0], [0, 1]]\nvalues = [[1, 0]]",
        ),
        "attention.values",
        "needs one value per key (2)",
    ),
    (
        "values-not-2d",
        edit(
            SEED,
            T,
            "keys = [[1, 0], [0, 1]]\nvalues = [[4, 1], [-1, 2]]",
            "keys = [[1, 0], [0, 1]]\nvalues = [[1], [2]]",
        ),
        "attention.values[0]",
        "must be a 2-D vector",
    ),
    (
        "scores-dimension",
        edit(SEED, "[scores]", "queries = [[-1, 2], [0, 0], [1, 2]]", "queries = [[1, 2, 3]]"),
        "scores.queries[0]",
        "needs 2 coordinates like attention.keys",
    ),
    (
        "scores-too-many",
        edit(
            SEED,
            "[scores]",
            "queries = [[-1, 2], [0, 0], [1, 2]]",
            "queries = " + str([[1, 2]] * 5),
        ),
        "scores.queries",
        "needs 1 to 4 queries",
    ),
    (
        "scores-missing",
        edit(SEED, "[scores]", "queries = [[-1, 2], [0, 0], [1, 2]]", ""),
        "scores.queries",
        "missing",
    ),
    (
        "magnitude-scale-negative",
        edit(SEED, "[magnitude]", "scale = 3", "scale = -1"),
        "magnitude.scale",
        "must be a positive factor",
    ),
    (
        "magnitude-scale-too-large",
        edit(SEED, "[magnitude]", "scale = 3", "scale = 5"),
        "magnitude.scale",
        "leaves ±9",
    ),
    (
        "countdown-out-of-range",
        edit(SEED, "[timing]", "quiz_countdown = 4", "quiz_countdown = 31"),
        "timing.quiz_countdown",
        "from 0 to 30",
    ),
    (
        "result-hold-negative",
        edit(SEED, "[timing]", "quiz_countdown = 4", "quiz_countdown = 5\nresult_hold = -1"),
        "timing.result_hold",
        "from 0 to 9",
    ),
    (
        "step-pause-not-a-number",
        edit(SEED, "[timing]", "quiz_countdown = 4", 'quiz_countdown = 5\nstep_pause = "long"'),
        "timing.step_pause",
        "from 0 to 9",
    ),
    (
        "intro-label-too-long",
        edit(SEED, "[intro]", 'prior_lesson = "017"', 'prior_lesson = "a very long label"'),
        "intro.prior_lesson",
        "at most 12 characters",
    ),
    (
        "right-stop-wrong-sign",
        edit(SEED, A, "right = [-2, 1]", "right = [1, 1]"),
        "angle.right",
        "q · k must be zero for the right stop, got 3",
    ),
    (
        "acute-stop-wrong-sign",
        edit(SEED, A, "acute = [4, 1]", "acute = [-2, 1]"),
        "angle.acute",
        "must be positive for the acute stop, got 0",
    ),
    (
        "obtuse-stop-wrong-sign",
        edit(SEED, A, "obtuse = [-2, 0]", "obtuse = [2, -1]"),
        "angle.obtuse",
        "must be negative for the obtuse stop, got 0",
    ),
    ("zero-scale", edit(SEED, A, "# scale = 2", "scale = 0"), "angle.scale", "positive factor"),
    (
        "negative-scale",
        edit(SEED, A, "# scale = 2", "scale = -1"),
        "angle.scale",
        "positive factor",
    ),
    (
        "scale-out-of-range",
        edit(SEED, A, "# scale = 2", "scale = 5"),
        "angle.scale",
        "leaves the drawable range ±9",
    ),
    (
        "quiz-none",
        "quiz = []\n" + no_quiz(SEED),
        "quiz",
        f"needs 1 to {MAX_QUESTIONS} [[quiz]] entries, got 0",
    ),
    (
        "quiz-extra",
        SEED
        + '\n[[quiz]]\nkind = "cosine"\nx = [1, 0]\ny = [0, 1]\n'
        * (MAX_QUESTIONS + 1 - len(re.findall(r"^\[\[quiz\]\]", SEED, re.M))),
        "quiz",
        f"got {MAX_QUESTIONS + 1}",
    ),
    (
        "quiz-unknown-kind",
        SEED.replace('kind = "cosine"\n', 'kind = "cosine-similarity"\n', 1),
        "quiz[2].kind",
        "unknown kind 'cosine-similarity'; kinds are: dot-sign, cosine, projection, orthogonal, "
        "magnitude, attention, zero-query, cosine-vs-scale",
    ),
    (
        "quiz-missing-field",
        quiz_edit(SEED, "projection", "y = [1, 1]\n", ""),
        "quiz[3].y",
        "missing",
    ),
    (
        "orthogonal-not-zero",
        quiz_edit(SEED, "orthogonal", "y = [2, 3]", "y = [2, 2]"),
        "quiz[4]",
        "x · y must be 0 for this question, got 2",
    ),
    (
        "magnitude-quiz-different-dots",
        quiz_edit(SEED, "magnitude", "[[[3, 0], [2, 0]]", "[[[3, 0], [1, 0]]"),
        "quiz[5].pairs",
        "same dot product, got 3 and 6",
    ),
    (
        "zero-query-not-zero",
        quiz_edit(SEED, "zero-query", "query = [0, 0]", "query = [0, 1]"),
        "quiz[7].query",
        "must be the zero vector",
    ),
    (
        "winner-tie-largest",
        quiz_edit(EVERY_KIND, "winner", "[-2, 3]]", "[0, 1]]"),
        "quiz[9].keys",
        "k2 and k3 tie for the largest score q · k = 2; the question needs one winner",
    ),
    (
        "winner-tie-smallest",
        quiz_edit(EVERY_KIND, "winner", "[-2, 3]]", "[-1, 1]]"),
        "quiz[9].keys",
        "k1 and k3 tie for the smallest score q · k = -1; "
        "the question needs one winner of q × (-1)",
    ),
    (
        "winner-zero-query",
        quiz_edit(EVERY_KIND, "winner", "query = [3, 2]", "query = [0, 0]"),
        "quiz[9].query",
        "must not be the zero vector",
    ),
    (
        "winner-five-keys",
        quiz_edit(EVERY_KIND, "winner", "[-2, 3]]", "[-2, 3], [1, 1], [2, 2]]"),
        "quiz[9].keys",
        "needs 2 to 4 keys for this question, got 5",
    ),
    (
        "winner-three-d",
        quiz_edit(
            EVERY_KIND,
            "winner",
            "query = [3, 2]\nkeys = [[1, -2], [2, -2], [-2, 3]]",
            "query = [3, 2, 1]\nkeys = [[1, -2, 0], [2, -2, 0], [-2, 3, 0]]",
        ),
        "quiz[9].query",
        "must be 2-D for this question",
    ),
    (
        "dimension-falling",
        quiz_edit(EVERY_KIND, "dimension", "dims = [4, 256]", "dims = [256, 4]"),
        "quiz[10].dims",
        "must rise, the second larger than the first (the question asks what happens as dₖ "
        "grows), got 256 then 4",
    ),
    (
        "dimension-equal",
        quiz_edit(EVERY_KIND, "dimension", "dims = [4, 256]", "dims = [16, 16]"),
        "quiz[10].dims",
        "must rise",
    ),
    (
        "dimension-three",
        quiz_edit(EVERY_KIND, "dimension", "dims = [4, 256]", "dims = [4, 16, 256]"),
        "quiz[10].dims",
        "needs two dimensions dₖ, whole numbers from 1 to 256",
    ),
    (
        "dimension-too-large",
        quiz_edit(EVERY_KIND, "dimension", "dims = [4, 256]", "dims = [4, 512]"),
        "quiz[10].dims",
        "needs two dimensions dₖ from 1 to 256, got [4, 512]",
    ),
    (
        "dimension-one-key",
        quiz_edit(EVERY_KIND, "dimension", "keys = 4 ", "keys = 1 "),
        "quiz[10].keys",
        "must be a whole number of keys from 2 to 6",
    ),
    (
        "dimension-vectors",
        quiz_edit(EVERY_KIND, "dimension", "seed = 5 ", "query = [1, 2]\nseed = 5 "),
        "quiz[10].query",
        "unknown key",
    ),
    (
        "magnitude-one-pair",
        edit(
            SEED,
            "[magnitude]",
            "pairs = [[[4, 0], [1, 0]], [[2, 1], [1, 2]]]",
            "pairs = [[[4, 0], [1, 0]]]",
        ),
        "magnitude.pairs",
        "needs exactly two pairs",
    ),
    (
        "magnitude-bad-pair",
        edit(SEED, "[magnitude]", "[[2, 1], [1, 2]]]", "[[2, 1]]]"),
        "magnitude.pairs[1]",
        "must be a pair",
    ),
    (
        "format-out-of-range",
        edit(SEED, "[format]", "logit = 3", "logit = 12"),
        "format.logit",
        "must be a whole number from 0 to 6",
    ),
    (
        "format-float",
        edit(SEED, "[format]", "weight = 3", "weight = 3.0"),
        "format.weight",
        "whole number",
    ),
    (
        "format-bool",
        edit(SEED, "[format]", "angle = 1", "angle = true"),
        "format.angle",
        "whole number",
    ),
    (
        "bad-id",
        edit(SEED, None, 'id = "inner-product"', 'id = "Inner Product"'),
        "id",
        "must be a short slug",
    ),
    ("id-not-string", edit(SEED, None, 'id = "inner-product"', "id = 7"), "id", "slug"),
    ("empty-title", re.sub(r'(?m)^title = ".*"$', 'title = "  "', SEED), "title", "non-empty"),
    (
        "table-is-a-value",
        "projection = 1\n" + SEED[: SEED.index("[projection]")] + SEED[SEED.index("[angle]") :],
        "projection",
        "must be a table",
    ),
    (
        "syntax-error",
        edit(SEED, P, "query = [2, 1]", "query = [2, 1"),
        "(syntax)",
        "not valid TOML",
    ),
    (
        "duplicate-key",
        edit(SEED, P, "key = [1, 2]", "key = [1, 2]\nkey = [2, 1]"),
        "(syntax)",
        "not valid TOML",
    ),
]


@pytest.mark.parametrize(
    "text, key, reason", [b[1:] for b in BAD_EDITS], ids=[b[0] for b in BAD_EDITS]
)
def test_bad_edit_is_refused_with_file_key_and_reason(
    tmp_path: Path, text: str, key: str, reason: str
) -> None:
    assert text != SEED
    path = write(tmp_path, text)
    e = load_error(path)
    assert e.key == key
    assert reason in e.reason
    assert str(e).startswith(f"{path}: {key}: ")


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nope.toml"
    e = load_error(path)
    assert e.key == "(file)"
    assert "no such file" in e.reason


def test_directory_instead_of_file(tmp_path: Path) -> None:
    e = load_error(tmp_path)
    assert e.key == "(file)"
    assert "cannot read" in e.reason


def test_not_utf8(tmp_path: Path) -> None:
    path = write(tmp_path, SEED.encode("utf-8").replace(b"Hasil", b"Has\xffil"))
    e = load_error(path)
    assert e.key == "(file)"
    assert "cannot read" in e.reason


def test_syntax_error_names_line(tmp_path: Path) -> None:
    e = load_error(write(tmp_path, edit(SEED, P, "query = [2, 1]", "query = [2, 1")))
    line = SEED[: SEED.index("query = [2, 1]")].count("\n") + 1
    assert re.search(rf"line {line}\b|line {line + 1}\b", e.reason), e.reason


def test_first_problem_wins_and_nothing_is_half_loaded(tmp_path: Path) -> None:
    """Two mistakes: the message names the first one met (the top-level check)."""
    text = edit(SEED, P, "query = [2, 1]", "query = [10, 1]") + "\n[oops]\n"
    assert load_error(write(tmp_path, text)).key == "oops"


# Once bugs: a key with a line break and a deeply nested value.


def test_unknown_key_with_newline_stays_one_line(tmp_path: Path) -> None:
    text = edit(SEED, P, "key = [1, 2]", 'key = [1, 2]\n"qu\\nery" = [2, 1]')
    e = load_error(write(tmp_path, text))  # asserts the message is one line
    assert e.key.startswith("projection.")


def test_deeply_nested_value_is_a_lesson_error(tmp_path: Path) -> None:
    depth = 600
    text = edit(SEED, P, "query = [2, 1]", "query = " + "[" * depth + "]" * depth)
    e = load_error(write(tmp_path, text))
    assert e.key in {"(syntax)", "projection.query", "projection.query[0]"}


# --------------------------------------------------------------------------------------
# Fuzzing: a tiny TOML writer, mutated documents, random text and bytes
# --------------------------------------------------------------------------------------

_ESCAPES = {
    '"': '\\"',
    "\\": "\\\\",
    "\b": "\\b",
    "\t": "\\t",
    "\n": "\\n",
    "\f": "\\f",
    "\r": "\\r",
}


def toml_str(s: str) -> str:
    out = []
    for ch in s:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, str):
        return toml_str(v)
    if isinstance(v, dt.datetime | dt.date | dt.time):
        return v.isoformat()
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{toml_str(k)} = {toml_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(type(v))


def to_toml(doc: dict[str, Any]) -> str:
    """Top-level values first, then one ``[table]`` per top-level table (nested ones inline)."""
    lines = [f"{toml_str(k)} = {toml_value(v)}" for k, v in doc.items() if not isinstance(v, dict)]
    for k, v in doc.items():
        if isinstance(v, dict):
            lines.append(f"\n[{toml_str(k)}]")
            lines += [f"{toml_str(k2)} = {toml_value(v2)}" for k2, v2 in v.items()]
    return "\n".join(lines) + "\n"


def same(a: Any, b: Any) -> bool:
    """Equality that tells bool from int and treats nan as equal to nan."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float) and math.isnan(a):
        return math.isnan(b)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return a == b


def test_toml_writer_round_trips_the_seed(tmp_path: Path) -> None:
    text = to_toml(SEED_DATA)
    assert same(tomllib.loads(text), SEED_DATA)
    assert load_lesson(write(tmp_path, text)).raw == load_lesson().raw


_NAMES = sorted(
    {"id", "title", "format", "projection", "angle", "attention", "magnitude", "quiz"}
    | {"query", "key", "keys", "values", "mask", "acute", "right", "obtuse", "scale"}
    | {"pairs", "kind", "x", "y", "approx", "logit", "weight", "readout", "exact_max"}
    | {"qurey", "kyes", "Query", "projektion", ""}
)
keys_st = st.sampled_from(_NAMES) | st.text(st.characters(blacklist_categories=("Cs",)), max_size=8)
small_num = (
    st.integers(-12, 12)
    | st.integers(-1000, 1000).map(lambda n: n / 100)
    | st.sampled_from([0.0, -0.0, 1.234, 9.01, 1e-5])
)
scalars = (
    small_num
    | st.integers(-(2**63), 2**63 - 1)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.booleans()
    | st.text(max_size=10)
    | st.sampled_from(list(QUIZ_KINDS) + ["inner-product", "x"])
    | st.dates()
    | st.datetimes()
    | st.times()
)
vectors = st.lists(small_num, min_size=0, max_size=7)
values_st = st.recursive(
    scalars | vectors | st.lists(vectors, max_size=7),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys_st, inner, max_size=3),
    max_leaves=10,
)


def _nodes(obj: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(obj, dict):
        for k, v in obj.items():
            out += _nodes(v, (*path, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out += _nodes(v, (*path, i))
    return out


def _at(doc: Any, path: tuple) -> Any:
    for p in path:
        doc = doc[p]
    return doc


def mutate(doc: dict[str, Any], data: st.DataObject) -> dict[str, Any]:
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        nodes = _nodes(doc)
        path = data.draw(st.sampled_from(nodes), label="path")
        op = data.draw(st.sampled_from(["replace", "delete", "add"]), label="op")
        target = _at(doc, path)
        if op == "add" or not path:
            if isinstance(target, dict):
                target[data.draw(keys_st, label="new key")] = data.draw(values_st, label="value")
            elif isinstance(target, list):
                i = data.draw(st.integers(0, len(target)), label="index")
                target.insert(i, data.draw(values_st, label="value"))
            continue
        parent = _at(doc, path[:-1])
        if op == "replace":
            parent[path[-1]] = data.draw(values_st, label="value")
        else:
            del parent[path[-1]]
    return doc


def check_outcome(path: Path) -> None:
    """Either a Lesson (whose numbers sheet builds) or a one-line LessonError."""
    try:
        lesson = load_lesson(path)
    except LessonError as e:
        event(f"LessonError at {e.key.split('[')[0].split('.')[0]}")
        msg = str(e)
        assert msg.startswith(f"{path}: "), msg
        assert_one_line(msg)
        assert msg == f"{path}: {e.key}: {e.reason}"
        return
    assert isinstance(lesson, Lesson)
    event("loaded")
    sheet = numbers_sheet(lesson)  # anything that loads can be proof-read
    assert all(isinstance(v.text, str) for s in sheet.values() for v in s.values())


FUZZ = settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@FUZZ
@given(data=st.data())
def test_fuzz_mutated_documents(tmp_path: Path, data: st.DataObject) -> None:
    doc = mutate(tomllib.loads(SEED), data)
    text = to_toml(doc)
    assert same(tomllib.loads(text), doc), text  # the writer wrote what we meant
    check_outcome(write(tmp_path, text))


@FUZZ
@given(text=st.text())
def test_fuzz_random_text(tmp_path: Path, text: str) -> None:
    check_outcome(write(tmp_path, text))


@FUZZ
@given(blob=st.binary())
def test_fuzz_random_bytes(tmp_path: Path, blob: bytes) -> None:
    check_outcome(write(tmp_path, blob))


@FUZZ
@given(
    at=st.integers(0, len(SEED)),
    cut=st.integers(0, 20),
    insert=st.text(max_size=12) | st.sampled_from(["[", "]", '"', "=", "\n", "#", ",", "-", "."]),
)
def test_fuzz_spliced_seed_text(tmp_path: Path, at: int, cut: int, insert: str) -> None:
    """Typos in the real file: delete a few characters somewhere and type something else."""
    check_outcome(write(tmp_path, SEED[:at] + insert + SEED[at + cut :]))


def test_a_lesson_file_with_the_old_zero_query_table_is_told_to_delete_it(tmp_path: Path) -> None:
    """The ZeroQuery scene is gone (it worked quiz 7 before it was asked): an author's file
    that still has its table gets one line saying what to do."""
    path = tmp_path / "old.toml"
    path.write_text(SEED + "\n[zero_query]\nkeys = [[1, 0], [0, 1]]\n", encoding="utf-8")
    with pytest.raises(LessonError) as e:
        load_lesson(path)
    assert e.value.key == "zero_query" and "delete this table" in e.value.reason
