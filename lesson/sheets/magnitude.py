"""Sheets of the scenes in scenes/magnitude.py: MagnitudeVsDirection and ZeroQuery."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

import mathcore as mc
from lesson import decide
from lesson.model import Lesson
from lesson.sheet import Sheet, dot_terms, readout
from lesson.sheets.scores import fixed_vector
from mathcore import fmt
from mathcore.exact import exact_cosine, exact_dot, exact_norm, exact_scaled, sqrt_exact

__all__ = ["magnitude_vs_direction", "zero_query"]


def magnitude_vs_direction(lesson: Lesson) -> Sheet:
    """The two ``[magnitude]`` pairs; the second pair's x scaled, then flipped."""
    P = lesson.places
    (x1, y1), (x2, y2) = lesson.magnitude
    s = lesson.magnitude_scale
    scaled = tuple(s * c for c in x2)
    flipped = tuple(-c for c in x2)
    sheet = Sheet({"scale": fmt.number(s, P)})
    rows = {
        "first": (x1, y1),
        "second": (x2, y2),
        "scaled": (scaled, y2),
        "flipped": (flipped, y2),
    }
    for name, (x, y) in rows.items():
        sheet[f"{name}_x"] = fmt.vector(x, P)
        sheet[f"{name}_dot"] = fmt.number(exact_dot(x, y), P)
        sheet[f"{name}_cos"] = fmt.number(exact_cosine(x, y), P)
    sheet["first_y"] = fmt.vector(y1, P)
    sheet["second_y"] = fmt.vector(y2, P)
    # equal raw scores with different cosines ("same"), equal both ("both"), or not ("differ")
    same_dot = exact_dot(x1, y1) == exact_dot(x2, y2)
    same_cos = decide.order(exact_cosine(x1, y1), exact_cosine(x2, y2)) == "equal"
    sheet.decisions["verdict"] = ("both" if same_cos else "same") if same_dot else "differ"
    sheet.given("first_x", "first_y", "second_x", "second_y")
    return sheet.mark(*(f"{row}_{v}" for row in rows for v in ("dot", "cos")))


def zero_query(lesson: Lesson) -> Sheet:
    """``[zero_query]``: a zero query scores 0 with every key, so softmax weighs them equally."""
    P = lesson.places
    q, keys = lesson.zero_query["query"], lesson.zero_query["keys"]
    n, d_k = len(keys), len(q)
    logits = [exact_scaled(exact_dot(q, k), d_k) for k in keys]
    weights = mc.softmax([float(v) for v in logits])
    w = Fraction(1, n)  # every logit is 0, so softmax gives each key exactly 1/n
    if not np.allclose(weights, float(w)):
        raise AssertionError(f"softmax of equal logits should be 1/{n}, got {weights}")
    sheet = Sheet(
        {
            "q": fmt.vector(q, P),
            "d_k": fmt.number(d_k, P),
            "sqrt_d_k": fmt.root(sqrt_exact(Fraction(d_k)), P),
            "dot_terms": dot_terms(q, keys[0], P),
            # logits and weights follow the lesson's one rule: `logit` and `weight` fixed places
            "logits": fixed_vector([v.as_fraction() for v in logits], P.logit),
            "weights_frac": fmt.Shown(
                "(" + ", ".join([fmt.fraction(w).text] * n) + ")",
                "(" + r",\ ".join([fmt.fraction(w).tex] * n) + ")",
            ),
            "weights": fixed_vector([w] * n, P.weight),
            "weight": fmt.fixed(w, P.weight),
            "norm_q": fmt.number(exact_norm(q), P),
            "cos": readout("cos", [float(c) for c in q], [float(c) for c in keys[0]], P),
        }
    )
    for j, k in enumerate(keys, start=1):
        sheet[f"k{j}"] = fmt.vector(k, P)
        sheet[f"score{j}"] = fmt.number(exact_dot(q, k), P)
        sheet[f"logit{j}"] = fmt.fixed(logits[j - 1].as_fraction(), P.logit)
    sheet["first_score"] = sheet["score1"]  # the product written out, with the first key
    sheet.given("q", *(f"k{j}" for j in range(1, n + 1)))
    return sheet.mark("first_score", "logits", "weights_frac", "weights", "norm_q")
