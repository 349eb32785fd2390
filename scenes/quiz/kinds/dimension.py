"""Quiz kind ``dimension``: its scene part, the question card and the worked solution.

A prediction, what √dₖ is for; then the reasoning and an example.
Its lesson kind (entry, sheet, page question) is :mod:`lesson.kinds.dimension`.
"""

from __future__ import annotations

from manim import (
    VMobject,
)

from lesson.kinds import dimension
from scenes.palette import C
from scenes.quiz.layout import (
    QUESTION_TEXT,
    STEP_MATH,
    Part,
)
from scenes.quiz.storyboard import QuestionKind, Say, Step

__all__ = ["DimensionQuestion"]


class DimensionQuestion(QuestionKind):
    """Kind ``dimension``: a prediction, what √dₖ is for; then the reasoning and an example."""

    spec = dimension.KIND

    def question(self, width: float) -> list[VMobject]:
        """The assumptions, then the ask: grows, shrinks or stays, unscaled and scaled."""
        return [
            self.scene.para("qz_dim_q_assume", width, QUESTION_TEXT),
            self.scene.para("qz_dim_q_ask", width, QUESTION_TEXT),
        ]

    def weights(self, first: str, second: str) -> list[list[Part]]:
        """The largest weight at each dₖ: ``d_k = 4: w_max ≈ 0.464``, one formula per dₖ."""
        return [
            [r"d_k =", self.scene.n(d), r"\colon\ w_{\max}", *self.scene.eq(w)]
            for d, w in (("dk_small", first), ("dk_large", second))
        ]

    def solution(self, width: float) -> list[Step]:
        """Var(q · k) = dₖ; the example unscaled; divided by √dₖ, and the answer."""
        pairs = (("dk_small", "root_small"), ("dk_large", "root_large"))
        roots = [[r"d_k =", self.scene.n(d), r",\ \sqrt{d_k}", *self.scene.eq(r)] for d, r in pairs]
        arrow = r"\;\longrightarrow\;"
        answer: list[list[Part]] = [
            [r"q \cdot k\colon\ ", self.scene.n("raw_small"), arrow, self.scene.n("raw_large")],
            [
                r"\frac{q \cdot k}{\sqrt{d_k}}\colon\ ",
                self.scene.n("scaled_small"),
                arrow,
                self.scene.n("scaled_large"),
            ],
        ]
        return [
            Step(
                "langkah-sebaran",
                "qz_dim_sub_spread",
                [
                    self.scene.para("qz_dim_spread", width),
                    self.scene.formula(r"\operatorname{Var}(q \cdot k) = d_k", size=STEP_MATH),
                    self.scene.listing(roots, width),
                ],
            ),
            Step(
                "langkah-tanpa-skala",
                [
                    Say(self.scene.pick("qz_dim_sub_raw", "example")),
                    Say(self.scene.pick("qz_dim_sub_peak", "peak"), rows=0),
                ],
                [
                    self.scene.para("qz_dim_raw", width),
                    self.scene.listing(
                        self.weights("raw_small", "raw_large"), width, color=C.WEIGHT
                    ),
                ],
            ),
            Step(
                "kesimpulan",
                [
                    Say(self.scene.pick("qz_dim_sub_scaled", "moderate")),
                    Say(self.scene.pick("qz_dim_sub_answer", "example"), rows=0, result=True),
                ],
                [
                    self.scene.para("qz_dim_scaled", width),
                    self.scene.listing(answer, width, color=C.WEIGHT),
                ],
                answer=1,
            ),
        ]
