"""Sheet of SoftmaxBarMorph (scenes/softmax.py)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

import mathcore as mc
from lesson.model import Lesson
from lesson.sheet import Values
from mathcore import fmt
from mathcore.exact import (
    exact_dot,
    sqrt_exact,
)


def softmax_bar_morph(lesson: Lesson) -> Values:
    """Scores, logits and weights of ``[attention]``."""
    At, P = lesson.attention, lesson.places
    d_k = len(At.query)
    keep = At.mask or (True,) * len(At.keys)
    logits = mc.scaled_scores(At.query, At.keys)
    weights = mc.softmax(logits, np.array(keep))
    sheet: Values = {
        "q": fmt.vector(At.query, P),
        "d_k": fmt.number(d_k, P),
        "sqrt_d_k": fmt.root(sqrt_exact(Fraction(d_k)), P),
        "sum": fmt.number(1, P),
    }
    for i, (key, on) in enumerate(zip(At.keys, keep, strict=True), start=1):
        sheet[f"k{i}"] = fmt.vector(key, P)
        sheet[f"score{i}"] = fmt.number(exact_dot(At.query, key), P)
        sheet[f"logit{i}"] = fmt.fixed(logits[i - 1], P.logit) if on else fmt.NEG_INF
        sheet[f"weight{i}"] = fmt.fixed(weights[i - 1] if on else Fraction(0), P.weight)
    return sheet
