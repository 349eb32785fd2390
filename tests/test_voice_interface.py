"""The voice a scene speaks through (lesson.voice.Voice) and the narrators behind it.

Fast tier: espeak-ng runs offline; nothing here imports manim.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from lesson.voice import PAUSE, Voice
from pipeline.lexicon import lexicon
from pipeline.voice.engines import ENGINES, voice_options
from pipeline.voice.narrator import EngineNarrator, narrator_for
from pipeline.voice.recordings import RecordingCheck, recording_dir
from pipeline.voice.synthesis import engine_version

ROOT = Path(__file__).resolve().parent.parent
WORDS = "Kalikan koordinat yang bersesuaian, lalu jumlahkan: q titik k sama dengan empat."


def test_the_registry_names_the_voice_options() -> None:
    assert voice_options() == (*ENGINES, "none") == ("espeak", "piper", "none")


@pytest.mark.voice
@pytest.mark.parametrize("name", voice_options())
def test_every_narrator_is_a_voice(tmp_path: Path, name: str) -> None:
    lang = "en" if name == "piper" else "id"  # the neural voice speaks English only
    narrator = narrator_for(name, lang, tmp_path / "rec", cache=tmp_path / "cache")
    assert isinstance(narrator, Voice) and narrator.pause == PAUSE
    assert isinstance(EngineNarrator("en"), Voice)


def test_silence_says_nothing_and_makes_nothing(tmp_path: Path) -> None:
    narrator = narrator_for("none", "id", tmp_path / "rec", cache=tmp_path / "cache")
    assert narrator.speak("cp_sub_dot", WORDS, 1.5) == 0.0
    assert narrator.silent and narrator.cues == [] and narrator.check() == RecordingCheck()
    assert narrator.inputs() == {"voice": "none"}
    assert not (tmp_path / "cache").exists()  # nothing synthesised


def fresh_take(folder: Path, cue: str, words: str) -> Path:
    """A take of `words` fit to play (espeak-ng at another speed stands in for a person)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{cue}.wav"
    subprocess.run(["espeak-ng", "-v", "id", "-s", "130", "-w", str(path), words], check=True)
    (folder / f"{cue}.txt").write_text(words + "\n", encoding="utf-8")
    return path


@pytest.mark.voice
def test_recordings_say_their_cue_and_the_engine_the_rest(tmp_path: Path) -> None:
    folder, cache = recording_dir("inner-product", "id", "Scene", tmp_path), tmp_path / "cache"
    fresh_take(folder, "cp_sub_dot", WORDS)
    recorded = narrator_for("espeak", "id", folder, cache=cache)
    engine = narrator_for("espeak", "id", cache=cache)  # no folder: the engine alone
    for narrator in (recorded, engine):
        for key in ("cp_sub_dot", "cp_sub_end", "cp_sub_dot"):
            assert narrator.speak(key, WORDS, 0.0) > 1.0
    said = [(c.cue, c.voice.split()[0]) for c in recorded.cues]
    assert said == [
        ("cp_sub_dot", "recording"),
        ("cp_sub_end", "espeak-ng"),  # no take of this cue
        ("cp_sub_dot-2", "espeak-ng"),  # a key said again is another cue
    ]
    assert all(c.voice == f"espeak-ng id {engine_version()}" for c in engine.cues)
    assert recorded.check().used == {"cp_sub_dot": folder / "cp_sub_dot.wav"}
    assert engine.check() == RecordingCheck()


@pytest.mark.voice
def test_voice_inputs_are_those_clips_were_hashed_with(tmp_path: Path) -> None:
    """The keys and values a clip's hash has always taken: cached clips stay up to date."""
    folder = tmp_path / "rec"
    engine = {
        "voice": "espeak",
        "engine": "espeak-ng",
        "version": engine_version(),
        "engine_voice": "en",
        "wpm": "135",  # the lesson's pace (its words a minute) since the lesson sets it
        "lexicon": lexicon("en").digest,
        "rate": "48000",
        "loudness": "-16.0 LUFS, -1.0 dBTP",
        "tail": "0.1 s",
    }
    assert narrator_for("espeak", "en", folder).inputs() == engine  # no folder yet
    fresh_take(folder, "cp_sub_dot", WORDS)
    inputs = narrator_for("espeak", "en", folder).inputs()
    assert set(inputs) - set(engine) == {"recording:cp_sub_dot.txt", "recording:cp_sub_dot.wav"}
    assert narrator_for("espeak", "en").inputs() == engine  # the engine alone: no folder
    assert narrator_for("none", "en", folder).inputs() == {"voice": "none"}
    neural = narrator_for("piper", "en").inputs()
    assert neural["voice"] == "piper" and neural["model"] == "en_US-joe-medium"
    assert "piper-tts" in neural["version"] and neural["rate"] == engine["rate"]
    assert set(narrator_for("piper", "en", folder).inputs()) - set(neural) == {
        "recording:cp_sub_dot.txt",
        "recording:cp_sub_dot.wav",
    }


@pytest.mark.voice
def test_reading_voice_inputs_loads_neither_scipy_nor_manim(tmp_path: Path) -> None:
    fresh_take(tmp_path / "rec", "cp_sub_dot", WORDS)
    code = (
        "import sys; from pathlib import Path; from pipeline.voice.narrator import narrator_for; "
        "narrator_for('espeak', 'id', Path(sys.argv[1])).inputs(); "
        "print(sorted(m for m in ('scipy', 'pyloudnorm', 'manim') if m in sys.modules))"
    )
    r = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "rec")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert r.stdout.strip() == "[]"


def test_the_neural_voice_refuses_indonesian_in_one_line(tmp_path: Path) -> None:
    from pipeline.voice.synthesis import VoiceError

    with pytest.raises(VoiceError, match="--voice piper speaks English only"):
        narrator_for("piper", "id")
    out = tmp_path / "render"
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "lecture.cli",
            "render",
            "Hook",
            "--voice",
            "piper",
            "--out",
            str(out),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert r.returncode == 2 and r.stdout == "" and r.stderr.count("\n") == 1, r.stderr
    assert r.stderr.startswith("lecture: error: --voice piper speaks English only")
    assert not out.exists()


@pytest.mark.voice
def test_the_neural_voice_says_a_cue_levelled_and_cached(tmp_path: Path) -> None:
    """A real Piper take: levelled to the target, its voice named, made once, then read back."""
    from pipeline.voice.loudness import measure
    from pipeline.voice.targets import RATE, TARGET_LUFS

    cache = tmp_path / "cache"
    narrator = narrator_for("piper", "en", cache=cache)
    words = "Multiply the matching coordinates, then add: q dot k equals four."
    seconds = narrator.speak("cp_sub_dot", words, 0.0)
    assert 2.0 < seconds < 8.0
    (cue,) = narrator.cues
    assert cue.voice.startswith("piper en_US-joe-medium") and cue.words == words
    made = sorted(p.name for p in cache.rglob("*.wav"))
    assert len(made) == 2  # the take and its levelled copy
    lufs, peak = measure(narrator.track(seconds + 0.5))
    assert abs(lufs - TARGET_LUFS) <= 1.0 and peak <= -1.0, (lufs, peak)
    again = narrator_for("piper", "en", cache=cache)
    assert again.speak("cp_sub_dot", words, 0.0) == seconds  # from the cache
    assert sorted(p.name for p in cache.rglob("*.wav")) == made
    assert RATE == 48_000
