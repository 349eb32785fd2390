"""What keeps generated numbers teachable: small named predicates, and a seeded draw.

Pure and exact (``fractions.Fraction``). The variant generator (:mod:`lesson.variants`) states
its rules with these predicates, and so does each quiz kind (:mod:`lesson.quizkinds`); both
draw their candidate vectors with :class:`Draw`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any

from lesson import decide
from mathcore.draws import query_scores
from mathcore.exact import Surd, exact_cosine, exact_dot, sqrt_exact

__all__ = [
    "COORD",
    "DIMENSION_PAIRS",
    "DOMINANT",
    "MAX_COSINE_DENOMINATOR",
    "MAX_LEAD",
    "SMALL_DENOMINATORS",
    "Draw",
    "Retry",
    "Values",
    "Vec",
    "cosine_pair",
    "clear_winner",
    "directions",
    "distinct",
    "distinct_scores",
    "example_scores",
    "example_shows",
    "nonzero",
    "not_parallel",
    "rational_cosine",
    "same_score_draw",
    "same_score_pairs",
    "sign",
    "single_winner",
    "small_ints",
    "small_ratio",
    "visible_weights",
    "within_lead",
]

COORD = 5  # generated coordinates are whole numbers from −COORD to COORD
# Denominators of a shown coefficient that read at a glance (4/5 = 0.8, 3/2 = 1.5).
SMALL_DENOMINATORS = (1, 2, 4, 5, 10)
MAX_COSINE_DENOMINATOR = 25  # cos θ = 24/25 is still a fraction a viewer can check
# The most a winning score may lead the runner-up by when q is tripled in a question: with
# d_k = 2 the tripled winner's weight then stays under 0.999, so its sharpening reads.
MAX_LEAD = 3
# Softmax's largest weight at least this is "nearly all the weight on one key" (WhySqrtDk and
# the dimension question).
DOMINANT = Fraction(9, 10)
# The dimensions a dimension question's generated numbers compare: perfect squares (√dₖ is
# exact), the second at least 16 times the first (the raw spread at least four times wider).
DIMENSION_PAIRS = tuple((a, b) for a in (4, 9, 16) for b in (64, 100, 144, 196, 256) if b >= 16 * a)

Vec = tuple[Fraction, ...]
Values = dict[str, Any]  # one table's values: vectors as tuples of Fractions


def small_ints(v: Sequence[Fraction], bound: int = COORD) -> bool:
    """Whole-number coordinates within ``±bound``.

    Examples
    --------
    >>> small_ints((Fraction(2), Fraction(-5))), small_ints((Fraction(1, 2), Fraction(0)))
    (True, False)
    """
    return all(Fraction(x).denominator == 1 and abs(x) <= bound for x in v)


def nonzero(v: Sequence[Fraction]) -> bool:
    """Not the zero vector: it has a direction.

    Examples
    --------
    >>> nonzero((Fraction(0), Fraction(1))), nonzero((Fraction(0), Fraction(0)))
    (True, False)
    """
    return any(v)


def not_parallel(x: Sequence[Fraction], y: Sequence[Fraction]) -> bool:
    """Neither a multiple of the other (Cauchy–Schwarz is strict), so an angle is in between.

    Examples
    --------
    >>> F = Fraction
    >>> not_parallel((F(1), F(2)), (F(2), F(1))), not_parallel((F(1), F(2)), (F(-2), F(-4)))
    (True, False)
    """
    xy = exact_dot(x, y)
    return xy * xy != exact_dot(x, x) * exact_dot(y, y)


def small_ratio(x: Fraction) -> bool:
    """A fraction whose denominator is one of :data:`SMALL_DENOMINATORS`.

    Examples
    --------
    >>> small_ratio(Fraction(4, 5)), small_ratio(Fraction(7, 13))
    (True, False)
    """
    return Fraction(x).denominator in SMALL_DENOMINATORS


def rational_cosine(x: Sequence[Fraction], y: Sequence[Fraction]) -> bool:
    """``cos θ`` is an exact fraction with a denominator of at most 25 (``24/25``).

    Examples
    --------
    >>> F = Fraction
    >>> rational_cosine((F(3), F(4)), (F(4), F(3))), rational_cosine((F(1), F(0)), (F(1), F(1)))
    (True, False)
    """
    cos = exact_cosine(x, y)
    if not cos.is_rational:
        return False
    return cos.as_fraction().denominator <= MAX_COSINE_DENOMINATOR


def single_winner(query: Sequence[Fraction], keys: Iterable[Sequence[Fraction]]) -> bool:
    """One key scores strictly highest against `query` (no tie for the largest weight).

    Examples
    --------
    >>> F = Fraction
    >>> single_winner((F(1), F(2)), [(F(1), F(0)), (F(0), F(1))])
    True
    >>> single_winner((F(1), F(1)), [(F(1), F(0)), (F(0), F(1))])
    False
    """
    return decide.winner([exact_dot(query, k) for k in keys]) == "single"


def visible_weights(query: Sequence[Fraction], keys: Sequence[Sequence[Fraction]]) -> bool:
    """Softmax leaves every key a visible weight: the scaled scores span at most √20 ≈ 4.5.

    Exactly: ``(max − min)² ≤ 20·d_k`` for the raw scores, so no weight rounds to 0.000.

    Examples
    --------
    >>> F = Fraction
    >>> visible_weights((F(1), F(2)), [(F(1), F(0)), (F(0), F(1))])
    True
    >>> visible_weights((F(5), F(-1)), [(F(0), F(3)), (F(2), F(2))])
    False
    """
    scores = [exact_dot(query, k) for k in keys]
    spread = max(scores) - min(scores)
    return spread * spread <= 20 * len(query)


def distinct_scores(query: Sequence[Fraction], keys: Sequence[Sequence[Fraction]]) -> bool:
    """Every key scores differently against `query`: one winner, one loser, a strict order.

    Examples
    --------
    >>> F = Fraction
    >>> distinct_scores((F(3), F(2)), [(F(1), F(-2)), (F(2), F(-2)), (F(-2), F(3))])
    True
    >>> distinct_scores((F(1), F(1)), [(F(1), F(0)), (F(0), F(1)), (F(2), F(2))])
    False
    """
    scores = [exact_dot(query, k) for k in keys]
    return len(set(scores)) == len(scores)


def within_lead(
    query: Sequence[Fraction], keys: Sequence[Sequence[Fraction]], lead: int = MAX_LEAD
) -> bool:
    """The top score leads the runner-up by at most `lead` (the runner-up keeps some weight).

    Examples
    --------
    >>> F = Fraction
    >>> within_lead((F(3), F(2)), [(F(1), F(-2)), (F(2), F(-2)), (F(-2), F(3))])
    True
    >>> within_lead((F(5), F(0)), [(F(1), F(0)), (F(0), F(1))])
    False
    """
    top, second = sorted((exact_dot(query, k) for k in keys), reverse=True)[:2]
    return top - second <= lead


def sign(x: Fraction) -> int:
    """-1, 0 or 1: the sign of `x`."""
    return (x > 0) - (x < 0)


def distinct(vectors: Sequence[Vec]) -> bool:
    """No vector twice."""
    return len(set(vectors)) == len(vectors)


def directions(vectors: Sequence[Vec]) -> bool:
    """Non-zero and pairwise in different directions (no key a multiple of another)."""
    return all(map(nonzero, vectors)) and all(
        not_parallel(a, b) for i, a in enumerate(vectors) for b in vectors[i + 1 :]
    )


def clear_winner(t: Values) -> bool:
    """One key scores highest (and positively) against the query; every weight is visible."""
    q, keys = t["query"], t["keys"]
    top = max(exact_dot(q, k) for k in keys)
    return single_winner(q, keys) and top > 0 and visible_weights(q, keys)


def same_score_pairs(pairs: Sequence[tuple[Vec, Vec]]) -> bool:
    """Both pairs score the same positive x · y: the first along one direction, the second not."""
    (x1, y1), (x2, y2) = pairs
    d = exact_dot(x1, y1)
    return (
        all(map(nonzero, (x1, y1, x2, y2)))
        and d > 0
        and d == exact_dot(x2, y2)
        and decide.direction(y1, x1) == "same_direction"
        and not_parallel(x2, y2)
    )


def example_scores(dims: Sequence[int], keys: int, seed: int) -> list[list[int]]:
    """A dimension question's drawn example: one query's scores against `keys` keys per dₖ.

    Each dimension ``d`` draws from its own stream, seeded ``(seed, d, 1)`` as WhySqrtDk's
    softmax step does (:func:`mathcore.draws.query_scores`).

    Examples
    --------
    >>> example_scores([4, 256], 4, 5)
    [[-2, -4, 0, 0], [0, 6, -20, -2]]
    """
    return [query_scores(d, keys, (seed, d, 1)) for d in dims]


def example_shows(dims: Sequence[int], keys: int, seed: int) -> bool:
    """The drawn example shows what a dimension question teaches, decided exactly.

    Unscaled, softmax's largest weight grows from the first dₖ to the second and reaches
    :data:`DOMINANT`; divided by √dₖ it stays under :data:`DOMINANT` at both.

    Examples
    --------
    >>> example_shows([4, 256], 4, 5), example_shows([4, 256], 4, 10)  # 0.500 at dₖ = 256
    (True, False)
    """
    one = Surd(Fraction(1))
    low, high = example_scores(dims, keys, seed)
    return (
        decide.weight_change((low, one), (high, one)) == "grows"
        and decide.share(high, one, DOMINANT) == "dominant"
        and all(
            decide.share(s, 1 / sqrt_exact(Fraction(d)), DOMINANT) == "shared"
            for s, d in zip((low, high), dims, strict=True)
        )
    )


class Retry(Exception):
    """The draw found no vector for a rule; start the table again."""


class Draw:
    """Random small vectors from one seeded generator."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def vec(self, dim: int = 2, bound: int = COORD) -> Vec:
        """Any vector of whole coordinates within ``±bound``."""
        return tuple(Fraction(self.rng.randint(-bound, bound)) for _ in range(dim))

    def until(self, ok: Callable[[Vec], bool], dim: int = 2, bound: int = COORD) -> Vec:
        """A vector for which `ok` holds (:class:`Retry` after 3000 misses)."""
        for _ in range(3000):
            v = self.vec(dim, bound)
            if ok(v):
                return v
        raise Retry

    def nonzero(self, dim: int = 2, bound: int = COORD) -> Vec:
        """A vector that is not zero."""
        return self.until(nonzero, dim, bound)

    def keys(self, n: int, dim: int = 2) -> tuple[Vec, ...]:
        """`n` distinct non-zero vectors."""
        while True:
            keys = tuple(self.nonzero(dim) for _ in range(n))
            if distinct(keys):
                return keys


def cosine_pair(d: Draw) -> tuple[Vec, Vec]:
    """A pair with ``x · y > 0`` and an exact small cosine (:func:`rational_cosine`)."""
    x = d.nonzero()
    y = d.until(lambda v: nonzero(v) and exact_dot(x, v) > 0 and rational_cosine(x, v))
    return x, y


def same_score_draw(d: Draw) -> tuple[tuple[Vec, Vec], tuple[Vec, Vec]]:
    """Two pairs for :func:`same_score_pairs`: the first x a longer multiple of its y."""
    y1 = d.until(lambda v: nonzero(v) and small_ints(v, 2))
    x1 = tuple(c * d.rng.randint(2, 4) for c in y1)  # along y1, longer
    y2 = d.nonzero()
    x2 = d.until(lambda v: exact_dot(v, y2) == exact_dot(x1, y1), bound=4)
    return (x1, y1), (x2, y2)
