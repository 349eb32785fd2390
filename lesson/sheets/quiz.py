"""Sheets of the eight quiz scenes in scenes/quiz.py ("Uji pemahaman").

Each builder reads one ``[[quiz]]`` entry and computes what its worked solution shows, in
the seed's own notation: ``2·1 + (−1)·4 + 3·(−2) = 2 − 4 − 6 = −8``, ``4/(√5√5) = 4/5 = 0.8``,
``softmax(0, 0) = (1/2, 1/2)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np

import mathcore as mc
from lesson import decide
from lesson.model import Lesson, Quiz
from lesson.sheet import MAX_SYMBOLIC, Sheet, Values, length, product_terms
from mathcore import fmt
from mathcore.exact import (
    exact_comp,
    exact_cosine,
    exact_dot,
    exact_project,
    exact_scaled,
    sqrt_exact,
)

__all__ = [
    "pause_seconds",
    "products",
    "quiz_question_1",
    "quiz_question_2",
    "quiz_question_3",
    "quiz_question_4",
    "quiz_question_5",
    "quiz_question_6",
    "quiz_question_7",
    "quiz_question_8",
    "tex_fraction",
    "winners",
]

TABLES = ("quiz", "format", "timing")


def _terms(x: Sequence[Fraction], y: Sequence[Fraction], places: fmt.Places) -> Values:
    """Sheet entries ``term1``, ``term2``, … of the expanded product."""
    return {f"term{i}": t for i, t in enumerate(product_terms(x, y, places), start=1)}


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
    return fmt.Shown(f.text, rf"{sign}\frac{{{abs(x.numerator)}}}{{{x.denominator}}}")


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
    ([6, 5, 5, 5, 8, 8, 8, 5], 0)
    """
    v = quiz.vectors
    vectors = (
        [x for pair in v["pairs"] for x in pair]
        if "pairs" in v
        else ([v["query"], *v["keys"]] if "keys" in v else [v["x"], v["y"]])
    )
    coords = sum(len(x) for x in vectors)
    extra = Fraction(max(0, coords - 4), 8)
    return int(round(countdown * (1 + extra)))


def _start(lesson: Lesson, n: int) -> tuple[Quiz, fmt.Places, Sheet]:
    quiz = lesson.quiz[n - 1]
    return quiz, lesson.places, Sheet({"number": fmt.number(quiz.number, lesson.places)})


def _right_angle(places: fmt.Places) -> fmt.Shown:
    return fmt.degrees(90.0, Fraction(90), places)


def _cosine(x: Sequence[Fraction], y: Sequence[Fraction], places: fmt.Places) -> fmt.Shown:
    return fmt.number(exact_cosine(x, y), places)


def quiz_question_1(lesson: Lesson) -> Values:
    """Question 1 (dot-sign): the expanded product, its sign against 0, and 90°."""
    q, P, sheet = _start(lesson, 1)
    x, y = q.vectors["x"], q.vectors["y"]
    d = exact_dot(x, y)
    sheet |= {
        "x": fmt.vector(x, P),
        "y": fmt.vector(y, P),
        **_terms(x, y, P),
        "dot": fmt.number(d, P),
        "right_angle": _right_angle(P),
    }
    prods = products(x, y, P)
    if prods is not None and prods.text != sheet["dot"].text:
        sheet["products"] = prods
    if d != 0:  # "−8 < 0"; a zero product is itself the comparison
        sheet["zero"] = fmt.number(0, P)
    sheet.decisions["dot"] = decide.sign(d)
    return sheet


def quiz_question_2(lesson: Lesson) -> Values:
    """Question 2 (cosine): u · v, both lengths, and cos θ = 4/(√5√5) = 4/5 = 0.8."""
    q, P, sheet = _start(lesson, 2)
    x, y = q.vectors["x"], q.vectors["y"]
    cos = exact_cosine(x, y)
    sheet |= {
        "u": fmt.vector(x, P),
        "v": fmt.vector(y, P),
        **_terms(x, y, P),
        "dot": fmt.number(exact_dot(x, y), P),
        "norm_u": length(x, P),
        "norm_v": length(y, P),
        "cos": fmt.number(cos, P),
    }
    if cos.is_rational:
        frac = tex_fraction(cos.as_fraction())
        if frac.text != sheet["cos"].text and len(frac.text) <= MAX_SYMBOLIC:
            sheet["cos_frac"] = frac
    sheet.decisions["dot_vs_cos"] = decide.match(exact_dot(x, y), cos)
    return sheet


def quiz_question_3(lesson: Lesson) -> Values:
    """Question 3 (projection): q · k, ‖k‖, comp_k(q) and proj_k(q) = (q·k/‖k‖²) k."""
    q, P, sheet = _start(lesson, 3)
    x, y = q.vectors["x"], q.vectors["y"]
    sheet.decisions["dot"] = decide.sign_of_dot(x, y)
    sheet |= {
        "q": fmt.vector(x, P),
        "k": fmt.vector(y, P),
        "dot": fmt.number(exact_dot(x, y), P),
        "norm_k": length(y, P),
        "comp": fmt.number(exact_comp(x, y), P),
        "kk": fmt.number(exact_dot(y, y), P),
        "proj": fmt.vector(exact_project(x, y), P),
    }
    return sheet


def quiz_question_4(lesson: Lesson) -> Values:
    """Question 4 (orthogonal): the example pair's zero product, lengths, cos θ = 0, 90°."""
    q, P, sheet = _start(lesson, 4)
    x, y = q.vectors["x"], q.vectors["y"]
    origin = tuple(Fraction(0) for _ in x)
    sheet |= {
        "x": fmt.vector(x, P),
        "y": fmt.vector(y, P),
        **_terms(x, y, P),
        "dot": fmt.number(exact_dot(x, y), P),
        "norm_x": length(x, P),
        "norm_y": length(y, P),
        "zero": fmt.number(exact_cosine(x, y), P),  # cos θ, which the zero product forces
        "right_angle": _right_angle(P),
        "origin": fmt.vector(origin, P),
        "origin_dot": fmt.number(exact_dot(origin, y), P),
    }
    return sheet


def quiz_question_5(lesson: Lesson) -> Values:
    """Question 5 (magnitude): two pairs with the same product, their lengths and cosines."""
    q, P, sheet = _start(lesson, 5)
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
    return sheet


def _keys(sheet: Values, keys: Sequence[Sequence[Fraction]], places: fmt.Places) -> None:
    for i, k in enumerate(keys, start=1):
        sheet[f"k{i}"] = fmt.vector(k, places)


def quiz_question_6(lesson: Lesson) -> Values:
    """Question 6 (attention): scores, logits ÷ √d_k, softmax weights, the heaviest key."""
    q, P, sheet = _start(lesson, 6)
    query, keys = q.vectors["query"], q.vectors["keys"]
    d_k = len(query)
    sheet["q"] = fmt.vector(query, P)
    _keys(sheet, keys, P)
    sheet |= {
        "d_k": fmt.number(d_k, P),
        "sqrt_d_k": fmt.root(sqrt_exact(Fraction(d_k)), P),
        "sum": fmt.number(1, P),
    }
    logits = mc.scaled_scores(np.array(query, float), np.array(keys, float))
    weights = mc.softmax(logits)
    for i, (k, ell, w) in enumerate(zip(keys, logits, weights, strict=True), start=1):
        sheet[f"score{i}"] = fmt.number(exact_dot(query, k), P)
        sheet[f"logit{i}"] = fmt.fixed(float(ell), P.logit)
        sheet[f"weight{i}"] = fmt.fixed(float(w), P.weight)
    for j, idx in enumerate(winners(query, keys), start=1):
        sheet[f"winner{j}"] = fmt.number(idx, P)
    sheet.decisions["winner"] = decide.winner([exact_dot(query, k) for k in keys])
    return sheet


def quiz_question_7(lesson: Lesson) -> Values:
    """Question 7 (zero-query): scores and logits 0, equal weights 1/n, ‖q‖ = 0."""
    q, P, sheet = _start(lesson, 7)
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
    return sheet


def quiz_question_8(lesson: Lesson) -> Values:
    """Question 8 (cosine-vs-scale): raw 4, cosine 4/(√5√5) = 0.8, scaled 4/√2 ≈ 2.83."""
    q, P, sheet = _start(lesson, 8)
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
    return sheet
