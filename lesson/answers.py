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
- a vector, ``(2, 2)``, ``2, 2`` or ``2 2``, each coordinate as a number;
- a choice, its right option (any of them where the sheet decides a tie).

The page's script reads a learner's text into an exact fraction by the same rules as
:func:`parse_number` and :func:`parse_vector` and compares it with the values written here
(:meth:`Question.to_json`); :func:`judge` is the same judgement in Python.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np

import mathcore as mc
from lesson.catalogue import catalogue, fill_text
from lesson.model import Lesson, Quiz
from lesson.quizkinds import kind_of
from lesson.sheet import Sheet
from lesson.sheets.quiz import REVERSE, SHARPEN, key_names, quiz_question, winners
from mathcore import fmt
from mathcore.exact import (
    Surd,
    exact_comp,
    exact_cosine,
    exact_dot,
    exact_project,
    exact_scaled,
)
from mathcore.fmt import MINUS, Shown

__all__ = [
    "CONTROLS",
    "Accepted",
    "Option",
    "Part",
    "Question",
    "judge",
    "parse_number",
    "parse_vector",
    "quiz_answers",
]

# The controls a part can ask with ("change": grows, shrinks or stays, in that order).
CONTROLS = ("number", "vector", "sign", "key", "statement", "change")

# The spaces a learner's text may hold, the same class in the page's script (not Python's or
# JavaScript's own \s, which differ): space, tab, line breaks, no-break and thin spaces.
_SPACE = "[ \t\n\r\f\v\u00a0\u2009\u202f]"
_DECIMAL = re.compile(r"^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$", re.ASCII)  # as the page reads


def parse_number(text: str) -> Fraction | None:
    """A learner's number read exactly: an integer, a decimal (point or comma) or ``a/b``.

    Spaces, a leading ``=`` or ``≈`` and the typographic minus are allowed; None when the
    text is not a number.

    Examples
    --------
    >>> [str(parse_number(t)) for t in ("0.96", "0,96", " 24/25 ", "−8", "≈ 2.83", ".5")]
    ['24/25', '24/25', '24/25', '-8', '283/100', '1/2']
    >>> parse_number("1/0"), parse_number("abc"), parse_number("1,2,3")
    (None, None, None)
    """
    t = re.sub(_SPACE + "+", "", text).replace(MINUS, "-").lstrip("=≈")
    parts = t.split("/")
    if len(parts) > 2 or not all(_DECIMAL.match(p) for p in parts):
        return None
    values = [Fraction(p.replace(",", ".")) for p in parts]
    if len(values) == 2:
        return None if values[1] == 0 else values[0] / values[1]
    return values[0]


def _trim(text: str) -> str:
    return re.sub(f"^{_SPACE}+|{_SPACE}+$", "", text)


def parse_vector(text: str) -> list[Fraction] | None:
    """A learner's vector: ``(2, 2)``, ``2, 2``, ``2 2`` or ``[0,5; 1]``; None if unreadable.

    Coordinates are split at ``;`` if there is one, else at a comma with a space beside it,
    else at spaces, else at commas, so a decimal comma stays inside its number (``0,5, 1,5``).

    Examples
    --------
    >>> [[str(x) for x in parse_vector(t) or []] for t in ("(2, 2)", "2,2", "2 2", "[0,5; −1]")]
    [['2', '2'], ['2', '2'], ['2', '2'], ['1/2', '-1']]
    >>> parse_vector("(0,5, 1,5)"), parse_vector("1 ,2"), parse_vector("(2, x)")
    ([Fraction(1, 2), Fraction(3, 2)], [Fraction(1, 1), Fraction(2, 1)], None)
    """
    t = _trim(_trim(text).lstrip("=≈"))
    if t[:1] in "([" and t[-1:] in ")]":
        t = _trim(t[1:-1])
    S = _SPACE
    if ";" in t:
        items = t.split(";")
    elif re.search(f",{S}|{S},", t):
        items = re.split(f"{S}*,{S}+|{S}+,{S}*", t)
    elif re.search(S, t):
        items = re.split(S + "+", t)
    else:
        items = t.split(",")
    values = [parse_number(i) for i in items]
    if not items or any(v is None for v in values):
        return None
    return [v for v in values if v is not None]


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

    def to_json(self) -> dict[str, Any]:
        """The part as the page's data."""
        return {
            "key": self.key,
            "control": self.control,
            "label": self.label,
            "shown": self.shown,
            "hint": self.hint,
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
    """

    number: int
    kind: str
    scene: str
    prompt: str
    parts: tuple[Part, ...] = field(default_factory=tuple)
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        """The question as the page's data."""
        return {
            "number": self.number,
            "kind": self.kind,
            "scene": self.scene,
            "prompt": self.prompt,
            "parts": [p.to_json() for p in self.parts],
            "reason": self.reason,
        }


def judge(part: Part, answer: str) -> bool:
    """Whether `answer` (the control's text, or the chosen option's id) is right for `part`.

    Examples
    --------
    >>> from lesson.model import load_lesson
    >>> q = quiz_answers(load_lesson(), "en")[1]  # the default lesson's cosine question
    >>> [judge(q.parts[1], a) for a in ("0.96", "0,96", "24/25", "48/50", "0.9", "")]
    [True, True, True, True, False, False]
    """
    if part.control in ("number", "vector"):
        values = [parse_number(answer)] if part.control == "number" else parse_vector(answer)
        if values is None or len(values) != len(part.accepted):
            return False
        return all(
            v is not None and a.accepts(v) for v, a in zip(values, part.accepted, strict=True)
        )
    return answer in part.right


_ROLES = (("x", "x"), ("y", "y"), ("c", "cos"))


class _Ask:
    """What one question's builder needs: the catalogue, the sheet and its extra values."""

    def __init__(self, lesson: Lesson, quiz: Quiz, lang: str) -> None:
        self.lesson, self.quiz, self.places = lesson, quiz, lesson.places
        self.strings = catalogue(lang)
        self.code = kind_of(quiz.kind).code
        self.sheet: Sheet = quiz_question(lesson, quiz.number)
        P = self.places
        self.values: dict[str, Shown] = {
            "zero_angle": fmt.degrees(0.0, Fraction(0), P),
            "right_angle": fmt.degrees(90.0, Fraction(90), P),
            "straight_angle": fmt.degrees(180.0, Fraction(180), P),
        } | dict(self.sheet)
        # a text names the values of a pair by role: {xa} for the first pair's x (x1)
        self.roles = {f"{v}{r}": f"{k}{i}" for i, r in ((1, "a"), (2, "b")) for v, k in _ROLES}

    def text(self, key: str) -> str:
        return fill_text(self.strings[f"pg_{self.code}_{key}"], self.values, self.roles)

    def hint(self, accepted: Sequence[Accepted], vector: bool = False) -> str:
        places = [a.places for a in accepted if a.places is not None]
        said = {"places": fmt.number(max(places, default=0), self.places)}
        rounded = fill_text(self.strings["pg_hint_rounded"], said) if places else ""
        if vector:
            return f"{self.strings['pg_hint_vector']} {rounded}".strip()
        return rounded or self.strings["pg_hint_exact"]

    def number(self, key: str, value: Fraction | Surd | int, places: int | None = None) -> Part:
        shown = self.sheet[key]
        accepted = (Accepted.of(value, shown, places),)
        return Part(key, "number", self.text(key), shown.text, self.hint(accepted), accepted)

    def vector(self, key: str, accepted: Sequence[Accepted], shown: Shown) -> Part:
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
        scene = f"QuizQuestion{self.quiz.number}"
        prompt = self.text("q")
        return Question(self.quiz.number, self.quiz.kind, scene, prompt, tuple(parts), reason)


def _coords(xs: Sequence[Fraction], places: fmt.Places) -> list[Accepted]:
    return [Accepted.of(x, fmt.number(x, places)) for x in xs]


def _dot_sign(a: _Ask) -> Question:
    x, y = a.quiz.vectors["x"], a.quiz.vectors["y"]
    d = exact_dot(x, y)
    sign = a.sheet.decisions["dot"]
    parts = [
        a.number("dot", d),
        a.choice("angle", "sign", ("neg", "zero", "pos"), sign),
    ]
    return a.question(parts, a.text(f"why_if_{sign}"))


def _cosine(a: _Ask) -> Question:
    x, y = a.quiz.vectors["x"], a.quiz.vectors["y"]
    parts = [a.number("dot", exact_dot(x, y)), a.number("cos", exact_cosine(x, y))]
    return a.question(parts, a.text("why"))


def _projection(a: _Ask) -> Question:
    x, y = a.quiz.vectors["x"], a.quiz.vectors["y"]
    proj = exact_project(x, y)
    parts = [
        a.number("comp", exact_comp(x, y)),
        a.vector("proj", _coords(proj, a.places), a.sheet["proj"]),
    ]
    return a.question(parts, a.text("why"))


def _orthogonal(a: _Ask) -> Question:
    parts = [
        a.choice("conclude", "statement", ("perp", "same", "opposite"), "perp"),
        a.choice("zero_vector", "statement", ("undefined", "perp", "nonzero"), "undefined"),
    ]
    return a.question(parts, a.text("why"))


def _magnitude(a: _Ask) -> Question:
    (x1, y1), (x2, y2) = a.quiz.vectors["pairs"][:2]
    parts = [
        a.number("cos1", exact_cosine(x1, y1)),
        a.number("cos2", exact_cosine(x2, y2)),
        a.choice("why", "statement", ("mix", "same", "length"), "mix", label="why_choice"),
    ]
    return a.question(parts, a.text(f"why_if_{a.sheet.decisions['cosines']}"))


def _key_list(a: _Ask, keys: Sequence[Sequence[Fraction]]) -> None:
    names = [key_names([i]).text for i in range(1, len(keys) + 1)]
    text = ", ".join(f"{n} = {a.sheet[f'k{i}'].text}" for i, n in enumerate(names, start=1))
    a.values["keys"] = Shown(text, text)


def _attention(a: _Ask) -> Question:
    query, keys = a.quiz.vectors["query"], a.quiz.vectors["keys"]
    _key_list(a, keys)
    scores = [exact_dot(query, k) for k in keys]
    logits = mc.scaled_scores(np.array(query, float), np.array(keys, float))
    weights = [fmt.fixed(float(w), a.places.weight) for w in mc.softmax(logits)]
    # the same values the sheet's tuple shows, one by one
    assert "(" + ", ".join(w.text for w in weights) + ")" == a.sheet["weights"].text
    top = winners(query, keys)
    ids = [f"k{i}" for i in range(1, len(keys) + 1)]
    names = {f"k{i}": key_names([i]).text for i in range(1, len(keys) + 1)}
    options = tuple(Option(i, f"{names[i]} = {a.sheet[i].text}") for i in ids)
    right = tuple(f"k{i}" for i in top)
    winner = Part(
        "winners",
        "key",
        a.text("winner"),
        a.sheet["winners"].text,
        a.strings["pg_hint_choice"],
        (),
        options,
        right,
    )
    parts = [
        a.vector("scores", _coords(scores, a.places), a.sheet["scores"]),
        a.vector(
            "weights",
            [Accepted.fixed(w) for w in weights],
            a.sheet["weights"],
        ),
        winner,
    ]
    return a.question(parts, a.text("why"))


def _winner(a: _Ask) -> Question:
    """Which key wins, and after q × 3 and q × (−1): a choice among the keys for each.

    The right key is the top scorer of the scaled query, from the exact scores (the loader
    refuses a tie); the sheet names the same key.
    """
    query, keys = a.quiz.vectors["query"], a.quiz.vectors["keys"]
    _key_list(a, keys)
    n = range(1, len(keys) + 1)
    options = tuple(Option(f"k{i}", f"{key_names([i]).text} = {a.sheet[f'k{i}'].text}") for i in n)
    parts = []
    for key, factor in (("winner", 1), ("winner_up", SHARPEN), ("winner_neg", REVERSE)):
        (top,) = winners([factor * c for c in query], keys)
        assert key_names([top]).text == a.sheet[key].text, (key, top)
        hint = a.strings["pg_hint_choice"]
        parts.append(
            Part(key, "key", a.text(key), a.sheet[key].text, hint, (), options, (f"k{top}",))
        )
    return a.question(parts, a.text("why"))


def _zero_query(a: _Ask) -> Question:
    keys = a.quiz.vectors["keys"]
    _key_list(a, keys)
    parts = [
        a.number("weight", Fraction(1, len(keys)), a.places.weight),
        a.choice("angle", "statement", ("undefined", "perp", "same"), "undefined"),
    ]
    return a.question(parts, a.text("why"))


def _cosine_vs_scale(a: _Ask) -> Question:
    x, y = a.quiz.vectors["x"], a.quiz.vectors["y"]
    parts = [
        a.number("cos", exact_cosine(x, y)),
        a.number("scaled", exact_scaled(exact_dot(x, y), len(x))),
        a.choice("why", "statement", ("norms", "same", "sign"), "norms", label="why_choice"),
    ]
    return a.question(parts, a.text("why"))


def _dimension(a: _Ask) -> Question:
    """Grows, shrinks or stays, for the largest weight unscaled and divided by √dₖ.

    The right choices are the sheet's decisions ``raw`` and ``scaled`` (the spread's exact
    factor between the two dimensions), never the drawn example's, which may not show them.
    """
    ids = ("grows", "shrinks", "stays")
    parts = [a.choice(key, "change", ids, a.sheet.decisions[key]) for key in ("raw", "scaled")]
    return a.question(parts, a.text("why"))


_BUILDERS: Mapping[str, Callable[[_Ask], Question]] = {
    "dot-sign": _dot_sign,
    "cosine": _cosine,
    "projection": _projection,
    "orthogonal": _orthogonal,
    "magnitude": _magnitude,
    "attention": _attention,
    "zero-query": _zero_query,
    "cosine-vs-scale": _cosine_vs_scale,
    "winner": _winner,
    "dimension": _dimension,
}


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
        In the quiz's order.

    Examples
    --------
    >>> from lesson.model import load_lesson
    >>> q = quiz_answers(load_lesson(), "id")[2]  # the default lesson's projection question
    >>> [(p.key, p.control, p.shown) for p in q.parts]
    [('comp', 'number', '≈ −2.12'), ('proj', 'vector', '(−1.5, −1.5)')]
    """
    return [_BUILDERS[q.kind](_Ask(lesson, q, lang)) for q in lesson.quiz]
