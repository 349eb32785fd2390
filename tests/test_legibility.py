"""What the snapshot records of each text's and graphic's colour, over what is behind it."""

from __future__ import annotations

import numpy as np
import pytest

from scenes.palette import BACKGROUND, C, composite, contrast, rgb_hex

pytestmark = pytest.mark.manim


def _inks(*mobs):
    from scenes.legibility import inks
    from scenes.snapshot import is_text

    return inks(list(mobs), is_text)


def test_text_on_the_background_has_its_own_colour_ratio() -> None:
    from manim import Text

    (ink,) = _inks(Text("w", color=C.TEXT))
    assert ink.kind == "text" and ink.color == C.TEXT and ink.opacity == 1.0
    assert ink.behind == BACKGROUND
    assert ink.ratio == pytest.approx(contrast(C.TEXT, BACKGROUND), abs=1e-9)


def test_faded_text_is_blended_with_the_background() -> None:
    from manim import Text

    (ink,) = _inks(Text("v", color=C.VALUE).set_opacity(0.35))
    seen = composite([(C.VALUE, 0.35)])
    assert ink.opacity == pytest.approx(0.35)
    assert ink.seen == rgb_hex(seen)
    assert ink.ratio == pytest.approx(contrast(seen, BACKGROUND), abs=0.02)
    assert ink.ratio < 2.0


def test_text_inside_a_tinted_region_is_read_against_the_tint() -> None:
    from manim import Polygon, Text

    region = Polygon([-3, -2, 0], [3, -2, 0], [3, 2, 0], [-3, 2, 0], stroke_width=0)
    region.set_fill(C.POSITIVE, 0.5)
    inside = Text("in", color=C.QUERY)
    outside = Text("out", color=C.QUERY).move_to([5, 3, 0])
    by_label = {ink.label: ink for ink in _inks(region, inside, outside)}
    tint = rgb_hex(composite([(C.POSITIVE, 0.5)]))
    assert by_label["Text 'in'"].behind == tint
    assert by_label["Text 'out'"].behind == BACKGROUND
    assert by_label["Text 'in'"].ratio < by_label["Text 'out'"].ratio
    # the region itself: a fill of half opacity, no outline
    assert by_label["Polygon"].kind == "graphic"
    assert by_label["Polygon"].ratio == pytest.approx(contrast(tint, BACKGROUND), abs=0.02)


def test_a_region_drawn_over_text_tints_both() -> None:
    from manim import Square, Text

    text = Text("x", color=C.TEXT)
    veil = Square(side_length=3).set_fill(C.ACCENT, 0.8).set_stroke(width=0)
    (ink,) = [i for i in _inks(text, veil) if i.kind == "text"]
    back = composite([(C.ACCENT, 0.8)])
    seen = composite([(C.ACCENT, 0.8)], C.TEXT)
    assert (ink.seen, ink.behind) == (rgb_hex(seen), rgb_hex(back))
    assert ink.ratio == pytest.approx(contrast(seen, back), abs=0.02)
    assert ink.ratio < 2.0  # white under a yellow veil: nearly gone


def test_an_outline_lets_a_faint_region_be_seen() -> None:
    from manim import Square

    faint = Square(side_length=2).set_fill(C.NEGATIVE, 0.22).set_stroke(width=0)
    outlined = faint.copy().set_stroke(C.NEGATIVE, 3, opacity=1).shift(4 * np.array([1, 0, 0]))
    a, b = sorted(_inks(faint, outlined), key=lambda i: i.box[0][0])
    assert a.ratio < 1.5
    assert b.ratio == pytest.approx(contrast(C.NEGATIVE, BACKGROUND), abs=0.02)


def test_grid_coloured_lines_are_decoration_and_planes_are_skipped() -> None:
    from manim import Line, NumberPlane

    inks = _inks(NumberPlane(), Line([0, 0, 0], [1, 0, 0], color=C.GRID))
    assert [i.kind for i in inks] == ["decoration"]


def test_a_dashed_line_is_not_lost_where_one_dash_crosses_a_tip() -> None:
    from manim import Arrow, DashedLine

    arrow = Arrow([-3, 0, 0], [0, 0, 0], buff=0, color=C.KEY)
    dashes = DashedLine([-4, 0, 0], [4, 0, 0], color=C.KEY, dash_length=0.1)
    line = [i for i in _inks(arrow, dashes) if i.label == "DashedLine"][0]
    assert line.ratio == pytest.approx(contrast(C.KEY, BACKGROUND), abs=0.02)
