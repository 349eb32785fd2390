"""Facts that words state, decided in exact arithmetic (never from floats).

A sheet builder records each fact a scene's words state as a decision: a name and one of a
few outcomes (:data:`OUTCOMES`). A catalogue text that depends on one comes in a variant per
outcome, named ``<key>_if_<outcome>`` (``pd_sub_comp_if_neg``), and the scene picks the
variant of the sheet's decision. A test checks that every variant exists.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal, localcontext
from fractions import Fraction

from mathcore.exact import Surd, exact_dot

__all__ = [
    "OUTCOMES",
    "direction",
    "kind_of",
    "match",
    "near",
    "order",
    "share",
    "sign",
    "sign_of_dot",
    "size_change",
    "trend",
    "weight_change",
    "winner",
]

# Kind of decision -> its outcomes. Outcome names are unique across kinds.
OUTCOMES: dict[str, tuple[str, ...]] = {
    "sign": ("neg", "zero", "pos"),
    "order": ("less", "equal", "greater"),
    "change": ("shrinks", "stays", "grows"),
    "verdict": ("same", "both", "differ"),
    "match": ("match", "mismatch"),
    "direction": ("same_direction", "other_direction"),
    "winner": ("single", "tie"),
    "seen": ("new", "seen"),  # a worked example's numbers met again: say results only
    "trend": ("rises", "uneven"),
    "closeness": ("near", "far"),
    "share": ("dominant", "shared"),
}


def kind_of(outcome: str) -> str:
    """The kind of decision an outcome belongs to.

    Examples
    --------
    >>> kind_of("zero"), kind_of("grows")
    ('sign', 'change')
    """
    for kind, outcomes in OUTCOMES.items():
        if outcome in outcomes:
            return kind
    raise KeyError(f"not an outcome of any decision: {outcome!r}")


def sign(x: Fraction | Surd | int) -> str:
    """``neg``, ``zero`` or ``pos``, exactly.

    Examples
    --------
    >>> sign(Fraction(-1, 10**9)), sign(0), sign(Surd(Fraction(1, 3), 2))
    ('neg', 'zero', 'pos')
    """
    c = x.coef if isinstance(x, Surd) else Fraction(x)
    return "neg" if c < 0 else "pos" if c > 0 else "zero"


def sign_of_dot(x: Sequence[Fraction], y: Sequence[Fraction]) -> str:
    """The sign of ``x · y`` from the lesson's exact coordinates.

    Examples
    --------
    >>> F = Fraction
    >>> sign_of_dot([F("0.1"), F("0.2")], [F("0.2"), F("-0.1")])
    'zero'
    """
    return sign(exact_dot(x, y))


def _square_signed(x: Fraction | Surd) -> Fraction:
    """``x·|x|``: exact, rational for a surd, and ordered like `x`."""
    if isinstance(x, Surd):
        sq = x.coef * x.coef * x.rad
        return sq if x.coef >= 0 else -sq
    return x * abs(x)


def order(a: Fraction | Surd, b: Fraction | Surd) -> str:
    """``less``, ``equal`` or ``greater``: `a` against `b`, exactly (surds included).

    Examples
    --------
    >>> order(Surd(Fraction(4, 5), 5) , Fraction(1))  # 4/√5 ≈ 1.79 against 1
    'greater'
    >>> order(Fraction(4, 5), Fraction(8, 10))
    'equal'
    """
    sa, sb = _square_signed(a), _square_signed(b)
    return "less" if sa < sb else "greater" if sa > sb else "equal"


def size_change(factor: Fraction) -> str:
    """How multiplying by `factor` changes a non-zero value's size: grows, stays or shrinks.

    Examples
    --------
    >>> size_change(Fraction(2)), size_change(Fraction(1, 2)), size_change(Fraction(-1))
    ('grows', 'shrinks', 'stays')
    """
    f = abs(factor)
    return "grows" if f > 1 else "shrinks" if f < 1 else "stays"


def match(a: Fraction | Surd, b: Fraction | Surd) -> str:
    """``match`` when two values are exactly equal, else ``mismatch``.

    Examples
    --------
    >>> match(Surd(Fraction(1, 2), 4), Fraction(1)), match(Fraction(1, 3), Fraction(333, 1000))
    ('match', 'mismatch')
    """
    return "match" if order(a, b) == "equal" else "mismatch"


def direction(x: Sequence[Fraction], y: Sequence[Fraction]) -> str:
    """``same_direction`` when `y` is a positive multiple of `x` (both non-zero), exactly.

    Examples
    --------
    >>> F = Fraction
    >>> direction([F(1), F(2)], [F("0.5"), F(1)]), direction([F(1), F(2)], [F(-1), F(-2)])
    ('same_direction', 'other_direction')
    """
    xy, xx, yy = exact_dot(x, y), exact_dot(x, x), exact_dot(y, y)
    # Cauchy–Schwarz holds with equality exactly when the vectors are parallel.
    parallel = xx != 0 and yy != 0 and xy * xy == xx * yy
    return "same_direction" if parallel and xy > 0 else "other_direction"


def winner(scores: Sequence[Fraction]) -> str:
    """``tie`` when two or more scores share the largest value exactly, else ``single``.

    Examples
    --------
    >>> F = Fraction
    >>> winner([F("0.3"), F("0.1") + F("0.2")]), winner([F(1), F(2)])
    ('tie', 'single')
    """
    top = max(scores)
    return "tie" if sum(s == top for s in scores) > 1 else "single"


def trend(values: Sequence[Fraction | Surd]) -> str:
    """``rises`` when each value is larger than the one before, exactly; else ``uneven``.

    Examples
    --------
    >>> trend([Surd(Fraction(1), 2), Fraction(3, 2), Fraction(4)])  # √2 ≈ 1.41 < 1.5 < 4
    'rises'
    >>> trend([Fraction(2), Surd(Fraction(1), 3)])  # 2 > √3
    'uneven'
    """
    pairs = zip(values, values[1:], strict=False)
    return "rises" if all(order(a, b) == "less" for a, b in pairs) else "uneven"


def near(values: Sequence[Fraction | Surd], lo: Fraction, hi: Fraction) -> str:
    """``near`` when every value lies in ``[lo, hi]``, exactly; else ``far``.

    Examples
    --------
    >>> near([Surd(Fraction(1, 2), 3), Fraction(1)], Fraction(1, 2), Fraction(3, 2))  # √3/2
    'near'
    >>> near([Surd(Fraction(1), 3)], Fraction(1, 2), Fraction(3, 2))  # √3 ≈ 1.73
    'far'
    """
    inside = all(order(v, lo) != "less" and order(v, hi) != "greater" for v in values)
    return "near" if inside else "far"


_DIGITS = 60  # working precision of :func:`share`, in significant digits
_TOO_CLOSE = Decimal(10) ** -40  # closer than this to the threshold is not decided


def share(scores: Sequence[Fraction | int], scale: Surd, at_least: Fraction) -> str:
    """``dominant`` when softmax of ``scale·scores`` gives one key `at_least`, else ``shared``.

    The largest weight is ``1 / Σⱼ exp(−scale·gⱼ)`` with gaps ``gⱼ = max(s) − sⱼ ≥ 0``, so it
    reaches `at_least` exactly when the sum is at most ``1 / at_least``. When every gap is 0
    the sum is the number of keys, compared exactly. Otherwise the sum holds
    ``exp(−x)`` for an algebraic ``x > 0`` (a rational times a square root), which by the
    Lindemann–Weierstrass theorem is never a rational number: it is evaluated with
    correctly rounded decimal ``exp`` and ``sqrt`` at 60 digits, far past any difference
    the comparison can meet (a sum within 10⁻⁴⁰ of the threshold raises).

    Parameters
    ----------
    scores : sequence of Fraction or int
        The scores before scaling (at least one).
    scale : Surd
        The positive factor applied to them (``1/√dₖ``, or 1).
    at_least : Fraction
        The share, between 0 and 1, that counts as (nearly) all the weight.

    Returns
    -------
    str
        ``dominant`` or ``shared``.

    Examples
    --------
    >>> F, one = Fraction, Surd(Fraction(1))
    >>> share([F(-8), F(2), F(8), F(-10)], one, F(9, 10))  # largest weight ≈ 0.998
    'dominant'
    >>> share([F(-8), F(2), F(8), F(-10)], Surd(F(1, 8)), F(9, 10))  # divided by 8: ≈ 0.584
    'shared'
    >>> share([F(3), F(3)], one, F(1, 2)), share([F(3), F(3)], one, F(3, 5))  # a tie: 1/2
    ('dominant', 'shared')
    """
    if scale.coef <= 0 or not 0 < at_least <= 1:
        raise ValueError(f"need a positive scale and 0 < at_least <= 1, got {scale}, {at_least}")
    gaps = _gaps(scores)
    limit = 1 / at_least
    if not any(gaps):
        return "dominant" if len(gaps) <= limit else "shared"
    with localcontext() as ctx:
        ctx.prec = _DIGITS
        total = _exp_sum(gaps, scale)
        bound = Decimal(limit.numerator) / Decimal(limit.denominator)
        if abs(total - bound) < _TOO_CLOSE:
            raise ValueError("the largest weight is too close to the share to decide")
        return "dominant" if total <= bound else "shared"


def weight_change(
    before: tuple[Sequence[Fraction | int], Surd], after: tuple[Sequence[Fraction | int], Surd]
) -> str:
    """How softmax's largest weight changes from `before` to `after`: grows, stays or shrinks.

    Each is ``(scores, scale)``, softmax taken of ``scale·scores`` (the same number of keys
    in both). The largest weight is ``1 / Σⱼ exp(−xⱼ)`` with ``xⱼ = scale·gⱼ`` (the gaps of
    :func:`share`), so it grows exactly when that sum falls. The two sums are equal exactly
    when their exponents are the same list (``exp`` of distinct algebraic numbers are linearly
    independent over the rationals, by Lindemann–Weierstrass), which is compared exactly;
    otherwise they differ, and :func:`share`'s 60-digit evaluation decides how (a difference
    under 10⁻⁴⁰ raises).

    Examples
    --------
    >>> F, one = Fraction, Surd(Fraction(1))
    >>> weight_change(([F(0), F(2)], one), ([F(0), F(16)], one))  # ≈ 0.881 to ≈ 1.000
    'grows'
    >>> weight_change(([F(0), F(2)], one), ([F(0), F(16)], Surd(F(1, 8))))  # 16/8 = 2
    'stays'
    >>> weight_change(([F(1), F(3)], Surd(F(1), 2)), ([F(0), F(0)], one))  # a tie: 1/2
    'shrinks'
    """
    (s0, c0), (s1, c1) = before, after
    if len(s0) != len(s1) or c0.coef <= 0 or c1.coef <= 0:
        raise ValueError("need as many scores before as after, and positive scales")
    g0, g1 = _gaps(s0), _gaps(s1)

    def squares(gaps: list[Fraction], c: Surd) -> list[Fraction]:  # xⱼ², ordered like xⱼ ≥ 0
        return sorted(g * g * c.coef * c.coef * c.rad for g in gaps)

    if squares(g0, c0) == squares(g1, c1):
        return "stays"
    with localcontext() as ctx:
        ctx.prec = _DIGITS
        t0, t1 = _exp_sum(g0, c0), _exp_sum(g1, c1)
        if abs(t0 - t1) < _TOO_CLOSE:
            raise ValueError("the two largest weights are too close to decide")
        return "grows" if t1 < t0 else "shrinks"


def _gaps(scores: Sequence[Fraction | int]) -> list[Fraction]:
    """Each score's gap below the largest, ``max(s) − sⱼ ≥ 0``."""
    top = max(Fraction(s) for s in scores)
    return [top - Fraction(s) for s in scores]


def _exp_sum(gaps: Sequence[Fraction], scale: Surd) -> Decimal:
    """``Σⱼ exp(−scale·gⱼ)`` in the current decimal context (correctly rounded exp, sqrt)."""
    c = Decimal(scale.coef.numerator) / Decimal(scale.coef.denominator)
    c *= Decimal(scale.rad).sqrt()
    return sum(
        ((-c * Decimal(g.numerator) / Decimal(g.denominator)).exp() for g in gaps),
        Decimal(0),
    )
