"""Sheets of the quiz scenes in scenes/quiz.py ("Uji pemahaman"), one builder per kind.

Scene ``QuizQuestionN`` shows the lesson's N-th ``[[quiz]]`` entry: :func:`quiz_question`
hands that entry to the builder its kind names (:mod:`lesson.quizkinds`), which computes
what the worked solution shows, in the seed's own notation:
``2·1 + (−1)·4 + 3·(−2) = 2 − 4 − 6 = −8``, ``4/(√5√5) = 4/5 = 0.8``,
``softmax(0, 0) = (1/2, 1/2)``.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Sequence
from fractions import Fraction

import numpy as np

import mathcore as mc
from lesson import decide
from lesson.model import Lesson, Quiz
from lesson.quizkinds import kind_of
from lesson.sheet import MAX_SYMBOLIC, Sheet, Values, length, length_terms, product_terms
from lesson.sheets.softmax import RAW_EXP_LIMIT, SAID_LIST_MAX, quotient, tuple_of
from lesson.sheets.spread import top_weight
from lesson.teachable import DOMINANT, example_scores
from mathcore import fmt
from mathcore import speech as sp
from mathcore.exact import (
    Surd,
    exact_comp,
    exact_cosine,
    exact_dot,
    exact_project,
    exact_scaled,
    sqrt_exact,
)

__all__ = [
    "REVERSE",
    "SHARPEN",
    "attention",
    "cosine",
    "cosine_vs_scale",
    "dimension",
    "dot_sign",
    "expanded",
    "key_names",
    "magnitude",
    "orthogonal",
    "pause_seconds",
    "products",
    "projection",
    "quiz_question",
    "sum_of",
    "tex_fraction",
    "winner",
    "winners",
    "zero_query",
]

KindBuilder = Callable[[Lesson, Quiz], Sheet]

TABLES = ("quiz", "format", "timing")

# A winner question multiplies its query by these two factors: one sharpens, one reverses.
SHARPEN, REVERSE = 3, -1

# An attention question computes softmax as SoftmaxBarMorph does: the same limit for subtracting the
# largest logit first (RAW_EXP_LIMIT), the same longest list said whole (SAID_LIST_MAX).


def expanded(x: Sequence[Fraction], y: Sequence[Fraction], places: fmt.Places) -> fmt.Shown:
    r"""The expanded product ``2·1 + (−1)·4 + 3·(−2)`` as one value, said term by term.

    Examples
    --------
    >>> from mathcore.spoken import spoken
    >>> F = Fraction
    >>> e = expanded([F(2), F(-1)], [F(1), F(4)], fmt.Places())
    >>> e.text, e.tex, spoken(e, "id")
    ('2·1 + (−1)·4', '2 \\cdot 1 + (-1) \\cdot 4', 'dua kali satu tambah minus satu kali empat')
    """
    terms = product_terms(x, y, places)
    text = " + ".join(t.text.removeprefix("≈ ") for t in terms)
    tex = " + ".join(t.tex.removeprefix(r"\approx ") for t in terms)
    exact = all(t.exact for t in terms)
    parts = tuple(sp.plain(t.speech) for t in terms if t.speech is not None)
    said: sp.Speech | None = None
    if len(parts) == len(terms):
        said = sp.Sum(parts, ("+",) * (len(parts) - 1))
        said = said if exact else sp.Approx(said)
    if not exact:
        text, tex = f"≈ {text}", rf"\approx {tex}"
    return fmt.Shown(text, tex, exact, speech=said)


def products(x: Sequence[Fraction], y: Sequence[Fraction], places: fmt.Places) -> fmt.Shown | None:
    """The products added with their signs, ``2 − 4 − 6``; None when it adds nothing.

    Parameters
    ----------
    x, y : sequence of Fraction
        Vectors of the same length.
    places : Places
        Formatting places.

    Returns
    -------
    Shown or None
        None for a single coordinate or when a product cannot be written exactly.

    Examples
    --------
    >>> F = Fraction
    >>> products([F(2), F(-1), F(3)], [F(1), F(4), F(-2)], fmt.Places()).text
    '2 − 4 − 6'
    """
    ps = [a * b for a, b in zip(x, y, strict=True)]
    shown = [fmt.number(abs(p), places) for p in ps]
    if len(ps) < 2 or not all(s.exact for s in shown):
        return None
    text = ("−" if ps[0] < 0 else "") + shown[0].text
    tex = ("-" if ps[0] < 0 else "") + shown[0].tex
    for p, s in zip(ps[1:], shown[1:], strict=True):
        text += f" {'−' if p < 0 else '+'} {s.text}"
        tex += f" {'-' if p < 0 else '+'} {s.tex}"
    return fmt.Shown(text, tex)


def tex_fraction(x: Fraction) -> fmt.Shown:
    r"""An exact rational read as ``1/2`` and set as ``\frac{1}{2}``.

    Examples
    --------
    >>> tex_fraction(Fraction(1, 3)).text, tex_fraction(Fraction(1, 3)).tex
    ('1/3', '\\frac{1}{3}')
    """
    f = fmt.fraction(x)
    if x.denominator == 1:
        return f
    sign = "-" if x < 0 else ""
    tex = rf"{sign}\frac{{{abs(x.numerator)}}}{{{x.denominator}}}"
    return fmt.Shown(f.text, tex, f.exact, f.kind, f.sign, f.slashed, f.speech)


def winners(query: Sequence[Fraction], keys: Sequence[Sequence[Fraction]]) -> list[int]:
    """1-based indices of the keys with the largest score (and so the largest weight).

    Examples
    --------
    >>> F = Fraction
    >>> winners([F(1), F(2)], [[F(1), F(0)], [F(0), F(1)]])
    [2]
    """
    scores = [exact_dot(query, k) for k in keys]
    top = max(scores)
    return [i for i, s in enumerate(scores, start=1) if s == top]


def pause_seconds(quiz: Quiz, countdown: int) -> int:
    """Seconds of pause before question `quiz`'s solution: longer questions get longer.

    `countdown` is the author's pause for a question of up to four coordinates; every two
    coordinates more add a quarter of it.

    Examples
    --------
    >>> from lesson.model import load_lesson
    >>> quiz = load_lesson().quiz
    >>> [pause_seconds(q, 5) for q in quiz], pause_seconds(quiz[0], 0)
    ([6, 5, 5, 5, 8, 6, 6, 5, 8, 5], 0)
    """
    v = quiz.vectors
    if "dims" in v:  # a dimension question gives no coordinates
        vectors = []
    elif "pairs" in v:
        vectors = [x for pair in v["pairs"] for x in pair]
    else:
        vectors = [v["query"], *v["keys"]] if "keys" in v else [v["x"], v["y"]]
    coords = sum(len(x) for x in vectors)
    extra = Fraction(max(0, coords - 4), 8)
    return int(round(countdown * (1 + extra)))


def quiz_question(lesson: Lesson, number: int) -> Sheet:
    """The sheet of question `number` (from 1): its entry's kind's builder, on that entry.

    Examples
    --------
    >>> from lesson.model import load_lesson
    >>> sheet = quiz_question(load_lesson(), 3)  # the default lesson's third: a projection
    >>> sheet["number"].text, sheet["comp"].text, sheet["proj"].text
    ('3', '≈ −2.12', '(−1.5, −1.5)')
    """
    if not 1 <= number <= len(lesson.quiz):
        raise KeyError(f"question {number}: the lesson has {len(lesson.quiz)} [[quiz]] entries")
    quiz = lesson.quiz[number - 1]
    builder: KindBuilder = getattr(sys.modules[__name__], kind_of(quiz.kind).sheet)
    return builder(lesson, quiz)


def _start(lesson: Lesson, quiz: Quiz) -> tuple[Quiz, fmt.Places, Sheet]:
    return quiz, lesson.places, Sheet({"number": fmt.number(quiz.number, lesson.places)})


def _right_angle(places: fmt.Places) -> fmt.Shown:
    return fmt.degrees(90.0, Fraction(90), places)


def _cosine(x: Sequence[Fraction], y: Sequence[Fraction], places: fmt.Places) -> fmt.Shown:
    return fmt.number(exact_cosine(x, y), places)


def dot_sign(lesson: Lesson, quiz: Quiz) -> Sheet:
    """Kind ``dot-sign``: the expanded product, its sign against 0, and 90°."""
    q, P, sheet = _start(lesson, quiz)
    x, y = q.vectors["x"], q.vectors["y"]
    d = exact_dot(x, y)
    sheet |= {
        "x": fmt.vector(x, P),
        "y": fmt.vector(y, P),
        "expanded": expanded(x, y, P),
        "dot": fmt.number(d, P),
        "right_angle": _right_angle(P),
    }
    prods = products(x, y, P)
    if prods is not None and prods.text != sheet["dot"].text:
        sheet["products"] = prods
    if d != 0:  # "−8 < 0"; a zero product is itself the comparison
        sheet["zero"] = fmt.number(0, P)
    sheet.decisions["dot"] = decide.sign(d)
    return sheet.given("x", "y").mark("expanded", "products", "dot", "right_angle")


def cosine(lesson: Lesson, quiz: Quiz) -> Sheet:
    """Kind ``cosine``: u · v, both lengths, and cos θ = 4/(√5√5) = 4/5 = 0.8."""
    q, P, sheet = _start(lesson, quiz)
    x, y = q.vectors["x"], q.vectors["y"]
    cos = exact_cosine(x, y)
    sheet |= {
        "u": fmt.vector(x, P),
        "v": fmt.vector(y, P),
        "expanded": expanded(x, y, P),
        "dot": fmt.number(exact_dot(x, y), P),
        "norm_u_terms": length_terms(x, P),
        "norm_u": length(x, P),
        "norm_v_terms": length_terms(y, P),
        "norm_v": length(y, P),
        "cos": fmt.number(cos, P),
    }
    if cos.is_rational:
        frac = tex_fraction(cos.as_fraction())
        if frac.text != sheet["cos"].text and len(frac.text) <= MAX_SYMBOLIC:
            sheet["cos_frac"] = frac
    sheet.decisions["dot_vs_cos"] = decide.match(exact_dot(x, y), cos)
    return sheet.given("u", "v").mark("expanded", "dot", "norm_u", "norm_v", "cos_frac", "cos")


def projection(lesson: Lesson, quiz: Quiz) -> Sheet:
    """Kind ``projection``: q · k, ‖k‖, comp_k(q) = 4/√5 ≈ 1.79, proj_k(q) = (4/5) k."""
    q, P, sheet = _start(lesson, quiz)
    x, y = q.vectors["x"], q.vectors["y"]
    d, kk = exact_dot(x, y), exact_dot(y, y)
    sheet.decisions["dot"] = decide.sign_of_dot(x, y)
    sheet |= {
        "q": fmt.vector(x, P),
        "k": fmt.vector(y, P),
        "expanded": expanded(x, y, P),
        "dot": fmt.number(d, P),
        "norm_k": length(y, P),
        "comp": fmt.number(exact_comp(x, y), P),
        "kk": fmt.number(kk, P),
        "proj": fmt.vector(exact_project(x, y), P),
    }
    ratio = fmt.ratio(d, sqrt_exact(kk), P)
    if ratio.text != sheet["comp"].text and len(ratio.text) <= MAX_SYMBOLIC:
        sheet["comp_ratio"] = ratio  # 4/√5 before its value ≈ 1.79
    return sheet.given("q", "k").mark(
        "expanded", "dot", "norm_k", "comp_ratio", "comp", "kk", "proj"
    )


def orthogonal(lesson: Lesson, quiz: Quiz) -> Sheet:
    """Kind ``orthogonal``: the example pair's zero product, lengths, cos θ = 0, 90°."""
    q, P, sheet = _start(lesson, quiz)
    x, y = q.vectors["x"], q.vectors["y"]
    origin = tuple(Fraction(0) for _ in x)
    sheet |= {
        "x": fmt.vector(x, P),
        "y": fmt.vector(y, P),
        "expanded": expanded(x, y, P),
        "dot": fmt.number(exact_dot(x, y), P),
        "norm_x": length(x, P),
        "norm_y": length(y, P),
        "zero": fmt.number(exact_cosine(x, y), P),  # cos θ, which the zero product forces
        "right_angle": _right_angle(P),
        "origin": fmt.vector(origin, P),
        "origin_dot": fmt.number(exact_dot(origin, y), P),
    }
    return sheet.given("x", "y").mark(
        "expanded", "dot", "norm_x", "norm_y", "zero", "right_angle", "origin_dot"
    )


def magnitude(lesson: Lesson, quiz: Quiz) -> Sheet:
    """Kind ``magnitude``: two pairs with the same product, their lengths and cosines."""
    q, P, sheet = _start(lesson, quiz)
    for i, (x, y) in enumerate(q.vectors["pairs"], start=1):
        sheet |= {
            f"x{i}": fmt.vector(x, P),
            f"y{i}": fmt.vector(y, P),
            f"norm_x{i}": length(x, P),
            f"norm_y{i}": length(y, P),
            f"cos{i}": _cosine(x, y, P),
        }
        sheet.decisions[f"pair{i}"] = decide.direction(x, y)
    (x1, y1), (x2, y2) = q.vectors["pairs"][:2]
    sheet.decisions["cosines"] = decide.match(exact_cosine(x1, y1), exact_cosine(x2, y2))
    sheet["dot"] = fmt.number(exact_dot(x1, y1), P)  # the loader checks both pairs agree
    return sheet.mark("dot", *(f"{k}{i}" for i in (1, 2) for k in ("norm_x", "norm_y", "cos")))


def _keys(sheet: Values, keys: Sequence[Sequence[Fraction]], places: fmt.Places) -> None:
    for i, k in enumerate(keys, start=1):
        sheet[f"k{i}"] = fmt.vector(k, places)


def sum_of(items: Sequence[fmt.Shown]) -> fmt.Shown:
    """``a + b + …`` of fixed values, bare (``exact`` False if any of them is rounded).

    Examples
    --------
    >>> sum_of([fmt.fixed(2.0281, 3), fmt.fixed(8.3422, 3)]).text
    '2.028 + 8.342'
    """
    text = " + ".join(i.text.removeprefix("≈ ") for i in items)
    tex = " + ".join(i.tex.removeprefix(r"\approx ") for i in items)
    parts = tuple(sp.plain(i.speech) for i in items if i.speech is not None)
    said = sp.Sum(parts, ("+",) * (len(parts) - 1))
    return fmt.Shown(text, tex, all(i.exact for i in items), speech=said)


def key_names(indices: Sequence[int]) -> fmt.Shown:
    """The keys named by their 1-based indices, ``k₂`` or ``k₁, k₃`` (read "k dua").

    Examples
    --------
    >>> key_names([1, 3]).text, key_names([2]).tex
    ('k₁, k₃', 'k_{2}')
    """
    sub = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
    text = ", ".join(f"k{str(i).translate(sub)}" for i in indices)
    tex = r",\ ".join(f"k_{{{i}}}" for i in indices)
    return fmt.Shown(text, tex)


def attention(lesson: Lesson, quiz: Quiz) -> Sheet:
    """Kind ``attention``: scores, logits, exponentials, one weight, weights, top key.

    The logits are the scores divided by √d_k; the exponentials of the logits and their sum
    (``exp_terms``, ``exp_sum``) give the first key's weight as a fraction (``frac``); the
    heaviest key is named (``winners``: ``k₂``, or every key of a tie). Decision ``exp``:
    ``greater`` when the largest logit is further than :data:`RAW_EXP_LIMIT` from zero (the
    exponentials are then of ``ℓⱼ − m``, with ``m`` the largest logit, ``max_logit``), else
    ``less`` or ``equal``. Decision ``keys``: the number of keys against
    :data:`SAID_LIST_MAX` (``greater``: the tuples of scores, logits and weights are not said).
    """
    q, P, sheet = _start(lesson, quiz)
    query, keys = q.vectors["query"], q.vectors["keys"]
    d_k = len(query)
    sheet["q"] = fmt.vector(query, P)
    _keys(sheet, keys, P)
    scores = [exact_dot(query, k) for k in keys]
    top = exact_scaled(max(scores), d_k)  # the largest logit, exactly
    shift = decide.order(Surd(abs(top.coef), top.rad), RAW_EXP_LIMIT)
    logits = mc.scaled_scores(np.array(query, float), np.array(keys, float))
    weights = mc.softmax(logits)
    m = float(logits.max())
    base = m if shift == "greater" else 0.0
    exps = [fmt.fixed(math.exp(float(v) - base), P.logit) for v in logits]
    total = fmt.fixed(math.fsum(math.exp(float(v) - base) for v in logits), P.logit)
    sheet |= {
        "d_k": fmt.number(d_k, P),
        "sqrt_d_k": fmt.root(sqrt_exact(Fraction(d_k)), P),
        "scores": fmt.vector(scores, P),
        **{f"logit{i}": fmt.fixed(float(v), P.logit) for i, v in enumerate(logits, start=1)},
        "exp_terms": sum_of(exps),
        "exp_sum": total,
        "frac": quotient(exps[0], total),
        "first_weight": fmt.fixed(float(weights[0]), P.weight),
        "weights": tuple_of([fmt.fixed(float(w), P.weight) for w in weights]),
        "sum": fmt.number(1, P),
        "winners": key_names(winners(query, keys)),
    }
    sheet["logits"] = tuple_of([sheet[f"logit{i}"] for i in range(1, len(keys) + 1)])
    if shift == "greater":
        sheet["max_logit"] = fmt.fixed(m, P.logit)
    sheet.decisions["exp"] = shift
    sheet.decisions["winner"] = decide.winner(scores)
    # Up to three keys, a caption says the scores, logits and weights as one tuple each; a
    # longer tuple would not fit a caption line, so it is shown and not said.
    sheet.decisions["keys"] = decide.order(Fraction(len(keys)), Fraction(SAID_LIST_MAX))
    if sheet.decisions["keys"] != "greater":
        sheet.mark("scores", "logits", "weights")
    sheet.given("q", *(f"k{i}" for i in range(1, len(keys) + 1)))
    return sheet.mark(
        "sqrt_d_k",
        "max_logit",
        "exp_terms",
        "exp_sum",
        "frac",
        "first_weight",
        "winners",
    )


def zero_query(lesson: Lesson, quiz: Quiz) -> Sheet:
    """Kind ``zero-query``: scores and logits 0, equal weights 1/n, ‖q‖ = 0."""
    q, P, sheet = _start(lesson, quiz)
    query, keys = q.vectors["query"], q.vectors["keys"]
    d_k = len(query)
    sheet["q"] = fmt.vector(query, P)
    _keys(sheet, keys, P)
    scores = {exact_dot(query, k) for k in keys}
    logits = {exact_scaled(s, d_k).as_fraction() for s in scores}
    assert len(scores) == len(logits) == 1, "a zero query scores every key alike"
    sheet |= {
        "sqrt_d_k": fmt.root(sqrt_exact(Fraction(d_k)), P),
        "score": fmt.number(scores.pop(), P),
        "logit": fmt.fixed(logits.pop(), P.logit),  # every logit with `logit` places
        # Equal logits give equal weights: exactly 1/n each.
        "weight": tex_fraction(Fraction(1, len(keys))),
        "norm_q": length(query, P),
    }
    sheet.given("q", *(f"k{i}" for i in range(1, len(keys) + 1)))
    return sheet.mark("score", "logit", "weight", "norm_q")


def cosine_vs_scale(lesson: Lesson, quiz: Quiz) -> Sheet:
    """Kind ``cosine-vs-scale``: raw 4, cosine 4/(√5√5) = 0.8, scaled 4/√2 ≈ 2.83."""
    q, P, sheet = _start(lesson, quiz)
    x, y = q.vectors["x"], q.vectors["y"]
    d = exact_dot(x, y)
    d_k = len(x)
    sheet |= {
        "q": fmt.vector(x, P),
        "k": fmt.vector(y, P),
        "dot": fmt.number(d, P),
        "norm_q": length(x, P),
        "norm_k": length(y, P),
        "cos": _cosine(x, y, P),
        "d_k": fmt.number(d_k, P),
        "sqrt_d_k": fmt.root(sqrt_exact(Fraction(d_k)), P),
        "scaled": fmt.number(exact_scaled(d, d_k), P),
    }
    return sheet.given("q", "k").mark("dot", "norm_q", "norm_k", "cos", "d_k", "sqrt_d_k", "scaled")


def _top_weight(
    query: Sequence[Fraction], keys: Sequence[Sequence[Fraction]], at: int, places: int
) -> fmt.Shown:
    """Softmax weight of key `at` (from 0) over the scaled logits ``q · kᵢ/√dₖ``, rounded.

    Always marked rounded: with no two scores equal, no weight is a terminating decimal,
    even where the float rounds to one (``≈ 1.000``, never ``= 1.000``).
    """
    logits = mc.scaled_scores(np.array(query, float), np.array(keys, float))
    s = fmt.fixed(float(mc.softmax(logits)[at]), places)
    return fmt.Shown(s.text, s.tex, False, s.kind, s.sign, s.slashed, s.speech)


def winner(lesson: Lesson, quiz: Quiz) -> Sheet:
    """Kind ``winner``: which key softmax weighs most, and after q × 3 and q × (−1).

    No softmax is computed to answer: the raw scores ``q · kᵢ`` (``scores``) order the keys,
    and softmax keeps that order (eˣ is increasing), so the top score names the winner
    (``winner``). Tripling q triples every score (``scores_up``): the same winner
    (``winner_up``), its weight sharper, from ``weight`` to ``weight_up`` (softmax of the
    scaled logits, as the lesson computes it, with the weight places). Multiplying q by −1
    negates every score (``scores_neg``): the key of the smallest score wins
    (``winner_neg``). The loader refuses a tie for the largest or the smallest score; the
    keys' names (``name1``, …) are said with their coordinates in the question.

    Decision ``sharper``: ``mismatch`` when the two weights read differently, ``match`` when
    both round to the same text (the tripled weight is then closer to one only unseen).

    Examples
    --------
    >>> from lesson.model import load_lesson
    >>> sheet = quiz_question(load_lesson(), 9)
    >>> [sheet[k].text for k in ("scores", "winner", "scores_up", "winner_neg")]
    ['(−1, 2, 0)', 'k₂', '(−3, 6, 0)', 'k₁']
    >>> sheet["weight"].text, sheet["weight_up"].text, sheet.decisions["sharper"]
    ('0.734', '0.984', 'mismatch')
    """
    q, P, sheet = _start(lesson, quiz)
    query, keys = q.vectors["query"], q.vectors["keys"]
    scores = [exact_dot(query, k) for k in keys]
    assert decide.winner(scores) == decide.winner([-s for s in scores]) == "single", (
        "the loader refuses a tie for the largest or the smallest score"
    )
    top = scores.index(max(scores))
    bottom = scores.index(min(scores))
    tripled = [SHARPEN * c for c in query]
    weight = _top_weight(query, keys, top, P.weight)
    weight_up = _top_weight(tripled, keys, top, P.weight)
    sheet["q"] = fmt.vector(query, P)
    _keys(sheet, keys, P)
    for i in range(1, len(keys) + 1):  # the question says each key's name with it
        sheet[f"name{i}"] = key_names([i])
    sheet |= {
        "three": fmt.number(SHARPEN, P),
        "minus_one": fmt.number(REVERSE, P),
        "scores": fmt.vector(scores, P),
        "winner": key_names([top + 1]),
        "scores_up": fmt.vector([SHARPEN * s for s in scores], P),
        "winner_up": key_names([top + 1]),  # tripling keeps the order, so the winner
        "weight": weight,
        "weight_up": weight_up,
        "scores_neg": fmt.vector([REVERSE * s for s in scores], P),
        "winner_neg": key_names([bottom + 1]),  # negating reverses it: the last comes first
    }
    shown = [Fraction(w.text.replace(fmt.MINUS, "-")) for w in (weight, weight_up)]
    sheet.decisions["sharper"] = decide.match(*shown)
    sheet.given("q", *(f"k{i}" for i in range(1, len(keys) + 1)))
    return sheet.mark(
        "scores",
        "winner",
        "scores_up",
        "winner_up",
        "weight",
        "weight_up",
        "scores_neg",
        "winner_neg",
    )


def dimension(lesson: Lesson, quiz: Quiz) -> Sheet:
    """Kind ``dimension``: predict how softmax's largest weight changes as dₖ grows.

    Asked before any computation: the coordinates of q and k are independent, mean 0
    (``zero``) and variance 1 (``one``); as dₖ grows from ``dk_small`` to ``dk_large``, does
    the largest weight of one query over ``keys`` keys grow, shrink or stay, unscaled and
    divided by √dₖ? The reasoning: Var(q · k) = dₖ, so the unscaled scores spread like √dₖ
    (``root_small``, ``root_large``); divided by √dₖ they spread like 1. A drawn example (the
    entry's ``seed``; :func:`lesson.teachable.example_scores`, as WhySqrtDk draws) gives the
    largest weight of one query's scores at each dₖ, unscaled (``raw_small``, ``raw_large``)
    and divided by √dₖ (``scaled_small``, ``scaled_large``).

    Decisions: ``raw`` and ``scaled``, the answers, from the spread's exact factor between
    the two dimensions (``grows``: √dₖ grows, the loader asks dims that rise; ``stays``:
    divided by √dₖ the factor is 1). What the example shows, never claimed beyond it:
    ``example`` (``grows``, ``stays`` or ``shrinks``: the unscaled largest weight from the
    smaller dₖ to the larger, :func:`lesson.decide.weight_change`), ``peak`` (``dominant``
    when it reaches :data:`~lesson.teachable.DOMINANT` at the larger) and ``moderate``
    (``shared`` when divided by √dₖ it stays under that at both; :func:`lesson.decide.share`).

    Examples
    --------
    >>> from lesson.model import load_lesson
    >>> sheet = quiz_question(load_lesson(), 10)
    >>> [sheet[k].text for k in ("dk_small", "dk_large", "root_small", "root_large")]
    ['4', '256', '2', '16']
    >>> [sheet[k].text for k in ("raw_small", "raw_large", "scaled_small", "scaled_large")]
    ['0.464', '0.997', '0.399', '0.401']
    >>> [sheet.decisions[k] for k in ("raw", "scaled", "example", "peak", "moderate")]
    ['grows', 'stays', 'grows', 'dominant', 'shared']
    """
    q, P, sheet = _start(lesson, quiz)
    dims, keys, seed = q.vectors["dims"], q.vectors["keys"], q.vectors["seed"]
    low, high = example_scores(dims, keys, seed)
    one = Surd(Fraction(1))
    roots = [sqrt_exact(Fraction(d)) for d in dims]
    sheet |= {
        "zero": fmt.number(0, P),
        "one": fmt.number(1, P),
        "keys": fmt.number(keys, P),
        "dk_small": fmt.number(dims[0], P),
        "dk_large": fmt.number(dims[1], P),
        "root_small": fmt.number(roots[0], P),
        "root_large": fmt.number(roots[1], P),
        "raw_small": top_weight(low, 1, P),
        "raw_large": top_weight(high, 1, P),
        "scaled_small": top_weight(low, dims[0], P),
        "scaled_large": top_weight(high, dims[1], P),
    }
    sheet.decisions["raw"] = decide.size_change(Fraction(dims[1], dims[0]))
    sheet.decisions["scaled"] = decide.size_change(Fraction(1))
    sheet.decisions["example"] = decide.weight_change((low, one), (high, one))
    sheet.decisions["peak"] = decide.share(high, one, DOMINANT)
    scaled = [decide.share(s, 1 / r, DOMINANT) for s, r in zip((low, high), roots, strict=True)]
    sheet.decisions["moderate"] = "shared" if scaled == ["shared"] * 2 else "dominant"
    sheet.given("zero", "one", "keys", "dk_small", "dk_large")
    return sheet.mark(
        "root_small", "root_large", "raw_small", "raw_large", "scaled_small", "scaled_large"
    )
