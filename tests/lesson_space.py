"""Lessons drawn from the whole space the loader accepts, for property-based layout tests.

Each strategy edits the default lesson's text one table at a time (the tables a scene reads)
with values anywhere in what :func:`lesson.model.load_lesson` accepts: coordinates up to ±9
with two decimals, 2 to 6 coordinates where a vector is not drawn, 2 to 6 keys, 1 to 4
queries, 2 or 3 drawn dimensions up to 256, every ``[format]`` setting, titles up to 120
characters and labels up to 12, every quiz kind with its own rule built in (x · y = 0, equal
dot products, a zero query, a 2-D query and at most four keys for the winner, two rising
dimensions for the dimension question).
Generated variants (``lecture variants``) are drawn too. A drawn text the loader rejects is
rejected by the test (``hypothesis.reject``), never changed by hand.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from hypothesis import strategies as st
from variants import EVERY_KIND

from lesson.model import MAX_COORD, MAX_DIM, MAX_KEYS, MIN_KEYS, load_lesson_text
from lesson.quizkinds import DIMENSIONS, WINNER_KEYS
from lesson.variants import generate, set_values

# The default lesson with every kind of question asked: the property tests reach them all.
SEED = EVERY_KIND
MAX_QUERIES = 4

# a coordinate: a whole number, or up to two decimals (long fractions follow from them)
coord = st.one_of(
    st.integers(-MAX_COORD, MAX_COORD).map(Fraction),
    st.integers(-100 * MAX_COORD, 100 * MAX_COORD).map(lambda n: Fraction(n, 100)),
    st.sampled_from([Fraction(MAX_COORD), Fraction(-MAX_COORD), Fraction(-899, 100)]),
)


def vec(dim: int) -> st.SearchStrategy[list[Fraction]]:
    """A non-zero vector of `dim` coordinates."""
    return st.lists(coord, min_size=dim, max_size=dim).filter(any)


dims = st.integers(2, MAX_DIM)


@st.composite
def _vectors(draw: st.DrawFn, lo: int, hi: int, dim: int) -> list[list[Fraction]]:
    return draw(st.lists(vec(dim), min_size=lo, max_size=hi))


def _perpendicular(x: list[Fraction], how: int) -> list[Fraction]:
    """A vector at right angles to `x` (two coordinates swapped, one negated), scaled."""
    i = next(j for j, v in enumerate(x) if v)
    k = (i + 1) % len(x)
    y = [Fraction(0)] * len(x)
    y[i], y[k] = -x[k], x[i]
    if not any(y):  # x has one non-zero coordinate only: any other axis is perpendicular
        y[k] = Fraction(1)
    return [v * Fraction(how, 2) for v in y]


@st.composite
def table_edits(draw: st.DrawFn, table: str) -> list[tuple[str, str, Any]]:
    """Edits ``(table, key, value)`` giving `table` fresh values from the accepted space."""
    out: list[tuple[str, str, Any]] = []
    if table == "projection":
        for key in ("query", "key", "other"):
            out.append((table, key, draw(vec(2))))
    elif table == "angle":
        k = draw(vec(2))
        out.append((table, "key", k))
        out.append((table, "acute", draw(vec(2).filter(lambda v: v[0] * k[0] + v[1] * k[1] > 0))))
        out.append((table, "right", _perpendicular(k, draw(st.sampled_from([-2, -1, 1, 2, 4])))))
        out.append((table, "obtuse", draw(vec(2).filter(lambda v: v[0] * k[0] + v[1] * k[1] < 0))))
        out.append((table, "scale", draw(st.sampled_from([Fraction(1, 2), 1, 2, 3]))))
    elif table == "attention":
        d = draw(dims)
        keys = draw(_vectors(MIN_KEYS, MAX_KEYS, d))
        out += [(table, "query", draw(vec(d))), (table, "keys", keys)]
        if draw(st.booleans()):
            mask = draw(st.lists(st.booleans(), min_size=len(keys), max_size=len(keys)))
            out.append((table, "mask", mask if any(mask) else [True, *mask[1:]]))
        if draw(st.booleans()):
            out.append((table, "values", draw(_vectors(len(keys), len(keys), 2))))
        out.append(("scores", "queries", draw(_vectors(1, MAX_QUERIES, d))))
    elif table == "magnitude":
        pairs = [[draw(vec(2)), draw(vec(2))] for _ in range(2)]
        out.append((table, "pairs", pairs))
        out.append((table, "scale", draw(st.sampled_from([Fraction(1, 2), 1, 2, 3]))))
    elif table == "scale":
        d = draw(dims)
        out += [(table, "query", draw(vec(d))), (table, "key", draw(vec(d)))]
    elif table == "spread":
        count = draw(st.integers(2, 3))
        out.append(
            (
                table,
                "dims",
                sorted(draw(st.sets(st.integers(1, 256), min_size=count, max_size=count))),
            )
        )
        out.append((table, "keys", draw(st.integers(MIN_KEYS, MAX_KEYS))))
        out.append((table, "samples", draw(st.integers(8, 64))))
        out.append((table, "seed", draw(st.integers(0, 2**31 - 1))))
    elif table == "format":
        for key, hi in (("approx", 6), ("logit", 6), ("weight", 6), ("angle", 6), ("readout", 6)):
            out.append((table, key, draw(st.integers(0, hi))))
        out.append((table, "exact_max", draw(st.integers(0, 8))))
    elif table == "intro":
        label = st.text(
            st.characters(min_codepoint=0x21, max_codepoint=0x7E), min_size=1, max_size=12
        )
        out += [(table, "prior_lesson", draw(label)), (table, "mml_section", draw(label))]
        words = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyz"), min_size=1, max_size=14)
        title = " ".join(draw(st.lists(words, min_size=1, max_size=12)))[:120].strip()
        out.append(("", "title", title.capitalize() or "A"))
    elif m := re.fullmatch(r"quiz\[(\d+)\]", table):
        out += draw(quiz_edits(int(m.group(1))))
    else:
        raise KeyError(table)
    return out


@st.composite
def quiz_edits(draw: st.DrawFn, n: int) -> list[tuple[str, str, Any]]:
    """Fresh values for the seed's question `n`, its kind's rule built in."""
    table = f"quiz[{n}]"
    d = draw(dims)
    if n == 4:  # orthogonal: x · y = 0
        x = draw(vec(d))
        return [(table, "x", x), (table, "y", _perpendicular(x, draw(st.sampled_from([1, 2]))))]
    if n == 5:  # magnitude: two pairs with the same dot product
        x, y = draw(vec(2)), draw(vec(2))
        turn = draw(st.booleans())
        if turn:  # both turned a quarter
            other = [[-x[1], x[0]], [-y[1], y[0]]]
        else:  # x doubled, y halved
            other = [[2 * x[0], 2 * x[1]], [y[0] / 2, y[1] / 2]]
        return [(table, "pairs", [[x, y], other])]
    if n in (6, 7):  # attention, zero-query
        keys = draw(_vectors(MIN_KEYS, MAX_KEYS, d))
        query = draw(vec(d)) if n == 6 else [0] * d
        return [(table, "query", query), (table, "keys", keys)]
    if n == 9:  # winner: a 2-D query and 2 to 4 keys (a tie for the top or the bottom is rare)
        return [(table, "query", draw(vec(2))), (table, "keys", draw(_vectors(2, WINNER_KEYS, 2)))]
    if n == 10:  # dimension: two rising dimensions, 2 to 6 keys, any seed
        lo, hi = DIMENSIONS
        low = draw(st.integers(lo, hi - 1))
        rising = [low, draw(st.integers(low + 1, hi))]
        keys = draw(st.integers(MIN_KEYS, MAX_KEYS))
        seed = draw(st.integers(0, 2**31 - 1))
        return [(table, "dims", rising), (table, "keys", keys), (table, "seed", seed)]
    return [(table, "x", draw(vec(d))), (table, "y", draw(vec(d)))]


def write(edits: list[tuple[str, str, Any]], text: str = SEED) -> str:
    """The lesson text `text` with `edits` applied (``table`` "" is the top level)."""
    return set_values(text, edits)


def tables_read(reads: tuple[str, ...]) -> list[str]:
    """The editable tables behind a scene's declared lesson reads (``scene_spec(...).reads``)."""
    out: list[str] = []
    for read in reads:
        head = read.split(".")[0]
        table = {"scores": "attention", "title": "intro"}.get(head, head)
        if table != "timing" and table not in out:
            out.append(table)
    return out


@st.composite
def lessons(draw: st.DrawFn, reads: tuple[str, ...]) -> str:
    """A lesson text whose tables behind `reads` are drawn; or a generated variant."""
    if draw(st.integers(0, 5)) == 0:
        seed = draw(st.integers(0, 10_000))
        return generate(load_lesson_text(EVERY_KIND, "every-kind.toml"), 1, seed=seed)[0].text
    edits: list[tuple[str, str, Any]] = []
    for table in tables_read(reads):
        if draw(st.booleans()) or table != "format":  # format: sometimes the default's
            edits += draw(table_edits(table))
    return write(edits)


def _long(dim: int, start: int) -> list[Fraction]:
    """A vector of `dim` two-decimal coordinates near the limit, alternating in sign."""
    return [Fraction((-1) ** (i + start) * (899 - 37 * i), 100) for i in range(dim)]


def extreme() -> str:
    """The corner of the space: six keys of six coordinates, four queries, two-decimal values
    near ±9, six places for every rounded kind, the longest title and labels."""
    d, n = MAX_DIM, MAX_KEYS
    keys = [_long(d, j) for j in range(n)]
    edits: list[tuple[str, str, Any]] = [
        ("", "title", ("Hasil kali dalam mengukur keselarasan " * 4)[:120].strip()),
        ("intro", "prior_lesson", "lesson-0017a"),
        ("intro", "mml_section", "3.2.1-3.2.99"),
        *[("format", k, 6) for k in ("approx", "logit", "weight", "angle", "readout")],
        ("format", "exact_max", 8),
        ("projection", "query", [Fraction(-899, 100), Fraction(137, 100)]),
        ("projection", "key", [Fraction(871, 100), Fraction(-293, 100)]),
        ("projection", "other", [Fraction(-7, 100), Fraction(-899, 100)]),
        ("angle", "key", [Fraction(-871, 100), Fraction(-293, 100)]),
        ("angle", "acute", [Fraction(-433, 100), Fraction(-1, 100)]),
        ("angle", "right", [Fraction(293, 100), Fraction(-871, 100)]),
        ("angle", "obtuse", [Fraction(899, 100), Fraction(-899, 100)]),
        ("angle", "scale", 2),
        ("attention", "query", _long(d, 1)),
        ("attention", "keys", keys),
        ("scores", "queries", [_long(d, j) for j in range(MAX_QUERIES)]),
        (
            "magnitude",
            "pairs",
            [
                [[Fraction(899, 100), 0], [Fraction(1, 100), 0]],
                [[Fraction(-449, 100), Fraction(377, 100)], [Fraction(-1, 100), Fraction(-1, 100)]],
            ],
        ),
        ("magnitude", "scale", 2),
        ("scale", "query", _long(d, 0)),
        ("scale", "key", _long(d, 1)),
        ("spread", "dims", [1, 255, 256]),
        ("spread", "keys", n),
        ("spread", "samples", 64),
    ]
    for q in range(1, 9):
        table = f"quiz[{q}]"
        if q == 4:
            x = _long(d, 0)
            edits += [(table, "x", x), (table, "y", _perpendicular(x, 2))]
        elif q == 5:
            edits.append(
                (
                    table,
                    "pairs",
                    [
                        [
                            [Fraction(-899, 100), Fraction(137, 100)],
                            [Fraction(1, 100), Fraction(-899, 100)],
                        ],
                        [
                            [Fraction(-137, 100), Fraction(-899, 100)],
                            [Fraction(899, 100), Fraction(1, 100)],
                        ],
                    ],
                )
            )
        elif q in (6, 7):
            edits += [(table, "query", _long(d, 1) if q == 6 else [0] * d), (table, "keys", keys)]
        else:
            edits += [(table, "x", _long(d, 0)), (table, "y", _long(d, 1))]
    return write(edits)
