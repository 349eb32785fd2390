"""The quiz scenes: each solution ends with its work and its answer, marked, on screen."""

from __future__ import annotations

import numpy as np
import pytest
from test_scenes import RUNS

from lesson.model import load_lesson
from lesson.sheet import scene_sheet

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
# The default lesson and the edited ones that change the questions (each distinct run once).
KEPT = [
    (s, lesson) for s, lesson in RUNS if s in ANSWERS and lesson in ("default", "quiz", "largest")
]


@pytest.mark.parametrize("scene", sorted(ANSWERS))
def test_the_solution_ends_with_its_answer_on_screen(dry_scene, scene: str) -> None:
    last = dry_scene(scene, "default").snapshots[-1]
    assert last.section == "kesimpulan"
    missing = [key for key in ANSWERS[scene] if key not in last.numbers]
    assert not missing, f"{scene} ends without {missing} on screen"


@pytest.mark.parametrize(("scene", "lesson"), KEPT)
def test_the_last_frame_keeps_the_question_the_work_and_a_marked_answer(
    dry_scene, lesson_paths, scene: str, lesson: str
) -> None:
    """The last step's end shows the question where it was asked, every result an earlier
    step showed (the sheet's outcomes: products, lengths, cosines, logits, weights…), and a
    marker around a row that states the answer."""
    obj = dry_scene(scene, lesson)
    sheet = scene_sheet(load_lesson(lesson_paths[lesson]), scene)
    first, last = obj.snapshots[0], obj.snapshots[-1]
    results = {key for snap in obj.snapshots[:-1] for key in snap.numbers} & sheet.outcomes
    lost = sorted(results - set(last.numbers))
    assert not lost, f"{scene} on {lesson}: the last frame lost {lost}"

    def stays(label: str, box: np.ndarray, snap) -> bool:
        return any(lb == label and np.allclose(b, box, atol=1e-3) for lb, b in snap.boxes)

    # the question: what the first step showed and the next still shows (not the countdown)
    asked = [(label, box) for label, box in first.boxes if stays(label, box, obj.snapshots[1])]
    assert len(asked) >= 3, "a header, a tag and the question"
    moved = [label for label, box in asked if not stays(label, box, last)]
    assert not moved, f"{scene} on {lesson}: the question moved or went away ({moved})"
    assert set(first.numbers.items()) <= set(last.numbers.items())
    assert last.marked, f"{scene} on {lesson}: no answer is marked"
    assert last.marked <= set(last.numbers)
    assert last.marked & set(ANSWERS[scene]), f"{scene}: marks {sorted(last.marked)}"
