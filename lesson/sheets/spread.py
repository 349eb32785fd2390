"""Sheet of WhySqrtDk (scenes/spread.py): why the scores are divided by √dₖ, from draws.

For each dimension of ``[spread] dims`` the lesson draws ``samples`` query-key pairs of
independent ±1 coordinates (mean 0, variance 1: the Transformer paper's assumptions) with
:mod:`mathcore.draws`; their dot products are integers, so the spread of the scores, the root
mean square ``√(Σ sᵢ²/n)``, is exact (a surd), before and after dividing by √dₖ. For the
largest dimension one query is scored against ``keys`` keys, and softmax's largest weight is
given for the raw and the scaled scores.
"""

from __future__ import annotations

import math
from fractions import Fraction

from lesson import decide
from lesson.entries import Lesson
from lesson.sheet import Sheet, top_weight, tuple_of
from lesson.teachable import DOMINANT
from mathcore import fmt
from mathcore.draws import query_scores, sign_products
from mathcore.exact import Surd, sqrt_exact
from mathcore.ticks import nice_ticks

__all__ = [
    "DOMINANT",
    "NEAR",
    "products",
    "scaled_ticks",
    "softmax_draw",
    "spread_ticks",
    "why_sqrt_dk",
]

# The spread after dividing by √dₖ counts as "about one" within this range (its theory: 1).
NEAR = (Fraction(1, 2), Fraction(3, 2))


def products(lesson: Lesson) -> list[tuple[int, list[int]]]:
    """Each dimension with the dot products of its drawn query-key pairs.

    Each dimension ``d`` draws from a stream of its own, seeded ``(seed, d)``.

    Examples
    --------
    >>> from lesson.model import load_lesson
    >>> [(d, len(s)) for d, s in products(load_lesson())]
    [(2, 32), (16, 32), (64, 32)]
    """
    S = lesson.spread
    return [(d, sign_products(d, S.samples, (S.seed, d))) for d in S.dims]


def softmax_draw(lesson: Lesson) -> tuple[int, list[int]]:
    """The largest dimension and the scores of one drawn query against ``keys`` drawn keys.

    The query and keys come from a stream of their own, seeded ``(seed, d, 1)``.

    Examples
    --------
    >>> from lesson.model import load_lesson
    >>> softmax_draw(load_lesson())
    (64, [-8, 2, 8, -10])
    """
    S = lesson.spread
    d = S.dims[-1]
    return d, query_scores(d, S.keys, (S.seed, d, 1))


def _spread(s: Surd, places: fmt.Places) -> fmt.Shown:
    """A spread as the lesson writes it: exact when it is, else at ``approx`` fixed places.

    Written bare like a weight (``1.22``): a formula states it after ``≈`` and a caption
    after one "about" for the whole list.

    Examples
    --------
    >>> P = fmt.Places()
    >>> [_spread(sqrt_exact(Fraction(x)), P).text for x in (Fraction(3, 2), Fraction(9, 4))]
    ['1.22', '1.5']
    >>> _spread(sqrt_exact(Fraction(3, 2)), P).exact
    False
    """
    shown = fmt.number(s, places)
    if shown.exact:
        return shown
    r = fmt.fixed(float(s), places.approx)
    return fmt.Shown(r.text, r.tex, False, r.kind, r.sign, speech=r.speech)


def _rms(scores: list[int], over: int = 1) -> Surd:
    """``√(Σ sᵢ² / (n·over))`` exactly: the root mean square of the scores divided by √over."""
    return sqrt_exact(Fraction(sum(s * s for s in scores), len(scores) * over))


def spread_ticks(lesson: Lesson) -> list[Fraction]:
    """Round values on the axis of the raw scores (symmetric, holding every score).

    Examples
    --------
    >>> from lesson.model import load_lesson
    >>> [str(t) for t in spread_ticks(load_lesson())]
    ['-20', '-10', '0', '10', '20']
    """
    top = Fraction(max(abs(s) for _, scores in products(lesson) for s in scores) or 1)
    return nice_ticks(-top, top, 4)


def scaled_ticks(lesson: Lesson) -> list[Fraction]:
    """Round values on the axis of the scores divided by √dₖ (symmetric, holding every one).

    Examples
    --------
    >>> from lesson.model import load_lesson
    >>> [str(t) for t in scaled_ticks(load_lesson())]
    ['-2', '-1', '0', '1', '2']
    """
    top = max(abs(s) / math.sqrt(d) for d, scores in products(lesson) for s in scores) or 1.0
    bound = Fraction(math.floor(top * 1000), 1000)  # a round value just inside the largest
    return nice_ticks(-bound, bound, 4)


def why_sqrt_dk(lesson: Lesson) -> Sheet:
    """``[spread]``: the spread of the raw and the scaled scores per dimension, and softmax.

    Row ``i`` (a dimension): ``d{i}``, the spread of its raw scores ``rms{i}`` (the root mean
    square, exact), ``root{i}`` = √dₖ, and the spread after dividing by it ``srms{i}``.
    ``tick{j}`` and ``stick{j}`` label the axes of the raw and the scaled scores. For the
    largest dimension, ``scores`` of one query against ``keys`` keys, the scaled scores
    ``logits``, and softmax's largest weight of each, ``top_raw`` and ``top_scaled``.

    Decisions: ``trend`` (``rises`` when each spread is larger than the one before),
    ``near`` (``near`` when every scaled spread lies in :data:`NEAR`), ``raw`` and
    ``scaled`` (``dominant`` when the largest weight is at least :data:`DOMINANT`).
    """
    S, P = lesson.spread, lesson.places
    sheet = Sheet(
        {
            "zero": fmt.number(0, P),
            "one": fmt.number(1, P),
            "neg_one": fmt.number(-1, P),
            "samples": fmt.number(S.samples, P),
            "keys": fmt.number(S.keys, P),
        }
    )
    spreads, scaled = [], []
    for i, (d, scores) in enumerate(products(lesson), start=1):
        spreads.append(_rms(scores))
        scaled.append(_rms(scores, d))
        sheet[f"d{i}"] = fmt.number(d, P)
        sheet[f"rms{i}"] = _spread(spreads[-1], P)
        sheet[f"root{i}"] = fmt.number(sqrt_exact(Fraction(d)), P)
        sheet[f"srms{i}"] = _spread(scaled[-1], P)
    for i, t in enumerate(spread_ticks(lesson), start=1):
        sheet[f"tick{i}"] = fmt.number(t, P)
    for i, t in enumerate(scaled_ticks(lesson), start=1):
        sheet[f"stick{i}"] = fmt.number(t, P)

    d, scores = softmax_draw(lesson)
    root = sqrt_exact(Fraction(d))
    sheet["scores"] = fmt.vector(scores, P)
    if root.is_rational:  # logits keep the lesson's logit places, exact or not
        logits = [fmt.fixed(s / root.as_fraction(), P.logit) for s in scores]
    else:
        logits = [fmt.fixed(s / math.sqrt(d), P.logit) for s in scores]
    sheet["logits"] = tuple_of(logits)
    sheet["top_raw"] = top_weight(scores, 1, P)
    sheet["top_scaled"] = top_weight(scores, d, P)

    sheet.decisions["trend"] = decide.trend(spreads)
    sheet.decisions["near"] = decide.near(scaled, *NEAR)
    sheet.decisions["raw"] = decide.share(scores, Surd(Fraction(1)), DOMINANT)
    sheet.decisions["scaled"] = decide.share(scores, 1 / root, DOMINANT)
    rows = [f"{k}{i}" for i in range(1, len(S.dims) + 1) for k in ("rms", "srms")]
    sheet.given("samples", "keys")
    return sheet.mark(*rows, "top_raw", "top_scaled")
