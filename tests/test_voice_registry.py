"""A voice engine is one class, registered in one place: a toy engine plugs in and narrates.

Fast tier: the toy engine hums (no speech engine runs); the dry run is marked manim.
"""

from __future__ import annotations

import argparse
import hashlib
import wave
from pathlib import Path

import numpy as np
import pytest

from pipeline.settings import RenderSettings
from pipeline.voice.engines import ENGINES, Engine, voice_options, voice_problem
from pipeline.voice.narrator import narrator_for
from pipeline.voice.synthesis import VoiceError
from pipeline.voice.targets import RATE

WORDS = "Kalikan koordinat yang bersesuaian, lalu jumlahkan: q titik k sama dengan empat."


class Tone(Engine):
    """A toy engine: a 220 Hz hum, a third of a second a word (docs/narration.md shows it)."""

    name = "tone"
    about = "a hum, a third of a second a word"
    languages = ("id",)

    def synthesize(self, words: str, lang: str, *, cache: Path, pace: int = 135) -> Path:
        key = hashlib.sha256(f"tone 1|{lang}|{pace}|{words}".encode()).hexdigest()
        path = cache / key[:2] / f"{key}.wav"
        if not path.is_file():
            t = np.arange(round(16_000 * len(words.split()) / 3)) / 16_000
            samples = (0.3 * np.sin(2 * np.pi * 220 * t) * 32767).astype("<i2")
            path.parent.mkdir(parents=True, exist_ok=True)
            with wave.open(str(path), "wb") as w:
                w.setnchannels(1)
                w.setsampwidth(2)
                w.setframerate(16_000)
                w.writeframes(samples.tobytes())
        return path

    def label(self, lang: str) -> str:
        return "tone 220 Hz"

    def inputs(self, lang: str, pace: int = 135) -> dict[str, str]:
        return {"voice": "tone", "engine": "tone 1", "pace": str(pace)}


@pytest.fixture
def tone(monkeypatch: pytest.MonkeyPatch) -> Tone:
    """The toy engine, registered for one test."""
    engine = Tone()
    monkeypatch.setitem(ENGINES, engine.name, engine)
    return engine


def test_a_registered_engine_is_offered_checked_and_refused_like_the_built_in_ones(
    tone: Tone,
) -> None:
    from lecture.cli import build_parser

    assert voice_options() == ("espeak", "piper", "tone", "none")
    assert RenderSettings(voice="tone").voice == "tone"
    with pytest.raises(ValueError, match=r"^--voice tone speaks Indonesian only: use --voice"):
        RenderSettings(lang="en", voice="tone")
    assert voice_problem("tone", "en") == (
        "--voice tone speaks Indonesian only: use --voice espeak, or record the lesson"
    )
    render = next(
        a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)
    ).choices["render"]
    voice = next(a for a in render._actions if "--voice" in a.option_strings)
    assert list(voice.choices or ()) == list(voice_options())
    assert "tone, a hum, a third of a second a word" in (voice.help or "")


def test_a_registered_engine_narrates_a_cue_levelled_and_cached(tmp_path: Path, tone: Tone):
    cache = tmp_path / "cache"
    narrator = narrator_for("tone", "id", tmp_path / "rec", cache=cache)
    seconds = narrator.speak("cp_sub_dot", WORDS, 1.5)
    assert seconds == pytest.approx(len(WORDS.split()) / 3, abs=0.01)
    (cue,) = narrator.cues
    assert (cue.cue, cue.voice, cue.start) == ("cp_sub_dot", "tone 220 Hz", 1.5)
    assert narrator.inputs() == tone.inputs("id")
    assert 0 < narrator.at("Kalikan koordinat yang") <= seconds  # a beat inside the take
    track = narrator.track(1.5 + seconds)
    assert len(track) == round((1.5 + seconds) * RATE) and np.abs(track[RATE * 2 :]).max() > 0.1
    made = sorted(cache.rglob("*.wav"))  # the take, its levelled copy, the beat's take and copy
    narrator_for("tone", "id", cache=cache).speak("cp_sub_dot", WORDS, 0.0)
    assert sorted(cache.rglob("*.wav")) == made  # from the cache
    with pytest.raises(VoiceError, match="--voice tone speaks Indonesian only"):
        narrator_for("tone", "en", cache=cache)


@pytest.mark.manim
def test_a_registered_engine_times_a_scene(tone: Tone) -> None:
    """A dry run narrated by the toy engine: each cue said by it, each step held for its hum."""
    from lesson.model import DEFAULT_LESSON
    from pipeline.dryrun import dry_run

    run = dry_run("Hook", DEFAULT_LESSON, "id", voice="tone", recordings=False, frame_rate=5)
    assert run.narration and {c.voice for c in run.narration} == {"tone 220 Hz"}
    for cue in run.narration:
        assert cue.duration == pytest.approx(len(cue.words.split()) / 3, abs=0.01)
    assert run.time >= sum(c.duration for c in run.narration)
