"""What a shown value says, as a small tree: the exact structure a narrator reads aloud.

Each :mod:`mathcore.fmt` builder sets :attr:`~mathcore.fmt.Shown.speech` from the value it
formats, so nobody reads a number back from its display string. A decimal keeps its digits as
written (``0.330`` has the digits ``330``); a fraction its numerator and denominator; a surd
its coefficient, radicand and denominator; a vector its items in order. The words themselves
come from :func:`mathcore.spoken.spoken`, per language.

Examples
--------
>>> Approx(Dec(False, 1, "79"))
Approx(inner=Dec(negative=False, whole=1, digits='79'))
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "Approx",
    "Dec",
    "Deg",
    "Frac",
    "Inf",
    "Label",
    "Prod",
    "Quot",
    "Root",
    "Speech",
    "Sqrt",
    "Square",
    "Sum",
    "Undef",
    "Vec",
    "plain",
]


@dataclass(frozen=True)
class Dec:
    """An integer or a decimal as written: ``−1.50`` is ``Dec(True, 1, "50")``.

    Attributes
    ----------
    negative : bool
        Written with a minus sign.
    whole : int
        The integer part (not negative).
    digits : str
        The digits after the decimal point as written, trailing zeros included; empty for an
        integer.
    """

    negative: bool
    whole: int
    digits: str = ""


@dataclass(frozen=True)
class Frac:
    """A fraction ``p/q`` as written (``num`` and ``den`` positive, the sign apart)."""

    negative: bool
    num: int
    den: int


@dataclass(frozen=True)
class Root:
    """A surd ``coef√rad/den`` as written (the sign apart).

    ``√5`` is ``Root(False, 1, 5)``, ``3√2/2`` is ``Root(False, 3, 2, 2)``.
    """

    negative: bool
    coef: int
    rad: int
    den: int = 1


@dataclass(frozen=True)
class Quot:
    """A quotient written before it is evaluated, like ``4/√5`` (the sign apart)."""

    negative: bool
    num: Speech
    den: Speech


@dataclass(frozen=True)
class Approx:
    """A rounded value, written after ``≈``."""

    inner: Speech


@dataclass(frozen=True)
class Vec:
    """A coordinate tuple, its items in order."""

    items: tuple[Speech, ...]


@dataclass(frozen=True)
class Deg:
    """An angle in degrees."""

    inner: Speech


@dataclass(frozen=True)
class Inf:
    """Infinity (minus infinity for a masked logit)."""

    negative: bool


@dataclass(frozen=True)
class Undef:
    """An undefined value (the em dash of ``cos θ`` for a zero vector)."""


@dataclass(frozen=True)
class Label:
    """A label from the lesson file, read as written (``017``, ``3.2``)."""

    text: str


@dataclass(frozen=True)
class Prod:
    """A product of factors written side by side: ``2·1``, ``(−1)(4)``."""

    factors: tuple[Speech, ...]


@dataclass(frozen=True)
class Sum:
    """Terms joined by ``+`` and ``−``: ``ops[i]`` stands between ``terms[i]`` and the next."""

    terms: tuple[Speech, ...]
    ops: tuple[str, ...]


@dataclass(frozen=True)
class Square:
    """A value squared: ``2²``, ``(−1)²``."""

    inner: Speech


@dataclass(frozen=True)
class Sqrt:
    """The square root of a bracket, written before it is evaluated: ``√(2² + 1²)``.

    A root of one number is a :class:`Root` (``√5``); this is a root of an expression, said
    so that a listener hears where it ends.
    """

    inner: Speech


Speech = (
    Dec | Frac | Root | Quot | Approx | Vec | Deg | Inf | Undef | Label | Prod | Sum | Square | Sqrt
)


def plain(s: Speech) -> Speech:
    """`s` without a leading ``≈`` (for an item of a tuple rounded as a whole).

    Examples
    --------
    >>> plain(Approx(Dec(False, 0, "33")))
    Dec(negative=False, whole=0, digits='33')
    """
    return s.inner if isinstance(s, Approx) else s
