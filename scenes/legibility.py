"""The colour of each text and meaningful graphic on screen, and its contrast with its backdrop.

At a step's end the snapshot records one :class:`Ink` per colour of each visible text
(Text, MathTex, Tex, a live readout) and of each graphic that carries meaning (an arrow, a
line, a bar, a region, a dot). The colour is composited as the renderer paints it: over the
frame background and every filled shape drawn under it at that place (a tinted half-plane,
a bar, a code panel), under any drawn over it, at the opacity the scene set. The contrast
is WCAG 2.x's (:func:`scenes.palette.contrast`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from manim import (
    Arc,
    BackgroundRectangle,
    CoordinateSystem,
    Line,
    MarkupText,
    Mobject,
    Paragraph,
    Polygram,
    SingleStringMathTex,
    Text,
    VMobject,
)
from manim.utils.family import extract_mobject_family_members

from scenes.palette import BACKGROUND, C, composite, contrast, hex_rgb, rgb_hex
from scenes.tagging import LiveNumber

__all__ = ["Ink", "box", "inks"]

VISIBLE = 0.05  # an opacity at or below this is not seen
OPAQUE = 0.5  # a graphic's fill at least this opaque is a mark; under it, a tint (a backdrop)
GRAPHICS = (Line, Polygram, Arc)  # arrows and vector lines, bars and regions, dots and rings


@dataclass(frozen=True)
class Ink:
    """One colour of one text or graphic at a step's end, seen over what is behind it.

    Attributes
    ----------
    label : str
        What it is: the text it writes, or the graphic's class.
    kind : {"text", "graphic", "decoration"}
        Text must reach 4.5:1, a graphic 3:1; a decoration (drawn in :attr:`C.GRID`: a
        divider, a track) carries no meaning and is not held to a ratio.
    color : str
        The colour the scene gave it (``#RRGGBB``).
    opacity : float
        Its opacity on screen.
    seen : str
        The colour seen where it is the least legible: itself over its backdrop.
    behind : str
        The backdrop there: the frame background with the shapes under (and over) it.
    ratio : float
        WCAG contrast of `seen` with `behind` at its least legible glyph or part (a
        graphic's part at the better of its outline and its fill).
    box : numpy.ndarray
        Its bounding box ``[[x0, y0], [x1, y1]]`` (scene units).
    font : str
        A text's font: the family list Pango set it in (a Text, a code listing's lines),
        ``"LaTeX"`` for a formula or a readout typeset by LaTeX; empty for a graphic.
    text : str
        All a Text writes (its characters, which `label` may cut short); empty otherwise.
    """

    label: str
    kind: str
    color: str
    opacity: float
    seen: str
    behind: str
    ratio: float
    box: np.ndarray
    font: str = ""
    text: str = ""


@dataclass
class _Layer:
    order: int
    rgb: tuple[float, float, float]
    alpha: float
    lo: np.ndarray
    hi: np.ndarray
    edges: tuple[np.ndarray, np.ndarray]  # start and end points of the outline's edges
    mark: bool  # an opaque part of a meaningful graphic (a tip, a bar, a dot), not a tint


def _outline(m: VMobject) -> tuple[np.ndarray, np.ndarray]:
    """Edges of `m`'s filled area: each subpath closed through its anchors (and mid-curves)."""
    starts, ends = [], []
    for path in m.get_subpaths():
        if len(path) < 4:
            continue
        curves = path.reshape(-1, 4, 3)
        # the anchors and each curve's midpoint: a circle (eight curves) becomes a 16-gon
        mids = (
            0.125 * curves[:, 0]
            + 0.375 * curves[:, 1]
            + 0.375 * curves[:, 2]
            + 0.125 * curves[:, 3]
        )
        pts = np.empty((2 * len(curves), 2))
        pts[0::2], pts[1::2] = curves[:, 0, :2], mids[:, :2]
        starts.append(pts)
        ends.append(np.roll(pts, -1, axis=0))
    if not starts:
        return np.zeros((0, 2)), np.zeros((0, 2))
    return np.concatenate(starts), np.concatenate(ends)


def _inside(points: np.ndarray, layer: _Layer) -> np.ndarray:
    """Which `points` (N x 2) lie in `layer`'s filled area (even-odd rule, like cairo's)."""
    near = np.all((points >= layer.lo) & (points <= layer.hi), axis=1)
    out = np.zeros(len(points), dtype=bool)
    if not near.any():
        return out
    p = points[near][:, None, :]
    a, b = layer.edges[0][None], layer.edges[1][None]
    crosses = (a[..., 1] > p[..., 1]) != (b[..., 1] > p[..., 1])
    dy = np.where(b[..., 1] == a[..., 1], 1e-12, b[..., 1] - a[..., 1])
    x_at = a[..., 0] + (p[..., 1] - a[..., 1]) * (b[..., 0] - a[..., 0]) / dy
    out[near] = (np.count_nonzero(crosses & (p[..., 0] < x_at), axis=1) % 2) == 1
    return out


def _rgb(color: object) -> tuple[float, float, float]:
    return hex_rgb(color.to_hex() if hasattr(color, "to_hex") else str(color))


def _label(m: Mobject) -> str:
    for name in ("sheet_key", "original_text", "tex_string", "text"):
        value = getattr(m, name, None)
        if isinstance(value, str) and value:
            return f"{type(m).__name__} {value[:40]!r}"
    shown = getattr(m, "shown", None)
    if shown is not None:
        return f"{type(m).__name__} {shown.text!r}"
    return type(m).__name__


def _font(m: Mobject) -> tuple[str, str]:
    """The font `m` is set in and the characters it writes (a Text's), for its :class:`Ink`."""
    if isinstance(m, Paragraph):
        return str(m.lines_text.font), str(m.lines_text.text)
    if isinstance(m, Text | MarkupText):
        return str(m.font), str(m.text)
    if isinstance(m, SingleStringMathTex | LiveNumber):  # MathTex and Tex are LaTeX's too
        return "LaTeX", ""
    return "", ""


def box(m: Mobject) -> np.ndarray:
    """``[[x0, y0], [x1, y1]]``: `m`'s corners down-left and up-right, as manim finds them.

    ``get_corner`` gathers the points that define the boundary (every part's anchors) for
    each corner; here they are gathered once for both, and the same extremes are taken.
    """
    points = m.get_points_defining_boundary()
    if len(points) == 0:
        return np.zeros((2, 2))  # manim's corner of a mobject without points: the origin
    return np.array([points[:, :2].min(axis=0), points[:, :2].max(axis=0)])


def _paints(m: VMobject, text: bool) -> list[tuple[str, tuple[float, float, float], float]]:
    """What `m` paints: ("fill" | "stroke", colour, opacity), the visible ones."""
    out = []
    if m.get_fill_opacity() > VISIBLE:
        out.append(("fill", _rgb(m.get_fill_color()), float(m.get_fill_opacity())))
    if not text and m.get_stroke_width() > 0 and m.get_stroke_opacity() > VISIBLE:
        out.append(("stroke", _rgb(m.get_stroke_color()), float(m.get_stroke_opacity())))
    return out


def _samples(m: VMobject, paint: str) -> np.ndarray:
    """Where to look behind `m`'s `paint`: its centre for a fill, along it for a stroke."""
    if paint == "fill" or len(m.points) < 4:
        lo, hi = box(m)
        return np.array([(lo + hi) / 2])  # get_center: halfway between the extremes
    curves = m.points.reshape(-1, 4, 3) if len(m.points) % 4 == 0 else m.points[None, :4]
    mids = 0.125 * curves[:, 0] + 0.375 * curves[:, 1] + 0.375 * curves[:, 2] + 0.125 * curves[:, 3]
    return mids[:, :2]


def inks(mobjects: list[Mobject], is_text: Callable[[Mobject], bool]) -> list[Ink]:
    """The :class:`Ink` of every visible text and meaningful graphic among `mobjects`.

    Parameters
    ----------
    mobjects : list of Mobject
        What the scene shows (``scene.mobjects``), in the order they are drawn.
    is_text : callable
        Whether a mobject is one text (its glyphs are its family).

    Returns
    -------
    list of Ink
        One per (mobject, colour, opacity), at the least legible place it covers.
    """
    drawn = extract_mobject_family_members(mobjects, use_z_index=True, only_those_with_points=True)
    order = {id(m): i for i, m in enumerate(drawn)}
    owners: list[tuple[str, Mobject]] = []

    def walk(m: Mobject) -> None:
        if isinstance(m, CoordinateSystem | BackgroundRectangle):
            return  # a plane's grid and axes, a panel: backdrops, not marks that carry meaning
        if is_text(m) or isinstance(m, Paragraph):  # a code listing's lines are text too
            owners.append(("text", m))
        elif isinstance(m, GRAPHICS):
            owners.append(("graphic", m))
        else:
            for s in m.submobjects:
                walk(s)

    for m in mobjects:
        walk(m)
    glyphs = {id(p) for kind, m in owners if kind == "text" for p in m.get_family()}
    marks = {id(p) for kind, m in owners if kind == "graphic" for p in m.get_family()}
    layers: list[_Layer] = []
    for m in drawn:
        if id(m) in glyphs or not isinstance(m, VMobject) or m.get_fill_opacity() <= 0.01:
            continue
        edges = _outline(m)
        if len(edges[0]):
            lo, hi = edges[0].min(axis=0), edges[0].max(axis=0)
            layers.append(
                _Layer(
                    order[id(m)],
                    _rgb(m.get_fill_color()),
                    float(m.get_fill_opacity()),
                    lo,
                    hi,
                    edges,
                    bool(id(m) in marks and m.get_fill_opacity() >= OPAQUE),
                )
            )

    # every (owner, part, paint) with its sample points; then one inside test per layer
    jobs: list[tuple[int, VMobject, str, tuple[float, float, float], float, slice]] = []
    points: list[np.ndarray] = []
    n = 0
    for k, (kind, m) in enumerate(owners):
        for part in m.family_members_with_points():
            if not isinstance(part, VMobject) or id(part) not in order:
                continue
            for paint, rgb, alpha in _paints(part, kind == "text"):
                pts = _samples(part, paint)
                jobs.append((k, part, paint, rgb, alpha, slice(n, n + len(pts))))
                points.append(pts)
                n += len(pts)
    if not jobs:
        return []
    allpts = np.concatenate(points)
    inside = [_inside(allpts, layer) for layer in layers]

    # per part: the least legible place it covers; a graphic's part is seen by its fill or
    # its outline, whichever stands out more; a text's glyphs must each be legible
    parts: dict[tuple[int, int], tuple[float, str, float, str, str]] = {}
    for k, part, _paint, rgb, alpha, where in jobs:
        kind, owner = owners[k]
        idx = order[id(part)]
        own = {order[id(p)] for p in owner.get_family() if id(p) in order}
        worst = (np.inf, "", "")
        for i in range(where.start, where.stop):
            # Not over itself. A graphic is seen against the frame and the tints and panels
            # under it; where it meets another mark (a chain's tip on the output's tip, a dash
            # across an arrow) or hides under one is a crossing, a matter of layout.
            hits = [
                ly
                for ly, hit in zip(layers, inside, strict=True)
                if hit[i] and ly.order not in own and not (kind == "graphic" and ly.mark)
            ]
            under = [(ly.rgb, ly.alpha) for ly in hits if ly.order < idx]
            over = [(ly.rgb, ly.alpha) for ly in hits if ly.order > idx and kind == "text"]
            back = composite(under, BACKGROUND)
            seen, behind = composite(over, composite([(rgb, alpha)], back)), composite(over, back)
            ratio = contrast(seen, behind)
            if ratio < worst[0]:
                worst = (ratio, rgb_hex(seen), rgb_hex(behind))
        prev = parts.get((k, id(part)))
        if prev is None or worst[0] > prev[0]:
            parts[(k, id(part))] = (worst[0], rgb_hex(rgb), round(alpha, 3), worst[1], worst[2])
    # per (mobject, colour, opacity): its least legible glyph or part
    grouped: dict[tuple[int, str, float], list[tuple[float, str, str]]] = {}
    for (k, _), (ratio, color, alpha, seen_hex, behind_hex) in parts.items():
        grouped.setdefault((k, color, alpha), []).append((ratio, seen_hex, behind_hex))
    out = []
    for (k, color, alpha), found in grouped.items():
        kind, m = owners[k]
        ratio, seen_hex, behind_hex = min(found)
        if kind == "graphic" and color == C.GRID:
            kind = "decoration"
        font, text = _font(m) if kind == "text" else ("", "")
        seen_as = (seen_hex, behind_hex, float(ratio))
        out.append(Ink(_label(m), kind, color, alpha, *seen_as, box(m), font, text))
    return out
