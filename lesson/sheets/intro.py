"""Sheets of the scenes in scenes/intro.py: LessonTitle, CoordinateProducts, LengthAndAngle."""

from __future__ import annotations

import mathcore as mc
from lesson import decide
from lesson.entries import Lesson
from lesson.sheet import MAX_SYMBOLIC, Sheet, Values, dot_terms, length, length_terms
from mathcore import fmt
from mathcore.exact import exact_angle_degrees, exact_cosine, exact_dot

__all__ = [
    "coordinate_products",
    "cos_step",
    "label",
    "length_and_angle",
    "lesson_title",
    "show_cos_step",
]

# The step 4/(√5·√5) is built from three shown values; it stays while it reads at a glance.
MAX_COS_STEP = MAX_SYMBOLIC + 4
_TEX_SPECIAL = {c: "\\" + c for c in "#$%&_{}"} | {
    "\\": r"\textbackslash{}",
    "^": r"\^{}",
    "~": r"\~{}",
}


def label(text: str) -> fmt.Shown:
    r"""A short text label from the lesson file (like ``017``), shown as it is written.

    Examples
    --------
    >>> label("3.2").tex, label("a_b").tex
    ('\\text{3.2}', '\\text{a\\_b}')
    """
    body = "".join(_TEX_SPECIAL.get(c, c) for c in text)
    return fmt.Shown(text, rf"\text{{{body}}}", kind="label")


def lesson_title(lesson: Lesson) -> Values:
    """The labels of what the lesson builds on: the prior lesson and the book section."""
    return {
        "prior_lesson": label(lesson.prior_lesson),
        "mml_section": label(lesson.mml_section),
    }


def coordinate_products(lesson: Lesson) -> Values:
    """Coordinates of q and k, each pair's product, their sum, and the 0 of positivity.

    A pair is shown as ``q_i · k_i = product`` from the coordinate keys themselves.
    """
    P, q, k = lesson.places, lesson.projection.query, lesson.projection.key
    sheet = Sheet({"q": fmt.vector(q, P), "k": fmt.vector(k, P)})
    for i, (a, b) in enumerate(zip(q, k, strict=True), start=1):
        sheet[f"q{i}"] = fmt.number(a, P)
        sheet[f"k{i}"] = fmt.number(b, P)
        sheet[f"prod{i}"] = fmt.number(a * b, P)
    sheet["dot_terms"] = dot_terms(q, k, P)
    sheet["dot"] = fmt.number(exact_dot(q, k), P)
    sheet["zero"] = fmt.number(0, P)
    return sheet.mark(*(f"prod{i}" for i in range(1, len(q) + 1)), "dot")


def _factor(s: fmt.Shown) -> fmt.Shown:
    """A length as a factor of a product: bracketed when it is itself a quotient."""
    return fmt.bracketed(s) if s.slashed else s


def cos_step(dot: fmt.Shown, norm_q: fmt.Shown, norm_k: fmt.Shown) -> fmt.Shown | None:
    r"""The step ``4/(√5·√5)`` from the sheet's own texts, or None when it would not help.

    Examples
    --------
    >>> from fractions import Fraction
    >>> from mathcore.exact import sqrt_exact
    >>> r5 = fmt.root(sqrt_exact(Fraction(5)), fmt.Places())
    >>> cos_step(fmt.Shown("4", "4"), r5, r5).text
    '4/(√5·√5)'
    >>> cos_step(fmt.Shown("4", "4"), r5, r5).tex
    '\\frac{4}{\\sqrt{5}\\,\\sqrt{5}}'
    """
    if not (dot.exact and norm_q.exact and norm_k.exact):
        return None
    a, b = _factor(norm_q), _factor(norm_k)
    text = f"{dot.text}/({a.text}·{b.text})"
    if len(text) > MAX_COS_STEP:
        return None
    join = r"\," if b.kind == "root" else r" \cdot "
    return fmt.Shown(text, rf"\frac{{{dot.tex}}}{{{a.tex}{join}{b.tex}}}")


def length_and_angle(lesson: Lesson) -> Values:
    """Lengths of q and k, the cosine of their angle (with its step) and the angle."""
    P, q, k = lesson.places, lesson.projection.query, lesson.projection.key
    cos = exact_cosine(q, k)
    sheet = Sheet(
        {
            "q": fmt.vector(q, P),
            "k": fmt.vector(k, P),
            "dot": fmt.number(exact_dot(q, k), P),
            "norm_q_terms": length_terms(q, P),
            "norm_q": length(q, P),
            "norm_k_terms": length_terms(k, P),
            "norm_k": length(k, P),
            "cos": fmt.number(cos, P),
            "theta": fmt.degrees(mc.angle_degrees(q, k), exact_angle_degrees(cos), P),
        }
    )
    sheet.decisions["dot"] = decide.sign_of_dot(q, k)
    return sheet.mark("dot", "norm_q", "norm_k", "cos", "theta")


def show_cos_step(sheet: Values) -> bool:
    """Whether LengthAndAngle writes the step ``4/(√5·√5)`` before the cosine's value.

    The step is built on screen from the sheet's ``dot``, ``norm_q`` and ``norm_k``; it is
    left out when it would be long or would only repeat the value.

    Examples
    --------
    >>> from lesson.model import load_lesson
    >>> show_cos_step(length_and_angle(load_lesson()))
    True
    """
    step = cos_step(sheet["dot"], sheet["norm_q"], sheet["norm_k"])
    return step is not None and step.text != sheet["cos"].text
