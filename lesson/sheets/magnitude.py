"""Sheet of MagnitudeVsDirection (scenes/magnitude.py)."""

from __future__ import annotations

from lesson import decide
from lesson.entries import Lesson
from lesson.sheet import Sheet
from mathcore import fmt
from mathcore.exact import exact_cosine, exact_dot

__all__ = ["magnitude_vs_direction"]


def magnitude_vs_direction(lesson: Lesson) -> Sheet:
    """The two ``[magnitude]`` pairs; the second pair's x scaled, then flipped."""
    P = lesson.places
    (x1, y1), (x2, y2) = lesson.magnitude
    s = lesson.magnitude_scale
    scaled = tuple(s * c for c in x2)
    flipped = tuple(-c for c in x2)
    sheet = Sheet({"scale": fmt.number(s, P)})
    rows = {
        "first": (x1, y1),
        "second": (x2, y2),
        "scaled": (scaled, y2),
        "flipped": (flipped, y2),
    }
    for name, (x, y) in rows.items():
        sheet[f"{name}_x"] = fmt.vector(x, P)
        sheet[f"{name}_dot"] = fmt.number(exact_dot(x, y), P)
        sheet[f"{name}_cos"] = fmt.number(exact_cosine(x, y), P)
    sheet["first_y"] = fmt.vector(y1, P)
    sheet["second_y"] = fmt.vector(y2, P)
    # equal raw scores with different cosines ("same"), equal both ("both"), or not ("differ")
    same_dot = exact_dot(x1, y1) == exact_dot(x2, y2)
    same_cos = decide.order(exact_cosine(x1, y1), exact_cosine(x2, y2)) == "equal"
    sheet.decisions["verdict"] = ("both" if same_cos else "same") if same_dot else "differ"
    sheet.given("first_x", "first_y", "second_x", "second_y")
    return sheet.mark(*(f"{row}_{v}" for row in rows for v in ("dot", "cos")))
