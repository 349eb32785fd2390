"""Hook: one number, q · k, decides how much of a value attention takes."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, FadeIn, GrowFromEdge, Line, Rectangle, VGroup, Write

import mathcore as mc
from scenes.base import LessonScene
from scenes.frame import frame_box
from scenes.palette import C
from scenes.tagging import part_of
from scenes.textfit import fit_into, wrap_text

__all__ = ["Hook"]

BAR_MIN, BAR_MAX = 2.4, 5.0  # width of a weight of one: what the row leaves, within these
GAP = 0.6  # between a row's columns
INSET = 0.02  # a hair inside the title-safe area, clear of rounding


class Hook(LessonScene):
    """A short opening: a query, its keys, one score each, and the share each value gets."""

    def construct(self) -> None:
        """Storyboard: the question, one score per key, the weights they become, two effects."""
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
        self.title = self.t("hk_title", 44, C.ACCENT)
        fit_into(self.title, 2 * hw, 1.0)
        self.query = self.formula("q", *self.eq("q"), size=48, color=C.QUERY)
        fit_into(self.query, 2 * hw, 1.0)
        top = VGroup(self.title, self.query).arrange(DOWN, aligned_edge=LEFT, buff=0.35)
        top.move_to((-hw, hh, 0), aligned_edge=UP + LEFT)

        self.effects = VGroup(
            wrap_text(self.strings["hk_sign"], 2 * hw, 30, C.TEXT),
            wrap_text(self.strings["hk_size"], 2 * hw, 30, C.TEXT),
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
        scale = min(1.0, (2 * hw - 2 * GAP - 0.25 - BAR_MIN) / flexible, 0.62 * pitch / row_h)
        for m in [*keys, *scores, *self.weights]:
            m.scale(scale)
        bar_w = min(BAR_MAX, 2 * hw - 2 * GAP - 0.25 - scale * flexible)
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
        if self.take.get_right()[0] > hw:
            self.take.shift((self.take.get_right()[0] - hw) * LEFT)

    def show_question(self) -> None:
        """A query compared with each key: one dot product each."""
        self.say("hk_sub_compare")
        self.play(Write(self.title), FadeIn(self.query), run_time=1.5)
        for row in self.rows:
            self.play(FadeIn(row[0]), Write(part_of(row, 1)), run_time=0.9)
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
            self.at_words(key)  # each effect as it is named
            self.play(FadeIn(line, shift=0.2 * UP))
        self.say("hk_sub_goal")
        self.wait(1)
