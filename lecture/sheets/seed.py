"""Sheets of the three seed scenes: ProjectionDrop, AngleSignRegions, SoftmaxBarMorph."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

import mathcore as mc
from lecture.lesson import Lesson
from lecture.sheet import MAX_SYMBOLIC, Sheet, dot_terms, readout, sheet_for
from mathcore import fmt
from mathcore.exact import (
    exact_comp,
    exact_dot,
    exact_proj_coef,
    exact_project,
    exact_residual,
    sqrt_exact,
)


@sheet_for("ProjectionDrop", "projection", "format")
def projection_drop(lesson: Lesson) -> Sheet:
    """Vectors, product, projection, residual and component of ``[projection]``."""
    P, q, k = lesson.places, lesson.projection.query, lesson.projection.key
    d = exact_dot(q, k)
    kk = exact_dot(k, k)
    res = exact_residual(q, k)
    sheet = {
        "q": fmt.vector(q, P),
        "k": fmt.vector(k, P),
        "dot_terms": dot_terms(q, k, P),
        "dot": fmt.number(d, P),
        "proj_coef": fmt.fraction(exact_proj_coef(q, k)),
        "proj": fmt.vector(exact_project(q, k), P),
        "residual": fmt.vector(res, P),
        "residual_dot": fmt.number(exact_dot(res, k), P),
        "comp_ratio": fmt.ratio(d, sqrt_exact(kk), P),
        "comp": fmt.number(exact_comp(q, k), P),
    }
    # The symbolic steps (4/5)k and 4/√5 help only while they stay short; 1552549/1534201
    # does not, and a ratio equal to its value adds nothing.
    for key in ("proj_coef", "comp_ratio"):
        if len(sheet[key].text) > MAX_SYMBOLIC or sheet[key].text == sheet["comp"].text:
            del sheet[key]
    return sheet


@sheet_for("AngleSignRegions", "angle", "format")
def angle_sign_regions(lesson: Lesson) -> Sheet:
    """The key, the stops and what the live readouts show at each."""
    A, P = lesson.angle, lesson.places
    stops = {
        "acute": A.acute,
        "right": A.right,
        "obtuse": A.obtuse,
        "scaled": tuple(A.scale * x for x in A.acute),
        "flipped": tuple(-A.scale * x for x in A.acute),
    }
    sheet: Sheet = {
        "k": fmt.vector(A.key, P),
        "scale": fmt.number(A.scale, P),
        "zero": fmt.number(0, P),
        "right_angle": fmt.degrees(90.0, Fraction(90), P),
    }
    for name, v in stops.items():
        sheet[f"{name}_q"] = fmt.vector(v, P)
        for kind in ("dot", "cos", "theta"):
            sheet[f"{name}_{kind}"] = readout(kind, v, A.key, P)
    for kind in ("dot", "cos", "theta"):
        sheet[f"zero_{kind}"] = readout(kind, [0.0] * len(A.key), A.key, P)
    return sheet


@sheet_for("SoftmaxBarMorph", "attention", "format")
def softmax_bar_morph(lesson: Lesson) -> Sheet:
    """Scores, logits and weights of ``[attention]``."""
    At, P = lesson.attention, lesson.places
    d_k = len(At.query)
    keep = At.mask or (True,) * len(At.keys)
    logits = mc.scaled_scores(At.query, At.keys)
    weights = mc.softmax(logits, np.array(keep))
    sheet: Sheet = {
        "q": fmt.vector(At.query, P),
        "d_k": fmt.number(d_k, P),
        "sqrt_d_k": fmt.root(sqrt_exact(Fraction(d_k)), P),
        "sum": fmt.number(1, P),
    }
    for i, (key, on) in enumerate(zip(At.keys, keep, strict=True), start=1):
        sheet[f"k{i}"] = fmt.vector(key, P)
        sheet[f"score{i}"] = fmt.number(exact_dot(At.query, key), P)
        masked_logit = fmt.Shown("−∞", r"-\infty")
        sheet[f"logit{i}"] = fmt.fixed(logits[i - 1], P.logit) if on else masked_logit
        sheet[f"weight{i}"] = fmt.fixed(weights[i - 1], P.weight) if on else fmt.number(0, P)
    return sheet
