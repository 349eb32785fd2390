"""QuizQuestion1 … QuizQuestion10: the lesson's "Uji pemahaman", one question per scene.

The quiz scene's parts, one concern a module: :mod:`.scene` (the storyboard every question
follows, :class:`~scenes.quiz.scene.QuizQuestion`), :mod:`.storyboard` (a step, a caption,
the base of a kind's part), :mod:`.layout` (sizes and layout helpers) and :mod:`.kinds` (one
module per kind of question, registered by the lesson layer's kind object). Here: the scenes,
named by place.
"""

from __future__ import annotations

from lesson.kinds.base import MAX_QUESTIONS
from scenes.quiz.scene import QuizQuestion

# The scenes are named by place; the names are built, not typed (no digits here).
__all__ = ["QuizQuestion", *(f"QuizQuestion{n}" for n in range(1, MAX_QUESTIONS + 1))]


# --- the scenes, one per place in the quiz ---------------------------------------------
class QuizQuestion1(QuizQuestion):
    """The lesson's first question."""

    number = 1


class QuizQuestion2(QuizQuestion):
    """The lesson's second question."""

    number = 2


class QuizQuestion3(QuizQuestion):
    """The lesson's third question."""

    number = 3


class QuizQuestion4(QuizQuestion):
    """The lesson's fourth question."""

    number = 4


class QuizQuestion5(QuizQuestion):
    """The lesson's fifth question."""

    number = 5


class QuizQuestion6(QuizQuestion):
    """The lesson's sixth question."""

    number = 6


class QuizQuestion7(QuizQuestion):
    """The lesson's seventh question."""

    number = 7


class QuizQuestion8(QuizQuestion):
    """The lesson's eighth question."""

    number = 8


class QuizQuestion9(QuizQuestion):
    """The lesson's ninth question."""

    number = 9


class QuizQuestion10(QuizQuestion):
    """The lesson's tenth question."""

    number = 10
