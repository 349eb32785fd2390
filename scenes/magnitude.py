"""MagnitudeVsDirection: what a raw score does and does not say about direction."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UL,
    UP,
    Arc,
    Arrow,
    CoordinateSystem,
    Create,
    FadeIn,
    FadeOut,
    Indicate,
    MathTex,
    ReplacementTransform,
    VGroup,
    VMobject,
)

from scenes.figure import box_of, place_clear
from scenes.geometry import fitted_plane, grow, vector_arrow
from scenes.palette import C
from scenes.predict import PredictionScene
from scenes.tagging import part_of
from scenes.textfit import fit_into

__all__ = ["MagnitudeVsDirection", "shared_unit_planes", "table"]

HALF_W = 6.0  # each half of the frame: a plane and its table
HALF_X = 3.2  # centres of the halves at ±HALF_X
HW, TOP = 6.37, 3.57  # inside the title-safe area (frame_box) by a little more than rounding
BOTTOM = -TOP
SIDE_BY_SIDE = 0.17  # how far a short vector along a longer one is drawn beside it


def _span(points: list[np.ndarray]) -> np.ndarray:
    """The x and y extent fitted_plane gives these points (origin included, a unit of room)."""
    pts = np.array([[0.0, 0.0], *[np.asarray(p, dtype=float)[:2] for p in points]])
    span: np.ndarray = (np.ceil(pts.max(axis=0)) + 1) - (np.floor(pts.min(axis=0)) - 1)
    return span


def shared_unit_planes(groups: list[list[np.ndarray]], width: float, height: float) -> list[Any]:
    """One fitted plane per group of points, all with the same unit, each inside the box.

    Parameters
    ----------
    groups : list of list of array
        The points each plane must show.
    width, height : float
        The box (scene units) every plane must fit.

    Returns
    -------
    list of NumberPlane
    """
    spans = [_span(g) for g in groups]
    unit = min(min(width / s[0], height / s[1]) for s in spans)
    return [fitted_plane(g, unit * s[0], unit * s[1]) for g, s in zip(groups, spans, strict=True)]


def table(rows: Sequence[Sequence[VMobject]], gap: float = 0.45, pitch: float = 0.58) -> VGroup:
    """Rows of cells in columns: the first column left-aligned, the others centred.

    Parameters
    ----------
    rows : list of list of Mobject
        Cells, the same number in every row (an empty VGroup leaves a cell blank).
    gap : float
        Space between columns.
    pitch : float
        Distance between row centres.

    Returns
    -------
    VGroup
        One VGroup per row, in place.
    """
    cols = len(rows[0])
    widths = [max(r[c].width for r in rows) for c in range(cols)]
    out = VGroup()
    for i, row in enumerate(rows):
        x = 0.0
        for c, cell in enumerate(row):
            if c == 0:
                cell.move_to((x, -i * pitch, 0), aligned_edge=LEFT)
            else:
                cell.move_to((x + widths[c] / 2, -i * pitch, 0))
            x += widths[c] + gap
        out.add(VGroup(*row))
    return out


def angle_arc(
    plane: CoordinateSystem, x: np.ndarray, y: np.ndarray, radius: float = 0.5
) -> VMobject:
    """The arc of the angle from `x` to `y` at the origin (nothing when they are parallel)."""
    a, b = np.arctan2(x[1], x[0]), np.arctan2(y[1], y[0])
    d = (b - a + np.pi) % (2 * np.pi) - np.pi
    if abs(d) < 1e-6:
        return VMobject()
    o = plane.c2p(0, 0)
    return Arc(radius=radius, start_angle=a, angle=d, arc_center=o, color=C.TEXT, stroke_width=4)


class MagnitudeVsDirection(PredictionScene):
    """Two pairs with one raw score; then the second pair's x scaled and flipped."""

    def construct(self) -> None:
        """Storyboard: two pairs, their cosines, a guess, a positive factor, times minus one."""
        self.build()
        self.step("dua-pasangan")
        self.show_pairs()
        self.step("kosinus")
        self.show_cosines()
        self.step("tebak")
        self.ask_scaling()
        self.step("skala-positif")
        self.move_x(1)
        self.step("kali-minus-satu")
        self.move_x(2)

    # --- layout ------------------------------------------------------------------------
    def build(self) -> None:
        """Title, two planes with a common unit, arrows, arcs and a table under each plane."""
        (x1, y1), (x2, y2) = self.lesson.magnitude
        s = float(self.lesson.magnitude_scale)
        self.x1, self.y1 = np.array(x1, float), np.array(y1, float)
        self.y2 = np.array(y2, float)
        self.states = [np.array(x2, float), s * np.array(x2, float), -np.array(x2, float)]

        self.title = self.t("mvd_title", 32).move_to((-HW, TOP, 0), aligned_edge=UL)
        self.verdict = self.sheet.decisions["verdict"]  # decided exactly by the sheet
        self.note = self.t(self.pick("mvd_note", "verdict"), 26, C.TEXT)

        table_h = 0.58 * 4
        plane_top = self.title.get_bottom()[1] - 0.35
        plane_bottom = BOTTOM + table_h + 0.3
        self.planes = shared_unit_planes(
            [[self.x1, self.y1], [self.y2, *self.states]], HALF_W, plane_top - plane_bottom
        )
        for plane, x in zip(self.planes, (-HALF_X, HALF_X), strict=True):
            plane.move_to([x, (plane_top + plane_bottom) / 2, 0])
        left, right = self.planes
        self.left_fig = self.figure(left, self.x1, self.y1, MathTex("x", font_size=34))
        labels = [
            MathTex("x", font_size=34),
            self.formula(self.n("scale"), "x", size=34),
            MathTex("-x", font_size=34),
        ]
        self.right_figs = [self.figure(right, self.states[0], self.y2, labels[0])]
        for state, lab in zip(self.states[1:], labels[1:], strict=True):
            # x before it was scaled stays on screen as a ghost: its head is in the way too
            ghost = [self.right_figs[0][0]]
            self.right_figs.append(self.figure(right, state, self.y2, lab, ghost))

        self.left_table = self.pair_table("first", ["first"])
        self.right_table = self.pair_table("second", ["second", "scaled", "flipped"])
        for t, x in ((self.left_table, -HALF_X), (self.right_table, HALF_X)):
            fit_into(t, HALF_W, table_h)
            t.move_to((x, plane_bottom - 0.3, 0), aligned_edge=UP)
        self.left_table.align_to(left, LEFT)
        self.right_table.align_to(right, LEFT)
        for t in (self.left_table, self.right_table):
            _inside(t)
        # The verdict of the cosines fills the room the left table leaves (it has one row).
        fit_into(self.note, HALF_W, 0.6)
        self.note.next_to(self.left_table, DOWN, buff=0.45, aligned_edge=LEFT)

    def figure(
        self,
        plane: CoordinateSystem,
        x: np.ndarray,
        y: np.ndarray,
        x_label: VMobject,
        avoid: list[VMobject] | None = None,
    ) -> VGroup:
        """Arrows x and y on `plane`, their names beyond the tips, and the angle's arc.

        A name goes beyond its tip, else turned from there (:func:`scenes.figure.place_clear`):
        the first place inside the title-safe area clear of both heads, of the other name and
        of `avoid` (heads still on screen while this figure shows, as the ghost of x before it
        was scaled).
        """
        xa = vector_arrow(plane, x, C.QUERY, width=8)
        # a thin y over a thick x, its head large enough to see when y is short
        ya = vector_arrow(plane, y, C.KEY, width=5, tip_ratio=0.45).set_z_index(1)
        o = plane.c2p(0, 0)
        beside = _along(plane, x, y)
        ya.shift(beside)  # y drawn beside x where it would lie on x's shaft
        heads = [box_of(a.tip) for a in (xa, ya, *(avoid or [])) if isinstance(a, Arrow)]
        safe = np.array([[-HW, BOTTOM], [HW, TOP]])
        placed: list[VMobject] = []
        names = (
            (x, x_label.set_color(C.QUERY), np.zeros(3)),
            (y, MathTex("y", font_size=34), beside),
        )
        for v, label, shift in names:
            tip = plane.c2p(*v) + shift
            avoid_boxes = heads + [box_of(m) for m in placed]
            placed.append(place_clear(label, tip, tip - o, avoid_boxes, safe, buff=0.18))
        xl, yl = placed
        yl.set_color(C.KEY)
        shortest = min(float(np.linalg.norm(plane.c2p(*v) - o)) for v in (x, y))
        return VGroup(xa, ya, xl, yl, angle_arc(plane, x, y, min(0.5, 0.6 * shortest)))

    def pair_table(self, pair: str, rows: list[str]) -> VGroup:
        """Header ``y = (…) | x · y | cos θ`` and one row per state of x."""
        names = {"first": "x =", "second": "x =", "flipped": "-x ="}
        head = [
            self.formula("y =", self.n(f"{pair}_y"), size=30, color=C.KEY),
            MathTex(r"x \cdot y", font_size=30),
            MathTex(r"\cos\theta", font_size=30),
        ]
        cells = [head]
        for r in rows:
            lhs = (
                self.formula(self.n("scale"), "x =", self.n(f"{r}_x"), size=30, color=C.QUERY)
                if r == "scaled"
                else self.formula(names[r], self.n(f"{r}_x"), size=30, color=C.QUERY)
            )
            dot = self.formula(self.n(f"{r}_dot"), size=30)
            cos = self.formula(self.n(f"{r}_cos"), size=30, color=C.TEXT)
            cells.append([lhs, dot, cos])
        return table(cells)

    # --- steps -------------------------------------------------------------------------
    def show_pairs(self) -> None:
        """Both planes, both pairs, both raw scores."""
        self.say("mvd_sub_pairs")
        self.play(FadeIn(self.title), *[Create(p) for p in self.planes], run_time=1.5)
        pairs = ((self.left_fig, self.left_table), (self.right_figs[0], self.right_table))
        for fig, table in pairs:  # each vector as it is read, then the pair's product
            self.play(grow(fig[0]), FadeIn(fig[2]))
            self.play(grow(fig[1]), FadeIn(fig[3]))
            self.play(FadeIn(table[0]), FadeIn(VGroup(part_of(table[1], 0), part_of(table[1], 1))))

    def show_cosines(self) -> None:
        """The cosines: the same raw score need not mean the same angle."""
        self.say(self.pick("mvd_sub_cos", "verdict"), result=True)
        arcs = [self.left_fig[4], self.right_figs[0][4]]
        drawn = [Create(a) for a in arcs if a.has_points()]
        if drawn:
            self.play(*drawn, run_time=1)
        else:
            self.wait(1)
        self.play(FadeIn(self.left_table[1][2]), FadeIn(self.right_table[1][2]))
        self.play(FadeIn(self.note, shift=0.2 * DOWN))
        self.wait(3)

    def ask_scaling(self) -> None:
        """Before x is scaled: what will its product and its cosine do? Each lit as named."""
        badge = self.ask("mvd_predict", "mvd_sub_predict")
        x_arrow, (_, dot, cos) = self.right_figs[0][0], self.right_table[1]
        for beat, part in (("x", x_arrow), ("dot", dot), ("cos", cos), ("flip", x_arrow)):
            self.at(self.strings[f"mvd_beat_predict_{beat}"])
            self.play(Indicate(part, color=C.ACCENT, scale_factor=1.15), run_time=0.8)
        self.let_guess(badge)

    def move_x(self, state: int) -> None:
        """The second pair's x becomes state 1 (times the factor) or 2 (times minus one)."""
        self.say("mvd_sub_scale" if state == 1 else "mvd_sub_flip", result=True)
        now, new = self.right_figs[state - 1], self.right_figs[state]
        if state == 1:
            ghost = now[0].copy().set_opacity(0.55)  # where x was, for comparison
            self.play(FadeOut(self.note), FadeIn(ghost), run_time=0.5)
        arc = (
            ReplacementTransform(now[4], new[4])
            if now[4].has_points() and new[4].has_points()
            else FadeIn(new[4])
        )
        if now[4].has_points() and not new[4].has_points():
            self.remove(now[4])
        self.play(
            ReplacementTransform(now[0], new[0]),
            ReplacementTransform(now[2], new[2]),
            arc,
            run_time=2,
        )
        self.play(FadeIn(self.right_table[state + 1]))
        self.wait(2.5)


def _along(plane: CoordinateSystem, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Shift (scene units) that draws `y` beside `x` when y would lie on x's shaft, else zero.

    A vector pointing along another, nearly parallel and no longer, would hide under it: it
    moves :data:`SIDE_BY_SIDE` to the left of x's direction.
    """
    o = plane.c2p(0, 0)
    a, b = plane.c2p(*x) - o, plane.c2p(*y) - o
    la, lb = np.linalg.norm(a), np.linalg.norm(b)
    if la < 1e-9 or lb < 1e-9 or np.dot(a, b) <= 0:
        return np.zeros(3)
    u = a / la
    normal = np.array([-u[1], u[0], 0.0])
    if abs(np.dot(b, normal)) > SIDE_BY_SIDE:  # its own line, apart from x's shaft
        return np.zeros(3)
    return SIDE_BY_SIDE * normal


def _inside(label: VMobject) -> VMobject:
    """`label` moved the least way that keeps it inside the title-safe area."""
    lo = label.get_corner(DOWN + LEFT)
    hi = label.get_corner(UP + RIGHT)
    dx = max(-HW - lo[0], 0.0) - max(hi[0] - HW, 0.0)
    dy = max(BOTTOM - lo[1], 0.0) - max(hi[1] - TOP, 0.0)
    return label.shift((dx, dy, 0))
