"""Quiz kind ``attention``: its scene part, the question card and the worked solution.

Scores, scaled logits, softmax computed, weights; the heaviest key.
Its lesson kind (entry, sheet, page question) is :mod:`lesson.kinds.attention`.
"""

from __future__ import annotations

import numpy as np
from manim import (
    DL,
    DOWN,
    DR,
    Line,
    MathTex,
    Rectangle,
    VGroup,
    VMobject,
)

import mathcore as mc
from lesson.kinds import attention
from scenes.palette import C
from scenes.quiz.layout import (
    QUESTION_MATH,
    QUESTION_TEXT,
    STEP_MATH,
    Part,
    flow,
)
from scenes.quiz.storyboard import QuestionKind, Say, Step
from scenes.tagging import attach

__all__ = ["AttentionQuestion"]


class AttentionQuestion(QuestionKind):
    """Kind ``attention``: scores, scaled logits, softmax computed, weights; the heaviest key."""

    spec = attention.KIND

    @property
    def n_keys(self) -> int:
        """How many keys the question has."""
        return len(self.scene.quiz.vectors["keys"])

    def question_subtitle(self) -> str:
        """Ask which key gets more weight (two keys) or the most weight (more keys)."""
        return "qz_att_sub_question_two" if self.n_keys == 2 else "qz_att_sub_question_many"

    def question(self, width: float) -> list[VMobject]:
        """The query, the keys and d_k."""
        names = [("q", "q", C.QUERY)]
        names += [(f"k_{{{i}}}", f"k{i}", C.KEY) for i in range(1, self.n_keys + 1)]
        names.append(("d_k", "d_k", C.TEXT))
        ask = "qz_att_q_two" if self.n_keys == 2 else "qz_att_q_many"
        return [
            self.scene.para(ask, width, QUESTION_TEXT),
            self.scene.vectors(names, width, QUESTION_MATH),
        ]

    def solution(self, width: float) -> list[Step]:
        """Scores, logits, exponentials, one weight as a fraction, weights, the top key."""
        keys = range(1, self.n_keys + 1)
        first = keys[0]  # the key whose weight is written out as a fraction
        dots = r",\ ".join(rf"q \cdot k_{{{i}}}" for i in keys)
        shifted = self.scene.sheet.decisions["exp"] == "greater"  # e^(ℓ − m), decided exactly
        single = self.scene.sheet.decisions["winner"] == "single"
        two = single and self.n_keys == 2  # "the larger weight" of two keys
        win_text = "qz_att_winner_two" if two else self.scene.pick("qz_att_top", "winner")
        win_said = "qz_att_sub_winner_two" if two else self.scene.pick("qz_att_sub_top", "winner")
        winner = flow(
            [
                self.scene.para(win_text, width),
                self.scene.formula(self.scene.n("winners"), size=STEP_MATH, color=C.KEY),
            ],
            width,
            buff=0.25,
        )
        weights = self.scene.chain(
            ["w", *self.scene.eq("weights")],
            [r",\quad \textstyle\sum_i w_i =", self.scene.n("sum")],
            width=width,
            color=C.WEIGHT,
        )
        return [
            Step(
                "langkah-skor",
                self.scene.pick("qz_att_sub_scores", "keys"),
                [
                    self.scene.para("qz_att_scores", width),
                    self.scene.chain([f"s = ({dots})"], ["=", self.scene.n("scores")], width=width),
                ],
            ),
            Step(
                "langkah-logit",
                [Say(self.scene.pick("qz_att_sub_logits", "keys"), fields={"l": f"logit{first}"})],
                [
                    self.scene.para("qz_att_logits", width),
                    self.scene.formula(r"\sqrt{d_k} =", self.scene.n("sqrt_d_k"), size=STEP_MATH),
                    self.scene.chain(
                        [r"\ell = \frac{s}{\sqrt{d_k}}"], self.scene.eq("logits"), width=width
                    ),
                ],
            ),
            Step(
                "langkah-eksponen",
                self.scene.pick("qz_att_sub_exp", "exp"),
                [
                    self.scene.para(self.scene.pick("qz_att_exp", "exp"), width),
                    self.scene.chain(*self.exponentials(shifted), width=width),
                ],
            ),
            Step(
                "langkah-softmax",
                [
                    Say(
                        self.scene.pick("qz_att_sub_frac", "exp"),
                        rows=2,
                        fields={"l": f"logit{first}"},
                    ),
                    Say(self.scene.pick("qz_att_sub_softmax", "keys")),
                ],
                [
                    self.scene.para("qz_att_softmax", width),
                    self.scene.chain(
                        *self.first_fraction(shifted, first), width=width, color=C.WEIGHT
                    ),
                    weights,
                    self.weight_bars(width),
                ],
            ),
            Step(
                "kesimpulan",
                [Say(win_said, result=True)],
                [winner, self.scene.para("qz_att_note", width, color=C.TEXT)],
                answer=0,
            ),
        ]

    def weight_bars(self, width: float, height: float = 0.9) -> VGroup:
        """The weights as bars on a common base, one per key, its name under it."""
        v = self.scene.quiz.vectors
        weights = mc.softmax(mc.scaled_scores(np.array(v["query"]), np.array(v["keys"])))
        slot = min(0.9, width / max(1, len(weights)))
        bars = VGroup()
        for i, w in enumerate(weights, start=1):
            bar = Rectangle(
                width=0.55 * slot,
                height=max(float(w) * height, 0.02),
                stroke_width=0,
                fill_color=C.WEIGHT,
                fill_opacity=0.9,
            )
            name = MathTex(f"k_{{{i}}}", font_size=26, color=C.KEY)
            bars.add(VGroup(bar, name.next_to(bar, DOWN, buff=0.08)))
        for i, pair in enumerate(bars):
            pair.move_to((i * slot, 0, 0), aligned_edge=DOWN)
        for pair in bars:  # on one base line
            pair[0].align_to(bars[0][0], DOWN)
            pair[1].next_to(pair[0], DOWN, buff=0.08)
        base = Line(bars[0][0].get_corner(DL), bars[-1][0].get_corner(DR))
        base.set_stroke(C.MUTED, 2)
        chart = VGroup(base, bars)
        attach(chart, in_recap=False)  # a picture of the weights above: not gathered on a recap
        return chart

    def power(self, i: int, shifted: bool) -> list[Part]:
        """``e^{ℓᵢ}`` with the sheet's logit (``e^{ℓᵢ − m}`` when shifted)."""
        if shifted:
            return ["e^{", self.scene.n(f"logit{i}"), "-", self.scene.n("max_logit"), "}"]
        return ["e^{", self.scene.n(f"logit{i}"), "}"]

    def denominator(self, shifted: bool) -> list[Part]:
        """The sum of the exponentials, written out for up to three keys."""
        if self.n_keys > 3:
            return [r"\sum_j e^{\ell_j - m}" if shifted else r"\sum_j e^{\ell_j}"]
        parts: list[Part] = []
        for i in range(1, self.n_keys + 1):
            parts += (["+"] if i > 1 else []) + self.power(i, shifted)
        return parts

    def exponentials(self, shifted: bool) -> list[list[Part]]:
        """``Σⱼ e^{ℓⱼ} = e^{0.707} + … ≈ 2.028 + … ≈ 10.613`` (or with ℓⱼ − m).

        Every exponential is written out, one segment each, so a long sum wraps between them.
        """
        first: list[Part] = [r"\sum_j e^{\ell_j - m}" if shifted else r"\sum_j e^{\ell_j}"]
        if shifted:
            first += [r",\ m = \max_j \ell_j =", self.scene.n("max_logit")]
        segments = [first]
        for i in range(1, self.n_keys + 1):
            segments.append([r"=" if i == 1 else r"+", *self.power(i, shifted)])
        return [*segments, self.scene.eq("exp_terms"), self.scene.eq("exp_sum")]

    def first_fraction(self, shifted: bool, first: int) -> list[list[Part]]:
        """``w₁ = e^{0.707}/(e^{0.707} + …) ≈ 2.028/10.613 ≈ 0.191`` for key `first`."""
        return [
            [
                f"w_{{{first}}} =",
                *self.scene.frac(self.power(first, shifted), self.denominator(shifted)),
            ],
            self.scene.eq("frac"),
            self.scene.eq("first_weight"),
        ]
