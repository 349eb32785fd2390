"""Listening in numbers: the narration of a rendered clip against its subtitles."""

from __future__ import annotations

import json
from pathlib import Path

import av
import numpy as np
import srt

from pipeline.voice.audio import read_audio
from pipeline.voice.loudness import measure
from pipeline.voice.targets import RATE

SPEECH_FLOOR_DB = -35.0  # RMS inside every cue (speech at -16 LUFS is around -20 dBFS)
SILENCE_DB = -60.0  # RMS between two captions


def db(x: np.ndarray) -> float:
    return 20 * float(np.log10(np.sqrt(np.mean(np.square(x, dtype=np.float64))) + 1e-12))


def streams(path: Path) -> dict[str, tuple[str, float]]:
    """Stream type -> (codec, duration in seconds) of a media file."""
    with av.open(str(path)) as c:
        return {
            s.type: (s.codec_context.name, float(s.duration * s.time_base))
            for s in c.streams
            if s.type in ("video", "audio")
        }


def check_clip_narration(out: Path, scene: str, lang: str = "id") -> dict:
    """Speech in every subtitle cue, near silence between captions, loudness in bounds.

    Returns the figures (for reporting): loudness, true peak, quietest cue, loudest gap.
    """
    clip = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["clips"][scene]
    video = out / clip["video"]
    kinds = streams(video)
    assert kinds["audio"][0] in ("aac", "opus"), kinds
    fps = clip["fps"]
    assert abs(kinds["audio"][1] - kinds["video"][1]) <= 1 / fps, kinds
    x = read_audio(video)
    cues = list(srt.parse((out / clip["subtitles"]).read_text(encoding="utf-8")))
    starts = [c["start"] for c in clip["narration"]]
    assert len(starts) >= 1 and all(c["voice"] for c in clip["narration"])

    def part(a: float, b: float) -> np.ndarray:
        return x[round(a * RATE) : round(b * RATE)]

    quietest = min(db(part(c.start.total_seconds(), c.end.total_seconds())) for c in cues)
    assert quietest > SPEECH_FLOOR_DB, f"{scene}: a cue without speech ({quietest:.1f} dB)"
    loudest_gap = -300.0
    for a, b in zip(cues, cues[1:], strict=False):
        gap_start, gap_end = a.end.total_seconds(), b.start.total_seconds()
        # between two captions (the next cue starts a caption's narration): nobody speaks
        if gap_end - gap_start > 0.05 and any(abs(gap_end - s) < 1.5 / fps for s in starts):
            level = db(part(gap_start + 0.01, gap_end - 0.01))
            loudest_gap = max(loudest_gap, level)
            assert level < SILENCE_DB, f"{scene}: sound between captions at {gap_start:.2f} s"
    lufs, peak = measure(x)
    assert abs(lufs - (-16)) <= 1.0 and peak <= -1.0, (lufs, peak)
    return {"lufs": lufs, "dbtp": peak, "quietest_cue_db": quietest, "loudest_gap_db": loudest_gap}
