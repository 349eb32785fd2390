"""Quiz kind ``zero-query``: its scene part, the question card and the worked solution.

A zero query; equal weights, and no angle.
Its lesson kind (entry, sheet, page question) is :mod:`lesson.kinds.zero_query`.
"""

from __future__ import annotations

from manim import (
    VMobject,
)

from lesson.kinds import zero_query
from scenes.palette import C
from scenes.quiz.layout import (
    QUESTION_MATH,
    QUESTION_TEXT,
    STEP_MATH,
    Part,
)
from scenes.quiz.storyboard import QuestionKind, Say, Step

__all__ = ["ZeroQueryQuestion"]


class ZeroQueryQuestion(QuestionKind):
    """Kind ``zero-query``: a zero query; equal weights, and no angle."""

    spec = zero_query.KIND

    @property
    def n_keys(self) -> int:
        """How many keys the question has."""
        return len(self.scene.quiz.vectors["keys"])

    def question(self, width: float) -> list[VMobject]:
        """The zero query and the unmasked keys; ask for the weights and the angle."""
        names = [("q", "q", C.QUERY)]
        names += [(f"k_{{{i}}}", f"k{i}", C.KEY) for i in range(1, self.n_keys + 1)]
        return [
            self.scene.para("qz_zero_q_setup", width, QUESTION_TEXT),
            self.scene.vectors(names, width, QUESTION_MATH),
            self.scene.para("qz_zero_q_ask", width, QUESTION_TEXT),
        ]

    def solution(self, width: float) -> list[Step]:
        """Zero scores, zero logits, softmax = 1/n each, and the undefined angle."""
        keys = range(1, self.n_keys + 1)
        scores: list[list[Part]] = [[rf"q \cdot k_{{{i}}} =", self.scene.n("score")] for i in keys]
        logit: list[Part] = [
            r"\ell_i = \frac{",
            self.scene.n("score"),
            "}{",
            self.scene.n("sqrt_d_k"),
            "} =",
            self.scene.n("logit"),
        ]
        args: list[Part] = [r"\operatorname{softmax}("]
        values: list[Part] = [r"\left("]
        for i in keys:
            sep = [r",\ "] if i > 1 else []
            args += [*sep, self.scene.n("logit")]
            values += [*sep, self.scene.n("weight")]
        args.append(") =")
        values.append(r"\right)")
        equal = "two" if self.n_keys == 2 else "all"
        return [
            Step(
                "langkah-skor",
                "qz_zero_sub_scores",
                [self.scene.para("qz_zero_scores", width), self.scene.listing(scores, width)],
            ),
            Step(
                "langkah-softmax",
                [Say(f"qz_zero_sub_softmax_{equal}", result=True)],
                [
                    self.scene.para("qz_zero_softmax", width),
                    self.scene.formula(*logit, size=STEP_MATH),
                    self.scene.chain(args, values, width=width),
                ],
            ),
            Step(
                "kesimpulan",
                f"qz_zero_sub_equal_{equal}",
                [
                    self.scene.para(f"qz_zero_equal_{equal}", width),
                    self.scene.listing(  # the answer stays in view: the weights, and no direction
                        [
                            [r"w_i =", self.scene.n("weight")],
                            [r"\|q\|_2 =", self.scene.n("norm_q")],
                        ],
                        width,
                        color=[C.WEIGHT, C.QUERY],
                    ),
                    self.scene.para("qz_zero_no_angle", width, color=C.TEXT),
                ],
                answer=1,
            ),
        ]
