"""ProjectionDrop: drop q perpendicularly onto the line of k; projection, residual, comp.

Then the key reading: q · k is the shadow's signed length times ‖k‖₂, for a query on
either side of the line perpendicular to k.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from manim import (
    DOWN,
    LEFT,
    ORIGIN,
    RIGHT,
    UP,
    Arrow,
    Brace,
    Create,
    DashedLine,
    Dot,
    FadeIn,
    FadeOut,
    Indicate,
    Line,
    MathTex,
    Mobject,
    ValueTracker,
    VGroup,
    VMobject,
    Write,
    always_redraw,
    config,
)

import mathcore as mc
from lesson.sheet import readout
from scenes.figure import (
    backed,
    box_of,
    column_beside_plot,
    formula_lines,
    left_right,
    place_clear,
    plane_room,
)
from scenes.frame import frame_box
from scenes.geometry import arrow_between, clip_line, fitted_plane, grow, vector_arrow
from scenes.palette import C
from scenes.predict import PredictionScene
from scenes.tagging import Part, attach, attached, part_of

__all__ = ["ProjectionDrop", "rotate"]


def rotate(v: np.ndarray, angle: float) -> np.ndarray:
    """`v` turned by `angle` radians about the origin (counter-clockwise)."""
    c, s = np.cos(angle), np.sin(angle)
    return np.array([c * v[0] - s * v[1], s * v[0] + c * v[1]])


SWEEP = 3 * np.pi / 4  # q's sweep ends this far round from k: its shadow points against k


class ProjectionDrop(PredictionScene):
    """The figure of the lesson's "Proyeksi" section, built step by step."""

    def construct(self) -> None:
        """Storyboard: vectors, drop, comp, projection, residual, shadow, the other side.

        The scalar projection comes first, so the projection vector is read as
        comp_k(q) k/‖k‖₂ (the seed's derivation).

        The shadow step reads q · k as ‖k‖₂ comp_k(q); the last one does the same for a
        query on the other side (the lesson's optional ``projection.other``).
        """
        self.build()
        self.step("vektor")
        self.show_vectors()
        self.step("jatuhkan-tegak-lurus")
        self.drop_perpendicular()
        self.step("proyeksi-skalar")
        self.show_comp()
        self.step("vektor-proyeksi")
        self.grow_projection()
        self.step("sisa-tegak-lurus")
        self.show_residual()
        self.step("tebak")
        self.ask_other_side()
        self.step("bayangan")
        self.show_shadow()
        if self.other is not None:
            self.step("sisi-lain")
            self.show_other()

    # --- layout ------------------------------------------------------------------------
    def build(self) -> None:
        """Create every mobject at its final place; the steps only reveal them.

        The plane takes :data:`PLOT_SHARE` of the frame's width; the column the rest of the
        title-safe width, at the largest scale at which it fits (long formulas break at an
        ``=``). The column shows one step's rows at a time (:meth:`turn_page`), so it is as
        tall as the tallest step, not as all of them.
        """
        P = self.lesson.projection
        self.q, self.k = np.array(P.query, float), np.array(P.key, float)
        self.p = mc.project(self.q, self.k)
        self.r = mc.residual(self.q, self.k)
        self.parallel = not np.any(np.array(mc.exact.exact_residual(P.query, P.key)))
        self.other = None if P.other is None else np.array(P.other, float)
        self.turn = self.sweep_end()
        swept = [rotate(self.q, a) for a in np.linspace(0.0, self.turn, 9)]
        points = [self.q, self.k, self.p, *swept, *(mc.project(v, self.k) for v in swept)]
        if self.other is not None:
            self.p2 = mc.project(self.other, self.k)
            points += [self.other, self.p2]

        room_w, room_h = plane_room()
        layout, plane_w = column_beside_plot(self.column_at, room_w, room_h, config.frame_width)
        parts: dict[str, VMobject] = attached(layout, "parts")
        self.column, self.work2 = layout[0], layout[1]
        self.title, self.legend, self.work = parts["title"], parts["legend"], parts["work"]
        self.dot_eq, self.comp_eq, self.proj_eq = parts["dot"], parts["comp"], parts["proj"]
        self.res_eq, self.check_eq, self.shadow_eq = parts["res"], parts["check"], parts["shadow"]
        self.parallel_note = parts.get("note")
        self.page: Mobject = self.work[0]  # the step's rows on screen (see turn_page)
        self.plane = fitted_plane(points, plane_w, room_h, fill=True)
        left_right(self.plane, layout)
        self.build_figure()

    def column_at(self, width: float, spacing: float = 1.0) -> VGroup:
        """The column at full size, formulas no wider than `width`, gaps times `spacing`.

        See :func:`~scenes.figure.fit_column`.

        Returns ``VGroup(column, work2)``: the column's work is one page per step, each over
        the one before (the product and comp; the projection; the residual; the shadow);
        the second query's readings (empty without one) lie over them too, and replace them
        in the last step; ``.parts`` names the rows.
        """
        proj, res = r"\operatorname{proj}_k(q)", r"q - \operatorname{proj}_k(q)"

        def lines(*segments: list[Part] | None, color: str = C.TEXT) -> VGroup:
            return formula_lines(
                lambda *p: self.formula(*p, color=color),
                segments,
                width,
                indent=0.5,
                width_of=lambda *p: self.formula_width(*p, color=color),
            )

        green = C.PROJECTION
        q_sym = self.formula("q =", self.n("q"), size=30)
        k_sym = self.formula("k =", self.n("k"), size=30)
        legend = VGroup(
            self.legend_row(C.QUERY, "legend_query", q_sym, width),
            self.legend_row(C.KEY, "legend_key", k_sym, width),
            self.legend_row(C.PROJECTION, "legend_proj", MathTex(proj, font_size=30), width),
            self.legend_row(C.RESIDUAL, "legend_res", MathTex(res, font_size=30), width),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.14 * spacing)
        dot_eq = lines([r"q \cdot k =", self.n("dot_terms")], ["=", self.n("dot")])
        # An unwieldy coefficient or ratio is left out of the sheet, and so of the formula.
        coef: list[Part] = (
            ["=", "(", self.n("proj_coef"), r")\,k"] if "proj_coef" in self.sheet else []
        )
        ratio: list[Part] = ["=", self.n("comp_ratio")] if "comp_ratio" in self.sheet else []
        comp_eq = VGroup(
            lines([r"\|k\|_2", *self.eq("norm_k")], color=C.KEY),
            lines(
                [r"\operatorname{comp}_k(q) = \frac{\langle q,k\rangle}{\|k\|_2}"],
                ratio,
                self.eq("comp"),
                color=green,
            ),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.16 * spacing)
        proj_eq = lines(
            [r"\operatorname{proj}_k(q) = \operatorname{comp}_k(q)\,\frac{k}{\|k\|_2}"],
            [r"= \frac{\langle q,k\rangle}{\|k\|_2^2}\,k"],
            None,
            coef,
            self.eq("proj"),
            color=green,
        )
        res_eq = lines([res], self.eq("residual"), color=C.RESIDUAL)
        check_eq = lines([self.n("residual"), r"\cdot", self.n("k")], ["=", self.n("residual_dot")])
        shadow_eq = self.shadow(
            "q", "dot", "comp_ratio" if "comp_ratio" in self.sheet else "comp", lines
        )
        res_rows: list[VMobject] = [res_eq, check_eq]
        parts: dict[str, VMobject] = {
            "dot": dot_eq,
            "comp": comp_eq,
            "proj": proj_eq,
            "res": res_eq,
        }
        parts |= {"check": check_eq, "shadow": shadow_eq}
        if self.parallel:
            parts["note"] = self.paragraph("pd_parallel_note", width, 24, C.RESIDUAL)
            res_rows.append(parts["note"])
        pages = [VGroup(dot_eq, comp_eq), VGroup(proj_eq), VGroup(*res_rows), VGroup(shadow_eq)]
        for page in pages:
            page.arrange(DOWN, aligned_edge=LEFT, buff=0.26 * spacing)
            page.align_to(pages[0], UP + LEFT)
        work = VGroup(*pages)
        title = self.paragraph("pd_title", width, 30)
        column = VGroup(title, legend, work).arrange(DOWN, aligned_edge=LEFT, buff=0.3 * spacing)
        work2 = self.other_rows(lines, spacing)
        if len(work2):
            work2.align_to(work, UP + LEFT)
        out = VGroup(column, work2)
        attach(out, parts=parts | {"title": title, "legend": legend, "work": work})
        return out

    def shadow(self, name: str, dot: str, comp: str, lines: Callable[..., VGroup]) -> VGroup:
        """``q · k = ‖k‖₂ comp_k(q) = √5 · 4/√5 = 4``: the shadow reading of q · k.

        The dot product is the shadow's signed length times the length of k; the numeric
        middle is shown only while it is exact.
        """
        head = rf"{name} \cdot k = \|k\|_2\,\operatorname{{comp}}_k({name})"
        shown = self.sheet[comp]
        if not shown.exact:
            return lines([head], ["=", self.n(dot)], color=C.PROJECTION)
        factor = ["(", self.n(comp), ")"] if shown.slashed or shown.sign == -1 else [self.n(comp)]
        return lines(
            [head],
            ["=", self.n("norm_k"), r"\cdot", *factor],
            ["=", self.n(dot)],
            color=C.PROJECTION,
        )

    def other_rows(self, lines: Callable[..., VGroup], spacing: float) -> VGroup:
        """The second query's column of readings (empty when the lesson has none)."""
        if self.other is None:
            return VGroup()
        ratio = ["=", self.n("other_comp_ratio")] if "other_comp_ratio" in self.sheet else []
        comp = "other_comp_ratio" if "other_comp_ratio" in self.sheet else "other_comp"
        return VGroup(
            lines(["q' =", self.n("other_q")], color=C.QUERY),
            lines([r"q' \cdot k =", self.n("other_dot_terms")], ["=", self.n("other_dot")]),
            lines([r"\operatorname{proj}_k(q')"], self.eq("other_proj"), color=C.PROJECTION),
            lines([r"\operatorname{comp}_k(q')"], ratio, self.eq("other_comp"), color=C.PROJECTION),
            self.shadow("q'", "other_dot", comp, lines),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.26 * spacing)

    def build_figure(self) -> None:
        """Arrows, drops and marks on the plane; then each label where it is clear.

        The projection is drawn wide under k and q (they keep ``z_index`` 1), so where they
        share a line each is seen: k's blue (and q's orange) inside proj's green band.
        """
        c2p = self.plane.c2p
        o = c2p(0, 0)
        self.q_arrow = vector_arrow(self.plane, self.q, C.QUERY).set_z_index(1)
        self.k_arrow = vector_arrow(self.plane, self.k, C.KEY, width=5).set_z_index(1)
        self.k_line = self.line_through_k()
        foot, tip = c2p(*self.p), c2p(*self.q)
        self.drop = DashedLine(tip, foot, color=C.RESIDUAL, stroke_width=3)
        self.foot_dot = Dot(foot, radius=0.05, color=C.RESIDUAL)
        self.right_angle = self.right_angle_mark(foot, tip)
        self.proj_arrow = vector_arrow(self.plane, self.p, C.PROJECTION, width=13)
        # the residual stops short of q's tip, so its head never covers q's
        span = np.linalg.norm(tip - foot)
        end = tip - min(0.18, 0.3 * span) * (tip - foot) / max(span, 1e-9)
        self.res_arrow = arrow_between(foot, end, C.RESIDUAL, width=5, tip_ratio=0.25)
        arrows = [self.q_arrow, self.k_arrow, self.proj_arrow, self.res_arrow]
        if self.other is not None:
            foot2, tip2 = c2p(*self.p2), c2p(*self.other)
            self.q2_arrow = vector_arrow(self.plane, self.other, C.QUERY).set_z_index(1)
            self.drop2 = DashedLine(tip2, foot2, color=C.RESIDUAL, stroke_width=3)
            self.proj2_arrow = vector_arrow(self.plane, self.p2, C.PROJECTION, width=9)
            arrows += [self.q2_arrow, self.proj2_arrow]
        self.avoid = [box_of(a.get_tip()) for a in arrows if isinstance(a, Arrow)]
        self.k_name = self.tip_label("k", self.k, C.KEY)
        self.q_name = self.tip_label("q", self.q, C.QUERY)
        if self.other is not None:
            self.q2_name = self.tip_label("q'", self.other, C.QUERY)
        self.brace = self.projection_brace(o, foot)

    def tip_label(self, name: str, v: np.ndarray, color: str) -> VGroup:
        """A letter beyond the tip of `v`, on a patch of background, clear of other labels.

        It goes straight on from the origin where that place is free, else turned aside
        (:func:`place_clear`); arrow heads and the labels placed before it are avoided.
        """
        label = backed(MathTex(name, font_size=36, color=color)).set_z_index(2)
        place_clear(label, self.plane.c2p(*v), np.array([*v, 0]), self.avoid, self.bounds())
        self.avoid.append(box_of(label))
        return label

    def bounds(self) -> np.ndarray:
        """The box labels on the plane stay in: the plane, within the title-safe area."""
        half_w, half_h = frame_box()
        box = box_of(self.plane)
        return np.array(
            [np.maximum(box[0], [-half_w, -half_h]), np.minimum(box[1], [half_w, half_h])]
        )

    def line_through_k(self) -> DashedLine:
        """The dashed line carrying k, clipped to the plane."""
        a, b = clip_line(self.plane, self.k)
        return DashedLine(a, b, color=C.KEY, stroke_width=2, stroke_opacity=0.7, dash_length=0.12)

    def right_angle_mark(self, foot: np.ndarray, tip: np.ndarray) -> VMobject:
        """A small square at the foot of the perpendicular (empty when q is parallel to k)."""
        if self.parallel:
            return VMobject()
        u = self.plane.c2p(*(self.k / np.linalg.norm(self.k))) - self.plane.c2p(0, 0)
        u /= np.linalg.norm(u)
        w = (tip - foot) / np.linalg.norm(tip - foot)
        s = min(0.22, 0.4 * np.linalg.norm(tip - foot))
        return VMobject(color=C.TEXT, stroke_width=2).set_points_as_corners(
            [foot + s * u, foot + s * u + s * w, foot + s * w]
        )

    def projection_brace(self, o: np.ndarray, foot: np.ndarray) -> VMobject:
        """A brace along the projection on the side away from q, labelled comp_k(q).

        The label sits on a patch of background (no grid line crosses it), where it is
        clear of the arrow heads and the other labels.
        """
        if np.linalg.norm(foot - o) < 0.3:
            return VGroup()
        line = Line(o, foot)
        normal = np.array([-(foot - o)[1], (foot - o)[0], 0]) / np.linalg.norm(foot - o)
        if np.dot(normal, self.plane.c2p(*self.q) - foot) > 0:
            normal = -normal
        # over the lines and arrows it may cross (a filled brace under a dashed drop would
        # make the drop's backdrop green); under the labels
        brace = Brace(line, direction=normal, color=C.PROJECTION, buff=0.12).set_z_index(1.5)
        label = backed(MathTex(r"\operatorname{comp}_k(q)", font_size=28, color=C.PROJECTION))
        place_clear(label.set_z_index(2), brace.get_tip(), normal, self.avoid, self.bounds(), 0.08)
        self.avoid.append(box_of(label))
        return VGroup(brace, label)

    def brace_ink(self) -> VGroup:
        """The brace and its label's glyphs (not the patch behind them): what a flash lights."""
        if not len(self.brace):
            return VGroup()
        return VGroup(part_of(self.brace, 0), part_of(part_of(self.brace, 1), 1))

    def legend_row(self, color: str, words: str, symbol: VMobject, width: float) -> VGroup:
        """A colour swatch, the lesson's name for the role, and its symbol (under it if narrow)."""
        swatch = Line(ORIGIN, 0.45 * RIGHT, color=color, stroke_width=8)
        row = VGroup(swatch, self.t(words, 24), symbol).arrange(RIGHT, buff=0.2)
        if row.width > width:
            text = VGroup(row[1], symbol).arrange(DOWN, aligned_edge=LEFT, buff=0.08)
            row = VGroup(swatch, text).arrange(RIGHT, buff=0.2, aligned_edge=UP)
            swatch.align_to(text[0], UP).shift(0.12 * DOWN)
        return row

    def sweep_end(self) -> float:
        """How far q turns (radians, signed) to the nearest side where q · k has the other sign.

        A query with a shadow along k (or none) turns to 135° from k, where its shadow points
        against k; one whose shadow points against k turns to 45° from k. The shorter way.
        """
        qk = float(np.dot(self.q, self.k))
        a0 = float(np.arctan2(self.q[1], self.q[0]))
        ak = float(np.arctan2(self.k[1], self.k[0]))
        off = SWEEP if qk >= 0 else np.pi / 4
        turns = [(ak + side * off - a0 + np.pi) % (2 * np.pi) - np.pi for side in (1, -1)]
        return min(turns, key=abs)

    def live_shadow(self, angle: ValueTracker) -> VGroup:
        """The query turned by `angle`, its projection and its drop, redrawn every frame."""
        plane = self.plane

        def q_now() -> np.ndarray:
            return rotate(self.q, angle.get_value())

        def drop() -> VMobject:
            q = q_now()
            tip, foot = plane.c2p(*q), plane.c2p(*mc.project(q, self.k))
            return Line(foot, tip, color=C.RESIDUAL, stroke_width=3, stroke_opacity=0.8)

        return VGroup(
            always_redraw(drop),
            always_redraw(
                lambda: vector_arrow(plane, mc.project(q_now(), self.k), C.PROJECTION, width=13)
            ),
            always_redraw(lambda: vector_arrow(plane, q_now(), C.QUERY).set_z_index(1)),
        )

    def live_product(self, angle: ValueTracker) -> VGroup:
        """``q · k = …`` read from the turning q, on a patch in a corner of the plane."""
        value = self.live(
            lambda: readout("dot", rotate(self.q, angle.get_value()), self.k, self.lesson.places),
            size=34,
        )
        row = VGroup(MathTex(r"q \cdot k =", font_size=34, color=C.PROJECTION), value)
        row.arrange(RIGHT, buff=0.15)
        # the patch is as wide as the widest reading: q turned against k
        against = -np.linalg.norm(self.q) * self.k / np.linalg.norm(self.k)
        widest = MathTex(readout("dot", against, self.k, self.lesson.places).tex, font_size=34)
        room = VGroup(row[0].copy(), widest).arrange(RIGHT, buff=0.15)
        patch = VGroup(backed(room)[0], row)
        lo, hi = self.bounds()
        corner = np.array([lo[0] + 0.15, hi[1] - 0.15, 0])
        return patch.move_to(corner, aligned_edge=UP + LEFT)

    def turn_q(self) -> None:
        """The query turns: its shadow on k, and q · k with it, pass zero to the other sign.

        The turn ends as the voice says the shadow points against k (``pd_beat_against``);
        q then turns back to where it was.
        """
        angle = ValueTracker(0.0)
        live, product = self.live_shadow(angle), self.live_product(angle)
        still = [self.q_arrow, self.q_name, self.proj_arrow, self.drop, self.foot_dot]
        still += [self.right_angle, self.res_arrow]
        shown = [m for m in still if m in self.mobjects]
        self.remove(*shown)
        self.add(live)
        self.add(product)
        end = self.said_at(self.strings["pd_beat_against"]) + 0.6
        start = float(self.time)
        self.play(angle.animate.set_value(self.turn), run_time=max(2.0, end - start))
        self.hold_until(float(self.time) + 0.5)
        self.play(angle.animate.set_value(0.0), run_time=1.5)
        self.remove(live)
        self.add(*shown)
        self.play(FadeOut(product), run_time=0.5)

    def turn_page(self, page: Mobject) -> FadeOut:
        """The previous step's rows leave the column (play it): `page` takes their place."""
        old, self.page = self.page, page
        return FadeOut(old)

    # --- steps -------------------------------------------------------------------------
    def show_vectors(self) -> None:
        """Plane, q and k, legend."""
        self.say("pd_sub_vectors")
        self.play(Create(self.plane), FadeIn(self.title), run_time=1.5)
        self.play(grow(self.q_arrow), FadeIn(self.q_name), FadeIn(self.legend[0]))
        self.play(grow(self.k_arrow), FadeIn(self.k_name), FadeIn(self.legend[1]))
        self.play(FadeIn(self.legend[2:]))
        self.wait(1)

    def drop_perpendicular(self) -> None:
        """The line through k, and the perpendicular falling from q's tip."""
        key = "pd_sub_drop_parallel" if self.parallel else "pd_sub_drop"
        self.say(key)
        self.play(Create(self.k_line), run_time=1.5)
        if not self.parallel:
            self.play(Create(self.drop), run_time=1.5)
            self.play(FadeIn(self.foot_dot), Create(self.right_angle))
        self.wait(1)

    def grow_projection(self) -> None:
        """proj_k(q) = comp_k(q) k/‖k‖₂ grows along k."""
        self.say(self.pick("pd_sub_proj", "comp"), result=True)
        self.play(self.turn_page(self.work[1]), grow(self.proj_arrow), run_time=1.5)
        self.play(Write(self.proj_eq), run_time=2)
        self.wait(1)

    def show_residual(self) -> None:
        """The residual q − proj_k(q), and its zero product with k."""
        key = "pd_sub_res_zero" if self.parallel else "pd_sub_res"
        self.say(key, result=True)
        turn = self.turn_page(self.work[2])
        if not self.parallel:
            self.play(turn, FadeIn(self.res_arrow), self.drop.animate.set_opacity(0.75))
        else:
            self.play(turn)
        self.play(Write(self.res_eq))
        self.play(Write(self.check_eq))
        if self.parallel_note is not None:
            self.play(FadeIn(self.parallel_note))
        self.wait(1.5)

    def show_comp(self) -> None:
        """The product q · k, then divided by ‖k‖₂: the signed scalar projection and its brace."""
        self.say("pd_sub_dot")
        self.play(Write(self.dot_eq), run_time=2)
        self.wait(0.5)
        value = "pd_sub_comp_value_ratio" if "comp_ratio" in self.sheet else "pd_sub_comp_value"
        self.say(value, result=True)
        self.unfold(self.comp_eq, Write)  # ‖k‖ on its words, then the ratio and comp on theirs
        self.play(FadeIn(self.brace), run_time=0.8)
        self.say(self.pick("pd_sub_comp", "comp"))
        self.play(Indicate(self.brace_ink(), color=C.ACCENT))
        self.wait(1)

    def ask_other_side(self) -> None:
        """Before q turns: what will its shadow and q · k do on k's other side? Each lit."""
        badge = self.ask("pd_predict", "pd_sub_predict")
        for beat, part in (("turn", self.q_arrow), ("shadow", self.proj_arrow)):
            self.at(self.strings[f"pd_beat_predict_{beat}"])
            self.play(Indicate(part, color=C.ACCENT, scale_factor=1.1), run_time=0.8)
        self.let_guess(badge)

    def show_shadow(self) -> None:
        """The product read back as ‖k‖₂ times the shadow's signed length."""
        self.say("pd_sub_shadow")
        self.play(self.turn_page(self.work[3]), Indicate(self.brace_ink(), color=C.ACCENT))
        self.play(Write(self.shadow_eq), run_time=2)
        self.turn_q()
        comp = "comp_ratio" if "comp_ratio" in self.sheet else "comp"
        if self.sheet[comp].exact:
            self.say("pd_sub_shadow_value", result=True, c=comp)
            self.play(Indicate(self.shadow_eq[-1][-1], color=C.ACCENT))
        self.wait(1)

    def show_other(self) -> None:
        """A query on the other side: its product, projection, signed shadow, the same reading."""
        self.say(self.pick("pd_sub_other", "other_comp"))
        mine = [self.q_arrow, self.q_name, self.drop, self.foot_dot, self.right_angle]
        mine += [self.res_arrow, self.proj_arrow, self.brace]
        # faded, still legible: labels 0.9 (4.5:1 for comp's green), marks 0.75 (3:1)
        faded = [
            m.animate.set_opacity(0.9 if m in (self.q_name, self.brace) else 0.75) for m in mine
        ]
        self.play(*faded, FadeOut(self.page), run_time=1)
        self.play(grow(self.q2_arrow), FadeIn(self.q2_name), FadeIn(self.work2[0]))
        self.play(Create(self.drop2), run_time=1.2)
        self.say("pd_sub_other_dot")
        self.play(Write(part_of(self.work2, 1)), run_time=1.2)
        self.play(grow(self.proj2_arrow), Write(part_of(self.work2, 2)), run_time=1.5)
        ratio = "other_comp_ratio" in self.sheet
        self.say("pd_sub_other_comp_ratio" if ratio else "pd_sub_other_comp")
        self.play(Write(part_of(self.work2, 3)), run_time=1.5)
        self.say("pd_sub_other_shadow", result=True)
        self.play(Write(part_of(self.work2, 4)), run_time=1.5)
        self.wait(1)
