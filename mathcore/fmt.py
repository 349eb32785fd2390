"""How a value becomes the string a viewer reads, and the same string in TeX.

Exact values are written exactly (``0.8``, ``(0.8, 1.6)``, ``4/5``, ``√5``); irrational or
non-terminating ones are rounded and marked with ``≈``; logits, weights and live readouts
keep a fixed number of places. Negative numbers carry a real minus sign (U+2212 in text,
``-`` in TeX math, which TeX sets as a minus). Each value also carries what a narrator says
(:mod:`mathcore.speech`), built from the value, not read back from its text.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal, localcontext
from fractions import Fraction

from mathcore import speech as sp
from mathcore.exact import Surd

__all__ = [
    "MINUS",
    "NEG_INF",
    "UNDEFINED",
    "Places",
    "Shown",
    "approx",
    "bracketed",
    "degrees",
    "fixed",
    "fraction",
    "number",
    "ratio",
    "root",
    "vector",
]

MINUS = "\u2212"


@dataclass(frozen=True)
class Places:
    """Decimal places per kind of quantity (the lesson file's ``[format]`` table).

    Attributes
    ----------
    approx : int
        Places of a rounded irrational value (``≈ 1.79``).
    logit : int
        Places of a scaled score (``0.707``).
    weight : int
        Places of a softmax weight (``0.330``).
    angle : int
        Places of an angle in degrees (``≈ 36.9°``).
    readout : int
        Places of a live readout that changes every frame.
    exact_max : int
        Longest terminating decimal still shown exactly; longer ones are rounded.
    """

    approx: int = 2
    logit: int = 3
    weight: int = 3
    angle: int = 1
    readout: int = 2
    exact_max: int = 4


@dataclass(frozen=True)
class Shown:
    """A value as the viewer sees it, with what it is, so nobody reads that back from the text.

    Attributes
    ----------
    text : str
        Plain text, e.g. ``"≈ 1.79"`` or ``"(1.2, −0.6)"``; what the numbers sheet lists.
    tex : str
        The same in TeX math mode.
    exact : bool
        False when the text is rounded and starts with ``≈``.
    kind : str
        What is written: ``integer``, ``decimal`` (exact), ``fixed`` (fixed places),
        ``rounded`` (``≈``), ``fraction`` (``p/q``), ``root`` (a root sign first: ``√5``,
        ``√5/2``), ``surd`` (a coefficient first: ``2√2``), ``ratio`` (``4/√5``),
        ``vector``, ``angle``, ``infinity``, ``undefined``, ``expression`` (a worked step),
        ``label`` or ``code`` (a program listing or its printed output, shown, never read out).
    sign : int or None
        −1, 0 or 1 for the value as written (after rounding); None where a sign means
        nothing (a vector, an undefined value, a label).
    slashed : bool
        True when the text divides with a slash (``4/5``, ``√5/2``, ``4/√5``), so it needs
        brackets as a factor.
    speech : Speech or None
        What a narrator says, as a tree (:mod:`mathcore.speech`): the digits as written,
        sign, fraction, surd, quotient, items, degrees, ``≈``. Every builder of this module
        sets it; None for a value built elsewhere without it.
    """

    text: str
    tex: str
    exact: bool = True
    kind: str = "expression"
    sign: int | None = None
    slashed: bool = False
    speech: sp.Speech | None = None

    @property
    def eq_tex(self) -> str:
        """TeX for "= value" or "≈ value", to follow an expression."""
        return f"= {self.tex}" if self.exact else self.tex


# Minus infinity (a masked logit) and the em dash of an undefined value (cos θ of a zero vector).
NEG_INF: Shown = Shown(f"{MINUS}∞", r"-\infty", True, "infinity", -1, False, sp.Inf(True))
UNDEFINED: Shown = Shown("—", r"\text{---}", True, "undefined", None, False, sp.Undef())


def _plain(
    text: str,
    kind: str,
    sign: int | None,
    exact: bool = True,
    slashed: bool = False,
    speech: sp.Speech | None = None,
) -> Shown:
    tex = text.replace(MINUS, "-").replace("≈ ", r"\approx ").replace("°", r"^\circ")
    tex = tex.replace(", ", r",\ ")
    return Shown(text, tex, exact, kind, sign, slashed, speech)


def _dec(r: Decimal | Fraction, places: int) -> sp.Dec:
    """What a narrator says for `r` written with `places` decimals (digits from the value)."""
    scaled = abs(Fraction(r)) * 10**places
    if scaled.denominator != 1:
        raise ValueError(f"{r} has more than {places} places")
    whole, frac = divmod(scaled.numerator, 10**places)
    return sp.Dec(r < 0, whole, str(frac).zfill(places) if places else "")


def _signum(x: Decimal | Fraction | float) -> int:
    return (x > 0) - (x < 0)


def bracketed(s: Shown) -> Shown:
    """`s` in parentheses, for a factor that is more than one term.

    Examples
    --------
    >>> bracketed(fraction(Fraction(4, 5))).text
    '(4/5)'
    """
    return Shown(f"({s.text})", rf"\left({s.tex}\right)", s.exact, s.kind, s.sign, False, s.speech)


def _sign(negative: bool, body: str) -> str:
    return f"{MINUS}{body}" if negative else body


def _decimal_places_needed(x: Fraction) -> int | None:
    """Places of the terminating decimal of `x`, or None if it does not terminate."""
    d, twos, fives = x.denominator, 0, 0
    while d % 2 == 0:
        d, twos = d // 2, twos + 1
    while d % 5 == 0:
        d, fives = d // 5, fives + 1
    return max(twos, fives) if d == 1 else None


def _rounded(x: float | Fraction, places: int) -> Decimal:
    q = Decimal(str(x) if isinstance(x, float) else x.numerator) / (
        1 if isinstance(x, float) else Decimal(x.denominator)
    )
    with localcontext() as ctx:
        ctx.prec = max(28, q.adjusted() + places + 2)
        r = q.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_EVEN)
    return abs(r) if r == 0 else r


def _round_text(x: float | Fraction, places: int) -> str:
    r = _rounded(x, places)
    return _sign(r < 0, f"{abs(r):.{places}f}")


def fixed(x: float | Fraction, places: int) -> Shown:
    """Fixed places, no ``≈`` in the text: logits, weights and live readouts.

    The text is bare so that it fits a matrix cell or a bar; ``exact`` says whether rounding
    changed the value, and a formula that states it writes ``≈`` before an inexact one.

    Examples
    --------
    >>> fixed(0.7071067811865476, 3).text, fixed(0.33, 3).text, fixed(-0.0001, 2).text
    ('0.707', '0.330', '0.00')
    >>> fixed(0.7071067811865476, 3).exact, fixed(0.5, 3).exact
    (False, True)
    >>> fixed(-8, 2).tex
    '-8.00'

    Exact zero is written 0 wherever it stands (a zero logit, a masked key's weight); a value
    that only rounds to zero keeps its places:

    >>> fixed(0.0, 3).text, fixed(Fraction(0), 3).exact
    ('0', True)
    """
    if isinstance(x, float) and not math.isfinite(x):
        raise ValueError(f"not a finite number: {x}")
    if x == 0:
        return _plain("0", "integer", 0, speech=_dec(Decimal(0), 0))
    r = _rounded(x, places)
    exact = r == _rounded(x, max(places, 40))
    return _plain(_round_text(x, places), "fixed", _signum(r), exact=exact, speech=_dec(r, places))


def approx(x: float, places: int) -> Shown:
    r"""A rounded value marked with ``≈``.

    Examples
    --------
    >>> approx(1.7888543819998317, 2).text
    '≈ 1.79'
    >>> approx(1.7888543819998317, 2).tex
    '\\approx 1.79'
    """
    r = _rounded(float(x), places)
    text = f"≈ {_round_text(float(x), places)}"
    return _plain(text, "rounded", _signum(r), exact=False, speech=sp.Approx(_dec(r, places)))


def number(x: Fraction | Surd | int, places: Places) -> Shown:
    """Exact when the decimal terminates within ``places.exact_max``, else rounded with ``≈``.

    Examples
    --------
    >>> P = Places()
    >>> number(Fraction(4, 5), P).text, number(Fraction(-3, 5), P).text, number(4, P).text
    ('0.8', '−0.6', '4')
    >>> number(Fraction(1, 3), P).text
    '≈ 0.33'
    """
    if isinstance(x, Surd):
        if not x.is_rational:
            return approx(float(x), places.approx)
        x = x.as_fraction()
    f = Fraction(x)
    n = _decimal_places_needed(f)
    if n is None or n > places.exact_max:
        return approx(float(f), places.approx)
    text = _round_text(f, n)
    kind = "integer" if f.denominator == 1 else "decimal"
    return _plain(text, kind, _signum(f), speech=_dec(_rounded(f, n), n))


def vector(xs: Sequence[Fraction | int], places: Places) -> Shown:
    """A coordinate tuple; rounded as a whole (``≈ (…)``) if any coordinate is inexact.

    Examples
    --------
    >>> vector([Fraction(6, 5), Fraction(-3, 5)], Places()).text
    '(1.2, −0.6)'
    >>> vector([Fraction(1, 3), 1], Places()).text
    '≈ (0.33, 1)'
    """
    parts = [number(Fraction(x), places) for x in xs]
    exact = all(p.exact for p in parts)
    body = "(" + ", ".join(p.text.removeprefix("≈ ") for p in parts) + ")"
    said: sp.Speech = sp.Vec(tuple(sp.plain(p.speech) for p in parts if p.speech is not None))
    said = said if exact else sp.Approx(said)
    return _plain(body if exact else f"≈ {body}", "vector", None, exact, speech=said)


def fraction(x: Fraction | int) -> Shown:
    """A rational as ``p/q`` (an integer stays an integer).

    Examples
    --------
    >>> fraction(Fraction(4, 5)).text, fraction(Fraction(-8, 5)).text, fraction(2).text
    ('4/5', '−8/5', '2')
    """
    f = Fraction(x)
    body = str(abs(f))
    whole = f.denominator == 1
    kind = "integer" if whole else "fraction"
    a = abs(f)
    said = sp.Dec(f < 0, a.numerator) if whole else sp.Frac(f < 0, a.numerator, a.denominator)
    return _plain(_sign(f < 0, body), kind, _signum(f), True, not whole, said)


def root(s: Surd, places: Places) -> Shown:
    r"""A square root written symbolically: ``√5``, ``2√2``, ``√5/2``; a rational as a number.

    Examples
    --------
    >>> from mathcore.exact import sqrt_exact
    >>> root(sqrt_exact(Fraction(5)), Places()).text, root(sqrt_exact(Fraction(8)), Places()).tex
    ('√5', '2\\sqrt{2}')
    >>> root(sqrt_exact(Fraction(5, 4)), Places()).text
    '√5/2'
    """
    if s.is_rational:
        return number(s.as_fraction(), places)
    c = abs(s.coef)
    num = "" if c.numerator == 1 else str(c.numerator)
    den = "" if c.denominator == 1 else f"/{c.denominator}"
    text = _sign(s.coef < 0, f"{num}√{s.rad}{den}")
    tex = ("-" if s.coef < 0 else "") + rf"{num}\sqrt{{{s.rad}}}{den}"
    said = sp.Root(s.coef < 0, c.numerator, s.rad, c.denominator)
    return Shown(text, tex, True, "surd" if num else "root", _signum(s.coef), bool(den), said)


def ratio(num: Fraction, den: Surd, places: Places) -> Shown:
    r"""A quotient as the lesson writes it before evaluating: ``4/√5``, ``−4/√5``, ``4/5``.

    Examples
    --------
    >>> from mathcore.exact import sqrt_exact
    >>> ratio(Fraction(4), sqrt_exact(Fraction(5)), Places()).text
    '4/√5'
    >>> ratio(Fraction(-4), sqrt_exact(Fraction(2)), Places()).tex
    '-4/\\sqrt{2}'
    >>> ratio(Fraction(4), sqrt_exact(Fraction(25)), Places()).text
    '4/5'
    >>> ratio(Fraction(0), sqrt_exact(Fraction(5)), Places()).text
    '0'
    """
    if num == 0 or (den.is_rational and den.as_fraction() == 1):
        return number(num, places)  # 0/√5 is just 0
    if den.is_rational:
        return fraction(num / den.as_fraction())
    n = number(abs(num), places)
    if not n.exact:  # keep the quotient exact: write the numerator as p/q
        n = fraction(abs(num))
    d = root(den, places)
    # (p/q)/√5, 4/(2√2), 4/(√5/2): bracket each part that is more than one factor
    n_text, n_tex = (f"({n.text})", f"({n.tex})") if n.slashed else (n.text, n.tex)
    wide = d.slashed or d.kind == "surd"
    d_text, d_tex = (f"({d.text})", f"({d.tex})") if wide else (d.text, d.tex)
    text = _sign(num < 0, f"{n_text}/{d_text}")
    tex = ("-" if num < 0 else "") + f"{n_tex}/{d_tex}"
    assert n.speech is not None and d.speech is not None  # built here, so said
    return Shown(text, tex, True, "ratio", _signum(num), True, sp.Quot(num < 0, n.speech, d.speech))


def degrees(value: float, exact: Fraction | None, places: Places) -> Shown:
    r"""An angle in degrees: exact for textbook angles, else ``≈`` rounded.

    Examples
    --------
    >>> degrees(90.0, Fraction(90), Places()).text
    '90°'
    >>> degrees(36.86989764584402, None, Places()).tex
    '\\approx 36.9^\\circ'
    """
    if exact is not None:
        n = number(exact, places)
        said = sp.Deg(n.speech) if n.speech is not None else None
        return _plain(f"{n.text}°", "angle", _signum(exact), speech=said)
    r = _rounded(value, places.angle)
    text = f"≈ {_round_text(value, places.angle)}°"
    speech = sp.Approx(sp.Deg(_dec(r, places.angle)))
    return _plain(text, "angle", _signum(r), exact=False, speech=speech)
