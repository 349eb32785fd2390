"""Shared fixtures: scenes run with rendering skipped, once per (scene, lesson)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from variants import EDITS, variant  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SEED_SCENES = ["ProjectionDrop", "AngleSignRegions", "SoftmaxBarMorph"]


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
    """The three seed scenes rendered once at low quality with two jobs (shared, read-only)."""
    out = tmp_path_factory.mktemp("render") / "low"
    r = lecture(
        "render", *SEED_SCENES, "--quality", "low", "--jobs", "2", "--out", str(out), "--quiet"
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
    """Run a scene's construct with manim's dry_run (no frames, no files); cached."""
    from manim import tempconfig

    from lecture.scenes import scene_class

    def run(scene: str, lesson: str, lang: str = "id"):
        key = (scene, lesson, lang)
        if key not in _runs:
            old = os.environ.get("LECTURE_LESSON")
            os.environ["LECTURE_LESSON"] = str(lesson_paths[lesson])
            os.environ["LECTURE_LANG"] = lang
            try:
                with tempconfig(
                    {
                        "dry_run": True,
                        "media_dir": str(ROOT / "media"),
                        "quality": "low_quality",
                        "disable_caching": True,
                        "verbosity": "ERROR",
                        "progress_bar": "none",
                    }
                ):
                    obj = scene_class(scene)()
                    obj.render()
            finally:
                os.environ.pop("LECTURE_LANG", None)
                if old is None:
                    os.environ.pop("LECTURE_LESSON", None)
                else:
                    os.environ["LECTURE_LESSON"] = old
            _runs[key] = obj
        return _runs[key]

    return run
