"""Quiz kind ``winner``: its scene part, the question card and the worked solution.

Which key wins without softmax computed; after q × 3 and q × (−1).
Its lesson kind (entry, sheet, page question) is :mod:`lesson.kinds.winner`.
"""

from __future__ import annotations

from manim import (
    VMobject,
)

from lesson.kinds import winner
from scenes.palette import C
from scenes.quiz.layout import (
    QUESTION_MATH,
    QUESTION_TEXT,
    STEP_MATH,
    Part,
)
from scenes.quiz.storyboard import QuestionKind, Say, Step

__all__ = ["WinnerQuestion"]


class WinnerQuestion(QuestionKind):
    """Kind ``winner``: which key wins without softmax computed; after q × 3 and q × (−1)."""

    spec = winner.KIND

    @property
    def n_keys(self) -> int:
        """How many keys the question has."""
        return len(self.scene.quiz.vectors["keys"])

    @property
    def many(self) -> str:
        """``two`` for two keys (the larger weight), else ``many`` (the largest)."""
        return "two" if self.n_keys == 2 else "many"

    def question_subtitle(self) -> str:
        """The question said whole, each key with its coordinates (``{k*}`` lists them)."""
        return f"qz_win_sub_question_{self.many}"

    def question(self, width: float) -> list[VMobject]:
        """No softmax: the query and keys, which key wins, and after q × 3 and q × (−1)."""
        rows: list[list[Part]] = [["q =", self.scene.n("q")]]
        rows += [
            [self.scene.n(f"name{i}"), "=", self.scene.n(f"k{i}")]
            for i in range(1, self.n_keys + 1)
        ]
        colors = [C.QUERY] + [C.KEY] * self.n_keys
        return [
            self.scene.para("qz_win_q_setup", width, QUESTION_TEXT),
            self.scene.listing(rows, width, QUESTION_MATH, colors),
            self.scene.para(f"qz_win_q_ask_{self.many}", width, QUESTION_TEXT),
        ]

    def solution(self, width: float) -> list[Step]:
        """Scores and the winner; × 3 keeps the order, sharper; × (−1) reverses it."""
        keys = range(1, self.n_keys + 1)
        dots = r",\ ".join(rf"q \cdot k_{{{i}}}" for i in keys)
        return [
            Step(
                "langkah-skor",
                [Say("qz_win_sub_scores", rows=2), Say("qz_win_sub_order")],
                [
                    self.scene.para("qz_win_scores", width),
                    self.scene.chain([f"s = ({dots})"], ["=", self.scene.n("scores")], width=width),
                    self.scene.para(f"qz_win_order_{self.many}", width),
                    self.scene.formula(  # the weights' top is the scores' top
                        r"\arg\max_i w_i = \arg\max_i s_i =",
                        self.scene.n("winner"),
                        size=STEP_MATH,
                        color=C.KEY,
                    ),
                ],
            ),
            Step(
                "langkah-perbesar",
                self.scene.pick("qz_win_sub_three", "sharper"),
                [
                    self.scene.para("qz_win_three", width),
                    self.scene.chain(
                        [self.scene.n("three"), "s ="], [self.scene.n("scores_up")], width=width
                    ),
                    self.scene.formula(
                        self.scene.n("winner_up"),
                        r"\colon\ w",
                        *self.scene.eq("weight"),
                        r"\;\longrightarrow\; w",
                        *self.scene.eq("weight_up"),
                        size=STEP_MATH,
                        color=C.WEIGHT,
                    ),
                ],
            ),
            Step(
                "kesimpulan",
                [Say(f"qz_win_sub_reverse_{self.many}", result=True)],
                [
                    self.scene.para("qz_win_reverse", width),
                    self.scene.chain(
                        ["(", self.scene.n("minus_one"), r")\,s ="],
                        [self.scene.n("scores_neg")],
                        width=width,
                    ),
                    self.scene.listing(  # the three answers side by side, the last one new
                        [
                            [r"q\colon", self.scene.n("winner")],
                            [self.scene.n("three"), r"q\colon", self.scene.n("winner_up")],
                            [
                                "(",
                                self.scene.n("minus_one"),
                                r")\,q\colon",
                                self.scene.n("winner_neg"),
                            ],
                        ],
                        width,
                        color=C.KEY,
                    ),
                ],
                answer=2,
            ),
        ]
