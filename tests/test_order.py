"""The order clips start in: longest first, from what earlier renders of the lesson measured."""

from __future__ import annotations

from pathlib import Path

import pytest

from lesson.model import load_lesson
from pipeline.batch import known_durations, plan
from pipeline.manifest import Clip, Manifest
from pipeline.settings import RenderSettings

SEED = ["ProjectionDrop", "AngleSignRegions", "SoftmaxBarMorph"]


def clip(scene: str, duration: float, quality: str = "low") -> Clip:
    return Clip(scene, f"{scene}.mp4", f"{scene}.srt", f"{scene}.png", (), duration, 2, 2, 15,
                round(duration * 15), "h", quality, "id", {}, ())  # fmt: skip


def write_manifest(folder: Path, durations: dict[str, float], lang: str = "id") -> None:
    lesson = load_lesson()
    clips = {s: clip(s, d) for s, d in durations.items()}
    folder.mkdir(parents=True, exist_ok=True)
    Manifest(lesson.id, str(lesson.path), "low", lang, clips).save(folder)


def started(out: Path, quality: str = "low") -> list[str]:
    """The scenes of a forced render of the seed scenes into `out`, in the order they start."""
    settings = RenderSettings(quality, "id", force=True)
    p = plan([load_lesson()], SEED, settings, [out], None)
    return [t.job.scene for t in p.tasks.values()]


def test_without_earlier_renders_the_scene_list_order_is_kept(tmp_path: Path) -> None:
    assert started(tmp_path / "out") == SEED


def test_the_longest_clip_of_the_last_render_starts_first(tmp_path: Path) -> None:
    out = tmp_path / "out"
    write_manifest(out, {"ProjectionDrop": 30.0, "AngleSignRegions": 20.0, "SoftmaxBarMorph": 90.0})
    assert started(out) == ["SoftmaxBarMorph", "ProjectionDrop", "AngleSignRegions"]


def test_a_scene_of_unknown_length_starts_before_the_known_ones(tmp_path: Path) -> None:
    out = tmp_path / "out"
    write_manifest(out, {"ProjectionDrop": 30.0, "AngleSignRegions": 50.0})
    assert started(out) == ["SoftmaxBarMorph", "AngleSignRegions", "ProjectionDrop"]


def test_a_preview_at_another_quality_orders_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The publishing build of a fresh folder takes the lengths from the low-quality preview
    in the lesson's default folder; a preview in another language does not count."""
    monkeypatch.setenv("LECTURE_MEDIA", str(tmp_path / "media"))
    lesson = load_lesson()
    low = RenderSettings("low", "id").out_dir(lesson)
    write_manifest(low, {"ProjectionDrop": 10.0, "AngleSignRegions": 80.0, "SoftmaxBarMorph": 40.0})
    english = RenderSettings("low", "en").out_dir(lesson)
    write_manifest(english, {"ProjectionDrop": 99.0}, lang="en")
    high = tmp_path / "high"
    assert known_durations(lesson, RenderSettings("high", "id"), high) == {
        "ProjectionDrop": 10.0,
        "AngleSignRegions": 80.0,
        "SoftmaxBarMorph": 40.0,
    }
    assert started(high, "high") == ["AngleSignRegions", "SoftmaxBarMorph", "ProjectionDrop"]
    write_manifest(high, {"ProjectionDrop": 100.0})  # the folder's own manifest counts first
    assert started(high, "high")[0] == "ProjectionDrop"
