"""Shared fixtures: scenes run with rendering skipped, once per (scene, lesson)."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from drycache import cached_dry_run  # noqa: E402
from variants import EDITS, variant  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
# Scenes for the render tests, imported by workers; not a doctest module (it imports manim).
collect_ignore = ["fixture_scenes.py"]
SEED_SCENES = ["ProjectionDrop", "AngleSignRegions", "SoftmaxBarMorph"]
DRY_MEDIA = ROOT / "media" / "test-dry"
# Dry runs check what each step shows at its end, what the scene reads and its subtitles'
# rules; none of that depends on the frame rate, so they run at 5 fps (2.5× faster than 15).
DRY_FPS = 5.0


def lecture(*args: str, env: dict[str, str] | None = None, **kw) -> subprocess.CompletedProcess:
    """Run the `lecture` command in a fresh process."""
    return subprocess.run(
        [sys.executable, "-m", "lecture.cli", *args],
        cwd=ROOT,
        text=True,
        capture_output=True,
        env={**os.environ, **(env or {})},
        **kw,
    )


@pytest.fixture(scope="session")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The three seed scenes rendered once at low quality with two jobs (shared, read-only).

    Under pytest-xdist the workers share one render: the first renders it under a lock, the
    others find it done.
    """
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # the run's base folder, common to all workers
    out = shared / "shared-render" / "low"
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out.parent / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (out / "manifest.json").is_file():
            r = lecture(
                "render",
                *SEED_SCENES,
                "--quality",
                "low",
                "--jobs",
                "2",
                "--out",
                str(out),
                "--quiet",
            )
            assert r.returncode == 0, r.stderr
    return out


@pytest.fixture(scope="session")
def lesson_paths(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("lessons")
    return {name: variant(name, folder) for name in EDITS}


_runs: dict[tuple[str, str, str], object] = {}


@pytest.fixture(scope="session")
def dry_scene(lesson_paths: dict[str, Path]):
    """A scene's dry run (what it showed, when, and what it read), made once per machine.

    The results are kept in the suite's cache (:mod:`drycache`), keyed by the code, the
    lesson's bytes and everything else that makes them: under pytest-xdist the first worker
    to need one makes it under a lock, the others read it, and a later run reads it back.
    """
    # manim writes its TeX and text caches in place: one folder per process
    media = DRY_MEDIA / (os.environ.get("PYTEST_XDIST_WORKER") or "main")

    def run(scene: str, lesson: str, lang: str = "id"):
        key = (scene, lesson, lang)
        if key not in _runs:
            _runs[key] = cached_dry_run(
                scene, lesson_paths[lesson], lang, media, frame_rate=DRY_FPS
            )
        return _runs[key]

    return run


# The longest tests start first, so the parallel run is not left waiting on one of them at
# the end (the whole-lesson build alone takes about four minutes on two cores).
LONG_POLES = (
    "test_whole_lesson_builds_with_a_chapter_per_scene",
    "test_local_cluster_renders_real_scenes_once_for_two_lessons",
    "test_a_recording_replaces_one_cue_and_goes_stale_when_the_numbers_change",
    "test_a_real_recording_of_a_number_goes_stale_when_the_lesson_changes",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Move the long poles to the front of the collection (pytest-xdist hands out in order)."""
    first = [i for name in LONG_POLES for i in items if i.name == name]
    items[:] = first + [i for i in items if i not in first]
