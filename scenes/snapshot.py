"""What a section's end records, and how the texts on screen are found and measured."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

import numpy as np
from manim import (
    MathTex,
    Mobject,
    Paragraph,
    SingleStringMathTex,
    Tex,
    Text,
    VMobject,
)

from scenes.legibility import Ink
from scenes.tagging import LiveNumber

__all__ = [
    "Snapshot",
    "font_size",
    "is_text",
    "is_visible",
    "paragraph_scale",
    "text_mobjects",
]


@dataclass
class Snapshot:
    """What was on screen at the end of one section."""

    section: str
    time: float
    numbers: dict[str, str] = field(default_factory=dict)
    number_boxes: dict[str, np.ndarray] = field(default_factory=dict)
    number_kinds: dict[str, str] = field(default_factory=dict)  # "part" of a formula, or "text"
    boxes: list[tuple[str, np.ndarray]] = field(default_factory=list)
    mismatched: list[tuple[str, str, str]] = field(default_factory=list)
    said: set[str] = field(default_factory=set)  # sheet keys the section's captions say
    words: list[str] = field(default_factory=list)  # what the narrator was asked to say
    inks: list[Ink] = field(default_factory=list)  # each text's and graphic's colour, contrast
    sizes: list[tuple[str, float]] = field(default_factory=list)  # each text's font size
    tips: list[tuple[str, np.ndarray]] = field(default_factory=list)  # arrow heads' boxes
    plots: list[np.ndarray] = field(default_factory=list)  # boxes of planes and axes shown
    marked: set[str] = field(default_factory=set)  # sheet keys inside a visible answer marker


def is_visible(m: Mobject) -> bool:
    """Whether `m` is seen: a VMobject with some fill or stroke over 5 % opacity, or any other."""
    if isinstance(m, VMobject):
        fill, stroke = m.get_fill_opacities(), m.get_stroke_opacities()
        return bool(np.any(fill > 0.05) or np.any(stroke > 0.05))
    return True


def is_text(m: Mobject) -> bool:
    """Whether `m` is one text on screen (Text, MathTex, Tex, a live readout, a Paragraph).

    A :class:`~manim.Paragraph` is the lines of a code listing (:class:`~manim.Code` holds
    one): its box, font size and ink are measured like any other text.
    """
    return isinstance(m, Text | MathTex | Tex | SingleStringMathTex | LiveNumber | Paragraph)


def font_size(m: Mobject) -> float:
    """The font size `m` shows at now, after any scaling.

    :data:`~scenes.frame.MIN_FONT` is the floor. A Paragraph is measured by how far apart its
    lines stand now against when it was made (see :func:`paragraph_scale`).
    """
    if isinstance(m, LiveNumber):
        return float(m._font)
    if isinstance(m, Paragraph):
        return float(m.lines_text._font_size) * paragraph_scale(m)
    return float(cast(float, m.font_size))


def paragraph_scale(p: Paragraph) -> float:
    """How much `p` was scaled since it was made.

    A Paragraph records where each line's centre stood when made; scaling moves them apart
    by its factor. Its first and last lines are left out (:class:`~manim.Code` removes glyphs
    from them after making its Paragraph). With too few lines, the one Text its glyphs are
    cut from (``lines_text``, which shares them) tells the scale instead.
    """
    made = p.lines_initial_positions
    inner = [
        i
        for i in range(1, len(p.lines_chars) - 1)
        if p.lines_chars[i].has_points() or p.lines_chars[i].family_members_with_points()
    ]
    if len(inner) >= 2:
        a, b = inner[0], inner[-1]
        then = abs(made[a][1] - made[b][1])
        if then > 1e-6:
            return float(abs(p.lines_chars[a].get_y() - p.lines_chars[b].get_y()) / then)
    return float(p.lines_text.font_size) / float(p.lines_text._font_size)


def text_mobjects(mobs: list[Mobject]) -> list[Mobject]:
    """The texts (:func:`is_text`) in `mobs` and their families that are on screen and seen."""
    out: list[Mobject] = []
    for m in mobs:
        if is_text(m):
            if m.width > 0 and any(is_visible(p) for p in m.family_members_with_points()):
                out.append(m)
        else:
            out.extend(text_mobjects(m.submobjects))
    return out
