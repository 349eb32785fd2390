"""Sheet of SoftmaxBarMorph (scenes/softmax.py)."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

import mathcore as mc
from lesson import decide
from lesson.entries import Lesson
from lesson.sheet import RAW_EXP_LIMIT, SAID_LIST_MAX, Sheet, quotient, tuple_of
from mathcore import fmt
from mathcore import speech as sp
from mathcore.exact import Surd, exact_dot, exact_scaled, sqrt_exact
from mathcore.ticks import nice_ticks

__all__ = [
    "SAID_LIST_MAX",  # the sheet kit's (lesson.sheet), named here for the scenes that read it
    "rounded_fixed",
    "score_ticks",
    "softmax_bar_morph",
]


def rounded_fixed(x: float | Fraction, places: int) -> fmt.Shown:
    """Fixed places, written after ``≈`` when rounding changed the value.

    Examples
    --------
    >>> rounded_fixed(math.exp(0.5), 3).text, rounded_fixed(Fraction(1), 3).text
    ('≈ 1.649', '1.000')
    """
    s = fmt.fixed(x, places)
    if s.exact:
        return s
    said = sp.Approx(s.speech) if s.speech is not None else None
    return fmt.Shown(f"≈ {s.text}", rf"\approx {s.tex}", False, "rounded", s.sign, speech=said)


def _rounded_unless(exact: bool, s: fmt.Shown) -> fmt.Shown:
    """`s`, marked rounded unless the value is `exact` (a float may round to look exact).

    Examples
    --------
    >>> one = fmt.fixed(1.0, 3)
    >>> _rounded_unless(False, one).exact, _rounded_unless(True, one).exact
    (False, True)
    """
    if exact or not s.exact:
        return s
    return fmt.Shown(s.text, s.tex, False, s.kind, s.sign, s.slashed, s.speech)


def score_ticks(lesson: Lesson) -> list[Fraction]:
    """Round values on the one axis of the bar chart's scores and logits, exact.

    The axis spans zero and every score; each logit lies between zero and its score
    (it is the score over √dₖ ≥ 1), so the scores' range holds the logits too.

    Examples
    --------
    >>> from lesson.model import DEFAULT_LESSON, load_lesson
    >>> [str(t) for t in score_ticks(load_lesson(DEFAULT_LESSON))]
    ['0', '1', '2']
    """
    At = lesson.attention
    scores = [Fraction(0), *(exact_dot(At.query, key) for key in At.keys)]
    return nice_ticks(min(scores), max(scores), 2, lesson.places.exact_max)


def softmax_bar_morph(lesson: Lesson) -> Sheet:
    """Scores, logits, exponentials, their sum, one fraction and the weights of ``[attention]``.

    Softmax is computed as the lesson writes it: ``e^ℓⱼ`` of every allowed key (``expj``) and
    their sum (``exp_sum``), and the first allowed key's weight as its exponential over that
    sum (``frac``). Decision ``exp``:
    ``greater`` when the largest logit is further than :data:`RAW_EXP_LIMIT` from zero (the
    exponentials are then of ``ℓⱼ − m``, with ``m`` the largest logit), else ``less`` or
    ``equal``.

    The bar chart's axes: ``tick1``, ``tick2``, … are round values on the one scale that
    scores and logits share (every logit lies between zero and its score), ``wtick_lo`` and
    ``wtick_hi`` the ends of the weights' scale, 0 and 1.
    """
    At, P = lesson.attention, lesson.places
    d_k = len(At.query)
    keep = At.mask or (True,) * len(At.keys)
    logits = mc.scaled_scores(At.query, At.keys)
    weights = mc.softmax(logits, np.array(keep))
    scores = [exact_dot(At.query, key) for key in At.keys]
    top = max(s for s, on in zip(scores, keep, strict=True) if on)
    top_logit = exact_scaled(top, d_k)
    shift = decide.order(Surd(abs(top_logit.coef), top_logit.rad), RAW_EXP_LIMIT)
    m = float(max(v for v, on in zip(logits, keep, strict=True) if on))
    base = m if shift == "greater" else 0.0
    sheet = Sheet(
        {
            "q": fmt.vector(At.query, P),
            "d_k": fmt.number(d_k, P),
            "sqrt_d_k": fmt.root(sqrt_exact(Fraction(d_k)), P),
            "sum": fmt.number(1, P),
        }
    )
    exps: list[str] = []  # keys of the exponentials of the allowed keys
    for i, (key, on) in enumerate(zip(At.keys, keep, strict=True), start=1):
        sheet[f"k{i}"] = fmt.vector(key, P)
        sheet[f"score{i}"] = fmt.number(scores[i - 1], P)
        sheet[f"logit{i}"] = fmt.fixed(logits[i - 1], P.logit) if on else fmt.NEG_INF
        sheet[f"weight{i}"] = fmt.fixed(weights[i - 1] if on else Fraction(0), P.weight)
        if on:
            # e^x is rational only for x = 0: a zero score, or the largest one when shifted
            zero = scores[i - 1] == (top if shift == "greater" else 0)
            sheet[f"exp{i}"] = _rounded_unless(
                zero, fmt.fixed(math.exp(logits[i - 1] - base), P.logit)
            )
            exps.append(f"exp{i}")
        else:  # e^(−∞) = 0, written on the masked key's bar: not a term of the sum
            sheet[f"exp{i}"] = fmt.fixed(Fraction(0), P.logit)
    first = keep.index(True)  # the allowed key whose fraction is written out
    every = [s for s, on in zip(scores, keep, strict=True) if on]
    equal = all(s == top for s in every)  # then every exponential is the same number
    total = math.fsum(math.exp(v - base) for v in logits[np.array(keep)])
    total_shown = _rounded_unless(
        equal and sheet[f"exp{first + 1}"].exact, fmt.fixed(total, P.logit)
    )
    for i, on in enumerate(keep, start=1):  # equal logits weigh 1/n exactly, others do not
        if on:
            sheet[f"weight{i}"] = _rounded_unless(
                equal and fmt.fixed(Fraction(1, len(every)), P.weight).exact, sheet[f"weight{i}"]
            )
    for i, t in enumerate(score_ticks(lesson), start=1):
        sheet[f"tick{i}"] = fmt.number(t, P)
    sheet["wtick_lo"], sheet["wtick_hi"] = fmt.number(0, P), fmt.number(1, P)
    sheet["scores"] = fmt.vector(scores, P)
    sheet["logits"] = tuple_of([sheet[f"logit{i}"] for i in range(1, len(keep) + 1)])
    sheet["exp_sum"] = total_shown
    sheet["first_logit"] = sheet[f"logit{first + 1}"]
    sheet["frac"] = quotient(sheet[f"exp{first + 1}"], total_shown)
    sheet["first_weight"] = sheet[f"weight{first + 1}"]
    sheet["weights"] = tuple_of([sheet[f"weight{i}"] for i in range(1, len(keep) + 1)])
    if shift == "greater":
        sheet["max_logit"] = fmt.fixed(m, P.logit)
    sheet.decisions["exp"] = shift
    lists = ("logits", "weights") if len(keep) <= SAID_LIST_MAX else ()
    sheet.mark("scores", *lists, "max_logit", *exps, "exp_sum", "frac", "first_weight", "sum")
    return sheet.given("q", *(f"k{i}" for i in range(1, len(At.keys) + 1)))
