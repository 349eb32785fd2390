"""Quiz kind ``cosine``: its scene part, the question card and the worked solution.

U · v and the cosine of the angle; not the same quantity.
Its lesson kind (entry, sheet, page question) is :mod:`lesson.kinds.cosine`.
"""

from __future__ import annotations

from manim import (
    VMobject,
)

from lesson.kinds import cosine
from scenes.palette import C
from scenes.quiz.layout import (
    QUESTION_MATH,
    QUESTION_TEXT,
    Part,
)
from scenes.quiz.storyboard import QuestionKind, Say, Step

__all__ = ["CosineQuestion"]


class CosineQuestion(QuestionKind):
    """Kind ``cosine``: u · v and the cosine of the angle; not the same quantity."""

    spec = cosine.KIND

    def question(self, width: float) -> list[VMobject]:
        """For u and v, compute u · v and cos θ."""
        names = [("u", "u", C.TEXT), ("v", "v", C.TEXT)]
        return [
            self.scene.para("qz_cos_q", width, QUESTION_TEXT),
            self.scene.vectors(names, width, QUESTION_MATH),
        ]

    def solution(self, width: float) -> list[Step]:
        """The product, both lengths (derived), the cosine, the difference."""
        cos: list[list[Part]] = [[r"\cos\theta = \frac{u \cdot v}{\|u\|_2\,\|v\|_2}"]]
        said, value = "qz_cos_sub_cos", "qz_cos_sub_value"
        if self.scene.exact("dot", "norm_u", "norm_v"):
            cos.append(
                [
                    "=",
                    *self.scene.frac([self.scene.n("dot")], self.scene.product("norm_u", "norm_v")),
                ]
            )
            said = "qz_cos_sub_cos_ratio"
        if "cos_frac" in self.scene.sheet:
            cos.append(["=", self.scene.n("cos_frac")])
            value += "_frac"
        cos.append(self.scene.eq("cos"))
        lengths = [
            [r"\|u\|_2 =", self.scene.n("norm_u_terms"), *self.scene.eq("norm_u")],
            [r"\|v\|_2 =", self.scene.n("norm_v_terms"), *self.scene.eq("norm_v")],
        ]
        return [
            Step(
                "langkah-hasil-kali",
                [Say("qz_cos_sub_dot"), Say("qz_cos_sub_dot_total", rows=0)],
                [
                    self.scene.para("qz_cos_dot", width),
                    self.scene.chain(
                        [r"u \cdot v =", self.scene.n("expanded")],
                        self.scene.eq("dot"),
                        width=width,
                    ),
                ],
            ),
            Step(
                "langkah-panjang",
                "qz_cos_sub_lengths",
                [self.scene.para("qz_cos_lengths", width), self.scene.listing(lengths, width)],
            ),
            Step(
                "langkah-kosinus",
                [Say(said), Say(value, rows=0, result=True)],
                [self.scene.para("qz_cos_cos", width), self.scene.chain(*cos, width=width)],
            ),
            Step(
                "kesimpulan",
                self.scene.pick("qz_cos_sub_note", "dot_vs_cos"),
                [
                    self.scene.para(
                        self.scene.pick("qz_cos_note", "dot_vs_cos"), width, color=C.TEXT
                    )
                ],
                answer=0,
            ),
        ]
