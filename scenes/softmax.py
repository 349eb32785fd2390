"""SoftmaxBarMorph: raw scores -> scaled logits -> softmax computed -> weights, a bar per key."""

from __future__ import annotations

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    FadeIn,
    FadeOut,
    Line,
    MathTex,
    Rectangle,
    ReplacementTransform,
    Transform,
    VGroup,
    Write,
)

import mathcore as mc
from lesson.sheets.softmax import SAID_LIST_MAX
from scenes.common import C, LessonScene, fit_into

__all__ = ["SoftmaxBarMorph"]

CHART_LEFT, CHART_RIGHT = -6.6, 1.4
CHART_TOP, CHART_BOTTOM = 1.6, -1.9
COLUMN_W, COLUMN_H = 4.6, 5.6
STAGES = ("score", "logit", "weight")


class SoftmaxBarMorph(LessonScene):
    """The attention trace of one query, as bars that morph through three stages."""

    def construct(self) -> None:
        """Storyboard: raw scores, scaled logits, softmax computed, weights, what they are not."""
        self.build()
        self.step("skor-mentah")
        self.show_scores()
        self.step("logit-berskala")
        self.morph_to(1)
        self.step("softmax-dihitung")
        self.compute_softmax()
        self.step("bobot-softmax")
        self.morph_to(2)
        self.step("bukan-probabilitas")
        self.show_note()

    # --- layout ------------------------------------------------------------------------
    def build(self) -> None:
        """Values of every stage, the common scale, and the fixed parts of the picture."""
        At = self.lesson.attention
        self.n_keys = len(At.keys)
        self.keep = np.array(At.mask or (True,) * self.n_keys)
        raw = np.array([mc.dot(At.query, k) for k in At.keys])
        logits = mc.scaled_scores(At.query, At.keys)
        weights = mc.softmax(logits, self.keep)
        self.values = [raw, np.where(self.keep, logits, 0.0), weights]
        # Scores and logits share one scale, so dividing by sqrt(d_k) visibly shrinks the
        # bars; weights (0 to 1) get the whole space above the axis.
        finite = np.concatenate(self.values[:2])
        top, bottom = max(finite.max(), 0.0), min(finite.min(), 0.0)
        label_room = 0.6
        unit = (CHART_TOP - CHART_BOTTOM - 2 * label_room) / max(top - bottom, 1e-9)
        self.base_y = CHART_BOTTOM + label_room + (-bottom) * unit
        self.units = [unit, unit, (CHART_TOP - label_room - self.base_y) / 1.0]
        slot = (CHART_RIGHT - CHART_LEFT) / self.n_keys
        self.xs = [CHART_LEFT + slot * (i + 0.5) for i in range(self.n_keys)]
        self.bar_w = min(1.3, 0.55 * slot)
        self.label_size = 34 if self.n_keys <= 3 else 28

        self.axis = Line(
            [CHART_LEFT, self.base_y, 0],
            [CHART_RIGHT, self.base_y, 0],
            color=C.MUTED,
            stroke_width=2,
        )
        names = []
        for i, x in enumerate(self.xs):
            name = MathTex(f"k_{{{i + 1}}}", font_size=34, color=C.KEY)
            name.move_to([x, CHART_BOTTOM - 0.35, 0])
            if not self.keep[i]:
                name = VGroup(name, self.t("sb_masked", 22, C.MUTED).next_to(name, DOWN, buff=0.1))
            names.append(name)
        self.names = VGroup(*names)
        self.bars = VGroup(*[self.bar(0, i) for i in range(self.n_keys)])
        self.value_labels = VGroup(*[self.value_label(0, i) for i in range(self.n_keys)])

        key_rows = [
            self.formula(f"k_{{{i}}} =", self.n(f"k{i}"), size=34, color=C.KEY)
            for i in range(1, self.n_keys + 1)
        ]
        self.column = VGroup(
            self.formula("q =", self.n("q"), size=34, color=C.QUERY),
            *key_rows,
            self.formula("d_k =", self.n("d_k"), size=34),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.22)
        fit_into(self.column, COLUMN_W, COLUMN_H)
        self.column.to_edge(RIGHT, buff=0.45).set_y(0.2)

        self.shifted = self.sheet.decisions["exp"] == "greater"  # e^(ℓ − m), decided exactly
        titles = ("sb_raw", "sb_scaled", "sb_computed", "sb_softmax")
        self.stage_titles = [self.t(k, 34, C.ACCENT) for k in titles]
        power = r"\ell_i - m" if self.shifted else r"\ell_i"
        rule = [rf"w_i = \frac{{e^{{{power}}}}}{{\sum_j e^{{{power.replace('i', 'j')}}}}}"]
        if self.shifted:
            rule += [r",\quad m = \max_j \ell_j =", self.n("max_logit")]
        self.stage_formulas = [
            self.formula(r"s_i = q \cdot k_i,\quad s =", self.n("scores"), size=36),
            self.formula(
                r"\ell_i = \frac{q \cdot k_i}{\sqrt{d_k}},\quad \sqrt{d_k} =",
                self.n("sqrt_d_k"),
                r",\quad \ell",
                *self.eq("logits"),
                size=36,
            ),
            self.formula(*rule, size=36),
            self.formula("w", *self.eq("weights"), r",\quad \sum_i w_i =", self.n("sum"), size=36),
        ]
        self.computed = self.computation()
        # a formula keeps left of the right column (a tall one reaches the top band)
        right = min(self.column.get_left()[0], self.computed.get_left()[0]) - 0.3
        for title, f in zip(self.stage_titles, self.stage_formulas, strict=True):
            title.to_corner(UP + LEFT, buff=0.4)
            fit_into(f, right - title.get_left()[0], 1.3)
            f.next_to(title, DOWN, aligned_edge=LEFT, buff=0.2)
        self.note = self.t("sb_note", 26, C.TEXT)
        fit_into(self.note, 13.0, 1.0).to_edge(DOWN, buff=0.35)

    def bar(self, stage: int, i: int) -> Rectangle:
        """Bar `i` at `stage`: above the axis for a positive value, below for a negative one."""
        v = self.values[stage][i]
        masked = stage > 0 and not self.keep[i]
        h = max(abs(v) * self.units[stage], 0.03)
        color = C.MUTED if masked else [C.SCORE, C.SCORE, C.WEIGHT][stage]
        bar = Rectangle(
            width=self.bar_w,
            height=h,
            stroke_width=0,
            fill_color=color,
            fill_opacity=0.7 if masked else 0.9,
        )
        edge = DOWN if v >= 0 else UP
        return bar.move_to([self.xs[i], self.base_y, 0], aligned_edge=edge)

    def value_label(self, stage: int, i: int) -> MathTex:
        """The bar's value from the sheet, riding just beyond the bar's end."""
        key = f"{STAGES[stage]}{i + 1}"
        label = self.formula(self.n(key), size=self.label_size)
        bar = self.bars[i] if stage == 0 else self.bar(stage, i)
        return label.next_to(bar, UP if self.values[stage][i] >= 0 else DOWN, buff=0.12)

    def computation(self) -> VGroup:
        """The exponentials and their sum, then one key's fraction, in the column's place."""
        self.kept = [i + 1 for i in range(self.n_keys) if self.keep[i]]
        f = self.kept[0]  # the first allowed key: its weight is written out
        if self.shifted:
            top = ["e^{", self.n("first_logit"), "-", self.n("max_logit"), "}"]
            powers: list = [r"\sum_j e^{\ell_j - m}"]
            sigma = [r"\sum_j e^{\ell_j - m}"]
        else:
            top = ["e^{", self.n("first_logit"), "}"]
            powers = []
            for n, i in enumerate(self.kept):
                powers += ["+ e^{" if n else "e^{", self.n(f"logit{i}"), "}"]
            sigma = [r"\sum_j e^{\ell_j} =", *powers]
        exact = all(self.sheet[f"exp{i}"].exact for i in self.kept)
        terms: list = ["=" if exact else r"\approx"]
        for n, i in enumerate(self.kept):
            terms += ["+", self.n(f"exp{i}")] if n else [self.n(f"exp{i}")]
        rows = VGroup(
            self.formula(*sigma, size=34),
            self.formula(*terms, *self.eq("exp_sum"), size=34),
            self.formula(f"w_{{{f}}} = \\frac{{", *top, "}{", *powers, "}", size=34),
            self.formula(*self.eq("frac"), *self.eq("first_weight"), size=34),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.3)
        for r in (rows[1], rows[3]):  # a chain's next link, indented under its start
            r.shift((rows[0].get_left()[0] + 0.6 - r.get_left()[0]) * RIGHT)
        fit_into(rows, COLUMN_W + 0.4, COLUMN_H)
        return rows.to_edge(RIGHT, buff=0.35).set_y(0.0)

    # --- steps -------------------------------------------------------------------------
    def show_scores(self) -> None:
        """Raw compatibility scores q · k_i."""
        self.say("sb_sub_raw")
        self.play(FadeIn(self.stage_titles[0]), Write(self.stage_formulas[0]), FadeIn(self.column))
        self.play(
            FadeIn(self.axis),
            FadeIn(self.names),
            *[FadeIn(b, shift=0.3 * UP) for b in self.bars],
            run_time=1.5,
        )
        self.play(FadeIn(self.value_labels))
        self.wait(2.5)

    def morph_to(self, stage: int) -> None:
        """Bars grow or shrink to the next stage; labels ride on them."""
        many = "" if self.n_keys <= SAID_LIST_MAX else "_many"  # a long list: on screen only
        if stage == 1:
            self.say("sb_sub_scaled")
            self.retitle(0, 1)
            self.say(f"sb_sub_logits{many}", result=True)
        else:
            self.say(f"sb_sub_softmax{many}", result=True)
            self.retitle(2, 3)
        new_labels = VGroup(*[self.value_label(stage, i) for i in range(self.n_keys)])
        self.play(
            *[Transform(b, self.bar(stage, i)) for i, b in enumerate(self.bars)],
            *[
                ReplacementTransform(a, b)
                for a, b in zip(self.value_labels, new_labels, strict=True)
            ],
            run_time=2,
        )
        self.value_labels = new_labels
        if stage == 1 and not self.keep.all():
            self.say("sb_sub_mask")
        self.wait(2.5)

    def retitle(self, old: int, new: int) -> None:
        """The stage's title and formula turn into the next stage's."""
        self.play(
            ReplacementTransform(self.stage_titles[old], self.stage_titles[new]),
            ReplacementTransform(self.stage_formulas[old], self.stage_formulas[new]),
        )

    def compute_softmax(self) -> None:
        """The exponential of each logit and their sum, then one weight as a fraction."""
        self.say(self.pick("sb_sub_exp", "exp"))
        self.retitle(1, 2)
        rows = self.computed
        self.play(FadeOut(self.column), FadeIn(rows[0]), FadeIn(rows[1]))
        for i in self.kept:
            self.say(self.pick("sb_sub_exp_one", "exp"), ell=f"logit{i}", e=f"exp{i}")
        if not self.keep.all():
            self.say("sb_sub_exp_mask")
        self.say("sb_sub_sum")
        self.wait(0.5)
        self.say(self.pick("sb_sub_frac", "exp"), result=True)
        self.play(Write(rows[2]), run_time=1.5)
        self.play(FadeIn(rows[3]))
        self.wait(1)

    def show_note(self) -> None:
        """Weights are a normalised distribution, not calibrated relevance probabilities."""
        self.say("sb_sub_note")
        self.play(FadeIn(self.note, shift=0.2 * UP))
        self.wait(3.5)
