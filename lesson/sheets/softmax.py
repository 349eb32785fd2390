"""Sheet of SoftmaxBarMorph (scenes/softmax.py)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

import numpy as np

import mathcore as mc
from lesson import decide
from lesson.entries import Lesson
from lesson.sheet import Sheet
from mathcore import fmt
from mathcore import speech as sp
from mathcore.exact import Surd, exact_dot, exact_scaled, sqrt_exact
from mathcore.ticks import nice_ticks

__all__ = [
    "RAW_EXP_LIMIT",
    "SAID_LIST_MAX",
    "quotient",
    "rounded_fixed",
    "score_ticks",
    "softmax_bar_morph",
    "tuple_of",
]

# Exponentials are written as e^ℓ while every logit's largest is at most this far from zero;
# beyond it (e^114.6 has 50 digits) the largest logit m is subtracted first: softmax(ℓ − m)
# equals softmax(ℓ), and e^(ℓ − m) is at most 1.
RAW_EXP_LIMIT = Fraction(5)
# A list of at most this many logits or weights is read out whole; a longer one is said a
# longer time than one subtitle cue may show, and a cue break would fall inside it.
SAID_LIST_MAX = 3


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


def tuple_of(items: Sequence[fmt.Shown]) -> fmt.Shown:
    """Fixed values (or ``−∞``) as one tuple ``(a, b, …)``, bare like its items.

    Like :func:`mathcore.fmt.fixed`, the text has no ``≈``: ``exact`` says whether any item
    was rounded, and a formula that states it writes ``≈`` (``LessonScene.eq``).

    Examples
    --------
    >>> tuple_of([fmt.fixed(0.7071, 3), fmt.NEG_INF]).text
    '(0.707, −∞)'
    """
    text = "(" + ", ".join(i.text for i in items) + ")"
    tex = "(" + r",\ ".join(i.tex for i in items) + ")"
    said = sp.Vec(tuple(i.speech for i in items if i.speech is not None))
    return fmt.Shown(text, tex, all(i.exact for i in items), "vector", speech=said)


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


def quotient(num: fmt.Shown, den: fmt.Shown) -> fmt.Shown:
    """``num/den`` of two fixed values, as written before it is divided out.

    Examples
    --------
    >>> quotient(fmt.fixed(2.028, 3), fmt.fixed(10.613, 3)).text
    '2.028/10.613'
    """
    a, b = num.text.removeprefix("≈ "), den.text.removeprefix("≈ ")
    ta, tb = num.tex.removeprefix(r"\approx "), den.tex.removeprefix(r"\approx ")
    assert num.speech is not None and den.speech is not None  # built by fmt, so said
    said = sp.Quot(False, sp.plain(num.speech), sp.plain(den.speech))
    return fmt.Shown(f"{a}/{b}", f"{ta}/{tb}", num.exact and den.exact, "ratio", speech=said)


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
        if on:  # a masked key's e^(−∞) = 0 adds nothing to the sum
            # e^x is rational only for x = 0: a zero score, or the largest one when shifted
            zero = scores[i - 1] == (top if shift == "greater" else 0)
            sheet[f"exp{i}"] = _rounded_unless(
                zero, fmt.fixed(math.exp(logits[i - 1] - base), P.logit)
            )
            exps.append(f"exp{i}")
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
