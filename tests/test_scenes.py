"""Scenes run with rendering skipped: what they show equals the numbers sheet, and fits."""

from __future__ import annotations

import ast
import re
import tempfile
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest
from variants import EDITS, variant

from lecture.lesson import load_lesson
from lecture.scenes import ORDER
from lecture.sheet import scene_inputs, scene_sheet
from scenes.strings import catalogue

SCENES = list(ORDER)
SEED_SCENES = ("ProjectionDrop", "AngleSignRegions", "SoftmaxBarMorph")
LESSONS = list(EDITS)


def _distinct_runs() -> list[tuple[str, str]]:
    """(scene, lesson) pairs, leaving out edited lessons that change nothing the scene reads."""
    folder = Path(tempfile.mkdtemp(prefix="variants-"))
    lessons = {name: load_lesson(variant(name, folder)) for name in LESSONS}
    runs = []
    for scene in SCENES:
        seen = set()
        for name, lesson in lessons.items():
            inputs = lesson.section_json(*scene_inputs(scene))
            if inputs not in seen:
                seen.add(inputs)
                runs.append((scene, name))
    return runs


RUNS = _distinct_runs()
FRAME_W, FRAME_H = 14.222, 8.0
EDGE = 0.1  # text must stay at least this far from the frame edge


@pytest.mark.parametrize(("scene", "lesson"), RUNS)
def test_shown_numbers_equal_the_sheet(dry_scene, lesson_paths, scene: str, lesson: str) -> None:
    obj = dry_scene(scene, lesson)
    sheet = {k: v.text for k, v in scene_sheet(load_lesson(lesson_paths[lesson]), scene).items()}
    shown: dict[str, str] = {}
    for snap in obj.snapshots:
        assert not snap.mismatched, f"{snap.section}: one key shown two ways {snap.mismatched}"
        for key, text in snap.numbers.items():
            assert key in sheet, f"{snap.section}: shows {key}={text!r}, which the sheet lacks"
            assert text == sheet[key], f"{snap.section}: {key} shows {text!r}, sheet {sheet[key]!r}"
            shown[key] = text
    missing = sorted(set(sheet) - set(shown))
    assert not missing, f"in the sheet but never on screen at a section end: {missing}"


LAYOUTS = [(scene, lesson, "id") for scene, lesson in RUNS] + [
    (scene, lesson, "en") for scene, lesson in RUNS if lesson in ("default", "largest")
]


@pytest.mark.parametrize(("scene", "lesson", "lang"), LAYOUTS)
def test_text_inside_frame_and_not_overlapping(dry_scene, scene: str, lesson: str, lang: str):
    obj = dry_scene(scene, lesson, lang)
    assert len(obj.snapshots) >= 3
    for snap in obj.snapshots:
        for label, ((x0, y0), (x1, y1)) in snap.boxes:
            assert x0 >= -FRAME_W / 2 + EDGE and x1 <= FRAME_W / 2 - EDGE, (snap.section, label)
            assert y0 >= -FRAME_H / 2 + EDGE and y1 <= FRAME_H / 2 - EDGE, (snap.section, label)
        for (la, a), (lb, b) in combinations(snap.boxes, 2):
            overlap = np.minimum(a[1], b[1]) - np.maximum(a[0], b[0])
            assert not np.all(overlap > 0.02), f"{snap.section}: {la} overlaps {lb}"


@pytest.mark.parametrize("scene", SCENES)
def test_sections_and_subcaptions(dry_scene, scene: str) -> None:
    obj = dry_scene(scene, "default")
    names = [s.section for s in obj.snapshots]
    assert len(names) == len(set(names)) >= (4 if scene in SEED_SCENES else 3)
    low, high = (20, 40) if scene in SEED_SCENES else (8, 60)
    assert low <= obj.time <= high, f"{scene} runs {obj.time:.1f} s"


SCENE_DIR = Path(__file__).resolve().parent.parent / "scenes"
# Not lesson numbers: the Euclidean norm's subscript, colour codes, the text encoding.
ALLOWED = re.compile(r"\\\|_2(\^2)?|^#[0-9A-Fa-f]{6}$|^utf-8$")


def typed_digits(source: str) -> list[tuple[int, str]]:
    """String constants (f-string text included, docstrings not) that contain a digit."""
    tree = ast.parse(source)
    docstrings = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    found = []
    for node in ast.walk(tree):
        if id(node) in docstrings:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if any(c.isdigit() for c in ALLOWED.sub("", node.value)):
                found.append((node.lineno, node.value))
    return found


@pytest.mark.parametrize("path", sorted(SCENE_DIR.glob("*.py")), ids=lambda p: p.name)
def test_no_digit_typed_in_scene_strings(path: Path) -> None:
    assert typed_digits(path.read_text(encoding="utf-8")) == []


def test_catalogues_translate_every_string_without_numbers() -> None:
    ids, ens = catalogue("id"), catalogue("en")
    assert set(ids) == set(ens), f"untranslated: {sorted(set(ids) ^ set(ens))}"
    for lang, table in (("id", ids), ("en", ens)):
        for key, text in table.items():
            assert text.strip(), f"{lang}.{key} is blank"
            assert not any(c.isdigit() for c in text), f"{lang}.{key} types a number: {text!r}"


@pytest.mark.parametrize("scene", SCENES)
def test_english_shows_the_same_numbers(dry_scene, scene: str) -> None:
    def shown(lang: str) -> dict[str, str]:
        return {
            k: v for s in dry_scene(scene, "default", lang).snapshots for k, v in s.numbers.items()
        }

    assert shown("en") == shown("id")


def test_digit_check_catches_a_typed_number() -> None:
    assert typed_digits('label = MathTex(r"q \\cdot k = 4")') == [(1, "q \\cdot k = 4")]
    assert typed_digits('x = f"k_{{{i}}} = (0.8, {y})"') != []
    assert typed_digits('norm = r"\\|k\\|_2^2"; c = "#E69F00"') == []
    assert typed_digits('def f():\n    """Docs may say 90 degrees."""') == []
