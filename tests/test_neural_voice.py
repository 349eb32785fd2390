"""`--voice piper`: the English lesson narrated by a neural voice (Piper, en_US-joe-medium).

The three seed scenes rendered in English at the test quality with the neural voice, through
the suite's clip store: speech inside every cue and quiet between captions, −16 LUFS and a
true peak under −1 dBTP, sound and picture of one length, every cue said by the neural voice,
and the words it says those the espeak-ng narration says (the numbers included: they are in
the words, from the sheet).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from audio_checks import check_clip_narration
from cachedir import clip_store
from conftest import QUALITY, SEED_SCENES, lecture, shared
from drycache import cached_dry_run

from lesson.model import DEFAULT_LESSON

pytestmark = [pytest.mark.render, pytest.mark.voice]


@pytest.fixture(scope="module")
def neural(tmp_path_factory: pytest.TempPathFactory) -> Path:
    def render(folder: Path) -> None:
        r = lecture(
            "render", *SEED_SCENES, "--lang", "en", "--voice", "piper", "--quality", QUALITY,
            "--jobs", "2", "--out", str(folder / "out"), "--store", str(clip_store()), "--quiet",
        )  # fmt: skip
        assert r.returncode == 0, r.stderr

    return shared(tmp_path_factory, "neural-seed", render) / "out"


@pytest.mark.parametrize("scene", SEED_SCENES)
def test_the_neural_voice_narrates_the_seed_scenes(neural: Path, scene: str) -> None:
    figures = check_clip_narration(neural, scene, "en")
    clip = json.loads((neural / "manifest.json").read_text(encoding="utf-8"))["clips"][scene]
    said = clip["narration"]
    assert all(c["voice"].startswith("piper en_US-joe-medium") for c in said), said[0]["voice"]
    espeak = cached_dry_run(scene, DEFAULT_LESSON, "en", voice="espeak", recordings=False)
    assert [c["words"] for c in said] == [c.words for c in espeak.narration]
    print(f"{scene}: {figures}")
