"""ProjectionDrop: drop q perpendicularly onto the line of k; projection, residual, comp.

Then the key reading: q · k is the shadow's signed length times ‖k‖₂, for a query on
either side of the line perpendicular to k.
"""

from __future__ import annotations

import numpy as np
from manim import (
    DOWN,
    LEFT,
    ORIGIN,
    RIGHT,
    UP,
    Animation,
    Brace,
    Create,
    DashedLine,
    Dot,
    FadeIn,
    FadeOut,
    GrowArrow,
    Indicate,
    Line,
    MathTex,
    Mobject,
    VGroup,
    VMobject,
    Write,
)

import mathcore as mc
from scenes.common import (
    C,
    LessonScene,
    arrow_between,
    clip_line,
    fit_into,
    fitted_plane,
    vector_arrow,
)

__all__ = ["ProjectionDrop"]

PLANE_W, PLANE_H = 7.2, 7.0
COLUMN_W, COLUMN_H = 6.0, 7.3


class ProjectionDrop(LessonScene):
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
        self.step("bayangan")
        self.show_shadow()
        if self.other is not None:
            self.step("sisi-lain")
            self.show_other()

    # --- layout ------------------------------------------------------------------------
    def build(self) -> None:
        """Create every mobject at its final place; the steps only reveal them."""
        P = self.lesson.projection
        self.q, self.k = np.array(P.query, float), np.array(P.key, float)
        self.p = mc.project(self.q, self.k)
        self.r = mc.residual(self.q, self.k)
        self.parallel = not np.any(np.array(mc.exact.exact_residual(P.query, P.key)))
        self.other = None if P.other is None else np.array(P.other, float)
        points = [self.q, self.k, self.p]
        if self.other is not None:
            self.p2 = mc.project(self.other, self.k)
            points += [self.other, self.p2]

        self.plane = fitted_plane(points, PLANE_W, PLANE_H)
        self.plane.to_edge(LEFT, buff=0.35)
        c2p = self.plane.c2p
        o = c2p(0, 0)
        self.q_arrow = vector_arrow(self.plane, self.q, C.QUERY)
        self.k_arrow = vector_arrow(self.plane, self.k, C.KEY)
        self.q_name = self.tip_label("q", self.q, C.QUERY)
        self.k_name = self.tip_label("k", self.k, C.KEY)
        self.k_line = self.line_through_k()
        foot, tip = c2p(*self.p), c2p(*self.q)
        self.drop = DashedLine(tip, foot, color=C.RESIDUAL, stroke_width=3)
        self.foot_dot = Dot(foot, radius=0.05, color=C.RESIDUAL)
        self.right_angle = self.right_angle_mark(foot, tip)
        self.proj_arrow = vector_arrow(self.plane, self.p, C.PROJECTION)
        # the residual stops short of q's tip, so its head never covers q's
        span = np.linalg.norm(tip - foot)
        end = tip - min(0.18, 0.3 * span) * (tip - foot) / max(span, 1e-9)
        self.res_arrow = arrow_between(foot, end, C.RESIDUAL, width=5, tip_ratio=0.25)
        self.brace = self.projection_brace(o, foot)

        proj, res = r"\operatorname{proj}_k(q)", r"q - \operatorname{proj}_k(q)"
        legend = VGroup(
            self.legend_row(C.QUERY, "legend_query", self.formula("q =", self.n("q"), size=30)),
            self.legend_row(C.KEY, "legend_key", self.formula("k =", self.n("k"), size=30)),
            self.legend_row(C.PROJECTION, "legend_proj", MathTex(proj, font_size=30)),
            self.legend_row(C.RESIDUAL, "legend_res", MathTex(res, font_size=30)),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.18)
        self.legend = legend
        self.dot_eq = self.formula(r"q \cdot k =", self.n("dot_terms"), "=", self.n("dot"))
        # An unwieldy coefficient or ratio is left out of the sheet, and so of the formula.
        coef = ["=", "(", self.n("proj_coef"), r")\,k"] if "proj_coef" in self.sheet else []
        self.proj_eq = VGroup(
            MathTex(
                r"\operatorname{proj}_k(q) = \operatorname{comp}_k(q)\,\frac{k}{\|k\|_2}"
                r" = \frac{\langle q,k\rangle}{\|k\|_2^2}\,k",
                font_size=34,
                color=C.PROJECTION,
            ),
            self.formula(*coef, *self.eq("proj"), color=C.PROJECTION),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.15)
        self.proj_eq[1].shift(0.6 * RIGHT)
        self.res_eq = self.formula(
            r"q - \operatorname{proj}_k(q)", *self.eq("residual"), color=C.RESIDUAL
        )
        self.check_eq = self.formula(
            self.n("residual"), r"\cdot", self.n("k"), "=", self.n("residual_dot")
        )
        ratio = ["=", self.n("comp_ratio")] if "comp_ratio" in self.sheet else []
        self.comp_eq = VGroup(
            self.formula(r"\|k\|_2", *self.eq("norm_k"), color=C.KEY),
            self.formula(
                r"\operatorname{comp}_k(q) = \frac{\langle q,k\rangle}{\|k\|_2}",
                *ratio,
                *self.eq("comp"),
                color=C.PROJECTION,
            ),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.2)
        self.shadow_eq = self.shadow(
            "q", "dot", "comp_ratio" if "comp_ratio" in self.sheet else "comp"
        )
        rows = [
            self.t("pd_title", 30),
            legend,
            self.dot_eq,
            self.comp_eq,
            self.proj_eq,
            self.res_eq,
            self.check_eq,
            self.shadow_eq,
        ]
        if self.parallel:
            self.parallel_note = self.t("pd_parallel_note", 22, C.RESIDUAL)
            rows.append(self.parallel_note)
        self.column = VGroup(*rows).arrange(DOWN, aligned_edge=LEFT, buff=0.32)
        fit_into(self.column, COLUMN_W, COLUMN_H)
        self.column.to_edge(RIGHT, buff=0.35).align_to(self.plane, UP).shift(0.1 * UP)
        self.title = rows[0]
        self.work = VGroup(*rows[2:])  # what the other query's reading replaces
        if self.other is not None:
            self.build_other()

    def shadow(self, name: str, dot: str, comp: str) -> MathTex:
        """``q · k = ‖k‖₂ comp_k(q) = √5 · 4/√5 = 4``: the shadow reading of q · k.

        The dot product is the shadow's signed length times the length of k; the numeric
        middle is shown only while it is exact.
        """
        head = rf"{name} \cdot k = \|k\|_2\,\operatorname{{comp}}_k({name})"
        shown = self.sheet[comp]
        if not shown.exact:
            return self.formula(head, "=", self.n(dot), color=C.PROJECTION)
        factor = ["(", self.n(comp), ")"] if shown.slashed or shown.sign == -1 else [self.n(comp)]
        return self.formula(
            head, "=", self.n("norm_k"), r"\cdot", *factor, "=", self.n(dot), color=C.PROJECTION
        )

    def build_other(self) -> None:
        """The second query: its arrow, drop and projection, and its column of readings."""
        assert self.other is not None
        c2p = self.plane.c2p
        foot, tip = c2p(*self.p2), c2p(*self.other)
        self.q2_arrow = vector_arrow(self.plane, self.other, C.QUERY)
        self.q2_name = self.tip_label("q'", self.other, C.QUERY)
        self.drop2 = DashedLine(tip, foot, color=C.RESIDUAL, stroke_width=3)
        self.proj2_arrow = vector_arrow(self.plane, self.p2, C.PROJECTION)
        ratio = ["=", self.n("other_comp_ratio")] if "other_comp_ratio" in self.sheet else []
        comp = "other_comp_ratio" if "other_comp_ratio" in self.sheet else "other_comp"
        rows = VGroup(
            self.formula("q' =", self.n("other_q"), color=C.QUERY),
            self.formula(r"q' \cdot k =", self.n("other_dot_terms"), "=", self.n("other_dot")),
            self.formula(r"\operatorname{proj}_k(q')", *self.eq("other_proj"), color=C.PROJECTION),
            self.formula(
                r"\operatorname{comp}_k(q')", *ratio, *self.eq("other_comp"), color=C.PROJECTION
            ),
            self.shadow("q'", "other_dot", comp),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.32)
        room = self.column.get_right()[0] - self.work.get_left()[0]
        rows.scale_to_fit_width(min(rows.width, room, COLUMN_W))
        self.work2 = rows.align_to(self.work, UP + LEFT)

    def tip_label(self, name: str, v: np.ndarray, color: str) -> MathTex:
        """A letter just beyond the tip of `v`, pushed away from the origin."""
        direction = v / np.linalg.norm(v)
        label = MathTex(name, font_size=36, color=color)
        return label.move_to(self.plane.c2p(*v) + 0.35 * np.array([*direction, 0]))

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

    def projection_brace(self, o: np.ndarray, foot: np.ndarray) -> Mobject:
        """A brace along the projection on the side away from q, labelled comp_k(q)."""
        if np.linalg.norm(foot - o) < 0.3:
            return VGroup()
        line = Line(o, foot)
        normal = np.array([-(foot - o)[1], (foot - o)[0], 0]) / np.linalg.norm(foot - o)
        if np.dot(normal, self.plane.c2p(*self.q) - foot) > 0:
            normal = -normal
        brace = Brace(line, direction=normal, color=C.PROJECTION, buff=0.08)
        label = MathTex(r"\operatorname{comp}_k(q)", font_size=28, color=C.PROJECTION)
        label.next_to(brace.get_tip(), normal, buff=0.1)
        return VGroup(brace, label)

    def legend_row(self, color: str, words: str, symbol: Mobject) -> VGroup:
        """A colour swatch, the lesson's name for the role, and its symbol."""
        swatch = Line(ORIGIN, 0.45 * RIGHT, color=color, stroke_width=8)
        return VGroup(swatch, self.t(words, 24), symbol).arrange(RIGHT, buff=0.2)

    # --- steps -------------------------------------------------------------------------
    def show_vectors(self) -> None:
        """Plane, q and k, legend."""
        self.say("pd_sub_vectors")
        self.play(Create(self.plane), FadeIn(self.title), run_time=1.5)
        self.play(GrowArrow(self.q_arrow), FadeIn(self.q_name), FadeIn(self.legend[0]))
        self.play(GrowArrow(self.k_arrow), FadeIn(self.k_name), FadeIn(self.legend[1]))
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
        self.play(grow(self.proj_arrow), run_time=1.5)
        self.play(Write(self.proj_eq), run_time=2)
        self.wait(1)

    def show_residual(self) -> None:
        """The residual q − proj_k(q), and its zero product with k."""
        key = "pd_sub_res_zero" if self.parallel else "pd_sub_res"
        self.say(key, result=True)
        if not self.parallel:
            self.play(FadeIn(self.res_arrow), self.drop.animate.set_opacity(0.75))
        self.play(Write(self.res_eq))
        self.play(Write(self.check_eq))
        if self.parallel:
            self.play(FadeIn(self.parallel_note))
        self.wait(1.5)

    def show_comp(self) -> None:
        """The product q · k, then divided by ‖k‖₂: the signed scalar projection and its brace."""
        self.say("pd_sub_dot")
        self.play(Write(self.dot_eq), run_time=2)
        self.wait(0.5)
        value = "pd_sub_comp_value_ratio" if "comp_ratio" in self.sheet else "pd_sub_comp_value"
        self.say(value, result=True)
        self.play(FadeIn(self.brace), Write(self.comp_eq), run_time=2)
        self.say(self.pick("pd_sub_comp", "comp"))
        self.play(Indicate(self.brace, color=C.ACCENT))
        self.wait(1)

    def show_shadow(self) -> None:
        """The product read back as ‖k‖₂ times the shadow's signed length."""
        self.say("pd_sub_shadow")
        self.play(Indicate(self.brace, color=C.ACCENT), Write(self.shadow_eq), run_time=2)
        comp = "comp_ratio" if "comp_ratio" in self.sheet else "comp"
        if self.sheet[comp].exact:
            self.say("pd_sub_shadow_value", result=True, c=comp)
            self.play(Indicate(self.shadow_eq[-1], color=C.ACCENT))
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
        self.play(*faded, FadeOut(self.work), run_time=1)
        self.play(GrowArrow(self.q2_arrow), FadeIn(self.q2_name), FadeIn(self.work2[0]))
        self.play(Create(self.drop2), run_time=1.2)
        self.say("pd_sub_other_dot")
        self.play(Write(self.work2[1]), run_time=1.2)
        self.play(grow(self.proj2_arrow), Write(self.work2[2]), run_time=1.5)
        ratio = "other_comp_ratio" in self.sheet
        self.say("pd_sub_other_comp_ratio" if ratio else "pd_sub_other_comp")
        self.play(Write(self.work2[3]), run_time=1.5)
        self.say("pd_sub_other_shadow", result=True)
        self.play(Write(self.work2[4]), run_time=1.5)
        self.wait(1)


def grow(arrow: Mobject) -> Animation:
    """An arrow grows from its tail; a zero projection (a dot) fades in."""
    return FadeIn(arrow) if isinstance(arrow, Dot) else GrowArrow(arrow)
