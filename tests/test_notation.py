"""One notation across the lesson: a value is written the same way wherever it appears (fast)."""

from __future__ import annotations

import re
from itertools import combinations
from pathlib import Path

import pytest
from variants import EDITS, variant

from lesson.model import load_lesson
from lesson.scenelist import ORDER, lesson_order
from lesson.sheet import scene_sheet

SHARED = {"format", "timing"}  # read by many scenes without meaning the same values
# Read only to decide a wording, not shown: ScaleIsNotCosine compares its pair with the first
# example's, to say its product as a result when the numbers are the same.
COMPARED = {"projection.query", "projection.key"}


def _tables(reads: tuple[str, ...]) -> set[str]:
    """The lesson tables (or quiz entries) a scene shows values of."""
    return {re.split(r"\.", r)[0] for r in reads if r not in COMPARED} - SHARED


@pytest.mark.parametrize("name", ["default", "masked", "largest"])
def test_a_key_shared_by_scenes_of_one_table_is_written_once(name: str, tmp_path: Path) -> None:
    """ProjectionDrop, CoordinateProducts, LengthAndAngle and NumpyCheck all show q, k and
    q · k from [projection]: the same string in each."""
    lesson = load_lesson(variant(name, tmp_path))
    scenes = [ORDER[name] for name in lesson_order(lesson)]
    sheets = {s.name: scene_sheet(lesson, s.name) for s in scenes}
    tables = {s.name: _tables(s.reads) for s in scenes}
    for a, b in combinations(sheets, 2):
        if not tables[a] & tables[b]:
            continue
        for key in set(sheets[a]) & set(sheets[b]):
            assert sheets[a][key].text == sheets[b][key].text, (a, b, key)


NUMBER = re.compile(r"\d+(?:\.(\d+))?")


@pytest.mark.parametrize("name", sorted(EDITS))
def test_logits_and_weights_follow_one_rule(name: str, tmp_path: Path) -> None:
    """Scaled logits with ``logit`` places and softmax weights with ``weight`` places in every
    scene (0.500, never 0.5 in one scene and 0.500 in another); the quiz's exact fractions
    (softmax(0, 0) = (1/2, 1/2)) are the one written step kept from the seed. An exact zero
    is 0 wherever it stands."""
    lesson = load_lesson(variant(name, tmp_path))
    places = {"logit": lesson.places.logit, "weight": lesson.places.weight}
    for scene in lesson_order(lesson):
        for key, shown in scene_sheet(lesson, scene).items():
            kind = re.match(r"(logit|weight)(s|\d+(_\d+)?)?$", key)
            if kind is None or shown.kind in ("infinity", "fraction") or "/" in shown.text:
                continue
            for m in NUMBER.finditer(shown.text):
                if m.group(0) == "0":
                    continue
                decimals = len(m.group(1) or "")
                assert decimals == places[kind.group(1)], (scene, key, shown.text)
