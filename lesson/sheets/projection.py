"""Sheet of ProjectionDrop (scenes/projection.py)."""

from __future__ import annotations

from lesson import decide
from lesson.entries import Lesson
from lesson.sheet import MAX_SYMBOLIC, Sheet, Values, dot_terms, length
from mathcore import fmt
from mathcore.exact import (
    exact_comp,
    exact_dot,
    exact_proj_coef,
    exact_project,
    exact_residual,
    sqrt_exact,
)


def projection_drop(lesson: Lesson) -> Values:
    """Vectors, product, projection, residual and component of ``[projection]``.

    The optional ``other`` query gets the same reading (``other_q``, ``other_dot`` …).
    """
    P, q, k = lesson.places, lesson.projection.query, lesson.projection.key
    d = exact_dot(q, k)
    kk = exact_dot(k, k)
    res = exact_residual(q, k)
    sheet = Sheet(
        {
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
    )
    sheet.decisions["comp"] = decide.sign(d)  # comp_k(q) has the sign of q · k
    # comp_k(q) divides by ‖k‖₂; the shadow reading multiplies it back.
    sheet["norm_k"] = length(k, P)
    other = lesson.projection.other
    if other is not None:
        d2 = exact_dot(other, k)
        sheet |= {
            "other_q": fmt.vector(other, P),
            "other_dot_terms": dot_terms(other, k, P),
            "other_dot": fmt.number(d2, P),
            "other_proj": fmt.vector(exact_project(other, k), P),
            "other_comp_ratio": fmt.ratio(d2, sqrt_exact(kk), P),
            "other_comp": fmt.number(exact_comp(other, k), P),
        }
        sheet.decisions["other_comp"] = decide.sign(d2)
    # The symbolic steps (4/5)k and 4/√5 help only while they stay short; 1552549/1534201
    # does not, and a ratio equal to its value adds nothing.
    for key, value in (
        ("proj_coef", "comp"),
        ("comp_ratio", "comp"),
        ("other_comp_ratio", "other_comp"),
    ):
        if key in sheet and (
            len(sheet[key].text) > MAX_SYMBOLIC or sheet[key].text == sheet[value].text
        ):
            del sheet[key]
    # what each step presents as its result, said aloud in that step
    return sheet.mark(
        "dot",
        "norm_k",
        "comp",
        "proj",
        "residual",
        "residual_dot",
        "other_dot",
        "other_proj",
        "other_comp",
    )
