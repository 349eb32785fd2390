"""The scene list, the layers and the render hash, checked without manim (fast tier)."""

from __future__ import annotations

import argparse
import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest
from variants import EDITS, EVERY_KIND_ORDER, showing, variant

from lesson.catalogue import LANGUAGES, chapter_title, file_catalogue
from lesson.model import load_lesson
from lesson.reads import ReadLog, uncovered
from lesson.scenelist import ORDER, SCENES
from pipeline.job import input_hash, source_digests
from pipeline.settings import RenderSettings

ROOT = Path(__file__).resolve().parent.parent
LOW = RenderSettings("low", "id")


def classes_in(path: Path) -> set[str]:
    return {n.name for n in ast.walk(ast.parse(path.read_text())) if isinstance(n, ast.ClassDef)}


@pytest.mark.parametrize("spec", SCENES, ids=lambda s: s.name)
def test_every_scene_resolves_to_its_files(spec) -> None:
    """Class in scenes/<module>.py, builder in lesson/sheets/<module>.py, text and chapter."""
    module_file = ROOT / (spec.scene_module.replace(".", "/") + ".py")
    if not module_file.is_file():  # a package: its scenes are in its __init__
        module_file = module_file.with_suffix("") / "__init__.py"
    assert spec.name in classes_in(module_file)
    assert callable(spec.builder())
    for lang in LANGUAGES:
        assert file_catalogue(spec.text_file, lang), f"{spec.text_file} has no [{lang}] table"
        assert chapter_title(spec.name, lang).strip()


def test_every_concrete_scene_class_is_in_the_scene_list_once() -> None:
    """A LessonScene subclass that no other class extends is a scene: it must be listed."""
    assert len(ORDER) == len(SCENES)
    parents: dict[str, set[str]] = {}
    for path in (ROOT / "scenes").rglob("*.py"):
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.ClassDef):
                parents[node.name] = {getattr(b, "id", getattr(b, "attr", "")) for b in node.bases}

    def is_scene(name: str) -> bool:
        return name == "LessonScene" or any(is_scene(p) for p in parents.get(name, ()))

    scenes = {n for n in parents if n != "LessonScene" and is_scene(n)}
    extended = set().union(*parents.values())
    assert scenes - extended == set(ORDER)


@pytest.fixture(scope="module")
def lessons(tmp_path_factory) -> dict:
    folder = tmp_path_factory.mktemp("lessons")
    return {name: load_lesson(variant(name, folder)) for name in EDITS}


@pytest.mark.parametrize("spec", [ORDER[s] for s in EVERY_KIND_ORDER], ids=lambda s: s.name)
def test_sheet_builders_read_only_declared_keys(spec, lessons) -> None:
    for lesson in showing(spec.name, lessons).values():
        view = ReadLog(lesson)
        spec.builder()(view)
        assert view.keys, f"{spec.name}'s sheet reads nothing"
        assert uncovered(view.keys, spec.reads) == []


def test_hash_changes_only_with_the_keys_the_clip_reads(lessons) -> None:
    sources = ("scenes/base.py",)
    digests = source_digests()

    def h(lesson, scene, settings=LOW):
        return input_hash(lesson, ORDER[scene], settings, sources, digests)

    base, masked, obtuse = lessons["default"], lessons["masked"], lessons["obtuse"]
    assert h(base, "SoftmaxBarMorph") != h(masked, "SoftmaxBarMorph")
    assert h(base, "ProjectionDrop") == h(masked, "ProjectionDrop")
    assert h(base, "ProjectionDrop") != h(obtuse, "ProjectionDrop")
    assert h(base, "AngleSignRegions") != h(obtuse, "AngleSignRegions")
    assert h(base, "SoftmaxBarMorph") == h(obtuse, "SoftmaxBarMorph")
    assert h(base, "ProjectionDrop") != h(base, "ProjectionDrop", RenderSettings("medium"))
    assert h(base, "ProjectionDrop") != h(base, "ProjectionDrop", RenderSettings("low", "en"))


def test_hash_is_at_the_grain_of_keys_and_quiz_entries(tmp_path: Path) -> None:
    """Editing attention.query leaves AttentionScores; editing quiz 3 touches QuizQuestion3 only."""
    digests = source_digests()
    base = load_lesson()
    query = load_lesson(variant("default", tmp_path, [("attention", "query", "[2, 1]")]))
    quiz3 = load_lesson(variant("default", tmp_path, [("quiz#3", "x", "[3, 2]")]))

    def changed(lesson) -> set[str]:
        return {
            s.name
            for s in SCENES
            if input_hash(base, s, LOW, (), digests) != input_hash(lesson, s, LOW, (), digests)
        }

    assert changed(query) == {"Hook", "SoftmaxBarMorph"}
    assert changed(quiz3) == {"QuizQuestion3"}


def test_hash_follows_the_recorded_source_files(tmp_path: Path) -> None:
    spec, lesson = ORDER["ProjectionDrop"], load_lesson()
    digests = source_digests()
    a = input_hash(lesson, spec, LOW, ("scenes/projection.py",), digests)
    assert a == input_hash(lesson, spec, LOW, ("scenes/projection.py",), digests)
    assert a != input_hash(lesson, spec, LOW, ("scenes/projection.py", "scenes/angle.py"), digests)
    edited = {**digests, "scenes/projection.py": "0" * 64}
    assert a != input_hash(lesson, spec, LOW, ("scenes/projection.py",), edited)
    # a recorded file that is gone counts as changed, not as an error
    assert a != input_hash(lesson, spec, LOW, ("scenes/projection.py", "gone.py"), digests)


def test_a_comment_in_the_lesson_file_changes_no_hash(tmp_path: Path) -> None:
    base = load_lesson()
    commented = tmp_path / "commented.toml"
    commented.write_text("# a note\n" + base.path.read_text(encoding="utf-8"), encoding="utf-8")
    other = load_lesson(commented)
    digests = source_digests()
    assert all(
        input_hash(base, s, LOW, (), digests) == input_hash(other, s, LOW, (), digests)
        for s in SCENES
    )


def test_lesson_saved_with_a_byte_order_mark_loads(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + load_lesson().path.read_bytes())
    assert load_lesson(path).raw == load_lesson().raw


def test_settings_are_checked_once() -> None:
    with pytest.raises(ValueError, match="unknown quality 'ultra'"):
        RenderSettings("ultra")
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        RenderSettings(lang="fr")
    assert RenderSettings("low", "en").out_dir(load_lesson()).name == "low-en"


def test_voice_is_checked_once_from_one_list() -> None:
    """Every command's --voice offers the settings' names; the settings refuse another."""
    from lecture.cli import build_parser
    from pipeline.voice.engines import voice_options

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    offered = {
        name: action.choices
        for name, command in sub.choices.items()
        for action in command._actions
        if "--voice" in action.option_strings
    }
    assert set(offered) == {
        "render",
        "build",
        "slides",
        "export",
        "frames",
        "captions",
        "watch",
        "page",
    }
    assert all(tuple(choices or ()) == voice_options() for choices in offered.values())
    with pytest.raises(ValueError, match="unknown voice 'robot'; have espeak, piper, none"):
        RenderSettings(voice="robot")


def test_layer_contract_holds() -> None:
    r = subprocess.run(
        [str(Path(sys.executable).with_name("lint-imports"))],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stdout[-2000:]
    assert "0 broken" in r.stdout


def test_fast_modules_do_not_import_manim() -> None:
    code = (
        "import sys, lecture.cli, lesson.sheet, lesson.reads, pipeline.render, "
        "pipeline.manifest; from lesson.sheet import numbers_sheet; "
        "from lesson.model import load_lesson; numbers_sheet(load_lesson()); "
        "assert 'manim' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


# Scenes that frame the lesson rather than compute: the title card, the hook (the worked
# example's numbers, said in SoftmaxBarMorph) and the recap.
NO_COMPUTATION = {"LessonTitle", "Hook", "Recap"}


@pytest.mark.parametrize(
    "spec", [ORDER[s] for s in EVERY_KIND_ORDER if s not in NO_COMPUTATION], ids=lambda s: s.name
)
def test_every_computing_scene_marks_what_it_says(spec, lessons) -> None:
    """Each scene that works a computation marks its results, so the voice must say them.

    The dry-run tests then fail when a marked value is shown but not said in its step.
    """
    from lesson.sheet import build_sheet

    for name, lesson in showing(spec.name, lessons).items():
        sheet = build_sheet(spec.builder(), lesson)
        assert sheet.outcomes, f"{spec.name} ({name}) marks no value as a result it says"
        assert sheet.outcomes <= set(sheet), f"{spec.name}: marks values it does not have"


def test_numpy_gives_no_huge_page_advice_in_the_lectures_processes() -> None:
    """`lecture` turns NumPy's huge-page advice off for itself and the processes it starts.

    On this kind of machine a fresh array of 4 MB or more advised to use huge pages costs
    about twenty times as much to fill (``bench/hugepages.py``), and a render's sound is made
    of such arrays; an author who sets ``NUMPY_MADVISE_HUGEPAGE`` keeps their choice.
    """
    code = (
        "import os, subprocess, sys, lecture, numpy\n"
        "from numpy._core.multiarray import _get_madvise_hugepage\n"
        "child = subprocess.run([sys.executable, '-c', 'import numpy; "
        "from numpy._core.multiarray import _get_madvise_hugepage as g; print(g())'],"
        " capture_output=True, text=True).stdout.strip()\n"
        "print(os.environ['NUMPY_MADVISE_HUGEPAGE'], _get_madvise_hugepage(), child)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "NUMPY_MADVISE_HUGEPAGE"}

    def said(extra: dict[str, str]) -> str:
        r = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env={**env, **extra}
        )
        assert r.returncode == 0, r.stderr
        return r.stdout.strip()

    assert said({}) == "0 False False"  # this process and a process it starts
    assert said({"NUMPY_MADVISE_HUGEPAGE": "1"}) == "1 True True"  # the author's own choice
