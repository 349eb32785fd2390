"""Sheets of the quiz scenes ("Uji pemahaman"): each question's, from its kind.

Scene ``QuizQuestionN`` shows the lesson's N-th ``[[quiz]]`` entry: :func:`quiz_question`
hands that entry to its kind's sheet builder (:mod:`lesson.kinds`, listed in
:mod:`lesson.quizkinds`), which computes what the worked solution shows, in the seed's own
notation: ``2·1 + (−1)·4 + 3·(−2) = 2 − 4 − 6 = −8``, ``4/(√5√5) = 4/5 = 0.8``,
``softmax(0, 0) = (1/2, 1/2)``.
"""

from __future__ import annotations

from fractions import Fraction

from lesson.entries import Lesson, Quiz
from lesson.quizkinds import kind_of
from lesson.sheet import Sheet

__all__ = ["pause_seconds", "quiz_question"]


def pause_seconds(quiz: Quiz, countdown: int) -> int:
    """Seconds of pause before question `quiz`'s solution: longer questions get longer.

    `countdown` is the author's pause for a question of up to four coordinates; every two
    coordinates more add a quarter of it.

    Examples
    --------
    >>> from lesson.model import load_lesson
    >>> quiz = load_lesson().quiz
    >>> [pause_seconds(q, 5) for q in quiz], pause_seconds(quiz[0], 0)
    ([6, 5, 5, 5, 8, 6, 6, 5, 8, 5], 0)
    """
    v = quiz.vectors
    if "dims" in v:  # a dimension question gives no coordinates
        vectors = []
    elif "pairs" in v:
        vectors = [x for pair in v["pairs"] for x in pair]
    else:
        vectors = [v["query"], *v["keys"]] if "keys" in v else [v["x"], v["y"]]
    coords = sum(len(x) for x in vectors)
    extra = Fraction(max(0, coords - 4), 8)
    return int(round(countdown * (1 + extra)))


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
