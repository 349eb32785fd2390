"""Recorded narration replaces the synthetic voice cue by cue; a numbers edit makes it stale."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from audio_checks import check_clip_narration
from conftest import lecture
from variants import variant

from pipeline.voice import RATE, read_audio, write_wav

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
            "render", "SpokenNumber", "WrongLabel", "--quality", "low", "--out", str(out),
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
    csv = (tmp_path / "script" / "script.csv").read_text(encoding="utf-8").splitlines()
    assert csv[0].startswith("scene,cue,words,seconds,status") and ",stale," in csv[1]
