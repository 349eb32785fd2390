"""Quiz kind ``orthogonal``: its scene part, the question card and the worked solution.

A zero dot product of non-zero vectors; the zero- vector caveat.
Its lesson kind (entry, sheet, page question) is :mod:`lesson.kinds.orthogonal`.
"""

from __future__ import annotations

from manim import (
    MathTex,
    VMobject,
)

from lesson.kinds import orthogonal
from scenes.palette import C
from scenes.quiz.layout import (
    QUESTION_TEXT,
    STEP_MATH,
)
from scenes.quiz.storyboard import QuestionKind, Say, Step
from scenes.tagging import Part

__all__ = ["OrthogonalQuestion"]


class OrthogonalQuestion(QuestionKind):
    """Kind ``orthogonal``: a zero dot product of non-zero vectors; the zero-vector caveat."""

    spec = orthogonal.KIND

    def question(self, width: float) -> list[VMobject]:
        """What follows from a zero product, and the care a zero vector needs."""
        return [self.scene.para("qz_orth_q", width, QUESTION_TEXT)]

    def solution(self, width: float) -> list[Step]:
        """The angle formula, the lesson's example pair, cos θ = 0, the zero vector."""
        names = [("x", "x", C.TEXT), ("y", "y", C.TEXT)]
        lengths = [[r"\|x\|_2", *self.scene.eq("norm_x")], [r"\|y\|_2", *self.scene.eq("norm_y")]]
        forced: list[list[Part]] = [
            [*self.scene.product("norm_x", "norm_y"), r"\,\cos\theta =", self.scene.n("dot")],
            [r"\;\Rightarrow\;\cos\theta =", self.scene.n("zero")],
            [r"\;\Rightarrow\;\theta =", self.scene.n("right_angle")],
        ]
        return [
            Step(
                "langkah-rumus",
                "qz_orth_sub_formula",
                [
                    self.scene.para("qz_orth_formula", width),
                    MathTex(
                        r"x \cdot y = \|x\|_2\,\|y\|_2\cos\theta", font_size=STEP_MATH, color=C.TEXT
                    ),
                ],
            ),
            Step(
                "langkah-contoh",
                [
                    Say("qz_orth_sub_example", rows=2),
                    Say("qz_orth_sub_lengths", rows=1),
                    Say("qz_orth_sub_example_dot"),
                ],
                [
                    self.scene.para("qz_orth_example", width),
                    self.scene.vectors(names, width, STEP_MATH),
                    self.scene.listing(lengths, width),
                    self.scene.chain(
                        [r"x \cdot y =", self.scene.n("expanded")],
                        self.scene.eq("dot"),
                        width=width,
                    ),
                ],
            ),
            Step(
                "langkah-tegak-lurus",
                [Say("qz_orth_sub_perpendicular", result=True)],
                [
                    self.scene.para("qz_orth_perpendicular", width),
                    self.scene.chain(*forced, width=width),
                ],
            ),
            Step(
                "kesimpulan",
                "qz_orth_sub_zero_vector",
                [
                    self.scene.formula(  # the answer stays in view
                        r"x \cdot y =",
                        self.scene.n("dot"),
                        r"\;\Rightarrow\;\theta =",
                        self.scene.n("right_angle"),
                        size=STEP_MATH,
                    ),
                    self.scene.para("qz_orth_zero_vector", width, color=C.TEXT),
                    self.scene.formula(
                        self.scene.n("origin"),
                        r"\cdot",
                        self.scene.n("y"),
                        "=",
                        self.scene.n("origin_dot"),
                        size=STEP_MATH,
                    ),
                ],
                answer=0,
            ),
        ]
