"""What the quiz page accepts as an answer, computed from the sheet's exact values.

The interactive page (``lecture page``) asks each ``[[quiz]]`` question of the lesson in one or
more parts, each with a control that fits what it asks (:data:`CONTROLS`): a number, a vector,
a sign, a choice among the keys, a choice of statements, or whether something grows, shrinks
or stays. For every part this module gives
what is shown as the answer (the sheet's own text, so ``answers.csv`` and ``lecture numbers``
agree) and what is accepted:

- an exact value, in any form equal to it: ``0.96``, ``0,96`` and ``24/25`` alike;
- a rounded value (``≈ 2.83``, a weight ``0.208``), any decimal that rounds to the shown one at
  its places, half to even as :mod:`mathcore.fmt` rounds: ``2.83`` and ``2.8284``, not ``2.8``;
- an exact value whose decimal does not end (a weight of ``1/3``), its fraction, or a decimal
  that rounds to it at the lesson's weight places;
- a vector, ``(2, 2)``, ``2, 2``, ``2 2`` or ``(0,5; 1,5)``, each coordinate as a number;
- a choice, its right option (any of them where the sheet decides a tie).

The page's script reads a learner's text into exact fractions by the same rules as
:mod:`lesson.written` (or refuses it: not a number, or a text that reads two ways) and compares
them with the values written here (:meth:`Question.to_json`); :func:`verdict` is the same
judgement in Python.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

from lesson.catalogue import catalogue, fill_text
from lesson.entries import Lesson, Quiz
from lesson.sheet import Sheet
from lesson.written import examples, places_written, read_number, read_vector
from mathcore import fmt
from mathcore.exact import (
    Surd,
)
from mathcore.fmt import MINUS, Shown

__all__ = [
    "CONTROLS",
    "Accepted",
    "Option",
    "Part",
    "Ask",
    "Question",
    "coords",
    "judge",
    "verdict",
]

# The controls a part can ask with ("change": grows, shrinks or stays, in that order).
CONTROLS = ("number", "vector", "sign", "key", "statement", "change")


@dataclass(frozen=True)
class Accepted:
    """The numbers accepted for one value.

    Attributes
    ----------
    exact : Fraction or None
        The value itself, accepted in any form; None for an irrational or computed one.
    low, high : Fraction or None
        The range of decimals that round to the shown one (None: no rounded form accepted).
    closed : bool
        Whether `low` and `high` themselves round to it (half to even: when the shown last
        digit is even).
    places : int or None
        The decimal places of the rounded form (None without one).
    """

    exact: Fraction | None
    low: Fraction | None = None
    high: Fraction | None = None
    closed: bool = False
    places: int | None = None

    def accepts(self, x: Fraction) -> bool:
        """Whether `x` is this value, or rounds to its shown decimal.

        Examples
        --------
        >>> a = Accepted.rounded("≈ 2.83")
        >>> [a.accepts(Fraction(s)) for s in ("2.83", "2.8284", "2.825", "2.8")]
        [True, True, False, False]
        """
        if self.exact is not None and x == self.exact:
            return True
        if self.low is None or self.high is None:
            return False
        if self.closed:
            return self.low <= x <= self.high
        return self.low < x < self.high

    @classmethod
    def rounded(cls, text: str, exact: Fraction | None = None) -> Accepted:
        """What rounds to the decimal `text` (``≈ 2.83``, ``0.208``, ``−0.50``) at its places.

        Examples
        --------
        >>> a = Accepted.rounded("0.208")
        >>> a.low, a.high, a.closed
        (Fraction(83, 400), Fraction(417, 2000), True)
        """
        body = text.removeprefix("≈").strip().replace(MINUS, "-")
        shown = Decimal(body)
        places = max(0, -int(shown.as_tuple().exponent))
        half = Fraction(1, 2 * 10**places)
        centre = Fraction(shown)
        last = int(body[-1])
        return cls(exact, centre - half, centre + half, last % 2 == 0, places)

    @classmethod
    def fixed(cls, shown: Shown) -> Accepted:
        """The answers to a value written with fixed places (a softmax weight, a logit).

        Exact when the places hold it whole (``0.500`` is ``1/2``), else what rounds to it.

        Examples
        --------
        >>> Accepted.fixed(fmt.fixed(0.5, 3)).exact, Accepted.fixed(fmt.fixed(0.2081, 3)).places
        (Fraction(1, 2), 3)
        """
        if shown.exact:
            return cls(Fraction(shown.text.replace(MINUS, "-")))
        return cls.rounded(shown.text)

    @classmethod
    def of(cls, value: Fraction | Surd | int, shown: Shown, places: int | None = None) -> Accepted:
        """The answers to a sheet value: `value` exactly, and its rounded form where it has one.

        `shown` is how the sheet writes it; a rounded text adds its decimals. An exact text
        whose value's decimal does not end (``1/3``) adds the decimals that round to it at
        `places`, if given.
        """
        v = value.as_fraction() if isinstance(value, Surd) and value.is_rational else value
        exact = Fraction(v) if not isinstance(v, Surd) else None
        if not shown.exact:
            return cls.rounded(shown.text, exact)
        if exact is not None and places is not None and not _terminates(exact):
            return cls.rounded(fmt.fixed(exact, places).text, exact)
        return cls(exact)

    def to_json(self) -> dict[str, Any]:
        """The page's data: fractions as ``"p/q"`` strings (exact in the page's BigInt maths)."""
        return {
            "exact": _frac(self.exact),
            "low": _frac(self.low),
            "high": _frac(self.high),
            "closed": self.closed,
            "places": self.places,
        }


def _terminates(x: Fraction) -> bool:
    d = x.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    return d == 1


def _frac(x: Fraction | None) -> str | None:
    return None if x is None else f"{x.numerator}/{x.denominator}"


@dataclass(frozen=True)
class Option:
    """One choice of a sign, key, statement or change control: its id and what it says."""

    id: str
    text: str


@dataclass(frozen=True)
class Part:
    """One thing a question asks, with its control and its answer.

    Attributes
    ----------
    key : str
        Its name: the sheet key of its answer where there is one (``dot``, ``proj``,
        ``winners``), else what it asks (``angle``, ``why``).
    control : str
        One of :data:`CONTROLS`.
    label : str
        What the control asks, as its label reads.
    shown : str
        The expected answer as the lesson shows it (the sheet's text or the right option's).
    hint : str
        How to write an answer.
    accepted : tuple of Accepted
        One per number (a vector's coordinates in order); empty for a choice.
    options : tuple of Option
        The choices of a sign, key, statement or change control, in the order shown.
    right : tuple of str
        The ids of the right options (more than one only for a tie).
    """

    key: str
    control: str
    label: str
    shown: str
    hint: str
    accepted: tuple[Accepted, ...] = ()
    options: tuple[Option, ...] = ()
    right: tuple[str, ...] = ()

    @property
    def places(self) -> tuple[int, ...]:
        """The places after the point the lesson writes this answer's decimals with.

        A number copied from the screen in that notation reads as the lesson's decimal
        (:func:`lesson.written.read_number`); empty for a choice.
        """
        return places_written(self.shown) if self.control in ("number", "vector") else ()

    def to_json(self) -> dict[str, Any]:
        """The part as the page's data."""
        return {
            "key": self.key,
            "control": self.control,
            "label": self.label,
            "shown": self.shown,
            "hint": self.hint,
            "places": list(self.places),
            "accepted": [a.to_json() for a in self.accepted],
            "options": [{"id": o.id, "text": o.text} for o in self.options],
            "right": list(self.right),
        }


@dataclass(frozen=True)
class Question:
    """One quiz question as the page asks it.

    Attributes
    ----------
    number : int
        Its place in the quiz, from 1.
    kind : str
        Its ``[[quiz]]`` kind.
    scene : str
        The scene that shows it (``QuizQuestion3``).
    prompt : str
        The question, with its numbers.
    parts : tuple of Part
        What it asks, in order.
    reason : str
        The one-line reason shown once the answer is judged.
    step : str
        The hint offered after a wrong answer: the solution's first step with the
        question's numbers, never its result.
    """

    number: int
    kind: str
    scene: str
    prompt: str
    parts: tuple[Part, ...] = field(default_factory=tuple)
    reason: str = ""
    step: str = ""

    def to_json(self) -> dict[str, Any]:
        """The question as the page's data."""
        return {
            "number": self.number,
            "kind": self.kind,
            "scene": self.scene,
            "prompt": self.prompt,
            "parts": [p.to_json() for p in self.parts],
            "reason": self.reason,
            "step": self.step,
        }


def verdict(part: Part, answer: str, lang: str) -> str:
    """How the page judges `answer` (the control's text, or the chosen option's id) for `part`.

    Parameters
    ----------
    part : Part
        What is asked.
    answer : str
        What the learner gave.
    lang : str
        The lesson's language: how a number is read (:func:`lesson.written.read_number`).

    Returns
    -------
    str
        ``right``, ``wrong``, or the reason a text is refused without costing an attempt
        (:mod:`lesson.written`): ``unreadable`` (not a number or a vector), ``grouped`` (a
        number that may be grouped in thousands, not written as the lesson writes this
        part's decimals) or ``commas`` (commas that may part coordinates or mark decimals).

    Examples
    --------
    >>> from lesson.model import load_lesson
    >>> from lesson.quizkinds import quiz_answers
    >>> q = quiz_answers(load_lesson(), "id")[1]  # the default lesson's cosine question
    >>> [verdict(q.parts[1], a, "id") for a in ("0,96", "24/25", "0.9", "0 96", "")]
    ['right', 'right', 'wrong', 'unreadable', 'unreadable']

    A number copied from the screen, in the lesson's notation, is read as the lesson writes
    it; where the lesson writes no such decimal, ``2.121`` may be 2121 in Indonesian:

    >>> scores, logits = quiz_answers(load_lesson(), "id")[5].parts[:2]  # attention
    >>> logits.shown, verdict(logits, "(0.707, 2.121)", "id"), verdict(scores, "2.121, 1", "id")
    ('(0.707, 2.121)', 'right', 'grouped')
    """
    if part.control not in ("number", "vector"):
        return "right" if answer in part.right else "wrong"
    if part.control == "number":
        reading = read_number(answer, lang, part.places)
    else:
        reading = read_vector(answer, lang, len(part.accepted), part.places)
    if reading.problem is not None:
        return reading.problem
    if len(reading.values) != len(part.accepted):
        return "wrong"
    fits = all(a.accepts(v) for v, a in zip(reading.values, part.accepted, strict=True))
    return "right" if fits else "wrong"


def judge(part: Part, answer: str, lang: str) -> bool:
    """Whether `answer` is right for `part` (see :func:`verdict`).

    Examples
    --------
    >>> from lesson.model import load_lesson
    >>> from lesson.quizkinds import quiz_answers
    >>> q = quiz_answers(load_lesson(), "en")[1]  # the default lesson's cosine question
    >>> [judge(q.parts[1], a, "en") for a in ("0.96", "0,96", "24/25", "48/50", "0.9", "")]
    [True, True, True, True, False, False]
    """
    return verdict(part, answer, lang) == "right"


_ROLES = (("x", "x"), ("y", "y"), ("c", "cos"), ("nx", "norm_x"), ("ny", "norm_y"))


class Ask:
    """What a kind's :func:`ask` needs: the catalogue, the sheet, its extra values, helpers."""

    def __init__(self, lesson: Lesson, quiz: Quiz, lang: str, code: str, sheet: Sheet) -> None:
        self.lesson, self.quiz, self.places = lesson, quiz, lesson.places
        self.strings = catalogue(lang)
        self.forms = examples(lang)  # the forms a hint shows, in the language's habits
        self.code = code  # the kind's: its texts are pg_<code>_…
        self.sheet = sheet  # the question's sheet (its kind's builder, on its entry)
        P = self.places
        self.values: dict[str, Shown] = {
            "zero_angle": fmt.degrees(0.0, Fraction(0), P),
            "right_angle": fmt.degrees(90.0, Fraction(90), P),
            "straight_angle": fmt.degrees(180.0, Fraction(180), P),
        } | dict(self.sheet)
        # a text names the values of a pair by role: {xa} for the first pair's x (x1)
        self.roles = {f"{v}{r}": f"{k}{i}" for i, r in ((1, "a"), (2, "b")) for v, k in _ROLES}

    def text(self, key: str) -> str:
        """The page text ``pg_<code>_<key>``, its fields filled from the sheet."""
        return fill_text(self.strings[f"pg_{self.code}_{key}"], self.values, self.roles)

    def hint(self, accepted: Sequence[Accepted], vector: bool = False) -> str:
        """The hint under a field: the forms accepted, and the places of a rounded value."""
        places = [a.places for a in accepted if a.places is not None]
        said = {"places": fmt.number(max(places, default=0), self.places)}
        rounded = fill_text(self.strings["pg_hint_rounded"], said) if places else ""
        if vector:
            return f"{fill_text(self.strings['pg_hint_vector'], self.forms)} {rounded}".strip()
        return rounded or fill_text(self.strings["pg_hint_exact"], self.forms)

    def number(self, key: str, value: Fraction | Surd | int, places: int | None = None) -> Part:
        """A part answered with a number: the sheet's `key`, exactly `value`."""
        shown = self.sheet[key]
        accepted = (Accepted.of(value, shown, places),)
        return Part(key, "number", self.text(key), shown.text, self.hint(accepted), accepted)

    def vector(self, key: str, accepted: Sequence[Accepted], shown: Shown) -> Part:
        """A part answered with a vector, each coordinate as `accepted`."""
        label = self.text(key)
        return Part(key, "vector", label, shown.text, self.hint(accepted, True), tuple(accepted))

    def choice(
        self, key: str, control: str, ids: Sequence[str], right: str, label: str = ""
    ) -> Part:
        """A choice among ``pg_<code>_<key>_<id>``, labelled ``pg_<code>_<label or key>``."""
        options = tuple(Option(i, self.text(f"{key}_{i}")) for i in ids)
        shown = next(o.text for o in options if o.id == right)
        if control == "statement":  # the right statement is not always first
            turn = hashlib.sha256(f"{self.lesson.id}/{self.quiz.number}/{key}".encode()).digest()
            options = options[turn[0] % len(options) :] + options[: turn[0] % len(options)]
        hint = self.strings["pg_hint_choice"]
        text = self.text(label or key)
        return Part(key, control, text, shown, hint, (), options, (right,))

    def question(self, parts: Sequence[Part], reason: str) -> Question:
        """The question of these parts; `reason` is why its answer is right."""
        scene = f"QuizQuestion{self.quiz.number}"
        prompt, step = self.text("q"), self.text("step")
        number, kind = self.quiz.number, self.quiz.kind
        return Question(number, kind, scene, prompt, tuple(parts), reason, step)


def coords(xs: Sequence[Fraction], places: fmt.Places) -> list[Accepted]:
    """Each coordinate accepted as the sheet shows it."""
    return [Accepted.of(x, fmt.number(x, places)) for x in xs]
