"""Deterministic random draws for the lesson: vectors of independent ±1 coordinates.

A coordinate that is +1 or −1 with equal chance has mean exactly 0 and variance exactly 1,
the assumptions under which the Transformer paper says the dot product of a query and a key
has variance dₖ. Its products are integers, so everything computed from a draw stays exact.

The signs are the bits of NumPy's PCG64 generator read directly (``random_raw``), seeded
through a ``SeedSequence``: that stream is fixed for a given seed across NumPy versions and
platforms, unlike the methods of ``Generator``, whose algorithms NumPy may change.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

__all__ = ["query_scores", "sign_products", "sign_vectors"]

_WORD = 64  # bits in one PCG64 output


def sign_vectors(d: int, n: int, seed: int | Sequence[int]) -> list[tuple[int, ...]]:
    """`n` vectors of `d` coordinates, each +1 or −1 with equal chance, independently.

    Parameters
    ----------
    d : int
        Coordinates per vector (at least 1).
    n : int
        How many vectors (0 or more).
    seed : int or sequence of int
        Non-negative entropy for ``numpy.random.SeedSequence``; the same seed gives the same
        vectors, and ``(seed, d)`` gives each dimension a stream of its own.

    Returns
    -------
    list of tuple of int
        The vectors, in the order drawn.

    Raises
    ------
    ValueError
        For ``d < 1`` or ``n < 0``.

    Examples
    --------
    >>> sign_vectors(4, 2, 1) == sign_vectors(4, 2, 1)
    True
    >>> [set(v) <= {-1, 1} and len(v) == 4 for v in sign_vectors(4, 3, (1, 4))]
    [True, True, True]
    >>> sign_vectors(4, 2, 1) != sign_vectors(4, 2, 2)
    True
    """
    if d < 1 or n < 0:
        raise ValueError(f"need d >= 1 and n >= 0, got d={d}, n={n}")
    bits = n * d
    words = np.random.PCG64(np.random.SeedSequence(seed)).random_raw(-(-bits // _WORD) or 1)
    shifts = np.arange(_WORD, dtype=np.uint64)
    flat = ((np.asarray(words, dtype=np.uint64)[:, None] >> shifts) & np.uint64(1)).ravel()
    signs = 2 * flat[:bits].astype(np.int64) - 1
    return [tuple(int(c) for c in row) for row in signs.reshape(n, d)]


def sign_products(d: int, n: int, seed: int | Sequence[int]) -> list[int]:
    """Dot products of `n` independent query-key pairs of ±1 vectors of dimension `d`.

    The queries are the first `n` vectors of :func:`sign_vectors` with `seed`, the keys the
    next `n`; pair ``i`` is query ``i`` with key ``i``. Each product has mean 0 and variance
    exactly `d`, so the mean of the squared products is near `d` for many pairs.

    Parameters
    ----------
    d : int
        The dimension dₖ.
    n : int
        How many pairs.
    seed : int or sequence of int
        As for :func:`sign_vectors`.

    Returns
    -------
    list of int
        The products, each of the parity of `d` and between ``-d`` and `d`.

    Examples
    --------
    >>> s = sign_products(16, 5, 1)
    >>> len(s), all(abs(x) <= 16 and x % 2 == 0 for x in s)
    (5, True)
    """
    vectors = sign_vectors(d, 2 * n, seed)
    pairs = zip(vectors[:n], vectors[n:], strict=True)
    return [sum(a * b for a, b in zip(q, k, strict=True)) for q, k in pairs]


def query_scores(d: int, keys: int, seed: int | Sequence[int]) -> list[int]:
    """The scores ``q · kᵢ`` of one drawn query against `keys` drawn keys, all of dimension `d`.

    The query is the first vector of :func:`sign_vectors` with `seed`, the keys the next
    `keys`: one row of attention scores before any scaling.

    Parameters
    ----------
    d : int
        The dimension dₖ.
    keys : int
        How many keys (at least 1).
    seed : int or sequence of int
        As for :func:`sign_vectors`.

    Returns
    -------
    list of int
        One score per key, in the keys' order.

    Examples
    --------
    >>> query_scores(64, 4, (4, 64, 1))
    [-8, 2, 8, -10]
    """
    query, *ks = sign_vectors(d, 1 + keys, seed)
    return [sum(a * b for a, b in zip(query, k, strict=True)) for k in ks]
