"""The quiz scenes' sizes and the layout helpers their steps are drawn with."""

from __future__ import annotations

from collections.abc import Sequence

from manim import (
    DOWN,
    LEFT,
    RIGHT,
    SurroundingRectangle,
    VGroup,
    VMobject,
)

from scenes.palette import C
from scenes.snapshot import font_size, is_text
from scenes.tagging import Part, attach
from scenes.textfit import fit_into

__all__ = [
    "CARD_MAX_H",
    "CARD_PAD",
    "CHAIN_INDENT",
    "GAP",
    "INSET",
    "MARK_BUFF",
    "PAIR_STEPS",
    "Part",
    "QUESTION_MATH",
    "QUESTION_TEXT",
    "RECAP_SCALES",
    "ROW_BUFF",
    "STEP_BUFF",
    "STEP_MATH",
    "STEP_TEXT",
    "answer_marker",
    "balance",
    "flow",
    "smallest_font",
    "split_terms",
    "stack_height",
]

CARD_PAD = 0.22  # room between the card's border and the question
CARD_MAX_H = 3.0  # the question card never takes more of the frame than this
GAP = 0.45  # between the two solution columns, when one is not enough
STEP_BUFF = 0.34  # between two steps of the solution
QUESTION_TEXT, QUESTION_MATH = 26, 36
STEP_TEXT, STEP_MATH = 24, 34
INSET = 0.02  # inside the title-safe area's edge, so rounding never puts a text across it
CHAIN_INDENT = 0.6  # left margin of a chain's later lines
ROW_BUFF = 0.2  # between two rows of the recap
MARK_BUFF = 0.08  # between the answer and its marker
# Scales a recap page tries, down to the one at which STEP_MATH is MIN_FONT.
RECAP_SCALES = (1.0, 0.93, 0.86, 0.8, 0.74, 0.68, 0.63, 0.6)

PAIR_STEPS = ("langkah-pasangan-pertama", "langkah-pasangan-kedua")  # a magnitude question's


def flow(items: Sequence[VMobject], width: float, buff: float = 0.3, indent: float = 0.0) -> VGroup:
    """Lay `items` out left to right, starting a new (indented) line when one is full.

    Parameters
    ----------
    items : list of Mobject
        Pieces in reading order; one wider than a line is scaled to fit it.
    width : float
        Line width.
    buff : float
        Space between pieces on a line.
    indent : float
        Extra left margin of every line after the first.

    Returns
    -------
    VGroup
        One VGroup per line, left-aligned.
    """
    lines: list[list[VMobject]] = [[]]
    used = 0.0
    for item in items:
        room = width - (indent if len(lines) > 1 else 0.0)
        fit_into(item, room, 100.0)
        if lines[-1] and used + buff + item.width > room:
            lines.append([])
            used = 0.0
            room = width - indent
            fit_into(item, room, 100.0)
        used += (buff if lines[-1] else 0.0) + item.width
        lines[-1].append(item)
    rows = [VGroup(*line).arrange(RIGHT, buff=buff) for line in lines]
    group = VGroup(*rows).arrange(DOWN, aligned_edge=LEFT, buff=0.2)
    for row in rows[1:]:
        row.shift(indent * RIGHT)
    return group


def answer_marker(mob: VMobject) -> SurroundingRectangle:
    """A box around the answer `mob`, in the emphasis colour; it records what it marks.

    The box's ``marks`` is `mob`, so a step's snapshot knows which values are marked.
    """
    box = SurroundingRectangle(
        mob, color=C.ACCENT, buff=MARK_BUFF, corner_radius=0.08, stroke_width=3
    )
    attach(box, marks=mob)
    return box


def balance(items: list[VMobject], buff: float) -> tuple[VGroup, VGroup]:
    """Split `items` (in reading order) into two left-aligned columns of about equal height.

    The left column takes the first items; the split makes the taller column as short as
    it can be.
    """
    best = len(items)
    for k in range(len(items), 0, -1):
        taller = max(stack_height(items[:k], buff), stack_height(items[k:], buff))
        if taller < max(stack_height(items[:best], buff), stack_height(items[best:], buff)):
            best = k
    columns = (VGroup(*items[:best]), VGroup(*items[best:]))
    for column in columns:
        if column.submobjects:
            column.arrange(DOWN, aligned_edge=LEFT, buff=buff)
    return columns


def smallest_font(mob: VMobject) -> float:
    """The smallest font size among the texts in `mob` (a large number if it has none)."""
    sizes = [font_size(m) for m in mob.get_family() if is_text(m) and m.width > 0]
    return min(sizes, default=1000.0)


def split_terms(tex: str) -> list[str]:
    r"""A value's TeX cut into the terms of its sum or tuple.

    A sum is cut before each `` + `` and `` - `` outside brackets, a tuple after each ``,\ ``.

    Examples
    --------
    >>> split_terms(r"2 \cdot 1 + (-1) \cdot 4 - 6")
    ['2 \\cdot 1', '+ (-1) \\cdot 4', '- 6']
    >>> split_terms(r"\approx (0.191,\ 0.786)")
    ['\\approx (0.191,', '0.786)']
    """
    out: list[str] = []
    depth, start = 0, 0
    for i, c in enumerate(tex):
        if c in "({":
            depth += 1
        elif c in ")}":
            depth -= 1
        elif depth == 0 and i > start and tex.startswith((" + ", " - "), i):
            out.append(tex[start:i])
            start = i + 1
        elif depth == 1 and tex.startswith(",\\ ", i):
            out.append(tex[start : i + 1])
            start = i + 3
    out.append(tex[start:])
    return [t for t in out if t.strip()]


def stack_height(groups: Sequence[VMobject], buff: float = STEP_BUFF) -> float:
    """Height of `groups` stacked with `buff` between them."""
    return sum(g.height for g in groups) + buff * max(len(groups) - 1, 0)
