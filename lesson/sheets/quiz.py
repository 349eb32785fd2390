"""Sheets of the quiz scenes ("Uji pemahaman"): each question's, from its kind.

Scene ``QuizQuestionN`` shows the lesson's N-th ``[[quiz]]`` entry: :func:`quiz_question`
hands that entry to its kind's sheet builder (:mod:`lesson.kinds`, listed in
:mod:`lesson.quizkinds`), which computes what the worked solution shows, in the seed's own
notation: ``2·1 + (−1)·4 + 3·(−2) = 2 − 4 − 6 = −8``, ``4/(√5√5) = 4/5 = 0.8``,
``softmax(0, 0) = (1/2, 1/2)``.
"""

from __future__ import annotations

import math

from lesson.entries import Lesson, Quiz
from lesson.quizkinds import kind_of
from lesson.sheet import Sheet

__all__ = ["MIN_PAUSE", "REFERENCE_WORK", "pause_seconds", "quiz_question"]

REFERENCE_WORK = 5  # operations of a 3-D dot product, the work `countdown` is the pause for
MIN_PAUSE = 3  # seconds: even a question read off at sight gets this long to think


def pause_seconds(quiz: Quiz, countdown: int) -> int:
    """Seconds of pause before question `quiz`'s solution: by the work the question asks.

    `countdown` is the author's pause for the work of a 3-D dot product
    (:data:`REFERENCE_WORK` operations: three products, two sums); a question asking ``w``
    operations (its kind's ``work``: products, sums, quotients, roots, exponentials, a
    comparison read off) pauses ``countdown × √(w / 5)`` seconds, rounded, and at least
    :data:`MIN_PAUSE` — more work, more time, but not in proportion: a step learned once is
    quicker the second time.

    Examples
    --------
    >>> from lesson.model import load_lesson
    >>> quiz = load_lesson().quiz
    >>> [pause_seconds(q, 4) for q in quiz], pause_seconds(quiz[0], 0)
    ([4, 6, 6, 4, 9, 7, 3, 7], 0)
    """
    if countdown <= 0:
        return 0
    work = kind_of(quiz.kind).work(quiz.vectors)
    return max(MIN_PAUSE, int(round(countdown * math.sqrt(work / REFERENCE_WORK))))


def quiz_question(lesson: Lesson, number: int) -> Sheet:
    """The sheet of question `number` (from 1): its entry's kind's builder, on that entry.

    Examples
    --------
    >>> from lesson.model import load_lesson
    >>> sheet = quiz_question(load_lesson(), 3)  # the default lesson's third: a projection
    >>> sheet["number"].text, sheet["comp"].text, sheet["proj"].text
    ('3', '≈ −2.12', '(−1.5, −1.5)')
    """
    if not 1 <= number <= len(lesson.quiz):
        raise KeyError(f"question {number}: the lesson has {len(lesson.quiz)} [[quiz]] entries")
    quiz = lesson.quiz[number - 1]
    return kind_of(quiz.kind).sheet(lesson, quiz)
