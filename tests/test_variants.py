"""Generated lesson variants: teachable rules, determinism, files that load (fast tier)."""

from __future__ import annotations

import difflib
import json
import re
from fractions import Fraction as F
from pathlib import Path

import pytest
from conftest import DRY_FPS, lecture
from drycache import cached_dry_run
from test_lesson import quiz_vectors, worked_vectors

from lesson import variants as V
from lesson.model import (
    DEFAULT_LESSON,
    SCHEMA,
    Lesson,
    LessonError,
    load_lesson,
    load_lesson_text,
)
from lesson.schema import Table, TableList, canonical

SEED = DEFAULT_LESSON.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def base() -> Lesson:
    return load_lesson()


@pytest.fixture(scope="module")
def made(base: Lesson, tmp_path_factory) -> list[Lesson]:
    folder = tmp_path_factory.mktemp("variants")
    out = []
    for v in V.generate(base, 4, seed=11):
        path = folder / v.filename
        path.write_text(v.text, encoding="utf-8")
        out.append(load_lesson(path))
    return out


def vec(*xs) -> tuple[F, ...]:
    return tuple(F(x) for x in xs)


def test_default_lesson_keeps_every_rule(base: Lesson) -> None:
    assert V.broken_rules(base) == []


def test_each_rule_is_a_small_predicate() -> None:
    assert V.small_ints(vec(-5, 5)) and not V.small_ints(vec(6, 0))
    assert not V.small_ints(vec("0.5", 1))
    assert V.nonzero(vec(0, 1)) and not V.nonzero(vec(0, 0))
    assert V.not_parallel(vec(1, 2), vec(2, 1)) and not V.not_parallel(vec(1, 2), vec(-2, -4))
    assert V.small_ratio(F(3, 2)) and V.small_ratio(F(-4, 5)) and not V.small_ratio(F(1, 3))
    assert V.rational_cosine(vec(1, 2), vec(2, 1))  # 4/5
    assert not V.rational_cosine(vec(1, 0), vec(1, 1))  # 1/√2
    assert V.single_winner(vec(1, 2), [vec(1, 0), vec(0, 1)])
    assert not V.single_winner(vec(1, 1), [vec(1, 0), vec(0, 1)])
    assert V.visible_weights(vec(1, 2), [vec(1, 0), vec(0, 1)])
    assert not V.visible_weights(vec(5, -1), [vec(0, 3), vec(2, 2)])


@pytest.mark.parametrize(
    "old, new, rule",
    [
        (
            "query = [1, 2]\nkeys = [[1, 0], [0, 1]]",
            "query = [1, 1]\nkeys = [[1, 0], [0, 1]]",
            "attention: no-tie",
        ),
        (
            "pairs = [[[4, 0], [1, 0]], [[2, 1], [1, 2]]]",
            "pairs = [[[4, 0], [1, 0]], [[2, 0], [2, 0]]]",
            "magnitude: same-score",
        ),
        (
            "query = [2, 1]\nkey = [1, 2]\n",
            "query = [2, 1]\nkey = [1, 4]\n",
            "projection: coefficients",
        ),
    ],
    ids=["tie", "parallel-pairs", "denominator"],
)
def test_a_lesson_that_breaks_a_rule_is_reported(old, new, rule, tmp_path) -> None:
    assert old in SEED
    path = tmp_path / "bad.toml"
    path.write_text(SEED.replace(old, new, 1), encoding="utf-8")
    broken = V.broken_rules(load_lesson(path))
    assert any(line.startswith(rule) for line in broken), broken


def test_a_question_on_the_worked_examples_numbers_is_refused(tmp_path) -> None:
    """A question whose vectors the lecture already worked is not a test: the loader says so
    in one line, naming the entry (and variants never draw one)."""
    path = tmp_path / "bad.toml"
    path.write_text(SEED.replace("x = [1, -4]\ny = [1, 1]", "x = [2, 1]\ny = [1, 2]", 1))
    with pytest.raises(LessonError) as e:
        load_lesson(path)
    assert e.value.key == "quiz[3]" and "worked examples" in e.value.reason
    assert "\n" not in str(e.value)


def test_variants_load_name_themselves_and_keep_the_rules(made: list[Lesson]) -> None:
    assert [m.id for m in made] == [f"inner-product-v0{i}" for i in range(1, 5)]
    for m in made:
        assert V.broken_rules(m) == [], m.id
        text = m.path.read_text(encoding="utf-8")
        assert "# Vectors are lists of numbers" in text  # the base lesson's comments are kept
        assert "# optional: a second query on the other side" in text


def test_quiz_never_repeats_a_worked_example(made: list[Lesson]) -> None:
    for m in made:  # with the helpers of test_lesson.py, not the generator's own
        worked = worked_vectors(m)
        for q in m.quiz:
            own = quiz_vectors(q)
            assert not own or not own <= worked, (m.id, q.number)


def test_every_table_differs_from_the_default_and_the_other_variants(
    base: Lesson, made: list[Lesson]
) -> None:
    names = [*V.TABLES[:-1], *V.quiz_tables(base)]
    for name in names:
        seen = [base.section_json(name)] + [m.section_json(name) for m in made]
        assert len(set(seen)) == len(seen), name


def test_numbers_are_small_whole_numbers(made: list[Lesson]) -> None:
    for m in made:
        data = json.loads(m.raw)
        for table in ("projection", "angle", "attention", "scores", "scale"):
            flat = json.dumps(data[table])
            nums = [F(x) for x in re.findall(r'"(-?\d+(?:/\d+)?)"', flat)]
            assert nums and all(n.denominator == 1 and abs(n) <= 5 for n in nums), table


def test_same_seed_same_files_other_seed_other_files(base: Lesson) -> None:
    a = [v.text for v in V.generate(base, 2, seed=3)]
    assert a == [v.text for v in V.generate(base, 2, seed=3)]
    assert a != [v.text for v in V.generate(base, 2, seed=4)]


def test_vary_changes_only_the_named_tables(base: Lesson, tmp_path: Path) -> None:
    (v,) = V.generate(base, 1, seed=5, vary=["quiz", "angle"])
    path = tmp_path / v.filename
    path.write_text(v.text, encoding="utf-8")
    m = load_lesson(path)
    for key in ("projection", "attention", "scores", "magnitude", "scale", "title"):
        assert m.section_json(key) == base.section_json(key), key
    assert m.section_json("angle") != base.section_json("angle")
    assert all(m.section_json(t) != base.section_json(t) for t in V.quiz_tables(base))


@pytest.mark.parametrize("seed", range(8))
def test_many_seeds_give_teachable_lessons(base: Lesson, seed: int) -> None:
    for v in V.generate(base, 2, seed=seed):
        m = load_lesson_text(v.text, v.filename)
        assert V.broken_rules(m) == []


# --------------------------------------------------------------------------------------
# The tables a variant varies come from the lesson schema
# --------------------------------------------------------------------------------------


def schema_varied() -> dict[str, list[str]]:
    """Straight from the declaration: each table with a key marked varied, and those keys."""
    out: dict[str, list[str]] = {}
    for t in SCHEMA.tables:
        if isinstance(t, TableList) and t.varied:
            out[t.name] = []
        elif isinstance(t, Table) and any(f.varied for f in t.fields):
            out[t.name] = [f.name for f in t.fields if f.varied]
    return out


def test_variant_tables_derive_from_the_schema(base: Lesson) -> None:
    varied = schema_varied()
    assert V.TABLES == tuple(varied)  # the file's order, the order numbers are drawn in
    assert V.TABLES[-1] == "quiz" and "timing" not in V.TABLES and "format" not in V.TABLES
    tables = V.lesson_tables(base)
    raw = json.loads(base.raw)
    for name, keys in varied.items():
        if name == "quiz":
            continue
        own = {k: v for k, v in tables[name].items() if not (name == "scores" and k == "keys")}
        assert list(own) == keys, name
        for key, value in own.items():  # read through the schema's attribute names
            assert canonical(value) == raw[name][key], f"{name}.{key}"
    assert tables["scores"]["keys"] == base.attention.keys  # what the scores are taken against


@pytest.mark.parametrize("table", [t for t in schema_varied() if t != "quiz"])
def test_a_varied_table_writes_only_its_varied_keys(base: Lesson, table: str) -> None:
    """Varying one table rewrites its varied keys and nothing else of the lesson."""
    (v,) = V.generate(base, 1, seed=2, vary=[table])
    m = load_lesson_text(v.text, v.filename)
    new, old = json.loads(m.raw), json.loads(base.raw)
    changed = {
        (t, k) for t in old if isinstance(old[t], dict) for k in old[t] if new[t][k] != old[t][k]
    }
    assert changed and changed <= {(table, k) for k in schema_varied()[table]}, changed
    assert new["quiz"] == old["quiz"] and new["title"] == old["title"]


def test_a_lesson_given_as_text_varies_without_a_file(base: Lesson) -> None:
    text_base = load_lesson_text(SEED, "draft.toml")
    assert [v.text for v in V.generate(text_base, 2, seed=9)] == [
        v.text for v in V.generate(base, 2, seed=9)
    ]


def test_set_values_keeps_comments_and_reaches_every_kind_of_table() -> None:
    text = V.set_values(
        SEED,
        [
            ("", "id", "edited"),
            ("magnitude", "scale", F(1, 2)),
            ("attention", "mask", (True, False)),  # absent: added to its table
            ("quiz[5]", "pairs", ((vec(6, 0), vec(1, 0)), (vec(2, 2), vec(1, 2)))),
        ],
    )
    changed = [
        line
        for line in difflib.unified_diff(SEED.splitlines(), text.splitlines(), lineterm="", n=0)
        if line[:1] in "+-" and line[:3] not in ("---", "+++")
    ]
    note = "# optional positive factor applied to the second pair's x (default 3)"
    # the edited lines only, their comments kept; the absent mask added to [attention]
    assert changed == [
        '-id = "inner-product"',
        '+id = "edited"',
        "+mask = [true, false]",
        f"-scale = 3         {note}",
        f"+scale = 0.5         {note}",
        "-pairs = [[[3, 0], [2, 0]], [[2, 2], [3, 0]]]",
        "+pairs = [[[6, 0], [1, 0]], [[2, 2], [1, 2]]]",
    ]
    m = load_lesson_text(text)
    assert (m.id, m.magnitude_scale, m.attention.mask) == ("edited", F(1, 2), (True, False))
    assert m.quiz[4].vectors["pairs"] == ((vec(6, 0), vec(1, 0)), (vec(2, 2), vec(1, 2)))


def test_cli_writes_files_that_lecture_numbers_reads(tmp_path: Path) -> None:
    out = tmp_path / "v"
    r = lecture(
        "variants", "--count", "2", "--seed", "1", "--vary", "projection", "--out", str(out)
    )
    assert r.returncode == 0, r.stderr
    files = sorted(out.iterdir())
    assert [f.name for f in files] == ["inner-product-v01.toml", "inner-product-v02.toml"]
    n = lecture("numbers", "--lesson", str(files[1]), "--json")
    assert n.returncode == 0, n.stderr
    assert json.loads(n.stdout)["lesson"] == "inner-product-v02"


@pytest.mark.parametrize(
    "args, message",
    [
        (["--count", "0"], "--count must be at least 1"),
        (["--count", "2", "--vary", "projection,nope"], "unknown table 'nope'"),
        (["--count", "2", "--lesson", "missing.toml"], "missing.toml: (file): no such file"),
    ],
    ids=["count", "table", "lesson"],
)
def test_bad_input_is_one_line_and_writes_nothing(args, message, tmp_path: Path) -> None:
    out = tmp_path / "v"
    r = lecture("variants", *args, "--out", str(out))
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and message in r.stderr and "Traceback" not in r.stderr
    assert not out.exists() or not any(out.iterdir())


# --------------------------------------------------------------------------------------
# A generated lesson drawn by every scene (manim's dry run; slower tier)
# --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def generated_path(base: Lesson, tmp_path_factory) -> Path:
    (v,) = V.generate(base, 1, seed=1)  # every table varied
    path = tmp_path_factory.mktemp("generated") / v.filename
    path.write_text(v.text, encoding="utf-8")
    return path


# The scenes whose figures a generated lesson stresses most (planes fitted to new vectors, a
# matrix of new scores, a quiz card with new keys); the others are covered by the sheets'
# fast tests and by the edited lessons' dry runs.
DRAWN = ("ProjectionDrop", "AngleSignRegions", "AttentionScores", "QuizQuestion6")


@pytest.mark.manim
@pytest.mark.parametrize("scene", DRAWN)
def test_generated_lesson_draws_legibly(generated_path: Path, scene: str) -> None:
    """Every text inside the frame and apart, captions to the rules, numbers as the sheet."""
    from test_scenes import check_captions, check_layout

    from lesson.sheet import scene_sheet

    obj = cached_dry_run(scene, generated_path, "id", frame_rate=DRY_FPS)
    sheet = {k: v.text for k, v in scene_sheet(load_lesson(generated_path), scene).items()}
    for snap in obj.snapshots:
        for key, text in snap.numbers.items():
            assert sheet.get(key) == text, f"{snap.section}: {key} shows {text!r}"
    check_layout(obj)
    check_captions(obj, "id")
