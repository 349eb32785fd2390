"""Text that fits its room: one text wrap, one reflow, fit into a box."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import TypeVar

from manim import Mobject, Text, VGroup, VMobject

from scenes.memo import made, pristine
from scenes.tagging import attach
from scenes.typeface import TEXT_FONT

__all__ = [
    "NBSP",
    "REFLOW_SCALES",
    "fit_into",
    "group_values",
    "reflow",
    "wrap_lines",
    "wrap_text",
]

M = TypeVar("M", bound=Mobject)


V = TypeVar("V", bound=VMobject)


def fit_into(mob: V, width: float, height: float) -> V:
    """Scale `mob` down (never up) so it fits a `width` x `height` box; return it."""
    s = min(1.0, width / max(mob.width, 1e-6), height / max(mob.height, 1e-6))
    mob.scale(s)
    return mob


REFLOW_SCALES = (1.0, 0.93, 0.86, 0.8, 0.75)
NBSP = "\u00a0"


def reflow(build: Callable[[float], M], height: Callable[[M], float], room: float) -> M:
    """Build a layout at the largest of :data:`REFLOW_SCALES` at which it fits its room.

    Text re-wraps at each scale, so its height falls about with the square of the scale: the
    first try after full size goes straight to the scale that estimate says will fit.

    Parameters
    ----------
    build : callable
        Makes the layout at a scale (1 is full size).
    height : callable
        The height of a built layout.
    room : float
        The height it must fit.

    Returns
    -------
    The first layout that fits (the smallest one if none does).
    """
    mob = build(REFLOW_SCALES[0])
    if height(mob) <= room:
        return mob
    guess = (room / max(height(mob), 1e-6)) ** 0.5
    scales = [s for s in REFLOW_SCALES[1:] if s <= guess] or [REFLOW_SCALES[-1]]
    start = REFLOW_SCALES.index(scales[0])
    for scale in REFLOW_SCALES[start:]:
        mob = build(scale)
        if height(mob) <= room:
            break
    return mob


def wrap_text(
    text: str, width: float, size: float, color: str, indent: str = "", weight: str = "NORMAL"
) -> Text:
    """The kit's one text wrap: `text` in lines no wider than `width` (never at a no-break space).

    Words are measured on the one-line text (its glyphs), so lines come out as full as they
    can be. Lines after the first are indented by the width of `indent` (a bullet).

    Parameters
    ----------
    text : str
        The text; ``\u00a0`` keeps two words on one line.
    width : float
        Widest line allowed (scene units); the text is scaled down if one word is wider.
    size : float
        Font size.
    color : str
        Colour.
    indent : str
        Prefix of the first line; later lines start under the text after it.
    weight : str
        Font weight (``BOLD`` for a title).

    Returns
    -------
    Text
        With ``line_count``, the number of lines.
    """
    full = indent + text
    # without ligatures every character (spaces and line breaks too) is one glyph; the
    # one-line text is made once and measured (a column is laid out at several widths)
    key = ("text", full, size, color, weight)
    one = pristine(
        key,
        lambda: Text(
            full,
            font_size=size,
            color=color,
            weight=weight,
            font=TEXT_FONT,
            disable_ligatures=True,
            warn_missing_font=False,  # a family list, checked in the tests (test_typeface)
        ),
    )
    if one.width <= width:
        fits = one.copy()
        attach(fits, line_count=1, source_text=full)
        return fits
    glyphs = one.submobjects
    pad = " " * (2 * len(indent))
    if len(glyphs) != len(full):  # not one glyph per character: estimate from their average
        per_line = max(12, int(len(full) * width / one.width * 0.96))
        return wrap_lines(
            textwrap.wrap(full, per_line, subsequent_indent=pad), width, size, color, weight
        )
    hang = glyphs[len(indent)].get_left()[0] - glyphs[0].get_left()[0] if indent else 0.0
    lines: list[str] = []
    line_x, i = 0.0, 0
    for word in full.split(" "):
        if word:
            x0, x1 = glyphs[i].get_left()[0], glyphs[i + len(word) - 1].get_right()[0]
            if lines and x1 - line_x <= width * 0.98:
                lines[-1] += " " + word
            else:
                lines.append(pad + word if lines else word)
                line_x = x0 - (hang if len(lines) > 1 else 0.0)
        i += len(word) + 1
    return wrap_lines(lines, width, size, color, weight)


def wrap_lines(lines: list[str], width: float, size: float, color: str, weight: str) -> Text:
    """`lines` as one Text (scaled down to `width` if a line is wider)."""
    wrapped = "\n".join(lines)
    mob = made(
        ("lines", wrapped, size, color, weight),
        lambda: Text(
            wrapped,
            font_size=size,
            color=color,
            weight=weight,
            line_spacing=0.8,
            font=TEXT_FONT,
            disable_ligatures=True,
            warn_missing_font=False,
        ),
    )
    fit_into(mob, width, 100.0)
    attach(mob, line_count=len(lines), source_text=wrapped)
    return mob


def group_values(
    mob: Text, words: str, spans: list[tuple[str, int, int]], values: dict[str, str]
) -> None:
    """Gather the glyphs of each value (``words[start:end]``) into a group tagged with its key.

    `mob` is :func:`wrap_text`'s Text of `words`: one glyph per character of its
    ``source_text``, which differs from `words` only in whitespace, so the n-th visible
    character of `words` is the n-th visible character there. Should the glyphs not match,
    the whole Text carries the values instead.
    """
    glyphs = list(mob.submobjects)
    source = getattr(mob, "source_text", "")
    visible = [i for i, c in enumerate(source) if not c.isspace()]
    if len(glyphs) != len(source) or len(visible) != sum(not c.isspace() for c in words):
        if values:
            attach(mob, sheet_multi=values)
        return

    def glyph(offset: int) -> int:
        """Index of the glyph of the first visible character at or after `offset`."""
        n = sum(1 for c in words[:offset] if not c.isspace())
        return visible[n] if n < len(visible) else len(glyphs)

    parts: list[VMobject] = []
    done = 0
    for name, start, end in spans:
        a, b = glyph(start), glyph(end - 1) + 1
        parts.extend(glyphs[done:a])
        group = VGroup(*glyphs[a:b])
        attach(group, sheet_multi={name: values[name]})
        parts.append(group)
        done = b
    parts.extend(glyphs[done:])
    mob.submobjects = parts
