"""The pieces several quiz kinds' sheets share: products written out, fractions, key names.

``2·1 + (−1)·4 + 3·(−2)`` and its products, a fraction in TeX, the winners of a softmax, the
start of every question's sheet (its number), 90°, a cosine, the keys ``k1, k2, …``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from lesson.answers import Ask
from lesson.entries import Lesson, Quiz
from lesson.sheet import Sheet, Values
from mathcore import fmt
from mathcore import speech as sp
from mathcore.exact import (
    exact_cosine,
    exact_dot,
)

__all__ = [
    "cosine_shown",
    "key_names",
    "key_list",
    "keys_into",
    "products",
    "right_angle",
    "start_sheet",
    "sum_of",
    "tex_fraction",
    "winners",
]


def products(x: Sequence[Fraction], y: Sequence[Fraction], places: fmt.Places) -> fmt.Shown | None:
    """The products added with their signs, ``2 − 4 − 6``; None when it adds nothing.

    Parameters
    ----------
    x, y : sequence of Fraction
        Vectors of the same length.
    places : Places
        Formatting places.

    Returns
    -------
    Shown or None
        None for a single coordinate or when a product cannot be written exactly.

    Examples
    --------
    >>> F = Fraction
    >>> products([F(2), F(-1), F(3)], [F(1), F(4), F(-2)], fmt.Places()).text
    '2 − 4 − 6'
    """
    ps = [a * b for a, b in zip(x, y, strict=True)]
    shown = [fmt.number(abs(p), places) for p in ps]
    if len(ps) < 2 or not all(s.exact for s in shown):
        return None
    text = ("−" if ps[0] < 0 else "") + shown[0].text
    tex = ("-" if ps[0] < 0 else "") + shown[0].tex
    for p, s in zip(ps[1:], shown[1:], strict=True):
        text += f" {'−' if p < 0 else '+'} {s.text}"
        tex += f" {'-' if p < 0 else '+'} {s.tex}"
    return fmt.Shown(text, tex)


def tex_fraction(x: Fraction) -> fmt.Shown:
    r"""An exact rational read as ``1/2`` and set as ``\frac{1}{2}``.

    Examples
    --------
    >>> tex_fraction(Fraction(1, 3)).text, tex_fraction(Fraction(1, 3)).tex
    ('1/3', '\\frac{1}{3}')
    """
    f = fmt.fraction(x)
    if x.denominator == 1:
        return f
    sign = "-" if x < 0 else ""
    tex = rf"{sign}\frac{{{abs(x.numerator)}}}{{{x.denominator}}}"
    return fmt.Shown(f.text, tex, f.exact, f.kind, f.sign, f.slashed, f.speech)


def winners(query: Sequence[Fraction], keys: Sequence[Sequence[Fraction]]) -> list[int]:
    """1-based indices of the keys with the largest score (and so the largest weight).

    Examples
    --------
    >>> F = Fraction
    >>> winners([F(1), F(2)], [[F(1), F(0)], [F(0), F(1)]])
    [2]
    """
    scores = [exact_dot(query, k) for k in keys]
    top = max(scores)
    return [i for i, s in enumerate(scores, start=1) if s == top]


def start_sheet(lesson: Lesson, quiz: Quiz) -> tuple[Quiz, fmt.Places, Sheet]:
    """The entry, the lesson's places and a sheet holding the question's number."""
    return quiz, lesson.places, Sheet({"number": fmt.number(quiz.number, lesson.places)})


def right_angle(places: fmt.Places) -> fmt.Shown:
    """90°, shown as the lesson shows degrees."""
    return fmt.degrees(90.0, Fraction(90), places)


def cosine_shown(x: Sequence[Fraction], y: Sequence[Fraction], places: fmt.Places) -> fmt.Shown:
    """The cosine of `x` and `y`, exact or rounded as the sheet writes numbers."""
    return fmt.number(exact_cosine(x, y), places)


def keys_into(sheet: Values, keys: Sequence[Sequence[Fraction]], places: fmt.Places) -> None:
    """Put each key into `sheet` as ``k1``, ``k2`` and so on."""
    for i, k in enumerate(keys, start=1):
        sheet[f"k{i}"] = fmt.vector(k, places)


def sum_of(items: Sequence[fmt.Shown]) -> fmt.Shown:
    """``a + b + …`` of fixed values, bare (``exact`` False if any of them is rounded).

    Examples
    --------
    >>> sum_of([fmt.fixed(2.0281, 3), fmt.fixed(8.3422, 3)]).text
    '2.028 + 8.342'
    """
    text = " + ".join(i.text.removeprefix("≈ ") for i in items)
    tex = " + ".join(i.tex.removeprefix(r"\approx ") for i in items)
    parts = tuple(sp.plain(i.speech) for i in items if i.speech is not None)
    said = sp.Sum(parts, ("+",) * (len(parts) - 1))
    return fmt.Shown(text, tex, all(i.exact for i in items), speech=said)


def key_names(indices: Sequence[int]) -> fmt.Shown:
    """The keys named by their 1-based indices, ``k₂`` or ``k₁, k₃``.

    The voice says the index after the language's index word (``Words.index``): ``k₂`` is
    "k indeks dua" in Indonesian (never heard as *kedua*), "k two" in English.

    Examples
    --------
    >>> key_names([1, 3]).text, key_names([2]).tex
    ('k₁, k₃', 'k_{2}')
    >>> from mathcore.spoken import spoken_notation
    >>> spoken_notation(key_names([2]).text, "id"), spoken_notation(key_names([2]).text, "en")
    ('k indeks dua', 'k two')
    """
    sub = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
    text = ", ".join(f"k{str(i).translate(sub)}" for i in indices)
    tex = r",\ ".join(f"k_{{{i}}}" for i in indices)
    return fmt.Shown(text, tex)


def key_list(a: Ask, keys: Sequence[Sequence[Fraction]]) -> None:
    """Name the keys for the page's texts: ``{keys}`` is ``k₁ = (1, 0), k₂ = …``."""
    names = [key_names([i]).text for i in range(1, len(keys) + 1)]
    text = ", ".join(f"{n} = {a.sheet[f'k{i}'].text}" for i, n in enumerate(names, start=1))
    a.values["keys"] = fmt.Shown(text, text)
