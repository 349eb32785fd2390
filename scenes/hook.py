"""Hook: one number, q · k, decides how much of a value attention takes."""

from __future__ import annotations

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Animation,
    Arrow,
    Create,
    DashedLine,
    FadeIn,
    GrowFromEdge,
    Indicate,
    Line,
    MathTex,
    Rectangle,
    VGroup,
    Write,
)

import mathcore as mc
from scenes.base import LessonScene
from scenes.figure import backed, box_of, place_clear
from scenes.frame import frame_box
from scenes.geometry import clip_line, fitted_plane, grow, vector_arrow
from scenes.palette import C
from scenes.tagging import part_of
from scenes.textfit import fit_into, wrap_text

__all__ = ["Hook"]

BAR_MIN, BAR_MAX = 1.2, 5.0  # width of a weight of one: what the row leaves, within these
GAP = 0.6  # between a row's columns
INSET = 0.02  # a hair inside the title-safe area, clear of rounding
PLANE_SHARE = 0.3  # of the safe width: the plane on the right that draws q and the keys
TEXT_MAX = 0.65  # the rows' formulas at most this scale: the bars keep room to show shares


class Hook(LessonScene):
    """A short opening: a query, its keys, one score each, and the share each value gets."""

    def construct(self) -> None:
        """Storyboard: the question, one score per key, the weights they become, two effects.

        With 2-D vectors a plane on the right draws q and each key as its row is read; the
        sign's effect draws the line where q · k turns sign, the size's lights the lengths.
        """
        self.build()
        self.step("pertanyaan")
        self.show_question()
        self.step("bobot")
        self.show_weights()
        self.step("dua-pengaruh")
        self.show_effects()

    def build(self) -> None:
        """The question on top, one row per key (key, score, bar, weight), the two effects below.

        Everything stays in the title-safe area. The rows share the height between the query
        and the effects (a few keys get large type and room); the formulas scale together
        until a row fits the width with a bar of at least ``BAR_MIN``.
        """
        At = self.lesson.attention
        self.n_keys = len(At.keys)
        keep = np.array(At.mask or (True,) * self.n_keys)
        weights = mc.softmax(mc.scaled_scores(At.query, At.keys), keep)
        hw, hh = (h - INSET for h in frame_box())
        self.drawn = len(At.query) == 2
        rows_w = 2 * hw - (PLANE_SHARE * 2 * hw + GAP if self.drawn else 0.0)
        self.title = self.t("hk_title", 44, C.TEXT)
        fit_into(self.title, 2 * hw, 1.0)
        self.query = self.formula("q", *self.eq("q"), size=48, color=C.QUERY)
        fit_into(self.query, rows_w, 1.0)
        top = VGroup(self.title, self.query).arrange(DOWN, aligned_edge=LEFT, buff=0.35)
        top.move_to((-hw, hh, 0), aligned_edge=UP + LEFT)

        self.effects = VGroup(
            wrap_text(self.strings["hk_sign"], rows_w, 30, C.TEXT),
            wrap_text(self.strings["hk_size"], rows_w, 30, C.TEXT),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.2)
        self.effects.move_to((-hw, -hh, 0), aligned_edge=DOWN + LEFT)
        self.take = self.t("hk_take", 30, C.MUTED)

        keys = [
            self.formula(f"k_{{{i}}}", *self.eq(f"k{i}"), size=44, color=C.KEY)
            for i in range(1, self.n_keys + 1)
        ]
        scores = [
            self.formula(rf"q \cdot k_{{{i}}}", *self.eq(f"score{i}"), size=48)
            for i in range(1, self.n_keys + 1)
        ]
        self.weights = VGroup(
            *[
                self.formula(f"w_{{{i}}}", *self.eq(f"weight{i}"), size=44)
                for i in range(1, self.n_keys + 1)
            ]
        )
        key_w = max(k.width for k in keys)
        score_w = max(sc.width for sc in scores)
        label_w = max(w.width for w in self.weights)
        row_h = max(m.height for m in [*keys, *scores, *self.weights])
        # the rows' band: under the query and the label over the bars, over the effects
        band_top = self.query.get_bottom()[1] - 0.4 - self.take.height - 0.2
        band_bottom = self.effects.get_top()[1] + 0.45
        pitch = (band_top - band_bottom) / self.n_keys
        flexible = key_w + score_w + label_w + GAP
        scale = min(TEXT_MAX, (rows_w - 2 * GAP - 0.25 - BAR_MIN) / flexible, 0.62 * pitch / row_h)
        for m in [*keys, *scores, *self.weights]:
            m.scale(scale)
        bar_w = min(BAR_MAX, rows_w - 2 * GAP - 0.25 - scale * flexible)
        score_x = -hw + scale * (key_w + GAP)
        x0 = score_x + scale * score_w + GAP
        self.rows, self.bars = VGroup(), VGroup()
        bar_h = min(0.55, 0.55 * pitch)
        for i in range(self.n_keys):
            y = band_top - pitch * (i + 0.5)
            keys[i].move_to((-hw, y, 0), aligned_edge=LEFT)
            scores[i].move_to((score_x, y, 0), aligned_edge=LEFT)
            self.rows.add(VGroup(keys[i], scores[i]))
            bar = Rectangle(
                width=max(float(weights[i]) * bar_w, 0.02),
                height=bar_h,
                stroke_width=0,
                fill_color=C.WEIGHT if keep[i] else C.MUTED,
                fill_opacity=0.9,
            )
            bar.move_to((x0, y, 0), aligned_edge=LEFT)
            self.weights[i].next_to(bar, RIGHT, buff=0.25)
            self.bars.add(bar)
        first, last = band_top - pitch / 2, band_top - pitch * (self.n_keys - 0.5)
        self.axis = Line((x0, first + bar_h / 2 + 0.1, 0), (x0, last - bar_h / 2 - 0.1, 0))
        self.axis.set_stroke(C.MUTED, 2)
        self.take.move_to((x0, band_top + 0.1, 0), aligned_edge=DOWN + LEFT)
        if self.take.get_right()[0] > -hw + rows_w:
            self.take.shift((self.take.get_right()[0] + hw - rows_w) * LEFT)
        if self.drawn:
            self.build_plane(hw, hh, self.title.get_bottom()[1] - 0.3, keep)

    def build_plane(self, hw: float, hh: float, top: float, keep: np.ndarray) -> None:
        """Q and the keys as arrows on a plane in the right part, each with its name."""
        At = self.lesson.attention
        q = np.array(At.query, float)
        keys = [np.array(k, float) for k in At.keys]
        width = PLANE_SHARE * 2 * hw
        self.plane = fitted_plane([q, *keys], width, top + hh)
        self.plane.move_to((hw - width / 2, (top - hh) / 2, 0))
        self.q_arrow = vector_arrow(self.plane, q, C.QUERY).set_z_index(1)
        self.k_arrows = [
            vector_arrow(self.plane, k, C.KEY if keep[i] else C.MUTED, width=5)
            for i, k in enumerate(keys)
        ]
        plane_box = box_of(self.plane)
        arrows = (self.q_arrow, *self.k_arrows)
        avoid = [box_of(a.get_tip()) for a in arrows if isinstance(a, Arrow)]
        self.names = []
        for name, v, color in [("q", q, C.QUERY)] + [
            (f"k_{{{i + 1}}}", k, C.KEY if keep[i] else C.MUTED) for i, k in enumerate(keys)
        ]:
            label = backed(MathTex(name, font_size=32, color=color)).set_z_index(2)
            place_clear(label, self.plane.c2p(*v), np.array([*v, 0]), avoid, plane_box)
            avoid.append(box_of(label))
            self.names.append(label)
        a, b = clip_line(self.plane, np.array([-q[1], q[0]]))
        self.boundary = DashedLine(a, b, color=C.TEXT, stroke_width=2, dash_length=0.12)

    def show_question(self) -> None:
        """A query compared with each key: one dot product each."""
        self.say("hk_sub_compare")
        self.play(Write(self.title), FadeIn(self.query), run_time=1.5)
        if self.drawn:
            self.play(Create(self.plane), grow(self.q_arrow), FadeIn(self.names[0]), run_time=1)
        for i, row in enumerate(self.rows):
            drawn = [grow(self.k_arrows[i]), FadeIn(self.names[i + 1])] if self.drawn else []
            self.play(FadeIn(row[0]), Write(part_of(row, 1)), *drawn, run_time=0.9)
        self.wait(1)

    def show_weights(self) -> None:
        """Each score becomes the share of its value that is taken."""
        self.say("hk_sub_weights")
        self.play(FadeIn(self.axis), FadeIn(self.take))
        self.play(
            *[GrowFromEdge(b, LEFT) for b in self.bars],
            *[FadeIn(w, shift=0.2 * RIGHT) for w in self.weights],
            run_time=1.5,
        )
        self.wait(1.5)

    def show_effects(self) -> None:
        """The sign says side, the size also says length: the lesson separates the two."""
        self.say("hk_sub_effects")
        for line, key in zip(self.effects, ("hk_sign", "hk_size"), strict=True):
            self.at_words(key)  # each effect as it is named, and shown on the plane
            shown: list[Animation] = []
            if self.drawn and key == "hk_sign":  # where q · k turns sign: the keys' side
                shown = [Create(self.boundary)]
            elif self.drawn:  # the lengths count too
                arrows = VGroup(self.q_arrow, *self.k_arrows)
                shown = [Indicate(arrows, color=C.ACCENT, scale_factor=1.08)]
            self.play(FadeIn(line, shift=0.2 * UP), *shown, run_time=1.2)
        self.say("hk_sub_goal")
        self.wait(1)
