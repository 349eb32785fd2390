"""Exact arithmetic for what the lesson shows exactly: rationals and square roots of rationals.

A value like ``4/sqrt(5)`` is carried as a :class:`Surd` (``coef * sqrt(rad)``), so the
formatting rules can tell an exact ``0.8`` from an irrational ``≈ 1.79`` without float guesses.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

__all__ = [
    "Surd",
    "exact_angle_degrees",
    "exact_comp",
    "exact_cosine",
    "exact_dot",
    "exact_norm",
    "exact_proj_coef",
    "exact_project",
    "exact_residual",
    "exact_scaled",
    "sqrt_exact",
    "to_fraction",
]

Number = int | float | str | Fraction


def to_fraction(x: Number) -> Fraction:
    """Read a number as the decimal the author wrote, exactly.

    Parameters
    ----------
    x : int, float, str or Fraction
        A float is read through its shortest decimal form, so ``0.1`` is exactly 1/10.

    Returns
    -------
    fractions.Fraction

    Examples
    --------
    >>> to_fraction(1.2), to_fraction(-0.6), to_fraction(2)
    (Fraction(6, 5), Fraction(-3, 5), Fraction(2, 1))
    """
    if isinstance(x, numbers.Integral):
        return Fraction(int(x))
    if isinstance(x, numbers.Real) and not isinstance(x, Fraction):  # float, numpy floats
        f = float(x)
        if not math.isfinite(f):
            raise ValueError(f"not a finite number: {x}")
        return Fraction(repr(f))
    return Fraction(x)


def _vec(xs: Iterable[Number]) -> tuple[Fraction, ...]:
    return tuple(to_fraction(x) for x in xs)


def _split_square(n: int) -> tuple[int, int]:
    """Write a positive integer as ``a**2 * b`` with `b` square-free (or with no small squares)."""
    a, b = 1, n
    r = math.isqrt(b)
    if r * r == b:
        return r, 1
    p = 2
    while p * p <= b and p < 1_000_000:
        while b % (p * p) == 0:
            b //= p * p
            a *= p
        p += 1 if p == 2 else 2
    r = math.isqrt(b)
    if r * r == b:
        a, b = a * r, 1
    return a, b


@dataclass(frozen=True)
class Surd:
    """The real number ``coef * sqrt(rad)`` with `rad` a square-free positive integer.

    Examples
    --------
    >>> sqrt_exact(Fraction(5))
    Surd(coef=Fraction(1, 1), rad=5)
    >>> float(Fraction(4) / sqrt_exact(Fraction(5)))  # doctest: +ELLIPSIS
    1.78885...
    """

    coef: Fraction
    rad: int = 1

    @property
    def is_rational(self) -> bool:
        """True when the value is a rational number."""
        return self.rad == 1 or self.coef == 0

    def as_fraction(self) -> Fraction:
        """Return the value as a Fraction; only valid when :attr:`is_rational`."""
        if not self.is_rational:
            raise ValueError(f"{self} is irrational")
        return self.coef

    def __float__(self) -> float:
        return float(self.coef) * math.sqrt(self.rad)

    def __mul__(self, other: Surd | Fraction | int) -> Surd:
        if isinstance(other, Surd):
            a, b = _split_square(self.rad * other.rad)
            return Surd(self.coef * other.coef * a, b)
        return Surd(self.coef * Fraction(other), self.rad)

    __rmul__ = __mul__

    def __rtruediv__(self, other: Fraction | int) -> Surd:
        if self.coef == 0:
            raise ZeroDivisionError("division by zero")
        return Surd(Fraction(other) / (self.coef * self.rad), self.rad)

    def __neg__(self) -> Surd:
        return Surd(-self.coef, self.rad)


def sqrt_exact(x: Fraction) -> Surd:
    """Square root of a non-negative rational, simplified.

    Examples
    --------
    >>> sqrt_exact(Fraction(25, 4))
    Surd(coef=Fraction(5, 2), rad=1)
    >>> sqrt_exact(Fraction(8))
    Surd(coef=Fraction(2, 1), rad=2)
    """
    if x < 0:
        raise ValueError("square root of a negative number")
    if x == 0:
        return Surd(Fraction(0))
    # sqrt(p/q) = sqrt(p*q) / q
    a, b = _split_square(x.numerator * x.denominator)
    return Surd(Fraction(a, x.denominator), b)


def exact_dot(x: Sequence[Number], y: Sequence[Number]) -> Fraction:
    """Exact ``<x, y>``.

    Examples
    --------
    >>> exact_dot([2, 1], [1, 2]), exact_dot([1.2, -0.6], [1, 2])
    (Fraction(4, 1), Fraction(0, 1))
    """
    a, b = _vec(x), _vec(y)
    if len(a) != len(b):
        raise ValueError(f"vectors must have the same length, got {len(a)} and {len(b)}")
    return sum((u * v for u, v in zip(a, b, strict=True)), Fraction(0))


def exact_norm(x: Sequence[Number]) -> Surd:
    """Exact Euclidean length.

    Examples
    --------
    >>> exact_norm([2, 1])
    Surd(coef=Fraction(1, 1), rad=5)
    >>> exact_norm([3, 4]).as_fraction()
    Fraction(5, 1)
    """
    return sqrt_exact(exact_dot(x, x))


def exact_cosine(x: Sequence[Number], y: Sequence[Number]) -> Surd:
    """Exact cosine similarity of two non-zero vectors.

    Examples
    --------
    >>> exact_cosine([2, 1], [1, 2]).as_fraction()
    Fraction(4, 5)
    """
    d = exact_dot(x, y)
    nn = exact_dot(x, x) * exact_dot(y, y)
    if nn == 0:
        raise ValueError("cosine is undefined for a zero vector (it has no direction)")
    return d / sqrt_exact(nn)


def exact_comp(q: Sequence[Number], k: Sequence[Number]) -> Surd:
    """Exact signed scalar projection ``<q, k> / ||k||``.

    Examples
    --------
    >>> s = exact_comp([2, 1], [1, 2]); s.coef, s.rad
    (Fraction(4, 5), 5)
    """
    kk = exact_dot(k, k)
    if kk == 0:
        raise ValueError("cannot project onto the zero vector: it has no direction")
    return exact_dot(q, k) / sqrt_exact(kk)


def exact_proj_coef(q: Sequence[Number], k: Sequence[Number]) -> Fraction:
    """Exact coefficient ``<q, k> / ||k||^2`` of the vector projection.

    Examples
    --------
    >>> exact_proj_coef([2, 1], [1, 2])
    Fraction(4, 5)
    """
    kk = exact_dot(k, k)
    if kk == 0:
        raise ValueError("cannot project onto the zero vector: it has no direction")
    return exact_dot(q, k) / kk


def exact_project(q: Sequence[Number], k: Sequence[Number]) -> tuple[Fraction, ...]:
    """Exact vector projection of `q` onto `k`.

    Examples
    --------
    >>> [str(c) for c in exact_project([2, 1], [1, 2])]
    ['4/5', '8/5']
    """
    c = exact_proj_coef(q, k)
    return tuple(c * v for v in _vec(k))


def exact_residual(q: Sequence[Number], k: Sequence[Number]) -> tuple[Fraction, ...]:
    """Exact perpendicular remainder ``q - proj_k(q)``.

    Examples
    --------
    >>> [str(c) for c in exact_residual([2, 1], [1, 2])]
    ['6/5', '-3/5']
    """
    return tuple(a - b for a, b in zip(_vec(q), exact_project(q, k), strict=True))


def exact_scaled(score: Fraction, d_k: int) -> Surd:
    """Exact scaled score ``score / sqrt(d_k)``.

    Examples
    --------
    >>> s = exact_scaled(Fraction(4), 2); s.coef, s.rad
    (Fraction(2, 1), 2)
    """
    return score / sqrt_exact(Fraction(d_k))


_SPECIAL_ANGLES = {
    (Fraction(1), 1): 0,
    (Fraction(1, 2), 3): 30,
    (Fraction(1, 2), 2): 45,
    (Fraction(1, 2), 1): 60,
    (Fraction(0), 1): 90,
    (Fraction(-1, 2), 1): 120,
    (Fraction(-1, 2), 2): 135,
    (Fraction(-1, 2), 3): 150,
    (Fraction(-1), 1): 180,
}


def exact_angle_degrees(cos: Surd) -> Fraction | None:
    """The angle in degrees when the cosine is one of the textbook values, else None.

    Examples
    --------
    >>> exact_angle_degrees(Surd(Fraction(0)))
    Fraction(90, 1)
    >>> exact_angle_degrees(Surd(Fraction(4, 5))) is None
    True
    """
    key = (Fraction(0), 1) if cos.coef == 0 else (cos.coef, cos.rad)
    deg = _SPECIAL_ANGLES.get(key)
    return None if deg is None else Fraction(deg)
