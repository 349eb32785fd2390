"""Sheet of ScaleIsNotCosine (scenes/scale.py): the ``[scale]`` pair's cosine and scaled score."""

from __future__ import annotations

from fractions import Fraction

from lesson import decide
from lesson.entries import Lesson
from lesson.sheet import MAX_SYMBOLIC, Sheet, dot_terms, length
from mathcore import fmt
from mathcore.exact import exact_cosine, exact_dot, exact_scaled, sqrt_exact

__all__ = ["scale_is_not_cosine"]


def scale_is_not_cosine(lesson: Lesson) -> Sheet:
    """``[scale]``: the raw product, its cosine, its scaled score, and the doubled query."""
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
        }
    )
    # The lesson's first example again (its product and cosine were worked out there): said
    # as results, not computed a second time.
    seen = (x, y) == (lesson.projection.query, lesson.projection.key)
    sheet.decisions["pair"] = "seen" if seen else "new"
    sheet.given("q", "k")
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
