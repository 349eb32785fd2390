"""The vocabulary a lesson file's schema is declared in, and the reader that checks a file by it.

A schema is data. :class:`Schema` holds the top-level keys and the tables, in the order a lesson
file lists them; a :class:`Table` holds its keys, each a :class:`Field`: the TOML name, the
type (:class:`Vector`, :class:`Keys`, :class:`Whole`, …; each type knows its bounds and the
one-line message of every mistake), the default, the model attribute the value becomes and
whether generated variants give it fresh numbers. Rules that tie one key to another (the sign of
``q · k`` at a stop, a scale that must keep a vector drawable) are small named functions a field
lists in ``checks``. A :class:`TableList` (``[[quiz]]``) is a list of tables whose items a
per-kind function reads.

The lesson's own schema is :data:`lesson.model.SCHEMA`. From it come the loader's checks and
messages and the canonical raw form (:meth:`Schema.read`), the model's attributes
(:meth:`Schema.model_value`) and the variant generator's tables (:meth:`Schema.varied`).
"""

from __future__ import annotations

import difflib
import json
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Protocol

__all__ = [
    "MAX_COORD",
    "MAX_DECIMALS",
    "MAX_DIM",
    "MAX_KEYS",
    "MAX_QUERIES",
    "MIN_KEYS",
    "REQUIRED",
    "Check",
    "Factor",
    "Field",
    "Flags",
    "Keys",
    "Label",
    "LessonError",
    "Number",
    "Pairs",
    "PerKey",
    "Reader",
    "Rising",
    "Rows",
    "Schema",
    "Slug",
    "Table",
    "TableList",
    "Text",
    "Type",
    "Values",
    "Vector",
    "Whole",
    "canonical",
]

MAX_COORD = 9  # largest |coordinate| that still draws legibly on a 16:9 frame
MAX_DECIMALS = 2
MAX_DIM = 6
MIN_KEYS, MAX_KEYS = 2, 6
MAX_QUERIES = 4

Vec = tuple[Fraction, ...]
Values = Mapping[str, Any]  # one table's values read so far, by TOML name


class LessonError(ValueError):
    """A lesson file that cannot be used; ``str()`` is the one-line message for the author."""

    def __init__(self, path: Path | str, key: str, reason: str) -> None:
        # Keep the message on one line whatever the author typed into a key or value.
        key = key if key.isprintable() else json.dumps(key)[1:-1]
        reason = " ".join(reason.split()) if not reason.isprintable() else reason
        self.path, self.key, self.reason = str(path), key, reason
        super().__init__(f"{self.path}: {key}: {reason}")


class Reader:
    """Validation helpers bound to one file, raising :class:`LessonError`.

    Parameters
    ----------
    path : path-like or str
        What the messages name: the file, or ``<string>`` for a text.
    """

    def __init__(self, path: Path | str) -> None:
        self.path = path

    def fail(self, key: str, reason: str) -> LessonError:
        """The error naming `key` and `reason` (raise it)."""
        return LessonError(self.path, key, reason)

    def table(self, data: Any, key: str, allowed: set[str], required: set[str]) -> dict[str, Any]:
        """`data` as a table holding only `allowed` keys and every `required` one."""
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
        """A finite number within ±:data:`MAX_COORD` of at most :data:`MAX_DECIMALS` places."""
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
        """1 to :data:`MAX_DIM` numbers (`dim` of them if given); `nonzero`: why 0 is refused."""
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

    def same_dim(self, vectors: Sequence[Vec], key: str) -> None:
        """All `vectors` have one length (the message names `key`)."""
        dims = sorted({len(v) for v in vectors})
        if len(dims) > 1:
            raise self.fail(key, f"mismatched dimensions {dims}: all vectors need the same length")

    def keys(self, value: Any, key: str, lo: int = MIN_KEYS) -> tuple[Vec, ...]:
        """`lo` to :data:`MAX_KEYS` vectors of one dimension: the bars of a chart."""
        if not isinstance(value, list) or not lo <= len(value) <= MAX_KEYS:
            n = len(value) if isinstance(value, list) else "no list of"
            raise self.fail(key, f"needs {lo} to {MAX_KEYS} keys for the bar chart, got {n}")
        keys = tuple(self.vector(v, f"{key}[{i}]") for i, v in enumerate(value))
        self.same_dim(list(keys), key)
        return keys

    def pairs(self, value: Any, key: str) -> tuple[tuple[Vec, Vec], ...]:
        """Exactly two pairs ``[x, y]`` of 2-D vectors with a direction."""
        if not isinstance(value, list) or len(value) != 2:
            raise self.fail(key, "needs exactly two pairs [[x, y], [x, y]]")
        out = []
        for i, pair in enumerate(value):
            if not isinstance(pair, list) or len(pair) != 2:
                raise self.fail(f"{key}[{i}]", "must be a pair [x, y] of vectors")
            x, y = (
                self.vector(v, f"{key}[{i}][{j}]", 2, "no direction") for j, v in enumerate(pair)
            )
            out.append((x, y))
        return tuple(out)


# --------------------------------------------------------------------------------------
# Types: what a value may be, and the message for each way it is not
# --------------------------------------------------------------------------------------


class Type(Protocol):
    """A key's type: reads a TOML value into the model's value or raises the one-line error."""

    def read(self, r: Reader, value: Any, key: str, table: Values) -> Any:
        """The value of `key`, checked; `table` holds the keys of its table read before it."""
        ...  # pragma: no cover


@dataclass(frozen=True)
class Vector:
    """A vector: `dim` coordinates if given (2: drawn in the plane); `nonzero`: why not 0."""

    dim: int | None = None
    nonzero: str = ""

    def read(self, r: Reader, value: Any, key: str, table: Values) -> Vec:
        """See :meth:`Reader.vector`."""
        return r.vector(value, key, self.dim, self.nonzero)


@dataclass(frozen=True)
class Keys:
    """`lo` to :data:`MAX_KEYS` vectors of one dimension (the keys of a bar chart)."""

    lo: int = MIN_KEYS

    def read(self, r: Reader, value: Any, key: str, table: Values) -> tuple[Vec, ...]:
        """See :meth:`Reader.keys`."""
        return r.keys(value, key, self.lo)


@dataclass(frozen=True)
class Rows:
    """1 to `most` vectors: the query rows of a score matrix."""

    most: int = MAX_QUERIES

    def read(self, r: Reader, value: Any, key: str, table: Values) -> tuple[Vec, ...]:
        """The rows, each a vector."""
        if not isinstance(value, list) or not 1 <= len(value) <= self.most:
            raise r.fail(key, f"needs 1 to {self.most} queries (rows of the matrix)")
        return tuple(r.vector(v, f"{key}[{i}]") for i, v in enumerate(value))


@dataclass(frozen=True)
class PerKey:
    """One `item` vector for each of the table's ``keys`` (a `what` per key)."""

    item: Vector
    what: str

    def read(self, r: Reader, value: Any, key: str, table: Values) -> tuple[Vec, ...]:
        """The vectors, as many as the keys."""
        n = len(table["keys"])
        if not isinstance(value, list) or len(value) != n:
            raise r.fail(key, f"needs one {self.what} per key ({n})")
        return tuple(self.item.read(r, v, f"{key}[{i}]", table) for i, v in enumerate(value))


@dataclass(frozen=True)
class Flags:
    """One ``true``/``false`` for each of the table's ``keys``."""

    def read(self, r: Reader, value: Any, key: str, table: Values) -> tuple[bool, ...]:
        """The flags, as many as the keys."""
        n = len(table["keys"])
        if not (isinstance(value, list) and len(value) == n) or not all(
            isinstance(b, bool) for b in value
        ):
            raise r.fail(key, f"needs one true/false per key ({n})")
        return tuple(value)


@dataclass(frozen=True)
class Pairs:
    """Exactly two pairs ``[x, y]`` of 2-D vectors with a direction."""

    def read(self, r: Reader, value: Any, key: str, table: Values) -> tuple[tuple[Vec, Vec], ...]:
        """See :meth:`Reader.pairs`."""
        return r.pairs(value, key)


@dataclass(frozen=True)
class Factor:
    """A positive number that scales a drawn vector."""

    def read(self, r: Reader, value: Any, key: str, table: Values) -> Fraction:
        """The factor, exact."""
        f = r.number(value, key)
        if f <= 0:
            raise r.fail(key, "must be a positive factor (the −1 flip is shown separately)")
        return f


@dataclass(frozen=True)
class Whole:
    """A whole number from `lo` to `hi` (of `unit`, if given)."""

    lo: int
    hi: int
    unit: str = ""

    def read(self, r: Reader, value: Any, key: str, table: Values) -> int:
        """The number."""
        if isinstance(value, bool) or not isinstance(value, int) or not self.lo <= value <= self.hi:
            of = f" of {self.unit}" if self.unit else ""
            raise r.fail(key, f"must be a whole number{of} from {self.lo} to {self.hi}")
        return value


@dataclass(frozen=True)
class Rising:
    """`least` to `most` whole numbers of `unit` from `lo` to `hi`, each above the one before."""

    least: int
    most: int
    lo: int
    hi: int
    unit: str

    def read(self, r: Reader, value: Any, key: str, table: Values) -> tuple[int, ...]:
        """The numbers, in order."""
        ok = (
            isinstance(value, list)
            and self.least <= len(value) <= self.most
            and all(
                isinstance(v, int) and not isinstance(v, bool) and self.lo <= v <= self.hi
                for v in value
            )
            and all(a < b for a, b in zip(value, value[1:], strict=False))
        )
        if not ok:
            raise r.fail(
                key,
                f"needs {self.least} to {self.most} {self.unit}, whole numbers from {self.lo} "
                f"to {self.hi}, each larger than the one before",
            )
        return tuple(value)


@dataclass(frozen=True)
class Number:
    """A number of `unit` from `lo` to `hi`, exact (at most :data:`MAX_DECIMALS` places)."""

    lo: int
    hi: int
    unit: str

    def read(self, r: Reader, value: Any, key: str, table: Values) -> Fraction:
        """The number as a fraction."""
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not self.lo <= value <= self.hi
        ):
            raise r.fail(key, f"must be a number of {self.unit} from {self.lo} to {self.hi}")
        return r.number(value, key)


@dataclass(frozen=True)
class Label:
    """A short printable label of at most `most` characters."""

    most: int

    def read(self, r: Reader, value: Any, key: str, table: Values) -> str:
        """The label."""
        if (
            not isinstance(value, str)
            or not 0 < len(value.strip()) <= self.most
            or not value.isprintable()
        ):
            raise r.fail(key, f"must be a short label of at most {self.most} characters")
        return value


@dataclass(frozen=True)
class Text:
    """A non-empty string of at most `most` characters."""

    most: int

    def read(self, r: Reader, value: Any, key: str, table: Values) -> str:
        """The text."""
        if not isinstance(value, str) or not value.strip() or len(value) > self.most:
            raise r.fail(key, f"must be a non-empty string of at most {self.most} characters")
        return value


@dataclass(frozen=True)
class Slug:
    """A slug of at most `most` lowercase letters, digits and ``-`` (not first)."""

    most: int

    def read(self, r: Reader, value: Any, key: str, table: Values) -> str:
        """The slug."""
        pattern = rf"[a-z0-9][a-z0-9-]{{0,{self.most - 1}}}"
        if not isinstance(value, str) or not re.fullmatch(pattern, value):
            raise r.fail(key, "must be a short slug of lowercase letters, digits and '-'")
        return value


# --------------------------------------------------------------------------------------
# Fields, tables, the schema
# --------------------------------------------------------------------------------------

# A rule tying a key to others: (reader, key, its value, its table so far, the lesson so far).
Check = Callable[[Reader, str, Any, Values, Mapping[str, Values]], None]


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()  # a Field's default when the key must be present


@dataclass(frozen=True)
class Field:
    """One key of a table.

    Attributes
    ----------
    name : str
        The key in the TOML file.
    type : Type
        What its value may be (and the messages when it is not).
    default : object
        The TOML value when the key is absent (checked like a written one); :data:`REQUIRED`
        when it must be present; ``None`` when absent means "none".
    attr : str
        The model's attribute for it, when not `name` (``[scale] query`` is ``scale["x"]``).
    checks : tuple of Check
        Rules tying it to keys read before it, run after its type.
    varied : bool
        Generated variants give it fresh numbers (:mod:`lesson.variants`).
    """

    name: str
    type: Type
    default: Any = REQUIRED
    attr: str = ""
    checks: tuple[Check, ...] = ()
    varied: bool = False

    @property
    def required(self) -> bool:
        """The key must be present."""
        return self.default is REQUIRED

    @property
    def attribute(self) -> str:
        """The model's name for it."""
        return self.attr or self.name

    def read(
        self,
        r: Reader,
        given: Mapping[str, Any],
        key: str,
        done: Values,
        lesson: Mapping[str, Values],
    ) -> Any:
        """The checked value of this field in the table `given` (its default if absent).

        `key` is its full name in messages; `done` holds its table's keys read before it and
        `lesson` the tables read before (for its checks).
        """
        value = given.get(self.name, None if self.required else self.default)
        if value is None:
            return None
        out = self.type.read(r, value, key, done)
        for check in self.checks:
            check(r, key, out, done, lesson)
        return out


@dataclass(frozen=True)
class Table:
    """One ``[table]``: its keys, and how it becomes part of the model.

    Attributes
    ----------
    name : str
        The table's name in the file.
    fields : tuple of Field
        Its keys, in the order they are checked.
    required : bool
        The table must be present (else every key takes its default).
    model : str
        The model attribute holding the whole table, built by `build` from the fields'
        attributes; ``""``: each field is an attribute of the model itself.
    build : callable or None
        Makes the `model` attribute from keyword arguments (a dataclass, say).
    """

    name: str
    fields: tuple[Field, ...]
    required: bool = True
    model: str = ""
    build: Callable[..., Any] | None = None

    @property
    def varied(self) -> bool:
        """Some key of it gets fresh numbers in a generated variant."""
        return any(f.varied for f in self.fields)


@dataclass(frozen=True)
class TableList:
    """A list of tables (``[[quiz]]``) read item by item by a per-kind function.

    Attributes
    ----------
    name : str
        The name of the list in the file.
    check : callable
        ``check(reader, data)``: the rules of the list as a whole (its length, say).
    item : callable
        ``item(reader, data, n)``: reads entry `n` (counted from 1) into the model's item.
    raw : callable
        An item's canonical form, a dictionary (its TOML keys and values).
    model : str
        The model attribute holding the tuple of items.
    varied : bool
        Generated variants give its items fresh numbers.
    """

    name: str
    check: Callable[[Reader, Any], None]
    item: Callable[[Reader, Any, int], Any]
    raw: Callable[[Any], Mapping[str, Any]]
    model: str
    varied: bool = False
    required: bool = True


def canonical(x: Any) -> Any:
    """A checked value as JSON data: a fraction as its string, a tuple as a list.

    Examples
    --------
    >>> canonical({"q": (Fraction(1, 2), Fraction(3)), "on": (True,)})
    {'q': ['1/2', '3'], 'on': [True]}
    """
    if isinstance(x, Fraction):
        return str(x)
    if isinstance(x, tuple | list):
        return [canonical(v) for v in x]
    if isinstance(x, Mapping):
        return {k: canonical(v) for k, v in x.items()}
    return x


@dataclass(frozen=True)
class Schema:
    """A lesson file: its top-level keys and its tables, in the file's order.

    Tables are checked in this order, so a rule may read a table listed before its own.
    """

    fields: tuple[Field, ...]
    tables: tuple[Table | TableList, ...]

    def table(self, name: str) -> Table | TableList:
        """The table called `name`."""
        for t in self.tables:
            if t.name == name:
                return t
        raise KeyError(name)

    def read(self, r: Reader, data: Any) -> tuple[dict[str, Any], str]:
        """Check a parsed TOML document; return the model's attributes and the raw form.

        Parameters
        ----------
        r : Reader
            Names the file in the messages.
        data : object
            What :func:`tomllib.loads` returned.

        Returns
        -------
        attributes : dict
            The model's attributes (``projection``, ``magnitude_scale``, …) and their values.
        raw : str
            Canonical JSON of every key's checked value (defaults filled in), sorted: what
            a clip's hash is computed from.

        Raises
        ------
        LessonError
            For the first mistake met: top-level keys first, then table by table in order.
        """
        names = [f.name for f in self.fields] + [t.name for t in self.tables]
        required = [f.name for f in self.fields if f.required]
        required += [t.name for t in self.tables if t.required]
        top = r.table(data, "", set(names), set(required))
        values: dict[str, Any] = {}
        attributes: dict[str, Any] = {}
        lesson: dict[str, Values] = {}
        for f in self.fields:
            values[f.name] = attributes[f.attribute] = f.read(r, top, f.name, values, lesson)
        for t in self.tables:
            if isinstance(t, TableList):
                t.check(r, top.get(t.name))
                items = tuple(t.item(r, d, n) for n, d in enumerate(top[t.name], start=1))
                attributes[t.model] = items
                values[t.name] = [t.raw(item) for item in items]
                continue
            given = r.table(
                top.get(t.name, {}),
                t.name,
                {f.name for f in t.fields},
                {f.name for f in t.fields if f.required},
            )
            done: dict[str, Any] = {}
            lesson[t.name] = done
            for f in t.fields:
                done[f.name] = f.read(r, given, f"{t.name}.{f.name}", done, lesson)
            values[t.name] = done
            own = {f.attribute: done[f.name] for f in t.fields}
            if t.model:
                assert t.build is not None, t.name
                attributes[t.model] = t.build(**own)
            else:
                attributes.update(own)
        return attributes, json.dumps(canonical(values), sort_keys=True)

    def model_value(self, model: Any, table: str, key: str) -> Any:
        """The model's value of `key` in `table`, found through the attribute names.

        Examples
        --------
        >>> from lesson.model import SCHEMA, load_lesson
        >>> SCHEMA.model_value(load_lesson(), "scale", "query")  # the model's scale["x"]
        (Fraction(2, 1), Fraction(1, 1))
        """
        t = self.table(table)
        if not isinstance(t, Table):
            raise KeyError(f"{table} is a list of tables")
        f = next((f for f in t.fields if f.name == key), None)
        if f is None:
            raise KeyError(f"{table}.{key}")
        if not t.model:
            return getattr(model, f.attribute)
        whole = getattr(model, t.model)
        return whole[f.attribute] if isinstance(whole, Mapping) else getattr(whole, f.attribute)

    def varied(self) -> dict[str, tuple[str, ...]]:
        """The tables a variant may give fresh numbers, each with its varied keys.

        A :class:`TableList`'s keys depend on each item's kind: it maps to ``()``.

        Examples
        --------
        >>> from lesson.model import SCHEMA
        >>> SCHEMA.varied()["angle"]
        ('key', 'acute', 'right', 'obtuse', 'scale')
        """
        out: dict[str, tuple[str, ...]] = {}
        for t in self.tables:
            if isinstance(t, TableList):
                if t.varied:
                    out[t.name] = ()
            elif t.varied:
                out[t.name] = tuple(f.name for f in t.fields if f.varied)
        return out
