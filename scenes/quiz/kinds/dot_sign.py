"""Quiz kind ``dot-sign``: its scene part, the question card and the worked solution.

Compute a dot product; what its sign says about the angle.
Its lesson kind (entry, sheet, page question) is :mod:`lesson.kinds.dot_sign`.
"""

from __future__ import annotations

from manim import (
    VMobject,
)

from lesson.kinds import dot_sign
from scenes.palette import C
from scenes.quiz.layout import (
    QUESTION_MATH,
    QUESTION_TEXT,
    STEP_MATH,
    Part,
    flow,
)
from scenes.quiz.storyboard import QuestionKind, Say, Step

__all__ = ["DotSignQuestion"]


class DotSignQuestion(QuestionKind):
    """Kind ``dot-sign``: compute a dot product; what its sign says about the angle."""

    spec = dot_sign.KIND

    def question(self, width: float) -> list[VMobject]:
        """Compute x · y, and say what its sign means for the angle."""
        ask = self.scene.para("qz_sign_q_compute", width, QUESTION_TEXT)
        pair = self.scene.formula(
            self.scene.n("x"), r"\cdot", self.scene.n("y"), size=QUESTION_MATH
        )
        return [
            flow([ask, pair], width, buff=0.25),
            self.scene.para("qz_sign_q_sign", width, QUESTION_TEXT),
        ]

    def solution(self, width: float) -> list[Step]:
        """Multiply and add; the sign against 0; what the sign cannot tell."""
        sign = self.scene.sheet.decisions["dot"]
        segments: list[list[Part]] = [[self.scene.n("expanded")]]
        total = "qz_sign_sub_total_short"
        if "products" in self.scene.sheet:
            segments.append(["=", self.scene.n("products")])
            total = "qz_sign_sub_total"
        segments.append(self.scene.eq("dot"))
        # "−8 < 0 ⇒ θ > 90°"; a zero product is itself the answer: "0 ⇒ θ = 90°"
        relation = {"neg": ("<", ">"), "pos": (">", "<"), "zero": ("", "=")}[sign]
        compare: list[Part] = [self.scene.n("dot")]
        if sign != "zero":
            compare += [relation[0], self.scene.n("zero")]
        compare.append(rf"\;\Rightarrow\;\theta {relation[1]}")
        exact = "zero" if sign == "zero" else "sign"
        return [
            Step(
                "langkah-kalikan",
                [Say("qz_sign_sub_multiply"), Say(total, rows=0)],
                [
                    self.scene.para("qz_sign_multiply", width),
                    self.scene.chain(*segments, width=width),
                ],
            ),
            Step(
                "langkah-tanda",
                [Say(self.scene.pick("qz_sign_sub_sign", "dot"), result=True)],
                [
                    self.scene.para(self.scene.pick("qz_sign_sign", "dot"), width),
                    self.scene.formula(*compare, self.scene.n("right_angle"), size=STEP_MATH),
                ],
                answer=1,
            ),
            Step(
                "kesimpulan",
                f"qz_sign_sub_exact_{exact}",
                [self.scene.para(f"qz_sign_exact_{exact}", width, color=C.TEXT)],
            ),
        ]
