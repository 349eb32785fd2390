"""The quiz scenes: each solution ends with its answer on screen."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.manim

# What each question asks for, by sheet key: still on screen when its solution ends.
ANSWERS = {
    "QuizQuestion1": ("dot", "right_angle"),
    "QuizQuestion2": ("dot", "cos"),
    "QuizQuestion3": ("comp", "proj"),
    "QuizQuestion4": ("dot", "right_angle"),
    "QuizQuestion5": ("cos1", "cos2"),
    "QuizQuestion6": ("weights", "winners"),
    "QuizQuestion7": ("weight", "norm_q"),
    "QuizQuestion8": ("cos", "scaled"),
}


@pytest.mark.parametrize("scene", sorted(ANSWERS))
def test_the_solution_ends_with_its_answer_on_screen(dry_scene, scene: str) -> None:
    last = dry_scene(scene, "default").snapshots[-1]
    assert last.section == "kesimpulan"
    missing = [key for key in ANSWERS[scene] if key not in last.numbers]
    assert not missing, f"{scene} ends without {missing} on screen"
