"""Yellow is the highlight: what is being said now, never a text that stays on screen.

The palette gives the highlight (:attr:`scenes.palette.C.ACCENT`) to what the voice is
saying at that moment (a number lit on its words, the row being worked, the quiz's countdown
and its answer's box); no role and no heading is yellow. At a step's end nothing is being
said, so no text on screen may still be in the highlight's colour: a title, a note, an angle
or a cosine written in yellow would stay lit through the steps that follow.
"""

from __future__ import annotations

import pytest
from variants import SEED_ORDER

from scenes.palette import C

pytestmark = pytest.mark.manim


@pytest.mark.parametrize("scene", SEED_ORDER)
def test_no_text_stays_in_the_highlights_colour(dry_scene, scene: str) -> None:
    lit = {
        (snap.section, ink.label)
        for snap in dry_scene(scene, "default").snapshots
        for ink in snap.inks
        if ink.kind == "text" and ink.color.upper() == C.ACCENT.upper()
    }
    assert not lit, f"{scene}: text left in the highlight's yellow: {sorted(lit)}"
