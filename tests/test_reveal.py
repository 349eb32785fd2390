"""Each number shows when the voice says it: the picture follows the voice.

The dry runs (shared with tests/test_scenes.py) note, for every number a scene shows, when it
first shows and when a caption first says it; the beats come from the takes, and with an
author's recording from the recording.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from lesson.model import load_lesson
from lesson.scenelist import ORDER, lesson_order
from pipeline.takecheck import speech_span
from pipeline.voice.audio import read_audio, write_wav
from pipeline.voice.narrator import RecordedNarrator, beat
from pipeline.voice.recordings import text_hash
from pipeline.voice.targets import RATE

EARLY = 0.5  # a number may show at most this long before its words
WORDS = (
    "Jumlahkan hasil kali semua pasangan: q titik k sama dengan dua kali satu tambah satu "
    "kali dua sama dengan empat, sebuah skalar."
)
PREFIX = "Jumlahkan hasil kali semua pasangan: q titik k sama dengan dua kali satu tambah satu"


@pytest.mark.manim
@pytest.mark.parametrize("lang", ["id", "en"])
@pytest.mark.parametrize("lesson", ["default", "largest"])
@pytest.mark.parametrize("scene", list(ORDER))
def test_no_number_shows_before_its_words(
    dry_scene, lesson_paths, scene: str, lesson: str, lang: str
) -> None:
    """On the default lesson and the one with the largest decimals, in both languages."""
    if scene not in lesson_order(load_lesson(lesson_paths[lesson])):
        pytest.skip(f"{lesson} has no {scene}")
    run = dry_scene(scene, lesson, lang)
    said = [r for r in run.reveals if r.said is not None]
    early = [
        f"{r.key} shows at {r.shown:.2f} s, said at {r.said:.2f} s"
        for r in said
        if r.shown < r.said - EARLY - 1e-6
    ]
    assert not early, f"{scene} ({lesson}, {lang}): " + "; ".join(early)
    if scene in ("ProjectionDrop", "SoftmaxBarMorph", "AttentionScores", "QuizQuestion6"):
        assert len(said) >= 5, "the voice says the numbers it shows"


@pytest.mark.voice
def test_a_recorded_take_moves_the_beats_to_the_authors_pace(tmp_path: Path) -> None:
    """An author reads slower than the synthetic voice, after a pause: the beat follows."""
    exe = shutil.which("espeak-ng")
    assert exe is not None

    def espeak(words: str, wpm: int, name: str) -> np.ndarray:
        out = tmp_path / f"{name}.wav"
        subprocess.run([exe, "-v", "id", "-s", str(wpm), "-w", str(out), words], check=True)
        return read_audio(out)

    # the author's take: 0.6 s of room tone, then the words at 110 words a minute
    slow, slow_prefix = espeak(WORDS, 110, "slow"), espeak(PREFIX, 110, "slow-prefix")
    lead = np.zeros(int(0.6 * RATE), np.float32)
    author = np.concatenate([lead, slow]).astype(np.float32)
    cue = "cp_sub_sum"
    write_wav(tmp_path / "takes" / f"{cue}.{text_hash(WORDS)}.wav", author)
    span = speech_span(slow_prefix, RATE)
    assert span is not None
    truth = 0.6 + span[1]  # where the words after the prefix begin in the author's take

    narrator = RecordedNarrator("id", tmp_path / "takes", cache=tmp_path / "cache")
    length = narrator.speak(cue, WORDS, 0.0)
    assert narrator.cues[-1].voice.startswith("recording ")
    assert length == pytest.approx(len(author) / RATE, abs=0.5)
    synthetic = beat(PREFIX, "id", cache=tmp_path / "cache")
    assert abs(truth - synthetic) > 1.0  # the author's beat is not the synthetic voice's
    assert narrator.at(PREFIX) == pytest.approx(truth, abs=0.35), (synthetic, truth)


@pytest.mark.render
def test_the_manifest_records_when_each_number_shows_and_is_said(rendered: Path) -> None:
    """A course author reads it in manifest.json: the seed scenes' numbers, shown on their words."""
    from pipeline.manifest import Manifest

    manifest = Manifest.load(rendered)
    assert manifest is not None
    for scene in ("ProjectionDrop", "AngleSignRegions", "SoftmaxBarMorph"):
        clip = manifest.clips[scene]
        said = [r for r in clip.reveals if r.said is not None]
        assert len(said) >= 5, scene
        assert all(0 <= r.shown <= clip.duration for r in clip.reveals)
        assert all(r.early <= EARLY + 1e-6 for r in said), [r for r in said if r.early > EARLY]
        assert {r.key for r in clip.reveals} <= set(clip.numbers)
