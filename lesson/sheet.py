"""The numbers sheet: for each scene, every value it shows, as the exact string a viewer reads.

Scenes take their labels from here (as :class:`~mathcore.fmt.Shown`, with TeX) and tests
compare what a scene put on screen with the same sheet; ``lecture numbers`` prints it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

import mathcore as mc
from lesson.entries import Lesson
from lesson.scenelist import lesson_order, scene_spec
from mathcore import fmt
from mathcore import speech as sp
from mathcore.exact import exact_norm
from mathcore.fmt import Shown

__all__ = [
    "MAX_SYMBOLIC",
    "RAW_EXP_LIMIT",
    "SAID_LIST_MAX",
    "Builder",
    "Sheet",
    "Values",
    "build_sheet",
    "dot_terms",
    "length",
    "length_terms",
    "product_terms",
    "numbers_sheet",
    "quotient",
    "readout",
    "scene_sheet",
    "top_weight",
    "tuple_of",
]


Values = dict[str, Shown]  # what a sheet builder may return: key -> Shown


class Sheet(dict[str, Shown]):
    """Every value a scene shows (key -> :class:`Shown`), and the facts its words state.

    ``decisions`` maps a fact's name to its outcome (``{"comp": "neg"}``), decided exactly
    by the builder (:mod:`lesson.decide`); the scene picks the catalogue text
    ``<key>_if_<outcome>`` from it.

    ``outcomes`` names the values a step presents as its result (the product, the length,
    the weights): the narrator says each of them aloud in the step that first shows it, and
    a test fails when one is shown but not said there.

    ``inputs`` names the values a computation starts from (a question's vectors): the
    narrator says each of them by the end of the step that first shows it, so that a
    learner who only listens can do the computation; a test fails when one is not said.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.decisions: dict[str, str] = {}
        self.outcomes: set[str] = set()
        self.inputs: set[str] = set()

    def mark(self, *keys: str) -> Sheet:
        """Mark `keys` (values of this sheet that exist) as outcomes; returns the sheet.

        Examples
        --------
        >>> s = Sheet({"dot": fmt.number(Fraction(4), fmt.Places())}).mark("dot", "cos")
        >>> sorted(s.outcomes)
        ['dot']
        """
        self.outcomes.update(k for k in keys if k in self)
        return self

    def given(self, *keys: str) -> Sheet:
        """Mark `keys` (values of this sheet that exist) as inputs; returns the sheet.

        Examples
        --------
        >>> s = Sheet({"x": fmt.vector([1, 2], fmt.Places())}).given("x", "y")
        >>> sorted(s.inputs)
        ['x']
        """
        self.inputs.update(k for k in keys if k in self)
        return self


def build_sheet(builder: Builder, lesson: Lesson) -> Sheet:
    """Run a sheet builder (a plain dict it returns becomes a Sheet without decisions)."""
    result = builder(lesson)
    return result if isinstance(result, Sheet) else Sheet(result)


MAX_SYMBOLIC = 9  # longest symbolic step (like 4/√5) worth showing before its value


def _factor(v: Fraction, places: fmt.Places) -> tuple[str, str, bool, sp.Speech | None]:
    """A coordinate as a factor (text, TeX, exact, speech): bare, without a leading ``≈``."""
    s = fmt.number(v, places)
    said = sp.plain(s.speech) if s.speech is not None else None
    return s.text.removeprefix("≈ "), s.tex.removeprefix(r"\approx "), s.exact, said


def product_terms(
    x: Sequence[Fraction], y: Sequence[Fraction], places: fmt.Places, notation: str = "·"
) -> list[Shown]:
    r"""The terms of the expanded product ``x · y``, one per pair of coordinates.

    The lesson writes them two ways: ``2·1``, ``(−1)·4`` (``notation="·"``, negative factors
    in parentheses) and ``2(1)``, ``(−1)(4)`` (``notation="()"``).

    Parameters
    ----------
    x, y : sequence of Fraction
        Vectors of the same length.
    places : Places
        Formatting places.
    notation : {"·", "()"}
        How a product of two coordinates is written.

    Returns
    -------
    list of Shown
        A term is marked ``≈`` if a coordinate cannot be written exactly.

    Examples
    --------
    >>> F, P = Fraction, fmt.Places()
    >>> [t.text for t in product_terms([F(2), F(-1), F(3)], [F(1), F(4), F(-2)], P)]
    ['2·1', '(−1)·4', '3·(−2)']
    >>> [t.text for t in product_terms([F(-1), F(2)], [F(-2), F(1)], P, "()")]
    ['(−1)(−2)', '2(1)']
    >>> product_terms([F(2)], [F(1)], P)[0].tex
    '2 \\cdot 1'
    """
    terms = []
    for a, b in zip(x, y, strict=True):
        (ta, xa, ea, sa), (tb, xb, eb, sb) = _factor(a, places), _factor(b, places)
        said = sp.Prod((sa, sb)) if sa is not None and sb is not None else None
        if a < 0:
            ta, xa = f"({ta})", f"({xa})"
        if notation == "()":
            text, tex = f"{ta}({tb})", f"{xa}({xb})"
        else:
            if b < 0:
                tb, xb = f"({tb})", f"({xb})"
            text, tex = f"{ta}·{tb}", rf"{xa} \cdot {xb}"
        if ea and eb:
            terms.append(Shown(text, tex, speech=said))
        else:
            rounded = sp.Approx(said) if said is not None else None
            terms.append(Shown(f"≈ {text}", rf"\approx {tex}", exact=False, speech=rounded))
    return terms


def dot_terms(
    x: Sequence[Fraction], y: Sequence[Fraction], places: fmt.Places, notation: str = "()"
) -> Shown:
    r"""The expanded product as one value, ``2(1) + 1(2)`` or ``2·1 + 1·2``, said term by term.

    The lecture writes its products ``2(1)``; the quiz's worked solutions ``2·1``, with
    negative factors in parentheses (`notation`, see :func:`product_terms`).

    Examples
    --------
    >>> from mathcore.spoken import spoken
    >>> F = Fraction
    >>> dot_terms([F(2), F(1)], [F(1), F(2)], fmt.Places()).text
    '2(1) + 1(2)'
    >>> e = dot_terms([F(2), F(-1)], [F(1), F(4)], fmt.Places(), "·")
    >>> e.text, e.tex, spoken(e, "id")
    ('2·1 + (−1)·4', '2 \\cdot 1 + (-1) \\cdot 4', 'dua kali satu tambah minus satu kali empat')
    """
    terms = product_terms(x, y, places, notation)
    text = " + ".join(t.text.removeprefix("≈ ") for t in terms)
    tex = " + ".join(t.tex.removeprefix(r"\approx ") for t in terms)
    exact = all(t.exact for t in terms)
    parts = [sp.plain(t.speech) for t in terms if t.speech is not None]
    said: sp.Speech | None = None
    if len(parts) == len(terms):
        said = sp.Sum(tuple(parts), ("+",) * (len(parts) - 1))
        said = said if exact else sp.Approx(said)
    return Shown(
        text if exact else f"≈ {text}", tex if exact else rf"\approx {tex}", exact, speech=said
    )


def length(v: Sequence[Fraction], places: fmt.Places) -> Shown:
    """Euclidean length: exact (``√5``, ``5``) while short, else rounded (``≈ 12.55``).

    Examples
    --------
    >>> length([Fraction(1), Fraction(2)], fmt.Places()).text
    '√5'
    """
    s = exact_norm(v)
    shown = fmt.root(s, places)
    return shown if len(shown.text) <= MAX_SYMBOLIC else fmt.number(s, places)


def length_terms(v: Sequence[Fraction], places: fmt.Places) -> Shown:
    r"""The length before it is evaluated, ``√(2² + 1²)``: the root of the squared coordinates.

    Said as the root of a sum, so that a listener hears every square under the root: *akar
    dari jumlah dua kuadrat dan satu kuadrat* (*the square root of the sum of two squared and
    one squared*), never *akar dua kuadrat tambah satu kuadrat* (heard as ``√2² + 1²``).

    Examples
    --------
    >>> t = length_terms([Fraction(-1), Fraction(1, 2)], fmt.Places())
    >>> t.text, t.tex
    ('√((−1)² + 0.5²)', '\\sqrt{(-1)^2 + 0.5^2}')
    """
    texts, texs, said = [], [], []
    for c in v:
        text, tex, _, speech = _factor(c, places)
        if c < 0:
            text, tex = f"({text})", f"({tex})"
        texts.append(f"{text}²")
        texs.append(f"{tex}^2")
        if speech is not None:
            said.append(sp.Square(speech))
    whole = sp.Sqrt(sp.Sum(tuple(said), ("+",) * (len(said) - 1))) if len(said) == len(v) else None
    return Shown(f"√({' + '.join(texts)})", rf"\sqrt{{{' + '.join(texs)}}}", speech=whole)


# The quiz kinds (lesson.kinds) build with these too, as the sheets do: the kinds import
# the sheet kit, never a scene's sheet (lesson.sheets), which imports the kinds.
# Exponentials are written as e^ℓ while every logit's largest is at most this far from zero;
# beyond it (e^114.6 has 50 digits) the largest logit m is subtracted first: softmax(ℓ − m)
# equals softmax(ℓ), and e^(ℓ − m) is at most 1.
RAW_EXP_LIMIT = Fraction(5)
# A list of at most this many logits or weights is read out whole; a longer one is said a
# longer time than one subtitle cue may show, and a cue break would fall inside it.
SAID_LIST_MAX = 3


def tuple_of(items: Sequence[fmt.Shown]) -> fmt.Shown:
    """Fixed values (or ``−∞``) as one tuple ``(a, b, …)``, bare like its items.

    Like :func:`mathcore.fmt.fixed`, the text has no ``≈``: ``exact`` says whether any item
    was rounded, and a formula that states it writes ``≈`` (``LessonScene.eq``).

    Examples
    --------
    >>> tuple_of([fmt.fixed(0.7071, 3), fmt.NEG_INF]).text
    '(0.707, −∞)'
    """
    text = "(" + ", ".join(i.text for i in items) + ")"
    tex = "(" + r",\ ".join(i.tex for i in items) + ")"
    said = sp.Vec(tuple(i.speech for i in items if i.speech is not None))
    return fmt.Shown(text, tex, all(i.exact for i in items), "vector", speech=said)


def quotient(num: fmt.Shown, den: fmt.Shown) -> fmt.Shown:
    """``num/den`` of two fixed values, as written before it is divided out.

    Examples
    --------
    >>> quotient(fmt.fixed(2.028, 3), fmt.fixed(10.613, 3)).text
    '2.028/10.613'
    """
    a, b = num.text.removeprefix("≈ "), den.text.removeprefix("≈ ")
    ta, tb = num.tex.removeprefix(r"\approx "), den.tex.removeprefix(r"\approx ")
    assert num.speech is not None and den.speech is not None  # built by fmt, so said
    said = sp.Quot(False, sp.plain(num.speech), sp.plain(den.speech))
    return fmt.Shown(f"{a}/{b}", f"{ta}/{tb}", num.exact and den.exact, "ratio", speech=said)


def top_weight(scores: Sequence[int], d: int, places: fmt.Places) -> fmt.Shown:
    """Softmax's largest weight over ``scores/√d`` (``d = 1``: the raw scores), fixed places.

    Written with the lesson's weight places; marked rounded unless every score ties (every
    weight is then exactly ``1/n``): a weight of untied scores is irrational, never exact.

    Examples
    --------
    >>> P = fmt.Places()
    >>> [top_weight([-8, 2, 8, -10], d, P).text for d in (1, 64)]
    ['0.998', '0.584']
    >>> top_weight([3, 3], 1, P).exact, top_weight([3, 1], 1, P).exact
    (True, False)
    """
    top = fmt.fixed(float(np.max(mc.softmax([s / math.sqrt(d) for s in scores]))), places.weight)
    if len(set(scores)) == 1:
        return top
    return fmt.Shown(top.text, top.tex, False, top.kind, top.sign, speech=top.speech)


def readout(
    kind: str,
    q: Sequence[float | Fraction] | np.ndarray,
    k: Sequence[float | Fraction] | np.ndarray,
    places: fmt.Places,
) -> Shown:
    """What a live readout shows for `q` against `k`: ``dot``, ``cos`` or ``theta``.

    Parameters
    ----------
    kind : {"dot", "cos", "theta"}
        Which readout.
    q, k : sequence of float
        The current query and the key.
    places : Places
        Formatting places (``readout`` for dot and cos, ``angle`` for theta).

    Returns
    -------
    Shown
        Fixed places; cos and theta of a zero vector are an em dash (undefined).
    """
    if kind == "dot":
        return fmt.fixed(mc.dot(q, k), places.readout)
    if mc.angle_class(q, k) is mc.AngleClass.UNDEFINED:
        return fmt.UNDEFINED
    if kind == "cos":
        return fmt.fixed(mc.cosine(q, k), places.readout)
    s = fmt.fixed(mc.angle_degrees(q, k), places.angle)
    said = sp.Deg(s.speech) if s.speech is not None else None
    return fmt.Shown(f"{s.text}°", rf"{s.tex}^\circ", s.exact, "angle", s.sign, speech=said)


Builder = Callable[[Lesson], Values]


def scene_sheet(lesson: Lesson, scene: str) -> Sheet:
    """Every value `scene` shows for `lesson`, keyed by quantity.

    Parameters
    ----------
    lesson : Lesson
        A loaded lesson.
    scene : str
        A scene class name.

    Returns
    -------
    dict of str to Shown
        Empty for a scene that shows no numbers (or is outside the lecture).
    """
    spec = scene_spec(scene)
    return build_sheet(spec.builder(), lesson) if spec.sheet else Sheet()


def numbers_sheet(lesson: Lesson) -> dict[str, Sheet]:
    """The whole sheet, in lesson order: scene name -> quantity -> :class:`Shown`.

    The scenes are the lesson's own (:func:`~lesson.scenelist.lesson_order`): one quiz scene
    per ``[[quiz]]`` entry.

    Examples
    --------
    >>> from lesson.model import load_lesson
    >>> s = numbers_sheet(load_lesson())
    >>> s["ProjectionDrop"]["comp"].text, s["SoftmaxBarMorph"]["weight1"].text
    ('≈ 1.79', '0.330')
    """
    return {name: scene_sheet(lesson, name) for name in lesson_order(lesson)}
