"""Hook: one number, q · k, decides how much of a value attention takes."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, FadeIn, GrowFromEdge, Line, Rectangle, VGroup, Write

import mathcore as mc
from scenes.common import C, LessonScene, fit_into

__all__ = ["Hook"]

EDGE = 0.45
BAR_W = 4.2  # a weight of one fills this width


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
        """The question on top, one row per key (score, bar, weight), the closing line."""
        At = self.lesson.attention
        self.n_keys = len(At.keys)
        keep = np.array(At.mask or (True,) * self.n_keys)
        weights = mc.softmax(mc.scaled_scores(At.query, At.keys), keep)
        self.title = self.t("hk_title", 40, C.ACCENT)
        self.query = self.formula("q =", self.n("q"), size=44, color=C.QUERY)
        self.rows, self.bars, self.weights = VGroup(), VGroup(), VGroup()
        for i in range(1, self.n_keys + 1):
            score = self.formula(
                rf"q \cdot k_{{{i}}} =", self.n(f"score{i}"), size=44, color=C.TEXT
            )
            key = self.formula(f"k_{{{i}}} =", self.n(f"k{i}"), size=38, color=C.KEY)
            self.rows.add(VGroup(key, score))
        for row in self.rows:
            row[1].next_to(row[0], RIGHT, buff=0.6)
        self.rows.arrange(DOWN, aligned_edge=LEFT, buff=0.5)
        for i in range(self.n_keys):
            w = float(weights[i])
            bar = Rectangle(
                width=max(w * BAR_W, 0.02),
                height=0.5,
                stroke_width=0,
                fill_color=C.WEIGHT if keep[i] else C.MUTED,
                fill_opacity=0.9,
            )
            label = self.formula(f"w_{{{i + 1}}}", *self.eq(f"weight{i + 1}"), size=40)
            self.bars.add(bar)
            self.weights.add(label)
        self.take = self.t("hk_take", 26, C.MUTED)
        top = VGroup(self.title, self.query).arrange(DOWN, aligned_edge=LEFT, buff=0.35)
        top.to_corner(UP + LEFT, buff=EDGE)
        fit_into(self.rows, 7.6, 4.2)
        self.rows.next_to(top, DOWN, aligned_edge=LEFT, buff=0.55)
        x0 = self.rows.get_right()[0] + 0.8
        for row, bar, label in zip(self.rows, self.bars, self.weights, strict=True):
            bar.move_to([x0, row.get_center()[1], 0], aligned_edge=LEFT)
            label.next_to(bar, RIGHT, buff=0.25)
        self.axis = Line(
            [x0, self.rows.get_top()[1] + 0.1, 0], [x0, self.rows.get_bottom()[1] - 0.1, 0]
        ).set_stroke(C.MUTED, 2)
        self.take.next_to(self.axis, UP, aligned_edge=LEFT, buff=0.2)
        right = VGroup(self.axis, self.bars, self.weights, self.take)
        if right.get_right()[0] > 7.1 - EDGE:
            right.shift((right.get_right()[0] - (7.1 - EDGE)) * LEFT)
        self.effects = VGroup(self.t("hk_sign", 28, C.TEXT), self.t("hk_size", 28, C.TEXT)).arrange(
            DOWN, aligned_edge=LEFT, buff=0.2
        )
        fit_into(self.effects, 13.2, 1.4)
        self.effects.to_edge(DOWN, buff=EDGE).to_edge(LEFT, buff=EDGE)

    def show_question(self) -> None:
        """A query compared with each key: one dot product each."""
        self.say("hk_sub_compare")
        self.play(Write(self.title), FadeIn(self.query), run_time=1.5)
        for row in self.rows:
            self.play(FadeIn(row[0]), Write(row[1]), run_time=0.9)
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
        self.play(FadeIn(self.effects[0], shift=0.2 * UP))
        self.play(FadeIn(self.effects[1], shift=0.2 * UP))
        self.wait(1.5)
        self.say("hk_sub_goal")
        self.wait(1)
