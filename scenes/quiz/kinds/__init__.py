"""The quiz kinds' scene parts, by the lesson layer's kind object.

Each module here draws one kind (:class:`~scenes.quiz.storyboard.QuestionKind`); :data:`PARTS`
maps the kind's object (:mod:`lesson.kinds`) to its part, and :func:`part_for` finds it.
"""

from __future__ import annotations

from lesson.kinds.base import QuizKind
from scenes.quiz.kinds.attention import AttentionQuestion
from scenes.quiz.kinds.cosine import CosineQuestion
from scenes.quiz.kinds.cosine_vs_scale import CosineVsScaleQuestion
from scenes.quiz.kinds.dimension import DimensionQuestion
from scenes.quiz.kinds.dot_sign import DotSignQuestion
from scenes.quiz.kinds.magnitude import MagnitudeQuestion
from scenes.quiz.kinds.orthogonal import OrthogonalQuestion
from scenes.quiz.kinds.projection import ProjectionQuestion
from scenes.quiz.kinds.winner import WinnerQuestion
from scenes.quiz.kinds.zero_query import ZeroQueryQuestion
from scenes.quiz.storyboard import QuestionKind

__all__ = ["PARTS", "part_for"]

PARTS: dict[QuizKind, type[QuestionKind]] = {
    DotSignQuestion.spec: DotSignQuestion,
    CosineQuestion.spec: CosineQuestion,
    ProjectionQuestion.spec: ProjectionQuestion,
    OrthogonalQuestion.spec: OrthogonalQuestion,
    MagnitudeQuestion.spec: MagnitudeQuestion,
    AttentionQuestion.spec: AttentionQuestion,
    ZeroQueryQuestion.spec: ZeroQueryQuestion,
    CosineVsScaleQuestion.spec: CosineVsScaleQuestion,
    WinnerQuestion.spec: WinnerQuestion,
    DimensionQuestion.spec: DimensionQuestion,
}


def part_for(kind: QuizKind) -> type[QuestionKind]:
    """The scene part of `kind`.

    Raises
    ------
    KeyError
        For a kind with no scene part (one line naming it).
    """
    if kind not in PARTS:
        raise KeyError(f"quiz kind {kind.kind!r} has no scene part in scenes/quiz/kinds")
    return PARTS[kind]
