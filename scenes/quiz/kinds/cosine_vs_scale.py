"""Quiz kind ``cosine-vs-scale``: its scene part, the question card and the worked solution.

Cosine similarity instead of q · k, versus scaling by √d_k.
Its lesson kind (entry, sheet, page question) is :mod:`lesson.kinds.cosine_vs_scale`.
"""

from __future__ import annotations

from manim import (
    VMobject,
)

from lesson.kinds import cosine_vs_scale
from scenes.palette import C
from scenes.quiz.layout import (
    QUESTION_MATH,
    QUESTION_TEXT,
    STEP_MATH,
    Part,
)
from scenes.quiz.storyboard import QuestionKind, Say, Step

__all__ = ["CosineVsScaleQuestion"]


class CosineVsScaleQuestion(QuestionKind):
    """Kind ``cosine-vs-scale``: cosine similarity instead of q · k, versus scaling by √d_k."""

    spec = cosine_vs_scale.KIND

    def question(self, width: float) -> list[VMobject]:
        """What changes for q and k, and why it is not the standard scaling."""
        names = [("q", "q", C.QUERY), ("k", "k", C.KEY)]
        return [
            self.scene.para("qz_scale_q_setup", width, QUESTION_TEXT),
            self.scene.vectors(names, width, QUESTION_MATH),
            self.scene.para("qz_scale_q_ask", width, QUESTION_TEXT),
        ]

    def solution(self, width: float) -> list[Step]:
        """Raw product, cosine, the standard scaled logit, the difference."""
        lengths = [[r"\|q\|_2", *self.scene.eq("norm_q")], [r"\|k\|_2", *self.scene.eq("norm_k")]]
        cos: list[list[Part]] = [[r"\cos\theta = \frac{q \cdot k}{\|q\|_2\,\|k\|_2}"]]
        said = "qz_scale_sub_cos_value"
        if self.scene.exact("dot", "norm_q", "norm_k"):
            cos.append(
                [
                    "=",
                    *self.scene.frac([self.scene.n("dot")], self.scene.product("norm_q", "norm_k")),
                ]
            )
            said = "qz_scale_sub_cos_ratio"
        cos.append(self.scene.eq("cos"))
        scaled: list[list[Part]] = [
            [r"\frac{q \cdot k}{\sqrt{d_k}}"],
            ["=", r"\frac{", self.scene.n("dot"), "}{", self.scene.n("sqrt_d_k"), "}"],
            self.scene.eq("scaled"),
        ]
        return [
            Step(
                "langkah-hasil-kali",
                "qz_scale_sub_dot",
                [
                    self.scene.para("qz_scale_dot", width),
                    self.scene.formula(r"q \cdot k =", self.scene.n("dot"), size=STEP_MATH),
                ],
            ),
            Step(
                "langkah-kosinus",
                [Say("qz_scale_sub_cos", rows=2), Say(said)],
                [
                    self.scene.para("qz_scale_cos", width),
                    self.scene.listing(lengths, width),
                    self.scene.chain(*cos, width=width),
                ],
            ),
            Step(
                "langkah-skala",
                [Say("qz_scale_sub_scale", rows=2), Say("qz_scale_sub_scaled", result=True)],
                [
                    self.scene.para("qz_scale_scale", width),
                    self.scene.listing([["d_k =", self.scene.n("d_k")]], width),
                    self.scene.chain(*scaled, width=width),
                ],
            ),
            Step(
                "kesimpulan",
                "qz_scale_sub_note",
                [
                    self.scene.para("qz_scale_note", width, color=C.TEXT),
                    self.scene.listing(
                        [
                            [r"\cos\theta", *self.scene.eq("cos")],
                            [r"\frac{q \cdot k}{\sqrt{d_k}}", *self.scene.eq("scaled")],
                        ],
                        width,
                        color=C.TEXT,
                    ),
                ],
                answer=1,
            ),
        ]
