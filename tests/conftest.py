"""Shared fixtures: scenes run with rendering skipped, once per (scene, lesson)."""

from __future__ import annotations

import fcntl
import os
import pickle
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from variants import EDITS, variant  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
# Scenes for the render tests, imported by workers; not a doctest module (it imports manim).
collect_ignore = ["fixture_scenes.py"]
SEED_SCENES = ["ProjectionDrop", "AngleSignRegions", "SoftmaxBarMorph"]
DRY_MEDIA = ROOT / "media" / "test-dry"


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


_runs: dict[tuple[str, str, str], SimpleNamespace] = {}


def _dry_run(scene: str, lesson: Path, lang: str, media: Path) -> SimpleNamespace:
    """Run `scene`'s construct with manim's dry_run (no frames, no files)."""
    import importlib

    from manim import tempconfig

    from lesson.scenelist import scene_spec

    old = os.environ.get("LECTURE_LESSON")
    os.environ["LECTURE_LESSON"] = str(lesson)
    os.environ["LECTURE_LANG"] = lang
    try:
        with tempconfig(
            {
                "dry_run": True,
                "media_dir": str(media),
                "quality": "low_quality",
                "disable_caching": True,
                "verbosity": "ERROR",
                "progress_bar": "none",
            }
        ):
            spec = scene_spec(scene)
            obj = getattr(importlib.import_module(spec.scene_module), scene)()
            # dry_run writes no frames but still draws each one with Cairo (a quarter of its
            # time); the tests read mobjects, never pixels, so skip the drawing
            obj.renderer.update_frame = lambda *a, **k: None
            obj.renderer.save_static_frame_data = lambda *a, **k: None
            obj.render()
    finally:
        os.environ.pop("LECTURE_LANG", None)
        if old is None:
            os.environ.pop("LECTURE_LESSON", None)
        else:
            os.environ["LECTURE_LESSON"] = old
    return SimpleNamespace(
        snapshots=obj.snapshots,
        time=float(obj.time),
        lesson_reads=set(obj.lesson_reads),
        subcaptions=list(obj.renderer.file_writer.subcaptions),
    )


@pytest.fixture(scope="session")
def dry_scene(lesson_paths: dict[str, Path], tmp_path_factory: pytest.TempPathFactory):
    """A scene's dry run (what it showed, when, and what it read), made once per test run.

    Under pytest-xdist the workers share the results through files in the run's base folder:
    the first worker to need one makes it under a lock, the other reads it.
    """
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    base = tmp_path_factory.getbasetemp()
    shared = (base.parent if worker else base) / "dry-runs"
    shared.mkdir(exist_ok=True)
    # manim writes its TeX and text caches in place: one folder per process
    media = DRY_MEDIA / (worker or "main")

    def run(scene: str, lesson: str, lang: str = "id") -> SimpleNamespace:
        key = (scene, lesson, lang)
        if key not in _runs:
            done = shared / f"{scene}-{lesson}-{lang}.pickle"
            with open(done.with_suffix(".lock"), "w") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                if done.is_file():
                    _runs[key] = pickle.loads(done.read_bytes())
                else:
                    _runs[key] = _dry_run(scene, lesson_paths[lesson], lang, media)
                    tmp = done.with_suffix(".tmp")
                    tmp.write_bytes(pickle.dumps(_runs[key]))
                    os.replace(tmp, done)
        return _runs[key]

    return run
