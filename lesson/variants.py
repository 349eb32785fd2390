"""Generated variants of a lesson: fresh numbers that stay teachable.

Pure and exact (``fractions.Fraction``, a seeded ``random.Random``): the same seed gives the
same files. What "teachable" means is the rule list :data:`RULES` below, one small named
predicate per rule, checked on every generated table and again on the loaded lesson
(:func:`broken_rules`). Which tables and keys vary is the lesson schema's word
(:data:`lesson.model.SCHEMA`, its fields marked ``varied``). A variant's file is the base
lesson's text with the varied values replaced by tomlkit, which keeps its comments and layout,
named ``<lesson-id>-vNN``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import tomlkit
from tomlkit.container import Container
from tomlkit.items import Table as TomlTable

from lesson.model import (
    REPEATS,
    SCHEMA,
    Lesson,
    LessonError,
    load_lesson,  # noqa: F401 (the examples call it)
    load_lesson_text,
    quiz_vectors,
    worked_vectors,
)
from lesson.quizkinds import kind_of
from lesson.teachable import (
    COORD,
    Values,
    Vec,
    nonzero,
    not_parallel,
    rational_cosine,
    single_winner,
    small_ints,
    small_ratio,
    visible_weights,
)
from lesson.teachable import Draw as _Draw
from lesson.teachable import Retry as _Retry
from lesson.teachable import clear_winner as _clear_winner
from lesson.teachable import cosine_pair as _cosine_pair
from lesson.teachable import directions as _directions
from lesson.teachable import distinct as _distinct
from lesson.teachable import same_score_draw as _same_score_draw
from lesson.teachable import same_score_pairs as _same_score_pairs
from lesson.teachable import sign as _sign
from mathcore.exact import exact_dot, exact_proj_coef

__all__ = [
    "COORD",
    "RULES",
    "TABLES",
    "Variant",
    "broken_rules",
    "generate",
    "lesson_tables",
    "nonzero",
    "not_parallel",
    "parse_vary",
    "quiz_tables",
    "quiz_vectors",
    "rational_cosine",
    "set_value",
    "set_values",
    "single_winner",
    "small_ints",
    "small_ratio",
    "visible_weights",
    "worked_vectors",
]

# Tables a variant can give fresh numbers (the schema's varied ones, in the file's order) and
# the keys it writes in each; "quiz" is every [[quiz]] entry of the base lesson.
_WRITTEN: dict[str, tuple[str, ...]] = SCHEMA.varied()
TABLES = tuple(_WRITTEN)


# --------------------------------------------------------------------------------------
# The rules: small named predicates (lesson.teachable); a quiz entry's are its kind's
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rule:
    """One teachable rule of a table: a name, what it says, and its check."""

    table: str
    name: str
    text: str
    check: Callable[[Values], bool]


def _all_small(t: Values) -> bool:
    # [scores] is scored against the attention keys, which are [attention]'s to check
    own = {k: v for k, v in t.items() if not (k == "keys" and "queries" in t)}
    return all(small_ints(v) for v in _vectors_of(own))


def _rules() -> tuple[Rule, ...]:
    R = Rule
    small = "small whole-number coordinates (−5 to 5)"

    def sq(a: Vec, b: Vec) -> Fraction:
        return exact_proj_coef(a, b)

    rules = [R(t, "small-ints", small, _all_small) for t in TABLES[:-1]]
    rules += [
        R(
            "projection",
            "directions",
            "q, k and the other query (if any) are non-zero, q not along k",
            lambda t: (
                all(map(nonzero, (t["query"], t["key"], *_other(t))))
                and not_parallel(t["query"], t["key"])
            ),
        ),
        R(
            "projection",
            "signs",
            "q · k > 0 and the other query (if any) on the other side (· k < 0)",
            lambda t: (
                exact_dot(t["query"], t["key"]) > 0
                and all(exact_dot(o, t["key"]) < 0 for o in _other(t))
            ),
        ),
        R(
            "projection",
            "coefficients",
            "q·k/‖k‖² of the queries has a small denominator",
            lambda t: all(small_ratio(sq(v, t["key"])) for v in (t["query"], *_other(t))),
        ),
        R(
            "angle",
            "stations",
            "the acute, right and obtuse stops have q · k > 0, = 0, < 0, none zero",
            lambda t: (
                nonzero(t["key"])
                and all(nonzero(t[s]) for s in ("acute", "right", "obtuse"))
                and [_sign(exact_dot(t[s], t["key"])) for s in ("acute", "right", "obtuse")]
                == [1, 0, -1]
            ),
        ),
        R(
            "angle",
            "scale",
            "the scaling step (if any) stays within the drawing (scale × acute within ±9)",
            lambda t: (
                t.get("scale") is None
                or (t["scale"] > 0 and small_ints([t["scale"] * c for c in t["acute"]], 9))
            ),
        ),
        R(
            "attention",
            "no-tie",
            "a non-zero query, keys in different directions, one highest score and it positive, "
            "every weight visible",
            lambda t: nonzero(t["query"]) and _directions(t["keys"]) and _clear_winner(t),
        ),
        R(
            "scores",
            "no-tie",
            "distinct queries, each non-zero one with a single highest score against the "
            "attention keys and every weight visible (a zero query, scoring every key alike, "
            "is the one tie shown)",
            lambda t: (
                _distinct(t["queries"])
                and sum(not nonzero(q) for q in t["queries"]) <= 1
                and all(single_winner(q, t["keys"]) for q in t["queries"] if nonzero(q))
            ),
        ),
        R(
            "magnitude",
            "same-score",
            "both pairs score the same positive q · k, the first along one direction (cos 1), "
            "the second not (cos < 1), and the scaled second x stays within ±9",
            lambda t: (
                _same_score_pairs(t["pairs"])
                and small_ints([t["scale"] * c for c in t["pairs"][1][0]], 9)
            ),
        ),
        R(
            "scale",
            "cosine",
            "q · k > 0, q not along k, cos θ an exact small fraction",
            lambda t: (
                exact_dot(t["query"], t["key"]) > 0
                and not_parallel(t["query"], t["key"])
                and rational_cosine(t["query"], t["key"])
            ),
        ),
    ]
    return tuple(rules)


RULES: tuple[Rule, ...] = _rules()


def _vectors_of(t: Values) -> list[Vec]:
    """Every vector among a table's values (nested lists of vectors included)."""
    out: list[Vec] = []

    def walk(x: Any) -> None:
        if isinstance(x, tuple) and x and all(isinstance(c, Fraction) for c in x):
            out.append(x)
        elif isinstance(x, tuple | list):
            for y in x:
                walk(y)

    for value in t.values():
        walk(value)
    return out


def _other(t: Values) -> tuple[Vec, ...]:
    """The ``[projection]`` table's second query, if it has one."""
    return (t["other"],) if t.get("other") is not None else ()


def lesson_tables(lesson: Lesson) -> dict[str, Values]:
    """The varied tables of a loaded lesson, as the rules read them.

    Each table holds its varied keys (:data:`lesson.model.SCHEMA`) by their TOML names, read
    from the model through the schema's attribute names. ``scores`` also carries the attention
    keys it is scored against; each quiz entry is its own table ``quiz[N]``
    (:func:`quiz_tables`), with its ``kind``, whose rules it keeps.

    Examples
    --------
    >>> lesson_tables(load_lesson())["scale"]
    {'query': (Fraction(2, 1), Fraction(1, 1)), 'key': (Fraction(1, 1), Fraction(2, 1))}
    """
    tables: dict[str, Values] = {
        name: {key: SCHEMA.model_value(lesson, name, key) for key in keys}
        for name, keys in _WRITTEN.items()
        if name != "quiz"
    }
    tables["scores"]["keys"] = lesson.attention.keys
    for q in lesson.quiz:
        tables[f"quiz[{q.number}]"] = {"kind": q.kind, **q.vectors}
    return tables


def quiz_tables(lesson: Lesson) -> tuple[str, ...]:
    """The tables of the lesson's ``[[quiz]]`` entries, in its order (``quiz[1]``, …).

    Examples
    --------
    >>> quiz_tables(load_lesson())[:2]
    ('quiz[1]', 'quiz[2]')
    """
    return tuple(f"quiz[{q.number}]" for q in lesson.quiz)


def _quiz_rules(name: str, kind: str) -> list[Rule]:
    """The rules of quiz entry `name`: small whole coordinates, then its kind's own."""
    small = Rule(name, "small-ints", "small whole-number coordinates (−5 to 5)", _all_small)
    return [small, *(Rule(name, r.name, r.text, r.check) for r in kind_of(kind).rules)]


def _table_broken(name: str, t: Values) -> list[str]:
    out = []
    rules = _quiz_rules(name, t["kind"]) if name.startswith("quiz[") else RULES
    for rule in rules:
        if rule.table == name:
            try:
                ok = rule.check(t)
            except (KeyError, TypeError, ValueError, ZeroDivisionError):
                ok = False
            if not ok:
                out.append(f"{name}: {rule.name}: {rule.text}")
    return out


def broken_rules(lesson: Lesson, tables: Iterable[str] = TABLES) -> list[str]:
    """The teachable rules that `lesson` breaks in `tables` (empty: it is teachable).

    Checks every rule of :data:`RULES` for the named tables (``"quiz"`` covers every entry,
    each with the rules of its kind), and that no quiz entry's vectors all appear among the
    worked examples.

    Parameters
    ----------
    lesson : Lesson
        A loaded lesson.
    tables : iterable of str
        Table names of :data:`TABLES`.

    Returns
    -------
    list of str
        One line per broken rule: ``table: rule: what it asks``.

    Examples
    --------
    >>> broken_rules(load_lesson(), ["angle", "attention"])
    []
    """
    names = [t for name in tables for t in (quiz_tables(lesson) if name == "quiz" else (name,))]
    all_tables = lesson_tables(lesson)
    out = [line for n in names for line in _table_broken(n, all_tables[n])]
    return out


# --------------------------------------------------------------------------------------
# Generation
# --------------------------------------------------------------------------------------


def _gen_table(name: str, d: _Draw, base: dict[str, Values]) -> Values:
    """Candidate values for table `name`, drawn so that its rules mostly hold."""
    dot = exact_dot
    if name == "projection":
        k = d.nonzero()
        q = d.until(lambda v: dot(v, k) > 0 and small_ratio(exact_proj_coef(v, k)))
        if base["projection"].get("other") is None:  # the base lesson shows no second query
            return {"query": q, "key": k}
        other = d.until(lambda v: dot(v, k) < 0 and small_ratio(exact_proj_coef(v, k)))
        return {"query": q, "key": k, "other": other}
    if name == "angle":
        k = d.nonzero()
        stops = {
            "key": k,
            "acute": d.until(lambda v: dot(v, k) > 0, bound=4),
            "right": d.until(lambda v: nonzero(v) and dot(v, k) == 0),
            "obtuse": d.until(lambda v: dot(v, k) < 0),
        }
        if base["angle"].get("scale") is not None:  # the base lesson's scaling step, kept
            stops["scale"] = base["angle"]["scale"]
        return stops
    if name == "attention":
        n, dim = len(base["attention"]["keys"]), len(base["attention"]["query"])
        keys = d.keys(n, dim)
        query = d.until(lambda v: _clear_winner({"query": v, "keys": keys}), dim)
        return {"query": query, "keys": keys}
    if name == "scores":
        keys = base["scores"]["keys"]  # the attention keys (already varied, when they are)
        dim = len(keys[0])

        # a zero row of the base stays where it is: it shows the one deliberate tie
        def row() -> Vec:
            return d.until(lambda v: nonzero(v) and visible_weights(v, keys), dim)

        rows = tuple(row() if nonzero(q) else q for q in base["scores"]["queries"])
        return {"queries": rows, "keys": keys}
    if name == "magnitude":
        return {"pairs": _same_score_draw(d), "scale": base["magnitude"]["scale"]}
    if name == "scale":
        x, y = _cosine_pair(d)
        return {"query": x, "key": y}
    if name.startswith("quiz["):  # drawn as its kind draws, in the shape of the base entry
        kind = base[name]["kind"]
        return {"kind": kind, **kind_of(kind).draw(d, base[name])}
    raise KeyError(name)


def _fresh(name: str, d: _Draw, base: dict[str, Values], seen: list[Values]) -> Values:
    """A table that keeps its rules and differs from every earlier one (and the base)."""
    for _ in range(5000):
        try:
            t = _gen_table(name, d, base)
        except _Retry:
            continue
        if not _table_broken(name, t) and all(_differs(name, t, s) for s in seen):
            return t
    raise RuntimeError(f"could not draw fresh teachable numbers for {name}")  # pragma: no cover


def _differs(name: str, a: Values, b: Values) -> bool:
    if name == "scores":  # the keys come from [attention]; the queries are this table's own
        return bool(a["queries"] != b["queries"])
    return bool(a != b)


# --------------------------------------------------------------------------------------
# Writing: the base lesson's text with the varied values replaced
# --------------------------------------------------------------------------------------


def _toml(x: Any) -> Any:
    """A value as tomlkit writes it: vectors as lists, whole fractions as integers."""
    if isinstance(x, tuple | list):
        return [_toml(v) for v in x]
    if isinstance(x, Fraction):
        return x.numerator if x.denominator == 1 else float(x)
    return x


def _table(doc: tomlkit.TOMLDocument, table: str) -> Container | TomlTable:
    """Table `table` of `doc`: ``""`` the top level, ``quiz[N]`` the N-th ``[[quiz]]`` entry."""
    if not table:
        return doc
    if table.startswith("quiz[") and table.endswith("]"):
        entry = doc["quiz"][int(table[5:-1]) - 1]
    else:
        entry = doc[table]
    if not isinstance(entry, Container | TomlTable):
        raise KeyError(table)
    return entry


def set_values(text: str, edits: Iterable[tuple[str, str, Any]]) -> str:
    r"""`text` with each ``(table, key, value)`` of `edits` set; comments and layout kept.

    A key that is absent is added at the end of its table. `table` is a table's name,
    ``quiz[N]`` for the N-th ``[[quiz]]`` entry, or ``""`` for the top level. Vectors are
    written as lists (``[2, -1]``), fractions as integers or decimals.

    Examples
    --------
    >>> set_values('[p]\nq = [1, 2]  # note\n', [("p", "q", (Fraction(3), Fraction(-1, 2)))])
    '[p]\nq = [3, -0.5]  # note\n'
    """
    doc = tomlkit.parse(text)
    for table, key, value in edits:
        _table(doc, table)[key] = _toml(value)
    return tomlkit.dumps(doc)


def set_value(text: str, table: str, key: str, value: Any) -> str:
    r"""Set ``key = …`` inside `table` (keeping a trailing comment); add it if absent.

    One edit of :func:`set_values`.

    Examples
    --------
    >>> set_value('[p]\nq = [1, 2]  # note\n', "p", "q", (Fraction(3), Fraction(-1)))
    '[p]\nq = [3, -1]  # note\n'
    >>> set_value('[p]\nq = 1\n\n[r]\n', "p", "s", Fraction(2))
    '[p]\nq = 1\ns = 2\n\n[r]\n'
    """
    return set_values(text, [(table, key, value)])


def _write(doc: tomlkit.TOMLDocument, name: str, t: Values) -> None:
    if name.startswith("quiz["):
        keys: Sequence[str] = [
            k for k in ("x", "y", "pairs", "query", "keys", "dims", "seed") if k in t
        ]
    else:
        keys = _WRITTEN[name]
    for key in keys:
        if key in t:  # an optional key the base lesson leaves out stays out
            _table(doc, name)[key] = _toml(t[key])


# --------------------------------------------------------------------------------------
# The public entry point
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Variant:
    """One generated lesson: its id, its file name and its TOML text."""

    id: str
    filename: str
    text: str


def parse_vary(spec: str | None) -> tuple[str, ...]:
    """The tables named by ``--vary`` (comma-separated; empty or None: every table).

    Raises
    ------
    ValueError
        For a name that is not in :data:`TABLES` (the message lists them).

    Examples
    --------
    >>> parse_vary("quiz, angle")
    ('angle', 'quiz')
    """
    if not spec or not spec.strip():
        return TABLES
    names = [n.strip() for n in spec.split(",") if n.strip()]
    bad = [n for n in names if n not in TABLES]
    if bad:
        raise ValueError(f"unknown table {bad[0]!r} in --vary; tables are: {', '.join(TABLES)}")
    return tuple(t for t in TABLES if t in names)


def generate(
    base: Lesson, count: int, seed: int = 0, vary: Sequence[str] = TABLES
) -> list[Variant]:
    """`count` variants of `base` with fresh, teachable numbers in the tables `vary`.

    Every varied table keeps the rules of :data:`RULES`, differs from the base lesson's and
    from the same table of every other variant; no quiz entry repeats the worked examples;
    every text loads with :func:`lesson.model.load_lesson`. The same arguments give the same
    texts.

    Parameters
    ----------
    base : Lesson
        The lesson to vary (its text, comments included, is the template).
    count : int
        How many variants (at least 1).
    seed : int
        Seed of the random generator.
    vary : sequence of str
        Tables of :data:`TABLES` to give fresh numbers.

    Returns
    -------
    list of Variant
        Ids ``<base-id>-v01``, ``-v02``, …

    Raises
    ------
    ValueError
        For a count below 1 or an unknown table.
    """
    if count < 1:
        raise ValueError(f"--count must be at least 1, got {count}")
    bad = [t for t in vary if t not in TABLES]
    if bad:
        raise ValueError(f"unknown table {bad[0]!r}; tables are: {', '.join(TABLES)}")
    names = [n for t in TABLES if t in vary for n in (quiz_tables(base) if t == "quiz" else (t,))]
    template = base.source
    # the scores are taken against the attention keys: new keys must not tie them
    checked = [t for t in TABLES if t in vary or (t == "scores" and "attention" in vary)]
    base_tables = lesson_tables(base)
    seen: dict[str, list[Values]] = {n: [base_tables[n]] for n in names}
    d = _Draw(random.Random(seed))
    width = max(2, int(math.log10(count)) + 1)
    out: list[Variant] = []
    for i in range(1, count + 1):
        vid = f"{base.id}-v{i:0{width}d}"[:63]
        for _ in range(200):
            tables = dict(base_tables)
            for name in names:
                tables[name] = _fresh(name, d, tables, seen[name])
                if name == "attention":  # the scores are taken against these keys
                    tables["scores"] = {**tables["scores"], "keys": tables[name]["keys"]}
            doc = tomlkit.parse(template)  # one parse: tomlkit's is the slow part
            doc["id"] = vid
            for name in names:
                _write(doc, name, tables[name])
            text = _header(tomlkit.dumps(doc), base, seed, i, names)
            lesson = _load_text(text, f"{vid}.toml")
            if lesson is not None and not broken_rules(lesson, checked):
                break
        else:  # pragma: no cover - the rules are satisfiable
            raise RuntimeError(f"could not make variant {i} teachable")
        for name in names:
            seen[name].append(tables[name])
        out.append(Variant(vid, f"{vid}.toml", text))
    return out


def _header(text: str, base: Lesson, seed: int, i: int, names: Sequence[str]) -> str:
    tables = ", ".join(dict.fromkeys(n.split("[")[0] for n in names))
    return (
        f"# Variant {i} of the lesson '{base.id}' with fresh numbers in: {tables}\n"
        f"# (generated by `lecture variants --seed {seed}`; edit freely).\n" + text
    )


def _load_text(text: str, name: str) -> Lesson | None:
    """Load a generated lesson's text; None when a question repeats the worked examples.

    The caller then draws again. Any other failure is a generator bug, not an author's.
    """
    try:
        return load_lesson_text(text, name)
    except LessonError as e:
        if REPEATS in e.reason:
            return None
        # pragma: no cover - a generator bug, not an author's
        raise RuntimeError(f"generated lesson does not load: {e.key}: {e.reason}") from None
