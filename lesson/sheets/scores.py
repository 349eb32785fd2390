"""Sheets of the scenes in scenes/scores.py: AttentionScores and ScaleIsNotCosine."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np

import mathcore as mc
from lesson import decide
from lesson.model import Lesson
from lesson.sheet import MAX_SYMBOLIC, Sheet, dot_terms, length
from lesson.sheets.softmax import SAID_LIST_MAX, tuple_of
from mathcore import fmt
from mathcore import speech as sp
from mathcore.exact import exact_cosine, exact_dot, exact_scaled, sqrt_exact

__all__ = ["FIRST", "attention_scores", "fixed_vector", "scale_is_not_cosine"]

FIRST = 1  # AttentionScores: the query whose row is read out and whose output is drawn


def fixed_vector(xs: Sequence[float | Fraction], places: int) -> fmt.Shown:
    """A float vector with a fixed number of places per coordinate, like ``(0.330, 0.670)``.

    Parameters
    ----------
    xs : sequence of float
        Coordinates (finite).
    places : int
        Decimal places of every coordinate.

    Returns
    -------
    Shown

    Examples
    --------
    >>> fixed_vector([0.33, -1.0], 3).text
    '(0.330, −1.000)'
    """
    parts = [fmt.fixed(x if isinstance(x, Fraction) else float(x), places) for x in xs]
    text = "(" + ", ".join(p.text for p in parts) + ")"
    tex = "(" + r",\ ".join(p.tex for p in parts) + ")"
    exact = all(p.exact for p in parts)
    said = sp.Vec(tuple(p.speech for p in parts if p.speech is not None))
    return fmt.Shown(text, tex, exact=exact, kind="vector", speech=said)


def attention_scores(lesson: Lesson) -> Sheet:
    """Queries of ``[scores]`` against the ``[attention]`` keys: QKᵀ, logits, weights, output.

    The row of query :data:`FIRST` is also read out whole (``row_scores``, ``row_logits``,
    ``row_weights``) and said with its output.
    """
    At, P = lesson.attention, lesson.places
    queries, keys = lesson.scores, At.keys
    values = At.values or keys
    d_k = len(keys[0])
    keep = np.array(At.mask or (True,) * len(keys))
    logits = np.atleast_2d(mc.scaled_scores(queries, keys))
    result = mc.attention(queries, keys, values, keep)
    assert isinstance(result, mc.Attention)  # given values, attention returns both parts
    weights, output = np.atleast_2d(result.weights), np.atleast_2d(result.output)
    sheet = Sheet(
        {
            "d_k": fmt.number(d_k, P),
            "scale": fmt.ratio(Fraction(1), sqrt_exact(Fraction(d_k)), P),
            "neg_inf": fmt.NEG_INF,
            "sum": fmt.number(1, P),
        }
    )
    for i, q in enumerate(queries, start=1):
        sheet[f"q{i}"] = fmt.vector(q, P)
    for j, (k, v) in enumerate(zip(keys, values, strict=True), start=1):
        sheet[f"k{j}"] = fmt.vector(k, P)
        sheet[f"v{j}"] = fmt.vector(v, P)
    for i, q in enumerate(queries, start=1):
        for j, k in enumerate(keys, start=1):
            sheet[f"score{i}_{j}"] = fmt.number(exact_dot(q, k), P)
            if keep[j - 1]:
                sheet[f"logit{i}_{j}"] = fmt.fixed(logits[i - 1, j - 1], P.logit)
            sheet[f"weight{i}_{j}"] = fmt.fixed(weights[i - 1, j - 1], P.weight)
        sheet[f"out{i}"] = fixed_vector(output[i - 1], P.weight)
    nk = len(keys)
    row = [sheet[f"logit{FIRST}_{j}"] if keep[j - 1] else fmt.NEG_INF for j in range(1, nk + 1)]
    sheet["row_scores"] = fmt.vector([exact_dot(queries[FIRST - 1], k) for k in keys], P)
    sheet["row_logits"] = tuple_of(row)
    sheet["row_weights"] = tuple_of([sheet[f"weight{FIRST}_{j}"] for j in range(1, nk + 1)])
    sheet["first_out"] = sheet[f"out{FIRST}"]
    lists = ("row_logits", "row_weights") if nk <= SAID_LIST_MAX else ()
    return sheet.mark("row_scores", *lists, "sum", "first_out")


def scale_is_not_cosine(lesson: Lesson) -> Sheet:
    """``[scale]``: the raw product, its cosine, its scaled score, and the variance argument."""
    P = lesson.places
    x, y = lesson.scale["x"], lesson.scale["y"]
    d_k = len(x)
    d = exact_dot(x, y)
    factor = Fraction(2)
    x2 = tuple(factor * c for c in x)
    nx, ny = length(x, P), length(y, P)
    dot = fmt.number(d, P)
    sheet = Sheet(
        {
            "q": fmt.vector(x, P),
            "k": fmt.vector(y, P),
            "d_k": fmt.number(d_k, P),
            "dot_terms": dot_terms(x, y, P),
            "dot": dot,
            "norm_q": nx,
            "norm_k": ny,
            "cos_ratio": fmt.Shown(
                f"{dot.text}/({nx.text}·{ny.text})", rf"{dot.tex}/({nx.tex}\cdot {ny.tex})"
            ),
            "cos": fmt.number(exact_cosine(x, y), P),
            "sqrt_d_k": fmt.root(sqrt_exact(Fraction(d_k)), P),
            "scaled_ratio": fmt.ratio(d, sqrt_exact(Fraction(d_k)), P),
            "scaled": fmt.number(exact_scaled(d, d_k), P),
            "factor": fmt.number(factor, P),
            "q_doubled": fmt.vector(x2, P),
            "dot_doubled": fmt.number(exact_dot(x2, y), P),
            "cos_doubled": fmt.number(exact_cosine(x2, y), P),
            "scaled_doubled_ratio": fmt.ratio(exact_dot(x2, y), sqrt_exact(Fraction(d_k)), P),
            "scaled_doubled": fmt.number(exact_scaled(exact_dot(x2, y), d_k), P),
            "zero": fmt.number(0, P),
            "one": fmt.number(1, P),
        }
    )
    # Doubling q doubles a non-zero scaled score and leaves a zero one at zero.
    sheet.decisions["doubled"] = decide.size_change(factor) if d != 0 else "stays"
    # A symbolic step helps only while short and exact, and when it differs from its value.
    for key, value in (
        ("cos_ratio", "cos"),
        ("scaled_ratio", "scaled"),
        ("scaled_doubled_ratio", "scaled_doubled"),
    ):
        s = sheet[key]
        if not dot.exact or len(s.text) > 2 * MAX_SYMBOLIC or s.text == sheet[value].text:
            del sheet[key]
    return sheet.mark(
        "dot", "cos", "sqrt_d_k", "scaled", "dot_doubled", "cos_doubled", "scaled_doubled"
    )
