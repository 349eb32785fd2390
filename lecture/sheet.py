"""The numbers sheet: for each scene, every value it shows, as the exact string a viewer reads.

Scenes take their labels from here (as :class:`~mathcore.fmt.Shown`, with TeX) and tests
compare what a scene put on screen with the same sheet; ``lecture numbers`` prints it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

import numpy as np

import mathcore as mc
from lecture.lesson import Lesson
from mathcore import fmt
from mathcore.exact import (
    exact_comp,
    exact_dot,
    exact_proj_coef,
    exact_project,
    exact_residual,
    sqrt_exact,
)
from mathcore.fmt import Shown

__all__ = ["SCENE_INPUTS", "Sheet", "dot_terms", "numbers_sheet", "readout", "scene_sheet"]

Sheet = dict[str, Shown]
MAX_SYMBOLIC = 9  # longest symbolic step (like 4/√5) worth showing before its value


def dot_terms(x: Sequence[Fraction], y: Sequence[Fraction], places: fmt.Places) -> Shown:
    """The expanded product ``2(1) + 1(2)`` (negative factors in parentheses).

    Parameters
    ----------
    x, y : sequence of Fraction
        Vectors of the same length.
    places : Places
        Formatting places.

    Returns
    -------
    Shown
    """

    def factor(v: Fraction, first: bool) -> Shown:
        s = fmt.number(v, places)
        return fmt.Shown(f"({s.text})", f"({s.tex})") if v < 0 and first else s

    terms = [(factor(a, True), factor(b, False)) for a, b in zip(x, y, strict=True)]
    text = " + ".join(f"{a.text}({b.text})" for a, b in terms)
    tex = " + ".join(f"{a.tex}({b.tex})" for a, b in terms)
    return fmt.Shown(text, tex)


def readout(kind: str, q: Sequence[float], k: Sequence[float], places: fmt.Places) -> Shown:
    """What a live readout shows for `q` against `k`: ``dot``, ``cos`` or ``theta``.

    Parameters
    ----------
    kind : {"dot", "cos", "theta"}
        Which readout.
    q, k : sequence of float
        The current query and the key.
    places : Places
        Formatting places (``readout`` for dot and cos, ``angle`` for theta).

    Returns
    -------
    Shown
        Fixed places; cos and theta of a zero vector are an em dash (undefined).
    """
    if kind == "dot":
        return fmt.fixed(mc.dot(q, k), places.readout)
    if mc.angle_class(q, k) is mc.AngleClass.UNDEFINED:
        return fmt.Shown("—", r"\text{---}")
    if kind == "cos":
        return fmt.fixed(mc.cosine(q, k), places.readout)
    s = fmt.fixed(mc.angle_degrees(q, k), places.angle)
    return fmt.Shown(f"{s.text}°", rf"{s.tex}^\circ")


def _projection(lesson: Lesson) -> Sheet:
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


def _angle(lesson: Lesson) -> Sheet:
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


def _softmax(lesson: Lesson) -> Sheet:
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


# Scene name -> (sheet builder, lesson tables it reads). Order is irrelevant here; the
# lecture's order lives in lecture.order.
_BUILDERS: dict[str, tuple[Callable[[Lesson], Sheet], tuple[str, ...]]] = {
    "ProjectionDrop": (_projection, ("projection", "format")),
    "AngleSignRegions": (_angle, ("angle", "format")),
    "SoftmaxBarMorph": (_softmax, ("attention", "format")),
}
SCENE_INPUTS: dict[str, tuple[str, ...]] = {name: b[1] for name, b in _BUILDERS.items()}


def scene_sheet(lesson: Lesson, scene: str) -> Sheet:
    """Every value `scene` shows for `lesson`, keyed by quantity.

    Parameters
    ----------
    lesson : Lesson
        A loaded lesson.
    scene : str
        A scene class name.

    Returns
    -------
    dict of str to Shown
        Empty for a scene outside the lecture (a test fixture, a draft).
    """
    builder = _BUILDERS.get(scene)
    return builder[0](lesson) if builder else {}


def numbers_sheet(lesson: Lesson) -> dict[str, Sheet]:
    """The whole sheet: scene name -> quantity -> :class:`Shown`.

    Examples
    --------
    >>> from lecture.lesson import load_lesson
    >>> s = numbers_sheet(load_lesson())
    >>> s["ProjectionDrop"]["comp"].text, s["SoftmaxBarMorph"]["weight1"].text
    ('≈ 1.79', '0.330')
    """
    return {name: scene_sheet(lesson, name) for name in _BUILDERS}
