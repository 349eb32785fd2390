"""Sheet of AttentionScores (scenes/scores.py): many queries' scores, weights and outputs."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np

import mathcore as mc
from lesson.entries import Lesson
from lesson.sheet import SAID_LIST_MAX, Sheet, tuple_of
from mathcore import fmt
from mathcore import speech as sp
from mathcore.exact import exact_dot, sqrt_exact

__all__ = ["FIRST", "attention_scores", "fixed_vector"]

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
    sheet.given(f"q{FIRST}", *(f"k{j}" for j in range(1, nk + 1)))
    sheet.given(*(f"v{j}" for j in range(1, nk + 1)))
    return sheet.mark("row_scores", *lists, "sum", "first_out")
