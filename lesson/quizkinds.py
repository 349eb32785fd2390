"""The quiz's kinds of question, listed: a kind's name to its :class:`QuizKind` object.

A ``[[quiz]]`` entry names its kind (``kind = "projection"``); the lesson's list of entries
decides which questions the quiz asks and in what order (1 to :data:`MAX_QUESTIONS`; a kind
may come more than once). Each kind is one module of :mod:`lesson.kinds` (its entry's fields
and check, the rules and draw of generated numbers, its sheet builder, the page's question)
that makes one object, ``KIND``; :data:`KINDS` lists those objects, and everything that
works per kind goes through the object: the loader (``fields``, ``check``), the variants
(``rules``, ``draw``), a quiz scene's sheet (``sheet``, :func:`quiz_question`), the page
(``ask``, :func:`quiz_answers`; ``teaches``, the lecture's steps a wrong answer goes back
to) and the scene part (``scenes/quiz/kinds``, keyed by the same
object). Adding a kind is one module here, its scene part and its texts.
"""

from __future__ import annotations

from lesson.answers import Ask, Question
from lesson.entries import Lesson
from lesson.kinds import (
    attention,
    cosine,
    cosine_vs_scale,
    dimension,
    dot_sign,
    magnitude,
    orthogonal,
    projection,
    winner,
    zero_query,
)
from lesson.kinds.base import (
    DIMENSIONS,
    MAX_QUESTIONS,
    WINNER_KEYS,
    QuizKind,
    QuizRule,
    Teaches,
)

__all__ = [
    "DIMENSIONS",
    "KINDS",
    "MAX_QUESTIONS",
    "WINNER_KEYS",
    "QuizKind",
    "QuizRule",
    "Teaches",
    "kind_of",
    "quiz_answers",
]

_MODULES = (
    dot_sign,
    cosine,
    projection,
    orthogonal,
    magnitude,
    attention,
    zero_query,
    cosine_vs_scale,
    winner,
    dimension,
)
KINDS: dict[str, QuizKind] = {m.KIND.kind: m.KIND for m in _MODULES}


def kind_of(kind: str) -> QuizKind:
    """The kind named `kind`.

    Raises
    ------
    KeyError
        For a kind no module makes; the message lists the kinds.

    Examples
    --------
    >>> kind_of("projection") is projection.KIND, kind_of("projection").code
    (True, 'proj')
    """
    if kind not in KINDS:
        raise KeyError(f"unknown quiz kind {kind!r}; kinds are: {', '.join(KINDS)}")
    return KINDS[kind]


def quiz_answers(lesson: Lesson, lang: str) -> list[Question]:
    """Every quiz question of `lesson` as the page asks it, with its accepted answers.

    Parameters
    ----------
    lesson : Lesson
        The loaded lesson.
    lang : str
        The language of the texts.

    Returns
    -------
    list of Question
        In the quiz's order: each entry's kind asks it (``ask``) from its sheet.

    Examples
    --------
    >>> from lesson.model import load_lesson
    >>> q = quiz_answers(load_lesson(), "id")[2]  # the default lesson's projection question
    >>> [(p.key, p.control, p.shown) for p in q.parts]
    [('comp', 'number', '≈ −2.12'), ('proj', 'vector', '(−1.5, −1.5)')]
    """
    out = []
    for quiz in lesson.quiz:
        kind = kind_of(quiz.kind)
        out.append(kind.ask(Ask(lesson, quiz, lang, kind.code, kind.sheet(lesson, quiz))))
    return out
