"""Lines already said dim when the next is said, and stay legible (signalling, WCAG 1.4.3).

The dry runs (shared with tests/test_scenes.py) record each text's colour and opacity on
screen at every step's end (:func:`scenes.legibility.inks`): in ProjectionDrop's step on
the scalar projection, q · k's line was said before comp's, so it is dimmer, and still
reads at 4.5:1 against the frame.
"""

from __future__ import annotations

import numpy as np
import pytest

from scenes.emphasis import DIM_RATIO, dim_opacity
from scenes.legibility import Ink
from scenes.palette import BACKGROUND, TEXT_MIN, TEXT_ROLES, C, composite, contrast

pytestmark = pytest.mark.manim


def ink_of(snap, key: str) -> Ink:
    """The text ink that writes sheet value `key` at a step's end: the smallest around it."""
    lo, hi = snap.number_boxes[key]
    middle = (lo + hi) / 2
    around = [
        ink
        for ink in snap.inks
        if ink.kind == "text" and np.all(ink.box[0] <= middle) and np.all(middle <= ink.box[1])
    ]
    assert around, f"{snap.section}: no text ink around {key}"
    return min(around, key=lambda ink: float(np.prod(ink.box[1] - ink.box[0])))


@pytest.mark.parametrize("role", TEXT_ROLES)
def test_a_colour_dims_as_far_as_it_stays_legible(role: str) -> None:
    """Each text colour dims to the least opacity that keeps 4.5:1 on the frame, no further."""
    color = getattr(C, role)
    alpha = dim_opacity(color)
    seen = contrast(composite([(color, alpha)]), BACKGROUND)
    assert seen >= TEXT_MIN, f"C.{role} dimmed to {alpha:.3f} reads {seen:.2f}:1"
    if alpha < 1.0:  # a little less would read under the dimmed ratio
        assert contrast(composite([(color, alpha - 0.01)]), BACKGROUND) < DIM_RATIO
    else:
        assert contrast(color, BACKGROUND) <= DIM_RATIO
    if contrast(color, BACKGROUND) > 2 * TEXT_MIN:  # white, yellow: dimmed, visibly
        assert alpha < 0.8


def test_the_line_said_before_dims_and_stays_legible(dry_scene) -> None:
    """ProjectionDrop: q · k's line, said first, is dimmer than comp's line being said."""
    run = dry_scene("ProjectionDrop", "default")
    snap = next(s for s in run.snapshots if s.section == "proyeksi-skalar")
    before, now = ink_of(snap, "dot"), ink_of(snap, "comp")
    assert before.opacity < now.opacity, (
        f"q · k's line at {before.opacity:g}, comp's at {now.opacity:g}: nothing dimmed"
    )
    assert now.opacity == 1.0
    for ink in (before, now):
        assert ink.ratio >= TEXT_MIN, f"{ink.label} at {ink.opacity:g} reads {ink.ratio:.2f}:1"


def test_the_title_and_the_last_line_said_keep_full_strength(dry_scene) -> None:
    """The title never dims; on a new page (the residual's) the line said last is at full."""
    run = dry_scene("ProjectionDrop", "default")
    for snap in run.snapshots:
        title = [ink for ink in snap.inks if ink.label.startswith("Text 'Proyeksi")]
        assert title and all(ink.opacity == 1.0 for ink in title), snap.section
    last = next(s for s in run.snapshots if s.section == "sisa-tegak-lurus")
    assert ink_of(last, "residual_dot").opacity == 1.0


def test_a_line_pointed_at_again_is_lit_again(dry_scene) -> None:
    """LengthAndAngle ends by lighting cos θ's row ("the cosine isolates direction"): it is at
    full again, while θ's row, said after it and not pointed at, stays dimmed."""
    run = dry_scene("LengthAndAngle", "default")
    last = run.snapshots[-1]
    cos_row, theta_row = ink_of(last, "norm_q"), ink_of(last, "theta")
    assert "cos" in cos_row.label and "frac" in cos_row.label, cos_row.label
    row = [ink.opacity for ink in last.inks if np.allclose(ink.box, cos_row.box)]
    assert row == [1.0], f"cos θ's row at {row} after it was lit again (every part at full)"
    assert theta_row.opacity < 1.0, f"θ's row at {theta_row.opacity:g}: nothing dimmed"
    assert theta_row.ratio >= TEXT_MIN
