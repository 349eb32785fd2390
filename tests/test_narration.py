"""Recorded narration replaces the synthetic voice cue by cue; a numbers edit makes it stale.

Quiz scenes wait in silence for their countdown before the solution.
"""

from __future__ import annotations

import csv
import json
import subprocess
from pathlib import Path

import numpy as np
import pytest
from audio_checks import SILENCE_DB, check_clip_narration
from audio_checks import db as rms_db
from cachedir import clip_store
from conftest import QUALITY, lecture
from variants import variant

from lesson.model import load_lesson
from lesson.sheets.quiz import MIN_PAUSE, pause_seconds
from pipeline.voice.audio import read_audio, write_wav
from pipeline.voice.narrator import leveled_take
from pipeline.voice.targets import RATE

pytestmark = pytest.mark.render
SCENES = "tests.fixture_scenes:SpokenNumber,tests.fixture_scenes:WrongLabel"


def narration(out: Path) -> dict[str, dict]:
    data = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    return {c["cue"]: c for c in data["clips"]["SpokenNumber"]["narration"]}


def test_a_recording_replaces_one_cue_and_goes_stale_when_the_numbers_change(
    tmp_path: Path,
) -> None:
    out, rec = tmp_path / "out", tmp_path / "voice"
    env = {"LECTURE_EXTRA_SCENES": SCENES, "LECTURE_RECORDINGS": str(rec)}

    def render(*extra: str) -> str:
        r = lecture(
            "render", "SpokenNumber", "WrongLabel", "--quality", QUALITY, "--out", str(out),
            "--quiet", *extra, env=env,
        )  # fmt: skip
        assert r.returncode == 0, r.stderr
        return r.stderr

    assert "SpokenNumber: rendered" in render()
    said = narration(out)
    assert said["fx_sub_dot"]["words"] == "Hasil kali titik q titik k sama dengan empat."
    assert said["fx_sub_dot"]["voice"].startswith("espeak-ng id ")

    # a narrator records the cue (a 440 Hz stand-in, stereo at 44.1 kHz) with its words
    folder = rec / "inner-product" / "id" / "SpokenNumber"
    t = np.arange(int(2.5 * 44_100)) / 44_100
    take = folder / "fx_sub_dot.wav"
    write_wav(take, 0.3 * np.sin(2 * np.pi * 440 * t), rate=44_100)
    (folder / "fx_sub_dot.txt").write_text(said["fx_sub_dot"]["words"] + "\n", encoding="utf-8")
    second = render()
    assert "SpokenNumber: rendered" in second and "up to date: WrongLabel" in second
    said = narration(out)
    assert said["fx_sub_dot"]["voice"] == "recording fx_sub_dot.wav"
    assert said["fx_sub_dot"]["duration"] == pytest.approx(2.5, abs=0.01)
    assert said["fx_sub_end"]["voice"].startswith("espeak-ng id ")  # the other cue: synthetic
    x = read_audio(out / "SpokenNumber.mp4")
    start = said["fx_sub_dot"]["start"]
    window = x[round((start + 0.5) * RATE) : round((start + 2.0) * RATE)]
    spectrum = np.abs(np.fft.rfft(window))
    assert np.fft.rfftfreq(len(window), 1 / RATE)[spectrum.argmax()] == pytest.approx(440, abs=2)
    check_clip_narration(out, "SpokenNumber")
    assert "rendered" not in render()  # nothing changed: nothing renders

    # the author edits the query: q · k is no longer 4, so the take is stale
    edited = variant("default", tmp_path, [("projection", "query", "[3, 1]")])
    third = render("--lesson", str(edited), "--force")
    assert (
        "SpokenNumber: recording fx_sub_dot.wav is stale (its words changed); "
        "the synthetic voice says it" in third
    )
    said = narration(out)
    assert said["fx_sub_dot"]["words"] == "Hasil kali titik q titik k sama dengan lima."
    assert said["fx_sub_dot"]["voice"].startswith("espeak-ng id ")
    r = lecture(
        "script", "SpokenNumber", "--stale", "--lesson", str(edited), "--out",
        str(tmp_path / "script"), env=env,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == [
        "SpokenNumber  fx_sub_dot  inner-product/id/SpokenNumber/fx_sub_dot.wav  "
        "Hasil kali titik q titik k sama dengan lima."
    ]
    rows = (tmp_path / "script" / "script.csv").read_text(encoding="utf-8").splitlines()
    assert rows[0].startswith("scene,cue,words,seconds,status") and ",stale," in rows[1]


def test_a_real_recording_of_a_number_goes_stale_when_the_lesson_changes(tmp_path: Path) -> None:
    """ProjectionDrop says q · k with its terms; a take of it is used until the query changes.

    A synthetic file stands in for the person (espeak-ng at another speed); a second take,
    three seconds of digital silence saved with the right words, is caught and not played.
    """
    out, rec, script = tmp_path / "out", tmp_path / "voice", tmp_path / "script"
    env = {"LECTURE_RECORDINGS": str(rec)}

    def words_to_read(*extra: str) -> tuple[dict[str, dict[str, str]], list[str]]:
        r = lecture("script", "ProjectionDrop", "--out", str(script), *extra, env=env)
        assert r.returncode == 0, r.stderr
        with open(script / "script.csv", encoding="utf-8", newline="") as f:
            return {row["cue"]: row for row in csv.DictReader(f)}, r.stdout.splitlines()

    def render(*extra: str) -> str:
        r = lecture(
            "render", "ProjectionDrop", "--quality", QUALITY, "--out", str(out), "--quiet",
            *extra, env=env,
        )  # fmt: skip
        assert r.returncode == 0, r.stderr
        return r.stderr

    def said() -> dict[str, dict]:
        data = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
        return {c["cue"]: c for c in data["clips"]["ProjectionDrop"]["narration"]}

    # the author reads the script: q · k = 2(1) + 1(2) = 4 of the default lesson, in words
    cues, _ = words_to_read()
    dot, vectors = cues["pd_sub_dot"], cues["pd_sub_vectors"]
    assert "q titik k sama dengan" in dot["words"] and "empat" in dot["words"]
    assert dot["file"] == "inner-product/id/ProjectionDrop/pd_sub_dot.wav"
    take = rec / dot["file"]
    take.parent.mkdir(parents=True)
    subprocess.run(
        ["espeak-ng", "-v", "id", "-s", "125", "-w", str(take), dot["words"]], check=True
    )
    take.with_suffix(".txt").write_text(dot["words"] + "\n", encoding="utf-8")
    silent = write_wav(rec / vectors["file"], np.zeros(3 * RATE))  # the microphone was off
    silent.with_suffix(".txt").write_text(vectors["words"] + "\n", encoding="utf-8")

    first = render()
    assert "ProjectionDrop: rendered" in first
    assert (
        "ProjectionDrop: recording pd_sub_vectors.wav is rejected: silent (digital silence); "
        "the synthetic voice says it" in first.splitlines()
    )
    cue = said()
    assert cue["pd_sub_dot"]["voice"] == "recording pd_sub_dot.wav"
    assert cue["pd_sub_dot"]["duration"] == pytest.approx(len(read_audio(take)) / RATE, abs=0.01)
    assert cue["pd_sub_vectors"]["voice"].startswith("espeak-ng id ")  # not three silent s

    # the author edits the query: q · k = 3(1) + 1(2) = 5, the take says 4
    edited = variant("default", tmp_path, [("projection", "query", "[3, 1]")])
    cues, listed = words_to_read("--stale", "--lesson", str(edited))
    new = cues["pd_sub_dot"]["words"]
    assert "lima" in new and "empat" not in new  # the product, said as a result here
    # pd_sub_vectors says q too: its silent take is now stale as well (its words changed),
    # and a stale take is listed as stale, whatever it sounds like
    assert listed == [
        f"ProjectionDrop  pd_sub_vectors  {vectors['file']}  {cues['pd_sub_vectors']['words']}",
        f"ProjectionDrop  pd_sub_dot  {dot['file']}  {new}",
    ]
    second = render("--lesson", str(edited))
    assert "ProjectionDrop: rendered" in second  # the scene renders again
    assert (
        "ProjectionDrop: recording pd_sub_dot.wav is stale (its words changed); "
        "the synthetic voice says it" in second.splitlines()
    )
    cue = said()
    assert cue["pd_sub_dot"]["words"] == new
    assert cue["pd_sub_dot"]["voice"].startswith("espeak-ng id ")  # the take is not played
    synthetic = len(leveled_take(new, "id")) / RATE  # espeak-ng's take, its quiet tail cut
    assert cue["pd_sub_dot"]["duration"] == pytest.approx(synthetic, abs=0.01)
    x = read_audio(out / "ProjectionDrop.mp4")  # and the clip says it: speech in its time
    start = cue["pd_sub_dot"]["start"]
    assert rms_db(x[round(start * RATE) : round((start + synthetic) * RATE)]) > -35


def test_an_unreadable_recording_fails_its_scene_in_one_line_and_the_rest_renders(
    tmp_path: Path,
) -> None:
    out, rec = tmp_path / "out", tmp_path / "voice"
    env = {
        "LECTURE_EXTRA_SCENES": "tests.fixture_scenes:SpokenNumber,tests.fixture_scenes:Pause",
        "LECTURE_RECORDINGS": str(rec),
    }
    folder = rec / "inner-product" / "id" / "SpokenNumber"
    folder.mkdir(parents=True)
    broken = folder / "fx_sub_dot.wav"
    broken.write_bytes(b"RIFF" + bytes(40) + b"not audio" * 50)  # a cut-off download
    words = "Hasil kali titik q titik k sama dengan empat."
    (folder / "fx_sub_dot.txt").write_text(words + "\n", encoding="utf-8")
    r = lecture(
        "render", "SpokenNumber", "Pause", "--quality", QUALITY, "--out", str(out), "--quiet",
        "--voice", "espeak", env=env,
    )  # fmt: skip
    assert r.returncode == 1
    [failed] = [ln for ln in r.stderr.splitlines() if "SpokenNumber: FAILED" in ln]
    assert f"VoiceError: recording {broken} cannot be read (" in failed
    assert "Pause: rendered" in r.stderr  # the other scenes still render
    data = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert "Pause" in data["clips"] and "SpokenNumber" not in data["clips"]


QUIZ_SCENES = ("QuizQuestion2", "QuizQuestion7")  # a short question and a long one
WINDOW = 0.01  # seconds of audio per loudness reading
SMEAR = 0.05  # the lossy encoder may blur a take's onset this far back


def silence_before(x: np.ndarray, t: float) -> float:
    """Seconds of silence (below SILENCE_DB) in the audio `x` that end at `t`."""
    end = round((t - SMEAR) * RATE)
    step = round(WINDOW * RATE)
    i = end
    while i - step >= 0 and rms_db(x[i - step : i]) < SILENCE_DB:
        i -= step
    return t - i / RATE


def test_quiz_solutions_wait_in_silence_for_the_countdown(tmp_path: Path) -> None:
    """Two quiz scenes rendered with the voice: measured on the decoded audio, nobody speaks
    for at least the countdown ([timing] quiz_countdown, longer for a longer question) before
    the solution's first caption, which comes after the question and the invitation to pause.
    """
    out = tmp_path / "quiz"
    r = lecture(
        "render", *QUIZ_SCENES, "--quality", "low", "--out", str(out), "--store",
        str(clip_store()), "--quiet",
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    lesson = load_lesson()
    clips = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["clips"]
    for scene in QUIZ_SCENES:
        clip = clips[scene]
        quiz = lesson.quiz[int(scene.removeprefix("QuizQuestion")) - 1]
        countdown = pause_seconds(quiz, lesson.quiz_countdown)
        assert countdown >= MIN_PAUSE and lesson.quiz_countdown > 0
        said = clip["narration"]
        keys = [c["key"] for c in said]
        pause = next(i for i, key in enumerate(keys) if key.endswith("_sub_pause"))
        assert pause == 1 and "_sub_question" in keys[0]  # the question, then the invitation
        solution = said[pause + 1]["start"]  # the solution's first caption
        x = read_audio(out / clip["video"])
        silence = silence_before(x, solution)
        assert silence >= countdown, f"{scene}: {silence:.2f} s of silence, countdown {countdown} s"
        # the silence starts after the invitation to pause has been said
        assert solution - silence >= said[pause]["start"] + said[pause]["duration"] - 0.5
        print(f"{scene}: {silence:.2f} s of silence before the solution (countdown {countdown} s)")
        check_clip_narration(out, scene)
