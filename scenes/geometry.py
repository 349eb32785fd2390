"""Plane geometry: one arrow, a plane fitted to its points, lines and half-planes clipped to it."""

from __future__ import annotations

from typing import Any

import numpy as np
from manim import Animation, VMobject

from scenes.palette import C

__all__ = ["arrow_between", "clip_line", "fitted_plane", "grow", "half_plane", "vector_arrow"]


def arrow_between(
    start: np.ndarray,
    end: np.ndarray,
    color: str,
    width: float = 6,
    tip_ratio: float = 0.2,
    dot_radius: float = 0.08,
) -> VMobject:
    """The kit's one arrow: from `start` to `end` (scene points), a dot where they meet.

    Parameters
    ----------
    start, end : array
        Scene points.
    color : str
        Colour of the arrow (or the dot).
    width : float
        Stroke width.
    tip_ratio : float
        Longest tip as a share of the arrow's length.
    dot_radius : float
        Radius of the dot drawn instead of an arrow shorter than 0.05 units.

    Returns
    -------
    Mobject
        An :class:`~manim.Arrow`, or a :class:`~manim.Dot` for a (near) zero vector.
    """
    from manim import Arrow, Dot

    if np.linalg.norm(np.asarray(end) - np.asarray(start)) < 0.05:
        return Dot(start, radius=dot_radius, color=color)
    return Arrow(
        start,
        end,
        buff=0,
        color=color,
        stroke_width=width,
        max_tip_length_to_length_ratio=tip_ratio,
    )


def vector_arrow(plane: Any, v: np.ndarray, color: str, **kwargs: Any) -> VMobject:
    """An arrow from the origin of `plane` to the lesson vector `v` (see :func:`arrow_between`)."""
    return arrow_between(plane.c2p(0, 0), plane.c2p(*v), color, **kwargs)


def fitted_plane(points: list[np.ndarray], width: float, height: float, fill: bool = False) -> Any:
    """A NumberPlane with equal x/y units that holds every point with a unit of room.

    Parameters
    ----------
    points : list of array
        2-D points (lesson coordinates) the plane must show; the origin is always included.
    width, height : float
        The box (scene units) the plane must fit.
    fill : bool
        Fill `width` exactly when the height decides the unit: whole cells are added on both
        sides and the unit shrinks a little, so that they end on the box's edges. The figure
        takes its room, and a turning vector has space.

    Returns
    -------
    NumberPlane
        Unlabelled grid (no tick numbers: every number on screen comes from the sheet).
    """
    from manim import NumberPlane

    pts = np.array([[0.0, 0.0], *[np.asarray(p, dtype=float)[:2] for p in points]])
    lo = np.floor(pts.min(axis=0)) - 1
    hi = np.ceil(pts.max(axis=0)) + 1
    span = hi - lo
    unit = min(width / span[0], height / span[1])
    if fill:
        cells = max(span[0], np.ceil(width / unit - 1e-9))
        extra = cells - span[0]
        lo[0], hi[0] = lo[0] - np.floor(extra / 2), hi[0] + np.ceil(extra / 2)
        span = hi - lo
        unit = width / span[0]
    step = 1 if unit > 0.3 else 2
    return NumberPlane(
        x_range=(lo[0], hi[0], step),
        y_range=(lo[1], hi[1], step),
        x_length=unit * span[0],
        y_length=unit * span[1],
        background_line_style={"stroke_color": C.GRID, "stroke_width": 1, "stroke_opacity": 0.8},
        axis_config={"stroke_color": C.MUTED, "stroke_width": 2},
    )


def clip_line(plane: Any, direction: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Ends (scene coordinates) of the line through the origin along `direction`, in `plane`."""
    u = np.asarray(direction, dtype=float) / np.linalg.norm(direction)
    lo = np.array([plane.x_range[0], plane.y_range[0]])
    hi = np.array([plane.x_range[1], plane.y_range[1]])
    ts = [b / u[i] for i in range(2) if abs(u[i]) > 1e-12 for b in (lo[i], hi[i])]
    inside = [t for t in ts if np.all(t * u >= lo - 1e-9) and np.all(t * u <= hi + 1e-9)]
    return plane.c2p(*(min(inside) * u)), plane.c2p(*(max(inside) * u))


def half_plane(plane: Any, normal: np.ndarray, sign: int) -> list[np.ndarray]:
    """Corners (scene coordinates) of the part of `plane` where ``sign * <x, normal> >= 0``."""
    (x0, x1), (y0, y1) = plane.x_range[:2], plane.y_range[:2]
    rect = [np.array(p, dtype=float) for p in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))]
    side = [sign * float(np.dot(p, normal)) for p in rect]
    out: list[np.ndarray] = []
    for i, p in enumerate(rect):
        j = (i + 1) % len(rect)
        if side[i] >= 0:
            out.append(p)
        if (side[i] >= 0) != (side[j] >= 0):
            t = side[i] / (side[i] - side[j])
            out.append(p + t * (rect[j] - p))
    return [plane.c2p(*p) for p in out]


def grow(arrow: VMobject) -> Animation:
    """An arrow grows from its tail; a vector too short to draw as one (a dot) fades in."""
    from manim import Arrow, FadeIn, GrowArrow

    return GrowArrow(arrow) if isinstance(arrow, Arrow) else FadeIn(arrow)
