"""The lesson schema, declared once: the loader's checks, messages, defaults and raw form follow it.

Every test here reads :data:`lesson.model.SCHEMA` and derives what a user would see from it:
the mistakes each declared type refuses (and the one-line message naming the key), the
defaults an absent key takes, the canonical raw form's tables and keys, and the model
attribute behind each TOML key. Loading from text (no file) gives the same lesson as the file.
"""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import tomlkit

from lesson import schema as S
from lesson.model import (
    DEFAULT_LESSON,
    SCHEMA,
    Lesson,
    LessonError,
    load_lesson,
    load_lesson_text,
)
from lesson.variants import set_values

SEED = DEFAULT_LESSON.read_text(encoding="utf-8")
TABLES = [t for t in SCHEMA.tables if isinstance(t, S.Table)]
FIELDS = [(t, f) for t in TABLES for f in t.fields]


def ids(pairs: list[tuple[S.Table, S.Field]]) -> list[str]:
    return [f"{t.name}.{f.name}" for t, f in pairs]


@pytest.fixture(scope="module")
def seed() -> Lesson:
    return load_lesson()


def refused(text: str) -> LessonError:
    with pytest.raises(LessonError) as info:
        load_lesson_text(text, "edited.toml")
    e = info.value
    assert str(e) == f"edited.toml: {e.key}: {e.reason}" and "\n" not in str(e)
    return e


# --------------------------------------------------------------------------------------
# The file and the schema agree
# --------------------------------------------------------------------------------------


def test_every_key_of_the_default_lesson_is_declared() -> None:
    data = tomlkit.parse(SEED).unwrap()
    top = {f.name for f in SCHEMA.fields} | {t.name for t in SCHEMA.tables}
    assert set(data) <= top
    for t in TABLES:
        assert set(data.get(t.name, {})) <= {f.name for f in t.fields}, t.name


def test_raw_form_has_every_declared_table_and_key(seed: Lesson) -> None:
    """Absent optional keys included (with their default, or null), so hashes see them."""
    raw = json.loads(seed.raw)
    assert set(raw) == {f.name for f in SCHEMA.fields} | {t.name for t in SCHEMA.tables}
    for t in TABLES:
        assert set(raw[t.name]) == {f.name for f in t.fields}, t.name
    assert raw["attention"]["mask"] is None


LESSONS = {
    "default": SEED,
    "values-mask-3d": set_values(
        SEED,
        [
            ("attention", "query", [1, 2, 2]),
            ("attention", "keys", [[1, 0, 0], [0, 1, 0], [0, 0, 1]]),
            ("attention", "values", [[1, 0], [0, 1], [1, 1]]),
            ("attention", "mask", [True, False, True]),
            ("scores", "queries", [[1, 2, 2]]),
            ("scale", "query", [1, 2, 2]),
            ("scale", "key", [2, 1, 2]),
        ],
    ),
}


@pytest.mark.parametrize("name", list(LESSONS))
def test_each_key_reaches_its_model_attribute(name: str) -> None:
    """The declared TOML name ↔ attribute map finds, on the model, the value the raw form holds."""
    lesson = load_lesson_text(LESSONS[name])
    raw = json.loads(lesson.raw)
    for t, f in FIELDS:
        value = SCHEMA.model_value(lesson, t.name, f.name)
        assert S.canonical(value) == raw[t.name][f.name], f"{t.name}.{f.name}"
    assert lesson.scale["x"] == SCHEMA.model_value(lesson, "scale", "query")  # [scale] query → x
    assert lesson.magnitude_scale == SCHEMA.model_value(lesson, "magnitude", "scale")


def test_read_log_names_each_attribute_by_its_declared_key() -> None:
    """lesson.reads records a scene's reads under the keys the schema gives each attribute."""
    from lesson.reads import LESSON_KEYS

    for f in SCHEMA.fields:
        assert LESSON_KEYS[f.attribute] == f.name
    for t, f in FIELDS:
        if not t.model:  # each key its own attribute of the lesson
            assert LESSON_KEYS[f.attribute] == f"{t.name}.{f.name}"
        elif t.model in LESSON_KEYS:  # the table read as one value
            assert LESSON_KEYS[t.model] in (t.name, f"{t.name}.{f.name}"), t.name


def test_defaults_live_in_the_schema_only() -> None:
    """A file without its optional tables and keys loads with the declared defaults."""
    doc = tomlkit.parse(SEED)
    optional = [t.name for t in TABLES if not t.required]
    assert {"intro", "format", "timing"} <= set(optional)
    for name in optional:
        del doc[name]
    with_defaults = {
        (t.name, f.name): f.default for t, f in FIELDS if not f.required and f.default is not None
    }
    assert with_defaults[("magnitude", "scale")] == 3
    assert with_defaults[("timing", "result_hold")] == 1
    for table, key in with_defaults:
        if table in doc and key in doc[table]:
            del doc[table][key]
    lesson = load_lesson_text(tomlkit.dumps(doc))
    for (table, key), default in with_defaults.items():
        value = SCHEMA.model_value(lesson, table, key)
        if isinstance(default, str):
            assert value == default, f"{table}.{key}"
        elif isinstance(default, list):  # whole numbers, in order
            assert value == tuple(default), f"{table}.{key}"
        else:  # numbers are exact: 1.5 is 3/2
            assert value == Fraction(str(default)), f"{table}.{key}"
    # the default lesson writes the defaults out: nothing changes
    assert lesson.raw == load_lesson().raw
    # and the model declares none of its own
    assert all(f.default is dataclasses.MISSING for f in dataclasses.fields(Lesson))


# --------------------------------------------------------------------------------------
# Each declared type refuses its mistakes with a message built from its bounds
# --------------------------------------------------------------------------------------


def mistakes(t: S.Table, f: S.Field) -> list[tuple[Any, str]]:
    """Values the declared type of `f` refuses, with the reason the message must give."""
    ty = f.type
    if isinstance(ty, S.Vector):
        out: list[tuple[Any, str]] = [([], "must be a non-empty list of numbers")]
        out.append(([1] * (S.MAX_DIM + 1), f"at most {S.MAX_DIM}"))
        if ty.dim == 2:
            out.append(([1, 2, 3], "must be a 2-D vector"))
        if ty.nonzero:
            out.append(([0, 0], f"must not be the zero vector ({ty.nonzero})"))
        return out
    if isinstance(ty, S.Keys):
        return [([[1, 0]] * (ty.lo - 1), f"needs {ty.lo} to {S.MAX_KEYS} keys")]
    if isinstance(ty, S.Rows):
        return [([[1, 2]] * (ty.most + 1), f"needs 1 to {ty.most} queries")]
    if isinstance(ty, S.Whole):
        of = f" of {ty.unit}" if ty.unit else ""
        reason = f"must be a whole number{of} from {ty.lo} to {ty.hi}"
        return [(ty.hi + 1, reason), (ty.lo - 1, reason), (True, reason), (1.0, reason)]
    if isinstance(ty, S.Rising):
        reason = f"needs {ty.least} to {ty.most} {ty.unit}, whole numbers from {ty.lo}"
        many = list(range(ty.lo, ty.lo + ty.most + 1))
        return [
            ([ty.lo] * ty.least, reason),  # not rising
            (many[: ty.least - 1], reason),
            (many, reason),
            ([ty.lo - 1, *many[1 : ty.least]], reason),
            ([*many[: ty.least - 1], ty.hi + 1], reason),
            ([*many[: ty.least - 1], 4.5], reason),
            (ty.lo, reason),
        ]
    if isinstance(ty, S.Number):
        reason = f"must be a number of {ty.unit} from {ty.lo} to {ty.hi}"
        return [(ty.hi + 1, reason), ("long", reason), (1.234, "more than 2 decimal places")]
    if isinstance(ty, S.Factor):
        return [(0, "must be a positive factor"), (-1, "must be a positive factor")]
    if isinstance(ty, S.Label):
        return [("x" * (ty.most + 1), f"at most {ty.most} characters"), ("  ", "short label")]
    if isinstance(ty, S.PerKey):
        return [([[1, 0]], f"needs one {ty.what} per key (2)")]
    if isinstance(ty, S.Flags):
        return [([True], "needs one true/false per key (2)"), ([1, 0], "true/false")]
    if isinstance(ty, S.Pairs):
        return [([[[4, 0], [1, 0]]], "needs exactly two pairs")]
    raise AssertionError(f"no mistakes written for {type(ty).__name__}")  # pragma: no cover


CASES = [(t, f, value, reason) for t, f in FIELDS for value, reason in mistakes(t, f)]


@pytest.mark.parametrize(
    "table, field, value, reason",
    CASES,
    ids=[f"{t.name}.{f.name}={json.dumps(v)}" for t, f, v, _ in CASES],
)
def test_declared_type_refuses_its_mistakes(
    table: S.Table, field: S.Field, value: Any, reason: str
) -> None:
    e = refused(set_values(SEED, [(table.name, field.name, value)]))
    assert e.key.startswith(f"{table.name}.{field.name}")
    assert reason in e.reason


@pytest.mark.parametrize(
    "table, field",
    [(t, f) for t, f in FIELDS if t.required and f.required],
    ids=ids([(t, f) for t, f in FIELDS if t.required and f.required]),
)
def test_required_key_missing(table: S.Table, field: S.Field) -> None:
    doc = tomlkit.parse(SEED)
    del doc[table.name][field.name]
    e = refused(tomlkit.dumps(doc))
    assert (e.key, e.reason) == (f"{table.name}.{field.name}", "missing")


def test_top_level_keys_follow_their_declared_types() -> None:
    assert refused(set_values(SEED, [("", "id", "Not A Slug")])).key == "id"
    e = refused(set_values(SEED, [("", "title", "x" * 121)]))
    assert (e.key, e.reason) == ("title", "must be a non-empty string of at most 120 characters")


def test_first_mistake_in_the_files_table_order_is_named() -> None:
    """Two mistakes in two tables: the message names the one whose table comes first."""
    text = set_values(SEED, [("magnitude", "scale", 0), ("projection", "key", [0, 0])])
    assert refused(text).key == "projection.key"
    text = set_values(SEED, [("magnitude", "scale", 0), ("scale", "key", [0, 0])])
    assert refused(text).key == "magnitude.scale"


def test_the_docs_document_every_declared_key() -> None:
    """The docs' "Lesson file schema" table has a row for each table naming each key."""
    page = Path(__file__).resolve().parent.parent / "docs" / "schema.md"
    section = page.read_text(encoding="utf-8")
    rows = [line.split(" | ")[0] for line in section.splitlines() if line.startswith("| `")]
    assert all(f"`{f.name}`" in rows[0] for f in SCHEMA.fields)
    for t in SCHEMA.tables:
        head = f"`[[{t.name}]]`" if isinstance(t, S.TableList) else f"`[{t.name}]`"
        mine = " ".join(row for row in rows if row.startswith(f"| {head}"))
        assert mine, t.name
        for f in t.fields if isinstance(t, S.Table) else ():
            assert f"`{f.name}`" in mine, f"{t.name}.{f.name}"


# --------------------------------------------------------------------------------------
# Loading text as well as a path
# --------------------------------------------------------------------------------------


def test_text_loads_as_the_file_does(seed: Lesson) -> None:
    lesson = load_lesson_text(SEED)
    assert lesson.raw == seed.raw
    assert lesson.path == Path("<string>")
    assert lesson.source == seed.source == SEED
    named = load_lesson_text("\ufeff" + SEED, name="mine.toml")  # a byte-order mark is fine
    assert named.path == Path("mine.toml") and named.raw == seed.raw


def test_text_errors_name_the_given_name() -> None:
    with pytest.raises(LessonError) as info:
        load_lesson_text(SEED.replace("[projection]", "[projektion]"), name="draft")
    assert str(info.value) == "draft: projektion: unknown key (did you mean 'projection'?)"
    with pytest.raises(LessonError) as info:
        load_lesson_text("id = ")
    assert str(info.value).startswith("<string>: (syntax): not valid TOML")
