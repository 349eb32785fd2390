"""Quiz kind ``magnitude``: its scene part, the question card and the worked solution.

The same dot product from different lengths and directions.
Its lesson kind (entry, sheet, page question) is :mod:`lesson.kinds.magnitude`.
"""

from __future__ import annotations

from manim import (
    VMobject,
)

from lesson.kinds import magnitude
from scenes.palette import C
from scenes.quiz.layout import (
    PAIR_STEPS,
    QUESTION_MATH,
    QUESTION_TEXT,
    STEP_MATH,
    Part,
)
from scenes.quiz.storyboard import QuestionKind, Say, Step

__all__ = ["MagnitudeQuestion"]


class MagnitudeQuestion(QuestionKind):
    """Kind ``magnitude``: the same dot product from different lengths and directions."""

    spec = magnitude.KIND

    def question(self, width: float) -> list[VMobject]:
        """Two pairs with the same product, and why that is not the same alignment."""
        pairs: list[list[Part]] = [
            [self.scene.n(f"x{i}"), r"\cdot", self.scene.n(f"y{i}"), "=", self.scene.n("dot")]
            for i in (1, 2)
        ]
        return [
            self.scene.listing(pairs, width, QUESTION_MATH),
            self.scene.para("qz_mag_q", width, QUESTION_TEXT),
        ]

    def question_fields(self) -> dict[str, str]:
        """The two pairs, named in the question's subtitle."""
        return {f"{v}{t}": f"{v}{i}" for i, t in ((1, "a"), (2, "b")) for v in ("x", "y")}

    def pair_step(self, i: int, width: float) -> Step:
        """Lengths of pair `i` and the cosine of its angle."""
        lengths = [
            [r"\|", self.scene.n(f"{v}{i}"), r"\|_2", *self.scene.eq(f"norm_{v}{i}")]
            for v in ("x", "y")
        ]
        cos: list[list[Part]] = [[rf"\cos\theta_{{{i}}}"]]
        ratio = self.scene.exact("dot", f"norm_x{i}", f"norm_y{i}")
        if ratio:
            den = self.scene.product(f"norm_x{i}", f"norm_y{i}")
            cos[0] += ["=", *self.scene.frac([self.scene.n("dot")], den)]
        cos[0] += self.scene.eq(f"cos{i}")
        first = "first" if i == 1 else "second"
        said = self.scene.pick(f"qz_mag_sub_{first}", f"pair{i}")
        if not ratio:
            said = said.replace("_if_", "_plain_if_")
        fields = {"nx": f"norm_x{i}", "ny": f"norm_y{i}", "c": f"cos{i}"}
        return Step(
            PAIR_STEPS[i - 1],
            [Say(said, fields=fields)],
            [
                self.scene.para(self.scene.pick(f"qz_mag_{first}", f"pair{i}"), width),
                self.scene.listing(lengths, width),
                self.scene.formula(*cos[0], size=STEP_MATH),
            ],
        )

    def solution(self, width: float) -> list[Step]:
        """Each pair's cosine, then why the same product is not the same alignment."""
        compare: list[Part] = []
        for i in (1, 2):
            compare += [
                r"\qquad" if compare else "",
                rf"\cos\theta_{{{i}}}",
                *self.scene.eq(f"cos{i}"),
            ]
        return [
            self.pair_step(1, width),
            self.pair_step(2, width),
            Step(
                "kesimpulan",
                [
                    Say(
                        self.scene.pick("qz_mag_sub_note", "cosines"),
                        result=True,
                        fields={f"c{t}": f"cos{i}" for i, t in ((1, "a"), (2, "b"))},
                    )
                ],
                [
                    self.scene.para(self.scene.pick("qz_mag_note", "cosines"), width, color=C.TEXT),
                    self.scene.formula(*[p for p in compare if p != ""], size=STEP_MATH),
                ],
                answer=1,
            ),
        ]
