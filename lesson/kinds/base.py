"""What a quiz kind is (:class:`QuizKind`), and the limits every kind shares.

Each kind is one module of :mod:`lesson.kinds` that builds its :class:`QuizKind` object,
``KIND``; :mod:`lesson.quizkinds` lists them. Nothing here imports a kind.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lesson.scenelist import MAX_QUESTIONS
from lesson.teachable import Draw, Values

if TYPE_CHECKING:
    from lesson.answers import Ask, Question
    from lesson.entries import Lesson, Quiz
    from lesson.sheet import Sheet

__all__ = [
    "DIMENSIONS",
    "DIMS",
    "MAX_QUESTIONS",
    "PAIRS",
    "QUERY_KEYS",
    "dot_work",
    "norm_work",
    "xy_dim",
    "WINNER_KEYS",
    "XY",
    "Problem",
    "QuizKind",
    "QuizRule",
    "Teaches",
]

# MAX_QUESTIONS (1 to 10 questions a lesson) is the scene list's: one quiz scene per place.
# A winner question says every key aloud and asks which wins: 2 to this many keys.
WINNER_KEYS = 4
# A dimension question's two dimensions dₖ lie in this range (WhySqrtDk's [spread] too).
DIMENSIONS = (1, 256)

# The shapes of an entry's fields: two vectors, a query and keys, two pairs, or dimensions.
XY, QUERY_KEYS, PAIRS = ("x", "y"), ("query", "keys"), ("pairs",)
DIMS = ("dims", "keys", "seed")

Problem = tuple[str, str]  # (where in the entry, like ".query" or "", reason)


@dataclass(frozen=True)
class QuizRule:
    """One teachable rule of a kind's generated numbers: a name, what it says, its check."""

    name: str
    text: str
    check: Callable[[Values], bool]


@dataclass(frozen=True)
class Teaches:
    """Where the lecture teaches what a kind's question tests: a scene and its steps.

    Attributes
    ----------
    scene : str
        A lecture scene of :data:`lesson.scenelist.LECTURE` (``"ProjectionDrop"``).
    steps : tuple of str
        The step identifiers (sections) of that scene, in order and one after another,
        that teach it (``("proyeksi-skalar", "vektor-proyeksi")``): the keys of the
        scene's ``[<lang>.steps]`` titles. After a wrong answer the lesson page offers to
        play exactly these steps, named by their titles, and returns to the question.
    """

    scene: str
    steps: tuple[str, ...]


def _no_problem(vectors: Mapping[str, Any]) -> Problem | None:
    return None


def dot_work(n: int) -> int:
    """Operations in a dot product of two `n`-D vectors: n products and n − 1 sums.

    Examples
    --------
    >>> dot_work(3), norm_work(2)
    (5, 4)
    """
    return 2 * n - 1


def norm_work(n: int) -> int:
    """Operations in the length of an `n`-D vector: n squares, n − 1 sums and a root."""
    return 2 * n


def xy_dim(vectors: Mapping[str, Any]) -> int:
    """The dimension of an ``x``/``y`` or ``query``/``keys`` entry's vectors."""
    return len(vectors["x"] if "x" in vectors else vectors["query"])


@dataclass(frozen=True)
class QuizKind:
    """One kind of quiz question and the parts that make it.

    Attributes
    ----------
    kind : str
        The name a ``[[quiz]]`` entry gives (``"projection"``).
    code : str
        Its catalogue keys in ``lesson/text/quiz.toml`` start with ``qz_<code>_``.
    fields : tuple of str
        The entry's keys besides ``kind``: ``("x", "y")`` (two non-zero vectors),
        ``("query", "keys")`` (a query and 2 to 6 keys), ``("pairs",)`` (two pairs) or
        ``("dims", "keys", "seed")`` (two dimensions dₖ, 2 to 6 keys and a seed: no vectors).
    rules : tuple of QuizRule
        The rules generated numbers keep (beyond small whole coordinates).
    draw : callable
        ``draw(d, base)``: candidate values for the entry, drawn with ``d``
        (:class:`~lesson.teachable.Draw`) in the shape of the base lesson's entry ``base``.
    sheet : callable
        ``sheet(lesson, quiz)``: the :class:`~lesson.sheet.Sheet` of every value the
        question's scene shows and says.
    ask : callable
        ``ask(a)``: the :class:`~lesson.answers.Question` the lesson page asks, from
        :class:`~lesson.answers.Ask` (the catalogue, the sheet, the entry).
    teaches : Teaches
        The scene and step(s) of the lecture that teach what the question tests.
    check : callable
        What the loader asks beyond the fields' shapes: ``check(vectors)`` is None, or
        ``(where, reason)`` for the one-line error (``where`` follows ``quiz[N]``).
    work : callable
        ``work(vectors)``: the operations its worked solution asks of the learner (each
        product, sum, quotient, root, exponential, or a comparison read off), which sets
        the pause to think (:func:`lesson.sheets.quiz.pause_seconds`).
    """

    kind: str
    code: str
    fields: tuple[str, ...]
    rules: tuple[QuizRule, ...]
    draw: Callable[[Draw, Values], Values]
    sheet: Callable[[Lesson, Quiz], Sheet]
    ask: Callable[[Ask], Question]
    teaches: Teaches
    check: Callable[[Mapping[str, Any]], Problem | None] = _no_problem
    work: Callable[[Mapping[str, Any]], int] = lambda v: dot_work(xy_dim(v))
