"""A figure beside a column: the plane's width, the column's scale, labels clear of each other.

ProjectionDrop and AngleSignRegions draw a plane on the left and a column of text and
formulas on the right. Both are measured, never placed for one lesson's numbers: the column
takes the largest scale at which it fits the title-safe area with no text below
:data:`~scenes.frame.MIN_FONT` (long formulas break at their ``=`` signs), and the plane
takes the width the column leaves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    BackgroundRectangle,
    VGroup,
    VMobject,
)

from scenes.frame import MIN_FONT, frame_box
from scenes.palette import BACKGROUND
from scenes.snapshot import font_size, is_text
from scenes.tagging import attach, attached

__all__ = [
    "GAP",
    "PLANE_MIN_W",
    "PLOT_SHARE",
    "SPACINGS",
    "backed",
    "box_of",
    "column_beside_plot",
    "fit_column",
    "formula_lines",
    "keep_inside",
    "left_right",
    "min_font",
    "overlaps",
    "place_clear",
    "plane_room",
]

GAP = 0.35  # between the plane and the column (scene units)
PLANE_MIN_W = 5.0  # the plane keeps at least this width; the column wraps before it takes more
# A geometric scene's plane takes this share of the frame's width: the figure carries the
# argument, the column of formulas beside it follows (ProjectionDrop, AngleSignRegions).
PLOT_SHARE = 0.6


def min_font(mob: VMobject) -> float:
    """The smallest font size among the texts in `mob` (at its current scale)."""
    sizes = [font_size(m) for m in mob.get_family() if is_text(m) and m.width > 0]
    return min(sizes, default=float(MIN_FONT))


def box_of(mob: VMobject) -> np.ndarray:
    """Bounding box ``[[x0, y0], [x1, y1]]`` of `mob` (scene units)."""
    return np.array([mob.get_corner(DOWN + LEFT)[:2], mob.get_corner(UP + RIGHT)[:2]])


def plane_room() -> tuple[float, float]:
    """Width and height of the title-safe area, and so the room a figure and column share."""
    half_w, half_h = frame_box()
    return 2 * half_w, 2 * half_h


SPACINGS = (1.0, 0.6)  # the column's gaps, full and tight (a share of what the build asks)


def fit_column(
    build: Callable[[float, float], VMobject],
    room_w: float,
    room_h: float,
    prefer_w: float | None = None,
    good: float = 0.85,
) -> VMobject:
    """The column `build` lays out, at the largest scale (at most 1) at which it fits its room.

    Parameters
    ----------
    build : callable
        ``build(width, spacing)`` lays the column out at full size with rows no wider than
        `width` where a row can break (a long formula breaks at an ``=``), its gaps times
        `spacing`: the gaps close up (:data:`SPACINGS`) before the text would go below
        :data:`~scenes.frame.MIN_FONT`.
    room_w, room_h : float
        The room the scaled column must fit (scene units).
    prefer_w : float, optional
        A narrower width to try first (the figure beside it grows): kept when the column
        fits it at a scale of `good` or more.
    good : float
        See `prefer_w`.

    Returns
    -------
    Mobject
        The column, scaled; never below the scale at which its smallest text reaches
        :data:`~scenes.frame.MIN_FONT` (at that floor it may overflow: the layout tests say so).
        Its ``fit_scale`` is the scale it got.
    """
    if prefer_w is not None and prefer_w < room_w:
        narrow = fit_column(build, prefer_w, room_h)
        if attached(narrow, "fit_scale") >= good:
            return narrow
    room_w, room_h = room_w - 0.01, room_h - 0.01  # no text right on the safe area's edge
    for spacing in SPACINGS:
        s = 1.0
        while True:
            mob = build(room_w / s, spacing)
            floor = min(1.0, MIN_FONT / min_font(mob))
            need = min(room_w / max(mob.width, 1e-6), room_h / max(mob.height, 1e-6))
            if need >= s - 1e-9 or s <= floor + 1e-9:
                break
            s = max(floor, min(s - 0.02, need))
        if need >= floor - 1e-9:
            break
    scale = max(min(s, need), floor)
    attach(mob, fit_scale=scale)
    return mob.scale(scale)


def formula_lines(
    make: Callable[..., VMobject],
    segments: Sequence[Sequence[Any] | None],
    width: float,
    indent: float = 0.5,
    buff: float = 0.12,
    width_of: Callable[..., float] | None = None,
) -> VGroup:
    """A formula in as few lines as fit `width`: it breaks only between `segments`.

    Parameters
    ----------
    make : callable
        Builds one line from parts (the scene's ``formula`` with its size and colour).
    segments : sequence of sequence or None
        The formula's pieces in order; a new line begins with a segment (``["=", value]``);
        ``None`` starts a new line there whatever the width.
    width : float
        Widest line allowed, before any scaling.
    indent : float
        How far lines after the first are indented.
    buff : float
        Space between lines.
    width_of : callable, optional
        The width of the line `make` would build from the same parts (a measurement that
        need not build it, :meth:`~scenes.base.LessonScene.formula_width`); by default
        the line is built and measured.

    Returns
    -------
    VGroup
        One formula per line, left-aligned, later lines indented.
    """
    measure = width_of or (lambda *parts: make(*parts).width)
    lines: list[list[Any]] = []
    fresh = True
    for seg in segments:
        if seg is None:  # a line break wherever the formula is
            fresh = True
            continue
        if not seg:
            continue
        joined = lines and not fresh
        if joined and measure(*lines[-1], *seg) + (indent if len(lines) > 1 else 0) <= width:
            lines[-1] = [*lines[-1], *seg]
        else:
            lines.append(list(seg))
        fresh = False
    group = VGroup(*(make(*parts) for parts in lines))
    group.arrange(DOWN, aligned_edge=LEFT, buff=buff)
    for line in group[1:]:
        line.shift(indent * RIGHT)
    return group


def backed(label: VMobject, opacity: float = 0.85) -> VGroup:
    """`label` on a patch of the background, so grid lines and dashes do not cross its glyphs."""
    rect = BackgroundRectangle(label, color=BACKGROUND, fill_opacity=opacity, buff=0.05)
    return VGroup(rect, label)


def overlaps(a: np.ndarray, b: np.ndarray, margin: float) -> bool:
    """Whether boxes `a` and `b` (``[[x0, y0], [x1, y1]]``) come closer than `margin`."""
    return bool(np.all(np.minimum(a[1], b[1]) - np.maximum(a[0], b[0]) > -margin))


def place_clear(
    label: VMobject,
    anchor: np.ndarray,
    toward: np.ndarray,
    avoid: list[np.ndarray],
    bounds: np.ndarray,
    buff: float = 0.15,
    margin: float = 0.04,
) -> VMobject:
    """Put `label` beside the point `anchor`, clear of the `avoid` boxes and inside `bounds`.

    The first try is straight along `toward`; then directions turned further and further
    from it, each at a growing distance. When no place is clear the first try stays, moved
    inside `bounds`.

    Parameters
    ----------
    label : VMobject
        What to place (moved in place).
    anchor : numpy.ndarray
        Scene point the label belongs to (an arrow's tip, a brace's tip).
    toward : numpy.ndarray
        Preferred direction from the anchor.
    avoid : list of numpy.ndarray
        Boxes ``[[x0, y0], [x1, y1]]`` the label must not touch (other labels, arrow heads).
    bounds : numpy.ndarray
        Box the label must stay inside.
    buff, margin : float
        Distance from the anchor; clearance from the avoided boxes.

    Returns
    -------
    Mobject
        `label`.
    """
    t = np.asarray(toward, dtype=float)[:2]
    t = t / np.linalg.norm(t) if np.linalg.norm(t) > 1e-9 else np.array([1.0, 0.0])
    base = float(np.arctan2(t[1], t[0]))
    turns = [0.0]
    for deg in (30, 60, 90, 120, 150):
        turns += [np.radians(deg), -np.radians(deg)]
    turns.append(np.pi)
    first = None
    for extra in (0.0, 0.2, 0.45):
        for turn in turns:
            a = base + turn
            d = np.array([np.cos(a), np.sin(a), 0.0])
            # the label's box touches the circle of radius buff + extra around the anchor
            half = np.array([label.width / 2, label.height / 2, 0])
            reach = float(np.abs(d[:2]) @ half[:2])
            label.move_to(anchor + d * (buff + extra + reach))
            box = box_of(label)
            if first is None:
                first = label.get_center()
            inside = bool(np.all(box[0] >= bounds[0] - 1e-9) and np.all(box[1] <= bounds[1] + 1e-9))
            if inside and not any(overlaps(box, b, margin) for b in avoid):
                return label
    assert first is not None
    label.move_to(first)
    return keep_inside(label, bounds)


def keep_inside(mob: VMobject, bounds: np.ndarray) -> VMobject:
    """Shift `mob` the least distance that puts its box inside `bounds` (where it fits)."""
    box = box_of(mob)
    shift = np.maximum(bounds[0] - box[0], 0) - np.maximum(box[1] - bounds[1], 0)
    return mob.shift(np.array([*shift, 0.0]))


def column_beside_plot(
    build: Callable[[float, float], VMobject], room_w: float, room_h: float, frame_w: float
) -> tuple[VMobject, float]:
    """The column `build` lays out beside a plane of :data:`PLOT_SHARE` of the frame's width.

    When the column cannot fit the room that leaves without its text going under
    :data:`~scenes.frame.MIN_FONT` (numbers of many places that no line break shortens), the
    plane gives up width instead, down to :data:`PLANE_MIN_W`: legible text comes first.

    Parameters
    ----------
    build : callable
        See :func:`fit_column`.
    room_w, room_h : float
        The title-safe area the plane and the column share (scene units).
    frame_w : float
        The frame's width (scene units).

    Returns
    -------
    tuple
        The scaled column, and the width left for the plane.
    """
    plane_w = PLOT_SHARE * frame_w
    column = fit_column(build, room_w - GAP - plane_w, room_h)
    if column.width <= room_w - GAP - plane_w + 0.01 and column.height <= room_h + 0.01:
        return column, plane_w
    column = fit_column(build, room_w - GAP - PLANE_MIN_W, room_h, prefer_w=room_w - GAP - plane_w)
    return column, min(plane_w, room_w - GAP - column.width - 0.02)


def left_right(plane: VMobject, column: VMobject) -> None:
    """Plane at the left edge of the title-safe area, centred in height; column beside it.

    The column's top stays level with the plane's (at most the safe area's top; it rises
    when it would reach below the safe area), and it stands in the middle of the room
    between the plane and the safe area's right edge.
    """
    half_w, half_h = frame_box()
    plane.move_to(np.array([-half_w + plane.width / 2, 0, 0]))
    spare = half_w - (plane.get_right()[0] + GAP) - column.width
    column.shift((min(half_h, plane.get_top()[1] + 0.1) - column.get_top()[1]) * UP)
    column.shift((plane.get_right()[0] + GAP + max(spare, 0) / 2 - column.get_left()[0]) * RIGHT)
    if column.get_bottom()[1] < -half_h:
        column.shift((-half_h - column.get_bottom()[1]) * UP)
