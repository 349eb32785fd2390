"""Load and validate a lesson file (TOML) into frozen objects the scenes read.

A bad edit raises :class:`LessonError`, whose message is one line naming the file, the key
and the reason; nothing is rendered or written before loading succeeds.
"""

from __future__ import annotations

import difflib
import json
import math
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import Any

from lesson.quizkinds import KINDS, MAX_QUESTIONS
from mathcore.exact import exact_dot
from mathcore.fmt import Places

__all__ = [
    "DEFAULT_LESSON",
    "MAX_COORD",
    "QUIZ_KINDS",
    "AngleStops",
    "AttentionData",
    "Lesson",
    "LessonError",
    "Projection",
    "Quiz",
    "load_lesson",
]

DEFAULT_LESSON = Path(__file__).resolve().parent.parent / "lessons" / "inner-product.toml"
MAX_COORD = 9  # largest |coordinate| that still draws legibly on a 16:9 frame
MAX_DECIMALS = 2
MAX_DIM = 6
MIN_KEYS, MAX_KEYS = 2, 6
# The kinds a [[quiz]] entry may name (lesson/quizkinds.py); the lesson's list sets the order.
QUIZ_KINDS = tuple(KINDS)

Vec = tuple[Fraction, ...]


class LessonError(ValueError):
    """A lesson file that cannot be used; ``str()`` is the one-line message for the author."""

    def __init__(self, path: Path | str, key: str, reason: str) -> None:
        # Keep the message on one line whatever the author typed into a key or value.
        key = key if key.isprintable() else json.dumps(key)[1:-1]
        reason = " ".join(reason.split()) if not reason.isprintable() else reason
        self.path, self.key, self.reason = str(path), key, reason
        super().__init__(f"{self.path}: {key}: {reason}")


@dataclass(frozen=True)
class Projection:
    """Numbers of ``[projection]``: `query` projected onto `key`."""

    query: Vec
    key: Vec
    other: Vec | None = None  # a second query, best on the other side of the line ⟂ k


@dataclass(frozen=True)
class AngleStops:
    """Numbers of ``[angle]``: a fixed key and where the sweeping query stops."""

    key: Vec
    acute: Vec
    right: Vec
    obtuse: Vec
    scale: Fraction


@dataclass(frozen=True)
class AttentionData:
    """Numbers of ``[attention]``: one query, 2 to 6 keys, optional values and mask."""

    query: Vec
    keys: tuple[Vec, ...]
    values: tuple[Vec, ...] | None = None
    mask: tuple[bool, ...] | None = None


@dataclass(frozen=True)
class Quiz:
    """One ``[[quiz]]`` entry: its question number, kind and vectors."""

    number: int
    kind: str
    vectors: Mapping[str, Any]


@dataclass(frozen=True)
class Lesson:
    """A validated, frozen lesson."""

    path: Path
    id: str
    title: str
    places: Places
    projection: Projection
    angle: AngleStops
    attention: AttentionData
    magnitude: tuple[tuple[Vec, Vec], ...]
    quiz: tuple[Quiz, ...]
    zero_query: Mapping[str, Any]  # ZeroQuery's keys (and its zero query)
    scale: Mapping[str, Any]  # ScaleIsNotCosine's query x and key y
    raw: str  # canonical JSON of the validated values, for hashing
    scores: tuple[Vec, ...] = ()  # several queries against the attention keys
    magnitude_scale: Fraction = Fraction(2)
    quiz_countdown: int = 5  # seconds of visible pause before a quiz solution
    result_hold: Fraction = Fraction(3, 2)  # seconds of silence after a key result is said
    scene_end: Fraction = Fraction(1)  # seconds of silence at the end of every scene
    step_pause: Fraction = Fraction(3, 5)  # more seconds of silence where a new step begins
    prior_lesson: str = "017"
    mml_section: str = "3.2"

    def section_json(self, *names: str) -> str:
        """Canonical JSON of some lesson keys: tables, keys or quiz entries.

        A name is a table (``"attention"``), a key in it (``"attention.keys"``) or one
        ``[[quiz]]`` entry counted from 1 (``"quiz[3]"``). This is what one scene reads, so
        that its clip's hash changes only with those values.

        Examples
        --------
        >>> lesson = load_lesson()
        >>> lesson.section_json("projection.key", "quiz[1]")
        '{"projection.key": ["1", "2"], "quiz[1]": {"kind": "dot-sign", "x": ["2", "-1", "3"], \
"y": ["1", "4", "-2"]}}'
        """
        data = json.loads(self.raw)
        picked = {}
        for name in names:
            m = re.fullmatch(r"(\w+)(?:\.(\w+)|\[(\d+)\])?", name)
            if m is None:
                raise KeyError(f"not a lesson key: {name!r}")
            table, key, index = m.groups()
            value = data.get(table)
            if key:
                value = value.get(key) if isinstance(value, dict) else None
            elif index:
                n = int(index)
                value = value[n - 1] if isinstance(value, list) and 0 < n <= len(value) else None
            picked[name] = value
        return json.dumps(picked, sort_keys=True, ensure_ascii=False)


class _Reader:
    """Validation helpers bound to one file, raising :class:`LessonError`."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, key: str, reason: str) -> LessonError:
        return LessonError(self.path, key, reason)

    def table(self, data: Any, key: str, allowed: set[str], required: set[str]) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise self.fail(key or "(top level)", "must be a table")
        prefix = f"{key}." if key else ""
        for name in data:
            if name not in allowed:
                close = difflib.get_close_matches(name, sorted(allowed), n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                raise self.fail(f"{prefix}{name}", f"unknown key{hint}")
        for name in sorted(required):
            if name not in data:
                raise self.fail(f"{prefix}{name}", "missing")
        return data

    def number(self, value: Any, key: str) -> Fraction:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.fail(key, f"must be a number, got {json.dumps(value, default=str)}")
        if isinstance(value, float) and not math.isfinite(value):
            raise self.fail(key, f"must be a finite number, got {value}")
        f = Fraction(repr(value)) if isinstance(value, float) else Fraction(value)
        if abs(f) > MAX_COORD:
            raise self.fail(key, f"{value} is too large to draw legibly (limit ±{MAX_COORD})")
        if (f * 10**MAX_DECIMALS).denominator != 1:
            raise self.fail(key, f"{value} has more than {MAX_DECIMALS} decimal places")
        return f

    def vector(self, value: Any, key: str, dim: int | None = None, nonzero: str = "") -> Vec:
        if not isinstance(value, list) or not value:
            raise self.fail(key, "must be a non-empty list of numbers, like [2, 1]")
        if len(value) > MAX_DIM:
            raise self.fail(key, f"has {len(value)} coordinates; at most {MAX_DIM}")
        v = tuple(self.number(x, f"{key}[{i}]") for i, x in enumerate(value))
        if dim is not None and len(v) != dim:
            what = "a 2-D vector (the scene draws it in the plane)" if dim == 2 else f"{dim}-D"
            raise self.fail(key, f"must be {what}, got {len(v)} coordinates")
        if nonzero and not any(v):
            raise self.fail(key, f"must not be the zero vector ({nonzero})")
        return v

    def same_dim(self, vectors: list[Vec], key: str) -> None:
        dims = sorted({len(v) for v in vectors})
        if len(dims) > 1:
            raise self.fail(key, f"mismatched dimensions {dims}: all vectors need the same length")

    def places(self, data: Any) -> Places:
        fields = Places.__dataclass_fields__
        t = self.table(data, "format", set(fields), set())
        out = {}
        for name, value in t.items():
            hi = 8 if name == "exact_max" else 6
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= hi:
                raise self.fail(f"format.{name}", f"must be a whole number from 0 to {hi}")
            out[name] = value
        return Places(**out)


def _keys(r: _Reader, value: Any, key: str, lo: int = MIN_KEYS) -> tuple[Vec, ...]:
    if not isinstance(value, list) or not lo <= len(value) <= MAX_KEYS:
        n = len(value) if isinstance(value, list) else "no list of"
        raise r.fail(key, f"needs {lo} to {MAX_KEYS} keys for the bar chart, got {n}")
    keys = tuple(r.vector(v, f"{key}[{i}]") for i, v in enumerate(value))
    r.same_dim(list(keys), key)
    return keys


def _projection(r: _Reader, data: Any) -> Projection:
    t = r.table(data, "projection", {"query", "key", "other"}, {"query", "key"})
    q = r.vector(t["query"], "projection.query", 2, "nothing to draw")
    k = r.vector(t["key"], "projection.key", 2, "a projection needs a direction")
    other = None
    if "other" in t:
        other = r.vector(t["other"], "projection.other", 2, "nothing to draw")
    return Projection(q, k, other)


def _zero_query(r: _Reader, data: Any) -> Mapping[str, Any]:
    t = r.table(data, "zero_query", {"keys"}, {"keys"})
    keys = _keys(r, t["keys"], "zero_query.keys")
    if len(keys[0]) != 2:
        raise r.fail("zero_query.keys", "must be 2-D vectors (they are drawn)")
    zero = tuple(Fraction(0) for _ in keys[0])
    return MappingProxyType({"query": zero, "keys": keys})


def _scale(r: _Reader, data: Any) -> Mapping[str, Any]:
    t = r.table(data, "scale", {"query", "key"}, {"query", "key"})
    q = r.vector(t["query"], "scale.query", nonzero="a cosine needs a direction")
    k = r.vector(t["key"], "scale.key", nonzero="a cosine needs a direction")
    r.same_dim([q, k], "scale")
    return MappingProxyType({"x": q, "y": k})


def _angle(r: _Reader, data: Any) -> AngleStops:
    names = {"key", "acute", "right", "obtuse", "scale"}
    t = r.table(data, "angle", names, names)
    k = r.vector(t["key"], "angle.key", 2, "an angle needs a direction")
    stops = {}
    for name, want in (("acute", 1), ("right", 0), ("obtuse", -1)):
        v = r.vector(t[name], f"angle.{name}", 2, "it has no angle")
        d = exact_dot(v, k)
        if (d > 0) - (d < 0) != want:
            sign = {1: "positive", 0: "zero", -1: "negative"}[want]
            raise r.fail(f"angle.{name}", f"q · k must be {sign} for the {name} stop, got {d}")
        stops[name] = v
    scale = r.number(t["scale"], "angle.scale")
    if scale <= 0:
        raise r.fail("angle.scale", "must be a positive factor (the −1 flip is shown separately)")
    if any(abs(scale * x) > MAX_COORD for x in stops["acute"]):
        raise r.fail("angle.scale", f"scale × acute leaves the drawable range ±{MAX_COORD}")
    return AngleStops(k, stops["acute"], stops["right"], stops["obtuse"], scale)


def _attention(r: _Reader, data: Any) -> AttentionData:
    t = r.table(data, "attention", {"query", "keys", "values", "mask"}, {"query", "keys"})
    q = r.vector(t["query"], "attention.query")
    keys = _keys(r, t["keys"], "attention.keys")
    r.same_dim([q, *keys], "attention")
    values = None
    if "values" in t:
        if not isinstance(t["values"], list) or len(t["values"]) != len(keys):
            raise r.fail("attention.values", f"needs one value per key ({len(keys)})")
        # 2-D: AttentionScores draws the weighted sum of the values in the plane
        values = tuple(r.vector(v, f"attention.values[{i}]", 2) for i, v in enumerate(t["values"]))
    mask = None
    if "mask" in t:
        m = t["mask"]
        if not (isinstance(m, list) and len(m) == len(keys)) or not all(
            isinstance(b, bool) for b in m
        ):
            raise r.fail("attention.mask", f"needs one true/false per key ({len(keys)})")
        if not any(m):
            raise r.fail("attention.mask", "every key is masked: softmax has nothing to normalise")
        mask = tuple(m)
    return AttentionData(q, keys, values, mask)


MAX_QUERIES = 4


def _scores(r: _Reader, data: Any, attention: AttentionData) -> tuple[Vec, ...]:
    t = r.table(data, "scores", {"queries"}, {"queries"})
    value = t["queries"]
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_QUERIES:
        raise r.fail("scores.queries", f"needs 1 to {MAX_QUERIES} queries (rows of the matrix)")
    queries = tuple(r.vector(v, f"scores.queries[{i}]") for i, v in enumerate(value))
    d = len(attention.keys[0])
    for i, q in enumerate(queries):
        if len(q) != d:
            raise r.fail(f"scores.queries[{i}]", f"needs {d} coordinates like attention.keys")
    return queries


def _pairs(r: _Reader, value: Any, key: str) -> tuple[tuple[Vec, Vec], ...]:
    if not isinstance(value, list) or len(value) != 2:
        raise r.fail(key, "needs exactly two pairs [[x, y], [x, y]]")
    out = []
    for i, pair in enumerate(value):
        if not isinstance(pair, list) or len(pair) != 2:
            raise r.fail(f"{key}[{i}]", "must be a pair [x, y] of vectors")
        x, y = (r.vector(v, f"{key}[{i}][{j}]", 2, "no direction") for j, v in enumerate(pair))
        out.append((x, y))
    return tuple(out)


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
    if "pairs" in fields:
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


def _jsonable(x: Any) -> Any:
    if isinstance(x, Fraction):
        return str(x)
    if isinstance(x, tuple | list):
        return [_jsonable(v) for v in x]
    if isinstance(x, dict):
        return {k: _jsonable(v) for k, v in x.items()}
    return x


def load_lesson(path: Path | str = DEFAULT_LESSON) -> Lesson:
    """Read, validate and freeze a lesson file.

    Parameters
    ----------
    path : path-like
        The TOML file.

    Returns
    -------
    Lesson

    Raises
    ------
    LessonError
        With a one-line message naming the file, the key and the reason.
    """
    p = Path(path)
    r = _Reader(p)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8-sig"))  # a BOM is fine
    except FileNotFoundError:
        raise r.fail("(file)", "no such file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise r.fail("(file)", f"cannot read: {e}") from None
    except tomllib.TOMLDecodeError as e:
        raise r.fail("(syntax)", f"not valid TOML: {e}") from None
    except RecursionError:
        raise r.fail("(syntax)", "values nested too deeply") from None
    top = {
        "id",
        "title",
        "format",
        "intro",
        "projection",
        "angle",
        "attention",
        "scores",
        "magnitude",
        "zero_query",
        "scale",
        "timing",
        "quiz",
    }
    t = r.table(data, "", top, top - {"format", "intro", "timing"})
    lesson_id = t["id"]
    if not isinstance(lesson_id, str) or not re.fullmatch(r"[a-z0-9][a-z0-9-]{0,62}", lesson_id):
        raise r.fail("id", "must be a short slug of lowercase letters, digits and '-'")
    title = t["title"]
    if not isinstance(title, str) or not title.strip() or len(title) > 120:
        raise r.fail("title", "must be a non-empty string of at most 120 characters")
    places = r.places(t.get("format", {}))
    mag = r.table(t["magnitude"], "magnitude", {"pairs", "scale"}, {"pairs"})
    pairs = _pairs(r, mag["pairs"], "magnitude.pairs")
    mag_scale = r.number(mag.get("scale", 2), "magnitude.scale")
    if mag_scale <= 0:
        raise r.fail(
            "magnitude.scale", "must be a positive factor (the −1 flip is shown separately)"
        )
    if any(abs(mag_scale * c) > MAX_COORD for c in pairs[1][0]):
        raise r.fail("magnitude.scale", f"scale × the second pair's x leaves ±{MAX_COORD}")
    timing = r.table(
        t.get("timing", {}),
        "timing",
        {"quiz_countdown", "result_hold", "scene_end", "step_pause"},
        set(),
    )
    countdown = timing.get("quiz_countdown", 5)
    if isinstance(countdown, bool) or not isinstance(countdown, int) or not 0 <= countdown <= 30:
        raise r.fail("timing.quiz_countdown", "must be a whole number of seconds from 0 to 30")
    holds: dict[str, Fraction] = {}
    for key, default in (("result_hold", 1.5), ("scene_end", 1), ("step_pause", 0.6)):
        value = timing.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 9:
            raise r.fail(f"timing.{key}", "must be a number of seconds from 0 to 9")
        holds[key] = r.number(value, f"timing.{key}")
    intro = r.table(t.get("intro", {}), "intro", {"prior_lesson", "mml_section"}, set())
    for key in intro:
        value = intro[key]
        if (
            not isinstance(value, str)
            or not 0 < len(value.strip()) <= 12
            or not value.isprintable()
        ):
            raise r.fail(f"intro.{key}", "must be a short label of at most 12 characters")
    attention = _attention(r, t["attention"])
    quiz = t["quiz"]
    if not isinstance(quiz, list) or not 1 <= len(quiz) <= MAX_QUESTIONS:
        n = len(quiz) if isinstance(quiz, list) else 0
        raise r.fail("quiz", f"needs 1 to {MAX_QUESTIONS} [[quiz]] entries, got {n}")
    lesson = dict(
        id=lesson_id,
        title=title,
        places=places,
        projection=_projection(r, t["projection"]),
        angle=_angle(r, t["angle"]),
        attention=attention,
        magnitude=pairs,
        quiz=tuple(_quiz_entry(r, q, i + 1) for i, q in enumerate(quiz)),
        zero_query=_zero_query(r, t["zero_query"]),
        scale=_scale(r, t["scale"]),
        scores=_scores(r, t["scores"], attention),
        magnitude_scale=mag_scale,
        quiz_countdown=countdown,
        result_hold=holds["result_hold"],
        scene_end=holds["scene_end"],
        step_pause=holds["step_pause"],
        prior_lesson=intro.get("prior_lesson", "017"),
        mml_section=intro.get("mml_section", "3.2"),
    )
    raw = {
        "id": lesson_id,
        "title": title,
        "format": places.__dict__,
        "projection": _jsonable(lesson["projection"].__dict__),
        "angle": _jsonable(lesson["angle"].__dict__),
        "attention": _jsonable(lesson["attention"].__dict__),
        "magnitude": _jsonable({"pairs": pairs, "scale": mag_scale}),
        "quiz": [_jsonable({"kind": q.kind, **q.vectors}) for q in lesson["quiz"]],
        "scores": _jsonable({"queries": lesson["scores"]}),
        "zero_query": _jsonable({"keys": lesson["zero_query"]["keys"]}),
        "scale": _jsonable({"query": lesson["scale"]["x"], "key": lesson["scale"]["y"]}),
        "timing": {"quiz_countdown": countdown, **_jsonable(holds)},
        "intro": {"prior_lesson": lesson["prior_lesson"], "mml_section": lesson["mml_section"]},
    }
    return Lesson(path=p, raw=json.dumps(raw, sort_keys=True), **lesson)
