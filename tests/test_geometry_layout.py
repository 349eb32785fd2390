"""The two plane scenes keep their layout on lessons no hand-picked edit tried.

ProjectionDrop and AngleSignRegions measure their column and give the plane the rest of the
title-safe area (``scenes.figure``); these lessons push that: a query at an obtuse angle to
the key with decimal coordinates (a negative fractional projection), a long fraction, six
decimal places everywhere, and vectors so close that their labels compete for one place.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from drycache import cached_dry_run
from test_scenes import FRAME_W, check_layout, check_numbers
from variants import variant

from lesson.model import DEFAULT_LESSON, load_lesson
from lesson.sheet import scene_sheet
from scenes.figure import PLOT_SHARE

pytestmark = pytest.mark.manim

HARD: dict[str, tuple[str, list[tuple[str, str, str]]]] = {
    # the lesson: q · k < 0, a negative fractional projection factor
    "obtuse-fraction": (
        "default",
        [("projection", "query", "[-2.35, 1.7]"), ("projection", "key", "[2, 1]")],
    ),
    # ‖k‖² = 613/4: the projection factor −74/613
    "long-fraction": (
        "default",
        [
            ("projection", "query", "[-3, 1]"),
            ("projection", "key", "[9, 8.5]"),
            ("projection", "other", "[8.99, -0.01]"),
        ],
    ),
    # the largest coordinates, shown with six places
    "six-places": (
        "largest",
        [
            ("format", "approx", "6"),
            ("format", "exact_max", "8"),
            ("format", "angle", "6"),
            ("format", "readout", "6"),
            ("projection", "other", "[8.99, -8.97]"),
        ],
    ),
    # q, k and the other query nearly on one line: the labels must step aside
    "close": (
        "default",
        [
            ("projection", "query", "[2, 4.1]"),
            ("projection", "key", "[2, 4.2]"),
            ("projection", "other", "[-2.01, -4.19]"),
            ("angle", "key", "[2, 4.2]"),
            ("angle", "acute", "[2, 4.1]"),
            ("angle", "right", "[-4.2, 2]"),
            ("angle", "obtuse", "[-2, -4.1]"),
            ("angle", "scale", "2.15"),
        ],
    ),
}

RUNS = [
    ("ProjectionDrop", "obtuse-fraction", "id"),
    ("ProjectionDrop", "obtuse-fraction", "en"),
    ("ProjectionDrop", "long-fraction", "id"),
    ("ProjectionDrop", "six-places", "id"),
    ("ProjectionDrop", "close", "id"),
    ("AngleSignRegions", "six-places", "id"),
    ("AngleSignRegions", "close", "en"),
]


@pytest.mark.parametrize(("scene", "lesson", "lang"), RUNS)
def test_plane_scene_layout_holds(tmp_path: Path, scene: str, lesson: str, lang: str) -> None:
    """Every text inside the title-safe area, apart, clear of arrow heads, at 20 points or
    more, at every step's end; the numbers on screen are still the sheet's."""
    base, edits = HARD[lesson]
    path = variant(base, tmp_path, edits)
    obj = cached_dry_run(scene, path, lang, voice="none", frame_rate=5)
    broken = check_layout(obj)
    assert not broken, "\n".join(broken)
    sheet = {k: v.text for k, v in scene_sheet(load_lesson(path), scene).items()}
    check_numbers(obj, sheet)


def narrow_plots(obj) -> list[str]:
    """Each step's end whose plane is narrower than 60 % of the frame (the geometry carries
    the argument: the column of formulas beside it takes the rest)."""
    widths = [
        (s.section, max((b[1][0] - b[0][0] for b in s.plots), default=0.0)) for s in obj.snapshots
    ]
    return [
        f"{section}: the plane is {w / FRAME_W:.0%} of the frame width (floor {PLOT_SHARE:.0%})"
        for section, w in widths
        if w < PLOT_SHARE * FRAME_W - 0.01
    ]


# The plane takes 60 % of the frame on the default lesson and on decimal edits; six places
# everywhere, or numbers like 4.1 and 4.2 that no line break shortens, give the column the width
# its text needs at the smallest font (the plane gives way: scenes.figure.column_beside_plot).
WIDE = [
    ("ProjectionDrop", "default"),
    ("AngleSignRegions", "default"),
    ("ProjectionDrop", "obtuse-fraction"),
    ("ProjectionDrop", "long-fraction"),
    ("AngleSignRegions", "six-places"),
    ("AngleSignRegions", "close"),
]


@pytest.mark.parametrize(("scene", "lesson"), WIDE)
def test_plane_takes_most_of_the_width(tmp_path: Path, scene: str, lesson: str) -> None:
    """At every step's end the plane is 60 % of the frame wide or more, and the layout holds
    beside it."""
    path = (
        DEFAULT_LESSON
        if lesson == "default"
        else variant(HARD[lesson][0], tmp_path, HARD[lesson][1])
    )
    obj = cached_dry_run(scene, path, "id", voice="none", frame_rate=5)
    broken = check_layout(obj) + narrow_plots(obj)
    assert not broken, "\n".join(broken)
