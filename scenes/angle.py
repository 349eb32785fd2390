"""AngleSignRegions: the sign of q · k splits the plane; a query sweeps, stops, scales, vanishes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from manim import (
    DOWN,
    LEFT,
    ORIGIN,
    RIGHT,
    UP,
    Arc,
    Arrow,
    Create,
    DashedLine,
    FadeIn,
    FadeOut,
    Indicate,
    Line,
    MathTex,
    Mobject,
    Polygon,
    UpdateFromAlphaFunc,
    VGroup,
    VMobject,
    always_redraw,
    config,
    linear,
    smooth,
)

from lesson.sheet import readout
from mathcore.fmt import Shown
from scenes.figure import (
    box_of,
    column_beside_plot,
    formula_lines,
    left_right,
    place_clear,
    plane_room,
)
from scenes.frame import frame_box
from scenes.geometry import clip_line, fitted_plane, grow, half_plane, vector_arrow
from scenes.palette import C
from scenes.predict import PredictionScene
from scenes.snapshot import font_size
from scenes.tagging import Part, attach, attached, part_of

__all__ = ["AngleSignRegions"]

STOPS = ("acute", "right", "obtuse")
SECTION_NAMES = {"acute": "lancip", "right": "siku-siku", "obtuse": "tumpul"}


class AngleSignRegions(PredictionScene):
    """Positive, zero and negative alignment, with live readouts from mathcore."""

    def construct(self) -> None:
        """Storyboard: a guess, regions, a sweep to three stops, scaling, the zero vector."""
        self.build()
        self.step("tebak")
        self.ask_sign()
        self.step("wilayah")
        self.show_regions()
        for stop in STOPS:
            self.step(SECTION_NAMES[stop])
            self.move_to_stop(stop)
        if "scaled" in self.stops:  # the optional scaling steps ([angle] scale)
            self.step("skala-positif")
            self.move_to_stop("scaled", path="linear")
            self.step("kali-minus-satu")
            self.move_to_stop("flipped", path="linear")
        self.step("vektor-nol")
        self.vanish()

    # --- layout ------------------------------------------------------------------------
    def build(self) -> None:
        """Plane, tinted half-planes, key, legend, readouts and the moving query.

        The column is laid out first, every stop's caption and values measured, at the
        largest scale at which it fits the title-safe area; the plane takes the width left.
        """
        A = self.lesson.angle
        self.k = np.array(A.key, float)
        self.stops = {
            "acute": np.array(A.acute, float),
            "right": np.array(A.right, float),
            "obtuse": np.array(A.obtuse, float),
        }
        if A.scale is not None:
            self.stops["scaled"] = float(A.scale) * np.array(A.acute, float)
            self.stops["flipped"] = -float(A.scale) * np.array(A.acute, float)
        self.stops["zero"] = np.zeros(2)
        self.q_now = self.stops["acute"].copy()
        room_w, room_h = plane_room()
        layout, plane_w = column_beside_plot(self.column_at, room_w, room_h, config.frame_width)
        parts: dict[str, Any] = attached(layout, "parts")  # mobjects, and the rests by stop
        self.title, self.key_row, self.legend = parts["title"], parts["key"], parts["legend"]
        self.readout_group, self.undefined = parts["live"], parts["undefined"]
        self.captions, self.rests = parts["captions"], parts["rests"]
        self.stop_caption = self.captions["acute"]
        # the live readouts draw their digits at the size the column was scaled to
        for row, kind in zip(self.readout_group, ("dot", "cos", "theta"), strict=True):
            num = self.live(
                self.reader(kind), size=font_size(row[2]) * attached(layout, "fit_scale")
            )
            row.submobjects[2] = num.move_to(
                row[2].get_corner(DOWN + LEFT), aligned_edge=DOWN + LEFT
            )
        self.resting: VGroup | None = None  # the exact values q rests on, in place of the live rows

        self.plane = fitted_plane([self.k, *self.stops.values()], plane_w, room_h, fill=True)
        left_right(self.plane, layout)
        pos = Polygon(
            *half_plane(self.plane, self.k, 1),
            stroke_color=C.POSITIVE,
            stroke_width=3,
            fill_color=C.POSITIVE,
            fill_opacity=0.22,
        )
        neg = Polygon(
            *half_plane(self.plane, self.k, -1),
            stroke_color=C.NEGATIVE,
            stroke_width=3,
            fill_color=C.NEGATIVE,
            fill_opacity=0.22,
        )
        self.tints = VGroup(pos, neg)
        a, b = clip_line(self.plane, np.array([-self.k[1], self.k[0]]))
        self.boundary = DashedLine(a, b, color=C.TEXT, stroke_width=3)
        self.k_arrow = vector_arrow(self.plane, self.k, C.KEY)
        # k's name clear of k's head and of q's head at every stop
        heads = [self.k_arrow, *(self.query_arrow(q) for q in self.stops.values())]
        avoid = [box_of(h.get_tip()) for h in heads if isinstance(h, Arrow)]
        self.k_name = MathTex("k", font_size=36, color=C.KEY)
        place_clear(
            self.k_name, self.plane.c2p(*self.k), np.array([*self.k, 0]), avoid, self.bounds()
        )
        self.q_arrow = self.query_arrow(self.q_now)
        self.q_drawn = self.q_now.copy()  # where q_arrow points (drawn again only when q moves)
        self.q_arrow.add_updater(lambda m: self.follow_q(m))  # a function: copies share it
        self.arc = always_redraw(self.angle_arc)

    def follow_q(self, arrow: VMobject) -> None:
        """Updater: the query arrow drawn again where q is now, when q has moved."""
        if not np.array_equal(self.q_drawn, self.q_now):
            arrow.become(self.query_arrow(self.q_now))
            self.q_drawn = self.q_now.copy()

    def bounds(self) -> np.ndarray:
        """The box labels on the plane stay in: the plane, within the title-safe area."""
        half_w, half_h = frame_box()
        box = box_of(self.plane)
        lo = np.maximum(box[0], [-half_w, -half_h])
        return np.array([lo, np.minimum(box[1], [half_w, half_h])])

    def column_at(self, width: float, spacing: float = 1.0) -> VGroup:
        """The column at full size, rows no wider than `width` where they wrap, gaps × `spacing`.

        The caption slot holds every stop's caption, the readout slot the live rows and
        every stop's exact values, overlaid, so the column is measured at its largest.
        Returns ``VGroup(column)`` with ``.parts`` naming what the steps show.
        """
        title = self.paragraph("as_title", width, 30)
        key_row = self.formula("k =", self.n("k"), size=30, color=C.KEY)
        legend = VGroup(
            self.region_row(C.POSITIVE, r">", "<", "as_positive", width),
            self.region_row(None, r"=", "=", "as_boundary", width),
            self.region_row(C.NEGATIVE, r"<", ">", "as_negative", width),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.2 * spacing)
        captions = {stop: self.caption(stop, width) for stop in self.stops}
        cap_slot = VGroup(*captions.values())
        for cap in captions.values():
            cap.align_to(captions["acute"], UP + LEFT)
        readouts = {kind: self.live(self.reader(kind), size=36) for kind in ("dot", "cos", "theta")}
        rows = []
        for kind, num in readouts.items():
            # the readout sits where a digit typeset after "=" would: same baseline and size
            ref = MathTex(LHS[kind], r"=\,x", font_size=36)  # x sits on the baseline, as digits do
            num.move_to(ref[1][1].get_corner(DOWN + LEFT), aligned_edge=DOWN + LEFT)
            rows.append(VGroup(part_of(ref, 0), part_of(part_of(ref, 1), 0), num))
        live = VGroup(*rows).arrange(DOWN, aligned_edge=LEFT, buff=0.28 * spacing)
        rests = {stop: self.rest_rows(stop, live) for stop in self.stops}
        value_slot = VGroup(live, *rests.values())
        undefined = self.paragraph("as_undefined", width, 26, C.TEXT)
        column = VGroup(title, key_row, legend, cap_slot, value_slot, undefined)
        column.arrange(DOWN, aligned_edge=LEFT, buff=0.3 * spacing)
        out = VGroup(column)
        attach(
            out,
            parts={
                "title": title,
                "key": key_row,
                "legend": legend,
                "captions": captions,
                "live": live,
                "rests": rests,
                "undefined": undefined,
            },
        )
        return out

    def region_row(
        self, color: str | None, rel: str, angle_rel: str, words: str, width: float
    ) -> VGroup:
        """Swatch, ``q · k ? 0  (θ ? 90°)`` and the side's name (wrapped to `width`)."""
        if color is None:
            swatch: VMobject = DashedLine(ORIGIN, 0.45 * RIGHT, color=C.TEXT, stroke_width=3)
        else:
            swatch = Line(ORIGIN, 0.45 * RIGHT, color=color, stroke_width=14, stroke_opacity=1)
        f = self.formula(
            rf"q \cdot k {rel}",
            self.n("zero"),
            rf",\quad \theta {angle_rel}",
            self.n("right_angle"),
            size=32,
        )
        name = self.paragraph(words, width - 0.7, 24, C.MUTED)
        text = VGroup(f, name).arrange(DOWN, aligned_edge=LEFT, buff=0.1)
        return VGroup(swatch, text).arrange(RIGHT, buff=0.25)

    def reader(self, kind: str) -> Callable[[], Shown]:
        """The readout's value now: mathcore on the current q, formatted by the sheet rules."""
        return lambda: readout(kind, self.q_now, self.k, self.lesson.places)

    def query_arrow(self, q: np.ndarray) -> VMobject:
        """The query at `q` (a dot when it is the zero vector)."""
        return vector_arrow(self.plane, q, C.QUERY, dot_radius=0.09)

    def caption(self, stop: str, width: float) -> VGroup:
        """The stop's name and ``q = (…)`` from the sheet, wrapped to `width`."""
        name = self.paragraph(f"as_{stop}", width, 28, C.QUERY)
        parts: list[VMobject] = [name]

        def lines(*segments: list[Part]) -> VGroup:
            return formula_lines(
                lambda *p: self.formula(*p, size=32, color=C.QUERY),
                segments,
                width,
                indent=0.5,
                width_of=lambda *p: self.formula_width(*p, size=32, color=C.QUERY),
            )

        if stop == "scaled":
            parts.append(
                lines(
                    ["q =", self.n("scale"), r"\cdot", self.n("acute_q")],
                    ["=", self.n("scaled_q")],
                )
            )
        elif stop != "zero":
            parts.append(lines(["q =", self.n(f"{stop}_q")]))
        return VGroup(*parts).arrange(DOWN, aligned_edge=LEFT, buff=0.12)

    def rest_rows(self, stop: str, live: VGroup) -> VGroup:
        """The stop's exact values (``q · k = 4``, ``θ ≈ 36.9°``) where the `live` rows are."""
        rows = []
        for row_live, kind in zip(live, ("dot", "cos", "theta"), strict=True):
            row = self.formula(LHS[kind], *self.eq(f"{stop}_{kind}"), size=36)
            row.scale(row_live[0].height / row[0].height)
            rows.append(row.shift(row_live[0].get_left() - row[0].get_left()))
        return VGroup(*rows)

    def rest(self, stop: str | None) -> None:
        """Show the exact values of `stop` in place of the live readouts (None: live again)."""
        if stop is None:
            if self.resting is not None:  # its rows may be on screen one by one
                self.remove(self.resting, *self.resting)
                self.add(self.readout_group)
                self.resting = None
            return
        resting: VGroup = self.rests[stop]
        self.resting = resting
        self.remove(self.readout_group)
        self.add(resting)

    # --- steps -------------------------------------------------------------------------
    def ask_sign(self) -> None:
        """Before the sweep, a guess: where is q · k positive, zero, negative? k drawn as named."""
        badge = self.ask("as_predict", "as_sub_predict", (self.plane, self.title, self.k_name))
        self.play(Create(self.plane), FadeIn(self.title), run_time=1.5)
        self.at(self.strings["as_beat_predict"])
        self.play(grow(self.k_arrow), FadeIn(self.k_name))
        self.let_guess(badge)

    def show_regions(self) -> None:
        """The key's coordinates, the two tinted sides and the boundary."""
        self.say("as_sub_regions")
        self.play(FadeIn(self.key_row))
        self.play(FadeIn(self.tints), Create(self.boundary), FadeIn(self.legend), run_time=2)
        self.bring_to_front(self.k_arrow, self.k_name)
        # q goes once round the plane as the two sides are named: the sign of q · k, its
        # cosine and the angle (the arc from k) follow it across the boundary and back
        self.play(FadeIn(self.q_arrow), FadeIn(self.readout_group), FadeIn(self.arc))
        start = self.q_now.copy()

        def turn(_: Mobject, s: float) -> None:
            self.q_now = self.inside(polar(start, start, s, turn=True))

        self.play(UpdateFromAlphaFunc(self.q_arrow, turn), run_time=4.5, rate_func=linear)
        self.q_now = start

    def inside(self, q: np.ndarray, margin: float = 0.3) -> np.ndarray:
        """`q`, shortened along its own direction where it would reach past the plane's edge."""
        length = float(np.linalg.norm(q))
        if length == 0:
            return q
        u = q / length
        ends = [
            (self.plane.x_range[1] if u[0] > 0 else self.plane.x_range[0]) / u[0]
            if abs(u[0]) > 1e-12
            else np.inf,
            (self.plane.y_range[1] if u[1] > 0 else self.plane.y_range[0]) / u[1]
            if abs(u[1]) > 1e-12
            else np.inf,
        ]
        reach: np.ndarray = u * min(length, min(ends) - margin)
        return reach

    def angle_arc(self) -> VMobject:
        """The arc of the angle between k and q now (nothing for the zero vector)."""
        if not np.any(self.q_now):
            return VMobject()
        o = self.plane.c2p(0, 0)
        a_k = float(np.arctan2(self.k[1], self.k[0]))
        a_q = float(np.arctan2(self.q_now[1], self.q_now[0]))
        sweep = (a_q - a_k + np.pi) % (2 * np.pi) - np.pi
        unit = float(np.linalg.norm(self.plane.c2p(1, 0) - o))
        shorter = min(float(np.linalg.norm(self.k)), float(np.linalg.norm(self.q_now)))
        radius = min(0.6, 0.45 * unit * shorter)
        return Arc(
            radius=radius, start_angle=a_k, angle=sweep, arc_center=o, color=C.TEXT, stroke_width=3
        )

    def move_to_stop(self, stop: str, path: str = "polar") -> None:
        """Move q to `stop`; on the way to the first stop it sweeps once round the plane."""
        self.rest(None)
        start, end = self.q_now.copy(), self.stops[stop]
        if stop != "acute":  # q starts at the first stop, where its sweep ended
            self.play(FadeOut(self.stop_caption), run_time=0.4)
        self.say(self.pick("as_sub_scaled", "scale") if stop == "scaled" else f"as_sub_{stop}")

        def place(_: Mobject, s: float) -> None:
            linear_q = start + s * (end - start)
            self.q_now = polar(start, end, s) if path == "polar" else linear_q

        if not np.allclose(start, end):
            self.play(UpdateFromAlphaFunc(self.q_arrow, place), run_time=2, rate_func=smooth)
        self.q_now = end.copy()
        self.wait(1 / float(config.frame_rate))  # the readouts draw their last value
        self.stop_caption = self.captions[stop]
        if stop == "zero":
            self.at("zero_dot")
            self.rest(stop)
            self.play(FadeIn(self.stop_caption), run_time=0.6)
            self.wait(1)
            return
        self.say(
            "as_sub_values",
            result=True,
            q=f"{stop}_q",
            d=f"{stop}_dot",
            c=f"{stop}_cos",
            t=f"{stop}_theta",
        )
        self.play(FadeIn(self.stop_caption), run_time=0.6)  # on q's words
        self.rest_on_words(stop)

    def rest_on_words(self, stop: str) -> None:
        """Each live readout gives way to the stop's exact value as the voice says it, lit."""
        resting: VGroup = self.rests[stop]
        self.resting = resting
        for live, still, field in zip(self.readout_group, resting, "dct", strict=True):
            self.at(field)
            self.remove(live)
            self.add(still)
            self.play(Indicate(still, color=C.ACCENT, scale_factor=1.08), run_time=0.8)

    def vanish(self) -> None:
        """Shrink q to the zero vector: q · k = 0 but no angle."""
        self.move_to_stop("zero", path="linear")
        self.play(FadeIn(self.undefined))
        self.wait(1.5)


LHS = {"dot": r"q \cdot k", "cos": r"\cos\theta", "theta": r"\theta"}


def polar(a: np.ndarray, b: np.ndarray, s: float, turn: bool = False) -> np.ndarray:
    """Point a fraction `s` of the way from `a` to `b`, turning by angle and growing by length."""
    ra, rb = np.linalg.norm(a), np.linalg.norm(b)
    ta, tb = np.arctan2(a[1], a[0]), np.arctan2(b[1], b[0])
    d = (tb - ta + np.pi) % (2 * np.pi) - np.pi
    if turn:
        d += 2 * np.pi
    ang, r = ta + s * d, ra + s * (rb - ra)
    point: np.ndarray = r * np.array([np.cos(ang), np.sin(ang)])
    return point
