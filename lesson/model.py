"""Load and validate a lesson file (TOML) into frozen objects the scenes read.

The file's schema is declared once, in :data:`SCHEMA` (its vocabulary is :mod:`lesson.schema`):
every table and key, its type, bounds and default, and the attribute of :class:`Lesson` it
becomes. A bad edit raises :class:`LessonError`, whose message is one line naming the file, the
key and the reason; nothing is rendered or written before loading succeeds.
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import Any

from lesson.entries import AngleStops, AttentionData, Lesson, Projection, Quiz, Spread, Vec
from lesson.quizkinds import DIMENSIONS, KINDS, MAX_QUESTIONS
from lesson.schema import (
    MAX_COORD,
    MAX_DIM,
    MAX_KEYS,
    MAX_QUERIES,
    MIN_KEYS,
    Check,
    Factor,
    Field,
    Flags,
    Keys,
    Label,
    LessonError,
    Number,
    Pairs,
    PerKey,
    Reader,
    Rising,
    Rows,
    Schema,
    Slug,
    Table,
    TableList,
    Text,
    Values,
    Vector,
    Whole,
)
from mathcore.exact import exact_dot
from mathcore.fmt import Places

__all__ = [
    "DEFAULT_LESSON",
    "DEFAULT_WORDS_PER_MINUTE",
    "MAX_COORD",
    "MAX_DIM",
    "MAX_KEYS",
    "MAX_QUERIES",
    "MIN_KEYS",
    "QUIZ_KINDS",
    "SCHEMA",
    "AngleStops",
    "AttentionData",
    "Lesson",
    "LessonError",
    "Projection",
    "REPEATS",
    "Quiz",
    "Spread",
    "load_lesson",
    "load_lesson_text",
    "quiz_vectors",
    "worked_vectors",
]

DEFAULT_LESSON = Path(__file__).resolve().parent.parent / "lessons" / "inner-product.toml"
# The narration's pace when the lesson sets none: a teaching pace (second-language listeners
# follow best at about 120 to 140 words a minute; Griffiths 1992)
DEFAULT_WORDS_PER_MINUTE = 135
# The kinds a [[quiz]] entry may name (lesson/quizkinds.py); the lesson's list sets the order.
QUIZ_KINDS = tuple(KINDS)

# The reader and the helpers _quiz_entry calls (lesson.schema's, under their old names).
_Reader = Reader
_keys = Reader.keys
_pairs = Reader.pairs


def _quiz_entry(r: _Reader, data: Any, n: int) -> Quiz:
    key = f"quiz[{n}]"
    kind = data.get("kind") if isinstance(data, dict) else None
    if not isinstance(kind, str) or kind not in KINDS:
        got = data.get("kind") if isinstance(data, dict) else data
        raise r.fail(f"{key}.kind", f"unknown kind {got!r}; kinds are: {', '.join(KINDS)}")
    spec = KINDS[kind]
    fields = set(spec.fields)
    t = r.table(data, key, fields | {"kind"}, fields | {"kind"})
    vecs: dict[str, Any] = {}
    if "dims" in fields:  # no vectors: two dimensions, how many keys, the draws' seed
        vecs.update(
            dims=_two_dims(r, t["dims"], f"{key}.dims"),
            keys=Whole(MIN_KEYS, MAX_KEYS, "keys").read(r, t["keys"], f"{key}.keys", {}),
            seed=Whole(0, 2**31 - 1).read(r, t["seed"], f"{key}.seed", {}),
        )
    elif "pairs" in fields:
        vecs["pairs"] = _pairs(r, t["pairs"], f"{key}.pairs")
    elif "keys" in fields:
        q = r.vector(t["query"], f"{key}.query")
        keys = _keys(r, t["keys"], f"{key}.keys")
        r.same_dim([q, *keys], key)
        vecs.update(query=q, keys=keys)
    else:
        x = r.vector(t["x"], f"{key}.x", nonzero="the question needs a direction")
        y = r.vector(t["y"], f"{key}.y", nonzero="the question needs a direction")
        r.same_dim([x, y], key)
        vecs.update(x=x, y=y)
    problem = spec.check(vecs)
    if problem is not None:
        raise r.fail(key + problem[0], problem[1])
    return Quiz(n, kind, MappingProxyType(vecs))


def _two_dims(r: _Reader, value: Any, key: str) -> tuple[int, int]:
    """Two dimensions dₖ, whole numbers in :data:`~lesson.quizkinds.DIMENSIONS`."""
    lo, hi = DIMENSIONS
    ok = isinstance(value, list) and len(value) == 2
    if not ok or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise r.fail(key, f"needs two dimensions dₖ, whole numbers from {lo} to {hi}")
    if not all(lo <= v <= hi for v in value):
        raise r.fail(key, f"needs two dimensions dₖ from {lo} to {hi}, got {value}")
    return value[0], value[1]


def _quiz_count(r: _Reader, quiz: Any) -> None:
    """The rule of the ``[[quiz]]`` list as a whole: 1 to MAX_QUESTIONS questions."""
    if not isinstance(quiz, list) or not 1 <= len(quiz) <= MAX_QUESTIONS:
        n = len(quiz) if isinstance(quiz, list) else 0
        raise r.fail("quiz", f"needs 1 to {MAX_QUESTIONS} [[quiz]] entries, got {n}")


def _quiz_raw(q: Quiz) -> dict[str, Any]:
    """One ``[[quiz]]`` entry's canonical form: its kind and vectors, by TOML name."""
    return {"kind": q.kind, **q.vectors}


# --------------------------------------------------------------------------------------
# Rules that tie a key to others (a Field's checks): reader, key, value, its table, the lesson
# --------------------------------------------------------------------------------------


def _stop(want: int) -> Check:
    """``angle.<stop>``: q · k at this stop has the sign `want` (1, 0 or −1)."""

    def check(r: Reader, key: str, v: Vec, table: Values, lesson: Mapping[str, Values]) -> None:
        d = exact_dot(v, table["key"])
        if (d > 0) - (d < 0) != want:
            sign = {1: "positive", 0: "zero", -1: "negative"}[want]
            name = key.rpartition(".")[2]
            raise r.fail(key, f"q · k must be {sign} for the {name} stop, got {d}")

    return check


def _acute_scaled_fits(
    r: Reader, key: str, scale: Fraction, table: Values, lesson: Mapping[str, Values]
) -> None:
    if any(abs(scale * x) > MAX_COORD for x in table["acute"]):
        raise r.fail(key, f"scale × acute leaves the drawable range ±{MAX_COORD}")


def _pair_scaled_fits(
    r: Reader, key: str, scale: Fraction, table: Values, lesson: Mapping[str, Values]
) -> None:
    if any(abs(scale * c) > MAX_COORD for c in table["pairs"][1][0]):
        raise r.fail(key, f"scale × the second pair's x leaves ±{MAX_COORD}")


def _query_and_keys_match(
    r: Reader, key: str, keys: tuple[Vec, ...], table: Values, lesson: Mapping[str, Values]
) -> None:
    r.same_dim([table["query"], *keys], key.partition(".")[0])


def _query_and_key_match(
    r: Reader, key: str, k: Vec, table: Values, lesson: Mapping[str, Values]
) -> None:
    r.same_dim([table["query"], k], key.partition(".")[0])


def _drawn_keys(
    r: Reader, key: str, keys: tuple[Vec, ...], table: Values, lesson: Mapping[str, Values]
) -> None:
    if len(keys[0]) != 2:
        raise r.fail(key, "must be 2-D vectors (they are drawn)")


def _not_all_masked(
    r: Reader, key: str, mask: tuple[bool, ...], table: Values, lesson: Mapping[str, Values]
) -> None:
    if not any(mask):
        raise r.fail(key, "every key is masked: softmax has nothing to normalise")


def _rows_match_attention_keys(
    r: Reader, key: str, rows: tuple[Vec, ...], table: Values, lesson: Mapping[str, Values]
) -> None:
    d = len(lesson["attention"]["keys"][0])
    for i, q in enumerate(rows):
        if len(q) != d:
            raise r.fail(f"{key}[{i}]", f"needs {d} coordinates like attention.keys")


def _frozen(**values: Any) -> Mapping[str, Any]:
    return MappingProxyType(values)


# --------------------------------------------------------------------------------------
# The schema, declared once: tables in the file's order, keys, types, defaults, attributes
# --------------------------------------------------------------------------------------

_DRAWN = "nothing to draw"
_COSINE = "a cosine needs a direction"
_MOST_PLACES = {"exact_max": 8}  # [format] places are 0 to 6, exact_max 0 to 8

SCHEMA = Schema(
    fields=(
        Field("id", Slug(63)),
        Field("title", Text(120)),
    ),
    tables=(
        Table(
            "intro",  # LessonTitle: what the lesson builds on
            (
                Field("prior_lesson", Label(12), default="017"),
                Field("mml_section", Label(12), default="3.2"),
            ),
            required=False,
        ),
        Table(
            "format",  # decimal places per kind of quantity (names and defaults: Places)
            tuple(
                Field(f.name, Whole(0, _MOST_PLACES.get(f.name, 6)), default=f.default)
                for f in dataclasses.fields(Places)
            ),
            required=False,
            model="places",
            build=Places,
        ),
        Table(
            "projection",
            (
                Field("query", Vector(2, _DRAWN), varied=True),
                Field("key", Vector(2, "a projection needs a direction"), varied=True),
                Field("other", Vector(2, _DRAWN), default=None, varied=True),
            ),
            model="projection",
            build=Projection,
        ),
        Table(
            "angle",
            (
                Field("key", Vector(2, "an angle needs a direction"), varied=True),
                Field("acute", Vector(2, "it has no angle"), checks=(_stop(1),), varied=True),
                Field("right", Vector(2, "it has no angle"), checks=(_stop(0),), varied=True),
                Field("obtuse", Vector(2, "it has no angle"), checks=(_stop(-1),), varied=True),
                Field("scale", Factor(), default=None, checks=(_acute_scaled_fits,), varied=True),
            ),
            model="angle",
            build=AngleStops,
        ),
        Table(
            "attention",
            (
                Field("query", Vector(), varied=True),
                Field("keys", Keys(), checks=(_query_and_keys_match,), varied=True),
                # 2-D: AttentionScores draws the weighted sum of the values in the plane
                Field("values", PerKey(Vector(2), "value"), default=None),
                Field("mask", Flags(), default=None, checks=(_not_all_masked,)),
            ),
            model="attention",
            build=AttentionData,
        ),
        Table(
            "scores",
            (
                Field(
                    "queries",
                    Rows(MAX_QUERIES),
                    attr="scores",
                    checks=(_rows_match_attention_keys,),
                    varied=True,
                ),
            ),
        ),
        Table(
            "magnitude",
            (
                Field("pairs", Pairs(), attr="magnitude", varied=True),
                Field(
                    "scale",
                    Factor(),
                    default=3,
                    attr="magnitude_scale",
                    checks=(_pair_scaled_fits,),
                    varied=True,
                ),
            ),
        ),
        Table(
            "scale",  # the model calls ScaleIsNotCosine's query and key x and y
            (
                Field("query", Vector(nonzero=_COSINE), attr="x", varied=True),
                Field(
                    "key",
                    Vector(nonzero=_COSINE),
                    attr="y",
                    checks=(_query_and_key_match,),
                    varied=True,
                ),
            ),
            model="scale",
            build=_frozen,
        ),
        Table(
            "spread",  # WhySqrtDk: dot products of random ±1 vectors as the dimension grows
            (
                Field("dims", Rising(2, 3, 1, 256, "dimensions"), default=[2, 16, 64]),
                Field("keys", Whole(MIN_KEYS, MAX_KEYS, "keys"), default=4),
                Field("samples", Whole(8, 64, "query-key pairs"), default=32),
                Field("seed", Whole(0, 2**31 - 1), default=4),
            ),
            required=False,
            model="spread",
            build=Spread,
        ),
        Table(
            "timing",
            (
                Field("quiz_countdown", Whole(0, 30, "seconds"), default=4),
                Field("result_hold", Number(0, 9, "seconds"), default=1),
                Field("scene_end", Number(0, 9, "seconds"), default=0.5),
                Field("step_pause", Number(0, 9, "seconds"), default=0.4),
                Field(
                    "words_per_minute",
                    Whole(90, 200, "words a minute"),
                    default=DEFAULT_WORDS_PER_MINUTE,
                ),
            ),
            required=False,
        ),
        TableList(
            "quiz",
            check=_quiz_count,
            item=_quiz_entry,
            raw=_quiz_raw,
            model="quiz",
            varied=True,
        ),
    ),
)


def load_lesson(path: Path | str = DEFAULT_LESSON) -> Lesson:
    """Read, validate and freeze a lesson file.

    Parameters
    ----------
    path : path-like
        The TOML file (a leading byte-order mark is fine).

    Returns
    -------
    Lesson

    Raises
    ------
    LessonError
        With a one-line message naming the file, the key and the reason.
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8-sig")  # a BOM is fine
    except FileNotFoundError:
        raise LessonError(p, "(file)", "no such file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise LessonError(p, "(file)", f"cannot read: {e}") from None
    return _load(text, p)


def load_lesson_text(text: str, name: Path | str = "<string>") -> Lesson:
    """Validate and freeze a lesson given as TOML text (a generated variant, say).

    Parameters
    ----------
    text : str
        The lesson file's text (a leading byte-order mark is fine).
    name : path-like or str
        What error messages and :attr:`Lesson.path` call it.

    Returns
    -------
    Lesson
        As :func:`load_lesson` gives for a file holding `text`, with ``path`` = `name`.

    Raises
    ------
    LessonError
        With a one-line message naming `name`, the key and the reason.

    Examples
    --------
    >>> text = DEFAULT_LESSON.read_text(encoding="utf-8").replace("[2, 1]", "[2, 3]", 1)
    >>> load_lesson_text(text).projection.query
    (Fraction(2, 1), Fraction(3, 1))
    >>> load_lesson_text(text.replace("[2, 3]", "[2, 3, 1]", 1))
    Traceback (most recent call last):
    ...
    lesson.schema.LessonError: <string>: projection.query: must be a 2-D vector (the scene \
draws it in the plane), got 3 coordinates
    """
    return _load(text.removeprefix("\ufeff"), Path(name))


def _load(text: str, path: Path) -> Lesson:
    r = Reader(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise r.fail("(syntax)", f"not valid TOML: {e}") from None
    except RecursionError:
        raise r.fail("(syntax)", "values nested too deeply") from None
    if isinstance(data, dict) and "zero_query" in data:  # a lesson file from before the change
        raise r.fail(
            "zero_query",
            "no scene reads it any more (the zero query is asked in the quiz's zero-query "
            "question): delete this table",
        )
    attributes, raw = SCHEMA.read(r, data)
    lesson = Lesson(path=path, raw=raw, source=text, **attributes)
    worked = worked_vectors(lesson)
    for q in lesson.quiz:
        own = quiz_vectors(q.vectors)
        if own and own <= worked:  # a question without vectors repeats none
            raise r.fail(
                f"quiz[{q.number}]",
                f"{REPEATS}: give the question numbers the lecture has not solved",
            )
    return lesson


# The loader's reason for a question whose vectors all appear in the lecture's worked examples.
REPEATS = "its vectors are all the lecture's worked examples"


def worked_vectors(lesson: Lesson) -> set[Vec]:
    """Every vector a worked example (a scene before the quiz) shows.

    Examples
    --------
    >>> (Fraction(2), Fraction(1)) in worked_vectors(load_lesson())
    True
    """
    at = lesson.attention
    p = lesson.projection
    found: set[Vec] = {p.query, p.key, *([p.other] if p.other else [])}
    found |= {lesson.angle.key, lesson.angle.acute, lesson.angle.right, lesson.angle.obtuse}
    found |= {at.query, *at.keys, *(at.values or ()), *lesson.scores}
    found |= {v for pair in lesson.magnitude for v in pair}
    found |= {lesson.scale["x"], lesson.scale["y"]}
    return found


def quiz_vectors(vectors: Mapping[str, Any]) -> set[Vec]:
    """The vectors of one ``[[quiz]]`` entry (its ``vectors`` mapping); none for ``dimension``.

    A dimension question gives dimensions and a seed, not vectors: its set is empty, and the
    loader's rule against repeating the worked examples passes it.

    Examples
    --------
    >>> sorted(quiz_vectors(load_lesson().quiz[1].vectors))
    [(Fraction(3, 1), Fraction(4, 1)), (Fraction(4, 1), Fraction(3, 1))]
    >>> quiz_vectors({"dims": (4, 256), "keys": 4, "seed": 5})
    set()
    """
    if "dims" in vectors:
        return set()
    if "pairs" in vectors:
        return {x for pair in vectors["pairs"] for x in pair}
    if "keys" in vectors:
        return {vectors["query"], *vectors["keys"]}
    return {vectors["x"], vectors["y"]}
