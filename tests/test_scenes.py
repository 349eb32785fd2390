"""Scenes run with rendering skipped: what they show equals the numbers sheet, and fits."""

from __future__ import annotations

import tempfile
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest
from variants import EDITS, EVERY_KIND_ORDER, asking, showing, variant

from lesson import captions
from lesson.model import load_lesson
from lesson.reads import uncovered
from lesson.scenelist import ORDER
from lesson.sheet import scene_sheet
from mathcore.spoken import spoken

SCENES = EVERY_KIND_ORDER  # the default lesson's, and the two quiz kinds it leaves out
SEED_SCENES = ("ProjectionDrop", "AngleSignRegions", "SoftmaxBarMorph")
LESSONS = list(EDITS)


def _distinct_runs() -> list[tuple[str, str]]:
    """(scene, lesson) pairs, leaving out edited lessons that change nothing the scene reads."""
    folder = Path(tempfile.mkdtemp(prefix="variants-"))
    lessons = {name: load_lesson(variant(name, folder)) for name in LESSONS}
    runs = []
    for scene in SCENES:
        seen = set()
        for name, lesson in showing(scene, lessons).items():
            inputs = lesson.section_json(*ORDER[scene].reads)
            if inputs not in seen:
                seen.add(inputs)
                runs.append((scene, name))
    return runs


RUNS = _distinct_runs()
FRAME_W, FRAME_H = 14.222, 8.0
pytestmark = pytest.mark.manim


def check_numbers(obj, sheet: dict[str, str]) -> None:
    """The numbers on screen at every step's end equal the sheet, in both directions."""
    shown: dict[str, str] = {}
    for snap in obj.snapshots:
        assert not snap.mismatched, f"{snap.section}: one key shown two ways {snap.mismatched}"
        for key, text in snap.numbers.items():
            assert key in sheet, f"{snap.section}: shows {key}={text!r}, which the sheet lacks"
            assert text == sheet[key], f"{snap.section}: {key} shows {text!r}, sheet {sheet[key]!r}"
            shown[key] = text
    missing = sorted(set(sheet) - set(shown))
    assert not missing, f"in the sheet but never on screen at a section end: {missing}"


def check_layout(obj) -> list[str]:
    """What breaks the layout at a step's end: a text outside the title-safe area (5 % of
    the frame on each side), two texts overlapping, a text under an arrow's head, a text
    smaller than the floor (about 24 px a line at 720p). Empty when the layout holds."""
    from scenes.frame import MIN_FONT, SAFE_X, SAFE_Y

    bad = [] if len(obj.snapshots) >= 3 else [f"{len(obj.snapshots)} steps"]
    half_w, half_h = FRAME_W / 2 - SAFE_X, FRAME_H / 2 - SAFE_Y
    for snap in obj.snapshots:
        for label, ((x0, y0), (x1, y1)) in snap.boxes:
            outside = max(-half_w - x0, x1 - half_w, -half_h - y0, y1 - half_h)
            if outside > 1e-6:
                bad.append(
                    f"{snap.section}: {label} at x {x0:.2f}..{x1:.2f}, y {y0:.2f}..{y1:.2f} "
                    f"leaves the title-safe area ±{half_w:.2f} × ±{half_h:.2f}"
                )
        for (la, a), (lb, b) in combinations(snap.boxes, 2):
            overlap = np.minimum(a[1], b[1]) - np.maximum(a[0], b[0])
            if np.all(overlap > 0.02):
                bad.append(f"{snap.section}: {la} overlaps {lb}")
        for label, box in snap.boxes:
            for _, tip in snap.tips:
                overlap = np.minimum(box[1], tip[1]) - np.maximum(box[0], tip[0])
                if np.all(overlap > 0.02):
                    bad.append(f"{snap.section}: {label} lies under an arrow's head")
        bad += [
            f"{snap.section}: {label} at font size {size:.1f} (floor {MIN_FONT})"
            for label, size in snap.sizes
            if size < MIN_FONT - 0.05
        ]
    return bad


def check_outcomes_said(obj, sheet, lang: str) -> None:
    """Every value the sheet marks as an outcome is said aloud in the step that first shows it.

    The step's captions name it (a ``{key}`` field) and the words the narrator was asked to
    say hold its spoken form, so a learner who only listens hears every result.
    """
    seen: set[str] = set()
    for snap in obj.snapshots:
        new = (set(snap.numbers) & sheet.outcomes) - seen
        words = " ".join(snap.words)
        for key in sorted(new):
            said = spoken(sheet[key], lang)
            assert key in snap.said and said in words, (
                f"{snap.section}: shows {key} = {sheet[key].text!r} but never says {said!r}"
            )
        seen |= set(snap.numbers)


def check_inputs_said(obj, sheet, lang: str) -> None:
    """Every value the sheet marks as an input is said aloud by the end of the step that
    first shows it, so a learner who only listens has what the computation starts from."""
    words = ""
    for snap in obj.snapshots:
        words += " " + " ".join(snap.words)
        for key in sorted(set(snap.numbers) & sheet.inputs):
            said = spoken(sheet[key], lang)
            assert said in words, (
                f"{snap.section}: shows the input {key} = {sheet[key].text!r} but never says "
                f"{said!r}"
            )


def check_contrast(obj) -> None:
    """Every text at 4.5:1 and every meaningful graphic at 3:1 against what is behind it."""
    from scenes.palette import GRAPHIC_MIN, TEXT_MIN

    need = {"text": TEXT_MIN, "graphic": GRAPHIC_MIN}
    low = []
    for snap in obj.snapshots:
        assert any(ink.kind == "text" for ink in snap.inks), f"{snap.section}: no text recorded"
        low += [
            f"{snap.section}: {ink.label} {ink.color} at {ink.opacity:g} is {ink.ratio:.2f}:1 "
            f"({ink.seen} on {ink.behind}; a {ink.kind} needs {need[ink.kind]}:1)"
            for ink in snap.inks
            if ink.kind in need and ink.ratio < need[ink.kind]
        ]
    assert not low, "\n".join(low)


def check_captions(obj, lang: str) -> None:
    """Every subtitle cue to broadcast rules (lines, length, speed, duration, gaps, notation)."""
    assert obj.cues, "no subtitles"
    broken = [f"{v.rule} {v.figure}: {v.text!r}" for v in captions.check(obj.cues, obj.fps)]
    assert not broken, "\n".join(broken)
    assert obj.cues[-1].end <= obj.time + 1e-3


# Every distinct (scene, lesson) in Indonesian; English on the default lesson and on the one
# with the largest decimal coordinates (what the voice says is checked in both languages on
# decimals; the other edited lessons' layouts in Indonesian, whose text is longer).
RUNS_ALL = [(scene, lesson, "id") for scene, lesson in RUNS] + [
    (scene, lesson, "en") for scene, lesson in RUNS if lesson in ("default", "largest")
]


@pytest.mark.parametrize(("scene", "lesson", "lang"), RUNS_ALL)
def test_dry_run(dry_scene, lesson_paths, scene: str, lesson: str, lang: str) -> None:
    """One test per dry run (so two test processes never wait for the same one):
    numbers equal the sheet, only declared lesson keys read, text inside and apart and legible."""
    obj = dry_scene(scene, lesson, lang)
    full = scene_sheet(load_lesson(lesson_paths[lesson]), scene)
    sheet = {k: v.text for k, v in full.items()}
    check_numbers(obj, sheet)
    check_outcomes_said(obj, full, lang)
    check_inputs_said(obj, full, lang)
    assert obj.lesson_reads, "read nothing from the lesson"
    assert uncovered(obj.lesson_reads, ORDER[scene].reads) == [], "reads an undeclared key"
    broken = check_layout(obj)
    assert not broken, "\n".join(broken)
    check_contrast(obj)
    check_captions(obj, lang)


@pytest.mark.parametrize("scene", SCENES)
def test_sections_and_subcaptions(dry_scene, scene: str) -> None:
    obj = dry_scene(scene, asking(scene))
    names = [s.section for s in obj.snapshots]
    assert len(names) == len(set(names)) >= (4 if scene in SEED_SCENES else 3)
    low, high = (20, 180) if scene in SEED_SCENES else (8, 150)  # every step said aloud
    assert low <= obj.time <= high, f"{scene} runs {obj.time:.1f} s"


@pytest.mark.parametrize("scene", SCENES)
def test_english_shows_the_same_numbers(dry_scene, scene: str) -> None:
    def shown(lang: str) -> dict[str, str]:
        return {
            k: v
            for s in dry_scene(scene, asking(scene), lang).snapshots
            for k, v in s.numbers.items()
        }

    assert shown("en") == shown("id")


@pytest.mark.parametrize("scene", SCENES)
def test_every_text_and_graphic_is_legible(dry_scene, scene: str) -> None:
    """At every step's end, each text reads at 4.5:1 and each meaningful graphic at 3:1
    against what is behind it (WCAG 1.4.3 and 1.4.11), faded context included: the colours
    and opacities the scene drew, composited over the background and any tint under them.
    (``test_dry_run`` checks the same on every edited lesson and in English.)"""
    check_contrast(dry_scene(scene, asking(scene)))
