"""Vector geometry of the lesson: dot product, length, angle and projection."""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from fractions import Fraction
from typing import TypeAlias

import numpy as np
from numpy.typing import ArrayLike, NDArray

# What the functions take: anything numpy reads as numbers, lesson vectors of Fractions included.
VecLike: TypeAlias = ArrayLike | Sequence[Fraction | float] | Sequence[Sequence[Fraction | float]]

__all__ = [
    "AngleClass",
    "angle_class",
    "angle_degrees",
    "as_vector",
    "cosine",
    "dot",
    "norm",
    "project",
    "residual",
    "scalar_projection",
]


class AngleClass(Enum):
    """Which side of 90 degrees the angle between two vectors lies on."""

    ACUTE = "acute"
    RIGHT = "right"
    OBTUSE = "obtuse"
    UNDEFINED = "undefined"


def as_vector(x: VecLike, name: str = "vector") -> NDArray[np.float64]:
    """Return `x` as a finite 1-D float array.

    Parameters
    ----------
    x : array_like
        The coordinates.
    name : str
        Used in the error message.

    Returns
    -------
    numpy.ndarray
        A float64 copy of `x`.

    Raises
    ------
    ValueError
        If `x` is not one-dimensional, is empty or holds a NaN or infinity.
    """
    v = np.asarray(x, dtype=np.float64)
    if v.ndim != 1 or v.size == 0:
        raise ValueError(f"{name} must be a non-empty 1-D vector, got shape {v.shape}")
    if not np.all(np.isfinite(v)):
        raise ValueError(f"{name} must be finite, got {v.tolist()}")
    return v


def _unit_scale(v: NDArray[np.float64]) -> NDArray[np.float64]:
    """`v` divided by its largest magnitude, so squares neither overflow nor underflow."""
    m = np.max(np.abs(v))
    return v / m if m > 0 else v


def _pair(x: VecLike, y: VecLike) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    a, b = as_vector(x, "x"), as_vector(y, "y")
    if a.shape != b.shape:
        raise ValueError(f"vectors must have the same length, got {a.size} and {b.size}")
    return a, b


def dot(x: VecLike, y: VecLike) -> float:
    """Multiply corresponding coordinates and add: the standard inner product.

    Parameters
    ----------
    x, y : array_like
        Real vectors with the same number of coordinates.

    Returns
    -------
    float
        ``sum(x_i * y_i)``.

    Examples
    --------
    The lesson's pair points into the same half of the plane:

    >>> dot([2, 1], [1, 2])
    4.0

    Question 1 of the quiz: a negative score, an obtuse angle.

    >>> dot([2, -1, 3], [1, 4, -2])
    -8.0
    """
    a, b = _pair(x, y)
    return float(np.dot(a, b))


def norm(x: VecLike) -> float:
    """Euclidean length ``sqrt(<x, x>)``.

    Parameters
    ----------
    x : array_like
        A real vector.

    Returns
    -------
    float
        The length, ``||x||_2``.

    Examples
    --------
    Both vectors of the lesson have length sqrt(5):

    >>> round(norm([2, 1]) ** 2, 12), round(norm([1, 2]) ** 2, 12)
    (5.0, 5.0)
    """
    v = as_vector(x)
    m = float(np.max(np.abs(v)))
    return m * float(np.linalg.norm(v / m)) if m > 0 else 0.0


def cosine(x: VecLike, y: VecLike) -> float:
    """Cosine similarity ``<x, y> / (||x|| ||y||)`` of two non-zero vectors.

    Parameters
    ----------
    x, y : array_like
        Non-zero real vectors of the same length.

    Returns
    -------
    float
        A number in ``[-1, 1]``.

    Raises
    ------
    ValueError
        If either vector is zero: a zero vector has no direction.

    Examples
    --------
    >>> round(cosine([2, 1], [1, 2]), 12)
    0.8
    >>> cosine([4, 0], [1, 0])
    1.0
    """
    a, b = (_unit_scale(v) for v in _pair(x, y))
    na, nb = np.linalg.norm(a), np.linalg.norm(b)
    if na == 0 or nb == 0:
        raise ValueError("cosine is undefined for a zero vector (it has no direction)")
    return float(np.clip(np.dot(a, b) / (na * nb), -1.0, 1.0))


def angle_degrees(x: VecLike, y: VecLike) -> float:
    """Angle between two non-zero vectors, in degrees, in ``[0, 180]``.

    Parameters
    ----------
    x, y : array_like
        Non-zero real vectors of the same length.

    Returns
    -------
    float
        ``arccos(cosine(x, y))`` in degrees.

    Examples
    --------
    >>> round(angle_degrees([2, 1], [1, 2]), 2)
    36.87
    >>> angle_degrees([-2, 1], [1, 2])
    90.0
    """
    return float(np.degrees(np.arccos(cosine(x, y))))


def _exact(x: VecLike, checked: NDArray[np.float64]) -> list[Fraction]:
    """The coordinates of `x` as Fractions.

    Exact ones stay as they are; a float becomes the decimal it was written as (``0.1`` is
    1/10, not the binary fraction nearest to it).
    """
    if isinstance(x, Sequence) and all(isinstance(u, Fraction | int) for u in x):
        return [Fraction(u) for u in x]  # type: ignore[arg-type]
    return [Fraction(repr(float(u))) for u in checked]


def angle_class(x: VecLike, y: VecLike) -> AngleClass:
    """Classify the angle by the sign of the inner product.

    The sign is decided in exact rational arithmetic: Fractions as they are, floats as the
    decimals they print as, so a right angle is recognised without a tolerance (``0.7·0.3 +
    0.1·(−2.1)`` is 0, though floats make it −2.8e−17).

    Parameters
    ----------
    x, y : array_like
        Real vectors of the same length.

    Returns
    -------
    AngleClass
        ``ACUTE`` for a positive product, ``RIGHT`` for zero, ``OBTUSE`` for a negative one,
        ``UNDEFINED`` when either vector is zero.

    Examples
    --------
    >>> angle_class([2, 1], [1, 2]).value
    'acute'
    >>> angle_class([2, -1, 3], [1, 4, -2]).value
    'obtuse'
    >>> angle_class([0, 0], [1, 0]).value
    'undefined'
    >>> angle_class([0.7, 0.1], [0.3, -2.1]).value
    'right'
    """
    a, b = _pair(x, y)
    ea, eb = _exact(x, a), _exact(y, b)
    if not any(ea) or not any(eb):
        return AngleClass.UNDEFINED
    s = sum((u * v for u, v in zip(ea, eb, strict=True)), Fraction(0))
    if s > 0:
        return AngleClass.ACUTE
    return AngleClass.RIGHT if s == 0 else AngleClass.OBTUSE


def _direction(k: VecLike) -> NDArray[np.float64]:
    """`k` rescaled to largest magnitude 1 (projections depend only on its direction)."""
    v = as_vector(k, "k")
    if not v.any():
        raise ValueError("cannot project onto the zero vector: it has no direction")
    return _unit_scale(v)


def scalar_projection(q: VecLike, k: VecLike) -> float:
    """Signed scalar projection ``comp_k(q) = <q, k> / ||k||``.

    Parameters
    ----------
    q : array_like
        The vector being projected.
    k : array_like
        A non-zero direction.

    Returns
    -------
    float
        Negative when the part of `q` along `k` points against `k`.

    Examples
    --------
    >>> round(scalar_projection([2, 1], [1, 2]), 2)
    1.79
    >>> round(scalar_projection([-2, -1], [1, 2]), 2)
    -1.79
    """
    kv = _direction(k)
    return dot(q, kv) / float(np.linalg.norm(kv))


def project(q: VecLike, k: VecLike) -> NDArray[np.float64]:
    """Vector projection ``proj_k(q) = <q, k> / ||k||^2 * k``.

    Parameters
    ----------
    q : array_like
        The vector being projected.
    k : array_like
        A non-zero direction.

    Returns
    -------
    numpy.ndarray
        The component of `q` along `k`.

    Examples
    --------
    >>> project([2, 1], [1, 2]).round(12).tolist()
    [0.8, 1.6]
    """
    kv = _direction(k)
    return dot(q, kv) / float(np.dot(kv, kv)) * kv


def residual(q: VecLike, k: VecLike) -> NDArray[np.float64]:
    """Perpendicular remainder ``q - proj_k(q)``, orthogonal to `k`.

    Parameters
    ----------
    q : array_like
        The vector being projected.
    k : array_like
        A non-zero direction.

    Returns
    -------
    numpy.ndarray
        What is left of `q` once its part along `k` is removed.

    Examples
    --------
    >>> residual([2, 1], [1, 2]).round(12).tolist()
    [1.2, -0.6]
    """
    return as_vector(q, "q") - project(q, k)
