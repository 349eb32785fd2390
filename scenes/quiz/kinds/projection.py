"""Quiz kind ``projection``: its scene part, the question card and the worked solution.

Project q onto k; signed scalar length and projection vector.
Its lesson kind (entry, sheet, page question) is :mod:`lesson.kinds.projection`.
"""

from __future__ import annotations

from manim import (
    VMobject,
)

from lesson.kinds import projection
from scenes.palette import C
from scenes.quiz.layout import (
    QUESTION_MATH,
    QUESTION_TEXT,
    STEP_MATH,
    Part,
)
from scenes.quiz.storyboard import QuestionKind, Say, Step

__all__ = ["ProjectionQuestion"]


class ProjectionQuestion(QuestionKind):
    """Kind ``projection``: project q onto k; signed scalar length and projection vector."""

    spec = projection.KIND

    def question(self, width: float) -> list[VMobject]:
        """Project q onto k."""
        names = [("q", "q", C.QUERY), ("k", "k", C.KEY)]
        return [
            self.scene.para("qz_proj_q", width, QUESTION_TEXT),
            self.scene.vectors(names, width, QUESTION_MATH),
        ]

    def solution(self, width: float) -> list[Step]:
        """Product and length; comp_k(q); proj_k(q) = (q · k / ‖k‖²) k; what the sign says."""
        comp: list[list[Part]] = [
            [r"\operatorname{comp}_k(q) = \frac{q \cdot k}{\|k\|_2}"],
        ]
        said = "qz_proj_sub_comp"
        if "comp_ratio" in self.scene.sheet:
            comp.append(["=", self.scene.n("comp_ratio")])
            said = "qz_proj_sub_comp_ratio"
        comp.append(self.scene.eq("comp"))
        proj: list[list[Part]] = [
            [r"\operatorname{proj}_k(q) = \frac{q \cdot k}{\|k\|_2^2}\,k"],
            [
                "=",
                r"\frac{",
                self.scene.n("dot"),
                "}{",
                self.scene.n("kk"),
                r"}\,",
                self.scene.n("k"),
            ],
            self.scene.eq("proj"),
        ]
        firsts = [
            [r"q \cdot k =", self.scene.n("expanded"), *self.scene.eq("dot")],
            [r"\|k\|_2", *self.scene.eq("norm_k")],
        ]
        return [
            Step(
                "langkah-hasil-kali",
                [Say("qz_proj_sub_first"), Say("qz_proj_sub_length", rows=0)],
                [self.scene.para("qz_proj_first", width), self.scene.listing(firsts, width)],
            ),
            Step(
                "langkah-proyeksi-skalar",
                [Say(said, result=True)],
                [
                    self.scene.para("qz_proj_comp", width),
                    self.scene.chain(*comp, width=width, color=C.PROJECTION),
                ],
            ),
            Step(
                "langkah-proyeksi-vektor",
                [Say("qz_proj_sub_proj", result=True)],
                [
                    self.scene.para("qz_proj_proj", width),
                    self.scene.formula(r"\|k\|_2^2 =", self.scene.n("kk"), size=STEP_MATH),
                    self.scene.chain(*proj, width=width, color=C.PROJECTION),
                ],
            ),
            Step(
                "kesimpulan",
                self.scene.pick("qz_proj_sub_note", "dot"),
                [
                    self.scene.para(self.scene.pick("qz_proj_note", "dot"), width, color=C.TEXT),
                    self.scene.listing(
                        [
                            [r"\operatorname{comp}_k(q)", *self.scene.eq("comp")],
                            [r"\operatorname{proj}_k(q)", *self.scene.eq("proj")],
                        ],
                        width,
                        color=C.PROJECTION,
                    ),
                ],
                answer=1,
            ),
        ]
