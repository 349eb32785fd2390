"""Sheet of AngleSignRegions (scenes/angle.py)."""

from __future__ import annotations

from fractions import Fraction

from lesson import decide
from lesson.model import Lesson
from lesson.sheet import Sheet, Values, readout
from mathcore import fmt


def angle_sign_regions(lesson: Lesson) -> Values:
    """The key, the stops and what the live readouts show at each."""
    A, P = lesson.angle, lesson.places
    stops = {
        "acute": A.acute,
        "right": A.right,
        "obtuse": A.obtuse,
        "scaled": tuple(A.scale * x for x in A.acute),
        "flipped": tuple(-A.scale * x for x in A.acute),
    }
    sheet = Sheet(
        {
            "k": fmt.vector(A.key, P),
            "scale": fmt.number(A.scale, P),
            "zero": fmt.number(0, P),
            "right_angle": fmt.degrees(90.0, Fraction(90), P),
        }
    )
    # what the positive factor does to the size of q · k (the angle stays either way)
    sheet.decisions["scale"] = decide.size_change(A.scale)
    for name, v in stops.items():
        sheet[f"{name}_q"] = fmt.vector(v, P)
        for kind in ("dot", "cos", "theta"):
            sheet[f"{name}_{kind}"] = readout(kind, v, A.key, P)
    for kind in ("dot", "cos", "theta"):
        sheet[f"zero_{kind}"] = readout(kind, [0.0] * len(A.key), A.key, P)
    return sheet
