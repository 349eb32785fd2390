"""Tick values of a chart's axis: round numbers, exact, chosen from the data's range."""

from __future__ import annotations

import math
from fractions import Fraction

__all__ = ["nice_ticks"]


def nice_ticks(lo: Fraction, hi: Fraction, count: int = 2, max_places: int = 8) -> list[Fraction]:
    """Multiples of one round step (1, 2 or 5 times a power of ten) inside ``[lo, hi]``.

    The step is the largest round number at most ``(hi - lo) / count``, so the range holds
    `count` to about ``2.5 * count`` steps; zero is a tick whenever it lies in the range. A
    step that needs more than `max_places` decimals (a terminating decimal the lesson would
    write with ``≈``) is made ten times coarser until it does not.

    Parameters
    ----------
    lo, hi : Fraction
        The range (``lo <= hi``); an empty range ``lo == hi`` is widened to ``[lo, lo + 1]``.
    count : int
        About how many steps the range should hold.
    max_places : int
        Most decimal places a tick may need.

    Returns
    -------
    list of Fraction
        The ticks, ascending.

    Examples
    --------
    >>> [str(t) for t in nice_ticks(Fraction(0), Fraction(2))]
    ['0', '1', '2']
    >>> [str(t) for t in nice_ticks(Fraction(-162), Fraction(162))]
    ['-100', '0', '100']
    >>> [str(t) for t in nice_ticks(Fraction(-3, 100), Fraction(0))]
    ['-3/100', '-1/50', '-1/100', '0']
    >>> [str(t) for t in nice_ticks(Fraction(0), Fraction(3, 100), max_places=1)]
    ['0']
    """
    lo, hi = Fraction(lo), Fraction(hi)
    if hi < lo:
        raise ValueError(f"empty range [{lo}, {hi}]")
    if hi == lo:
        hi = lo + 1
    raw = (hi - lo) / max(count, 1)
    power = Fraction(10) ** math.floor(math.log10(raw))
    step = max((m * power for m in (1, 2, 5, 10) if m * power <= raw), default=power / 10)
    while (step * 10**max_places).denominator != 1:
        step *= 10
    first = math.ceil(lo / step)
    last = math.floor(hi / step)
    return [k * step for k in range(first, last + 1)]
