"""Sheet of AngleSignRegions (scenes/angle.py)."""

from __future__ import annotations

from fractions import Fraction

import mathcore as mc
from lesson import decide
from lesson.entries import Lesson
from lesson.sheet import Sheet, Values
from mathcore import fmt
from mathcore.exact import exact_angle_degrees, exact_cosine, exact_dot


def angle_sign_regions(lesson: Lesson) -> Values:
    """The key, the stops and what the live readouts show at each."""
    A, P = lesson.angle, lesson.places
    stops = {"acute": A.acute, "right": A.right, "obtuse": A.obtuse}
    sheet = Sheet(
        {
            "k": fmt.vector(A.key, P),
            "zero": fmt.number(0, P),
            "right_angle": fmt.degrees(90.0, Fraction(90), P),
        }
    )
    if A.scale is not None:  # the optional steps: the acute query scaled, then flipped
        stops["scaled"] = tuple(A.scale * x for x in A.acute)
        stops["flipped"] = tuple(-A.scale * x for x in A.acute)
        sheet["scale"] = fmt.number(A.scale, P)
        # what the positive factor does to the size of q · k (the angle stays either way)
        sheet.decisions["scale"] = decide.size_change(A.scale)
    # What q ends on at each stop: the exact values, as every other scene writes them (the
    # live readouts keep fixed places only while q moves).
    for name, v in stops.items():
        cos = exact_cosine(v, A.key)
        sheet[f"{name}_q"] = fmt.vector(v, P)
        sheet[f"{name}_dot"] = fmt.number(exact_dot(v, A.key), P)
        sheet[f"{name}_cos"] = fmt.number(cos, P)
        sheet[f"{name}_theta"] = fmt.degrees(
            mc.angle_degrees(v, A.key), exact_angle_degrees(cos), P
        )
    sheet["zero_dot"] = fmt.number(0, P)
    sheet["zero_cos"] = sheet["zero_theta"] = fmt.UNDEFINED
    sheet.given("k", *(f"{n}_q" for n in stops))
    return sheet.mark(
        *(f"{n}_{kind}" for n in stops for kind in ("dot", "cos", "theta")), "zero_dot"
    )
