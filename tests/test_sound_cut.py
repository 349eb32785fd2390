"""A clip's sound is encoded once; its sections' sound is cut from the clip's packets.

What a learner hears in a section clip (a slide) must be what the lesson clip says at the
same moment: the same samples, starting on the section's first frame and ending on its last.
"""

from __future__ import annotations

from pathlib import Path

import av
import numpy as np
import pytest

from pipeline.media import encode_sound, probe, with_sound
from pipeline.voice.audio import read_audio

RATE, FPS = 48_000, 15
CODEC = {".mp4": "libx264", ".mov": "libx264", ".webm": "libvpx-vp9"}


def _video(path: Path, frames: int) -> Path:
    """A silent clip of `frames` grey frames at FPS (each a shade of its own)."""
    with av.open(str(path), "w") as c:
        s = c.add_stream(CODEC[path.suffix], rate=FPS)
        s.width, s.height, s.pix_fmt = 64, 48, "yuv420p"
        for i in range(frames):
            f = av.VideoFrame.from_ndarray(np.full((48, 64, 3), i % 256, np.uint8), format="rgb24")
            f.pts = i
            for p in s.encode(f):
                c.mux(p)
        for p in s.encode(None):
            c.mux(p)
    return path


def _track(seconds: float) -> np.ndarray:
    """A tone that swells and fades (no two neighbouring samples alike): a shift of one
    sample changes it by far more than the codec's rounding."""
    t = np.arange(round(seconds * RATE)) / RATE
    return (0.3 * np.sin(2 * np.pi * 300 * t) * np.sin(2 * np.pi * 0.4 * t)).astype(np.float32)


def _audio_packets(path: Path) -> list[bytes]:
    with av.open(str(path)) as c:
        return [bytes(p) for p in c.demux(audio=0) if p.size]


def _audio_seconds(path: Path) -> float:
    with av.open(str(path)) as c:
        a = c.streams.audio[0]
        assert a.duration is not None and a.time_base is not None
        return float(a.duration * a.time_base)


@pytest.mark.parametrize("suffix", [".mp4", ".mov"])
def test_a_section_plays_the_clips_samples_from_the_clips_packets(
    tmp_path: Path, suffix: str
) -> None:
    # a clip of 10 s in three sections, cut at frames whose times fall inside AAC frames
    cuts = [0, 47, 103, 150]
    clip = _video(tmp_path / f"clip{suffix}", cuts[-1])
    track = _track(cuts[-1] / FPS)
    sound = encode_sound(track, RATE, suffix)
    with_sound(clip, sound, clip)
    whole = read_audio(clip)
    assert np.abs(whole[: len(track)] - track).max() < 0.01  # the codec's own error
    clip_packets = _audio_packets(clip)
    for i, (f0, f1) in enumerate(zip(cuts, cuts[1:], strict=False)):
        section = _video(tmp_path / f"s{i}{suffix}", f1 - f0)
        a, b = round(f0 * RATE / FPS), round(f1 * RATE / FPS)
        with_sound(section, sound.cut(a, b), section)
        # copied, not encoded again: a run of the clip's own packets
        got = _audio_packets(section)
        first = clip_packets.index(got[0])
        assert got == clip_packets[first : first + len(got)]
        # the sound starts on the section's first frame and ends with its last (to the
        # millisecond, the MP4's movie time scale, which its edit list counts in)
        assert _audio_seconds(section) == pytest.approx((b - a) / RATE, abs=1e-3)
        assert _audio_seconds(section) == pytest.approx(probe(section).duration, abs=1 / FPS)
        # and plays what the clip plays there, to the sample
        heard = read_audio(section)[: b - a]
        assert len(heard) == b - a
        assert np.array_equal(heard, whole[a:b])
        assert np.abs(heard[1:] - whole[a : b - 1]).max() > 1e-3  # one sample off is caught


def test_a_webm_section_is_encoded_on_its_own(tmp_path: Path) -> None:
    """Matroska keeps no edit list: an Opus section is its own encode of its samples."""
    track = _track(4.0)
    sound = encode_sound(track, RATE, ".webm")
    section = _video(tmp_path / "s.webm", 30)
    a, b = round(20 * RATE / FPS), round(50 * RATE / FPS)
    part = sound.cut(a, b)
    assert len(part.samples) == b - a
    with_sound(section, part, section)
    with av.open(str(section)) as c:
        assert [s.codec_context.name for s in c.streams.audio] == ["opus"]
    heard = read_audio(section)
    # Opus's own delay is trimmed by the decoder: the part's samples from its start
    n = min(len(heard), b - a) - 2000
    assert np.abs(heard[1000:n] - track[a + 1000 : a + n]).max() < 0.02


def test_a_sound_fits_only_its_container(tmp_path: Path) -> None:
    clip = _video(tmp_path / "clip.mp4", 15)
    with pytest.raises(ValueError, match="encoded for .webm"):
        with_sound(clip, encode_sound(_track(1.0), RATE, ".webm"), clip)
    with pytest.raises(ValueError, match="a cut from sample 9 to sample 3"):
        encode_sound(_track(1.0), RATE, ".mp4").cut(9, 3)


def test_a_sound_the_encoder_pushes_over_the_ceiling_is_lowered_and_encoded_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The clip's true peak, decoded as a player decodes it, is at most −1 dBTP, even when
    the lossy encoder overshoots the headroom the track kept (a square wave at −1.3 dBTP: the
    AAC encode of a 3 kHz one peaks 1.6 dB higher)."""
    from pipeline import worker
    from pipeline.voice.loudness import true_peak

    t = np.arange(4 * RATE) / RATE
    square = np.sign(np.sin(2 * np.pi * 3000 * t)) * np.sin(np.pi * t / 4)  # swells, then fades
    track = (square * 10 ** ((-1.3 - true_peak(square)) / 20)).astype(np.float32)
    assert true_peak(track) == pytest.approx(-1.3, abs=0.01)

    def clip(name: str) -> tuple[Path, list[Path]]:
        folder = tmp_path / name
        folder.mkdir()
        return _video(folder / "clip.mp4", 4 * FPS), [
            _video(folder / "s0.mp4", 2 * FPS),
            _video(folder / "s1.mp4", 2 * FPS),
        ]

    monkeypatch.setattr(worker, "ENCODES", 1)  # as before: encoded once, whatever it peaks at
    video, sections = clip("once")
    assert worker.put_sound(track, video, sections, FPS) is track
    assert true_peak(read_audio(video)) > -1.0  # the encoder's overshoot, heard as it is

    monkeypatch.undo()
    video, sections = clip("checked")
    lowered = worker.put_sound(track, video, sections, FPS)
    assert lowered is not track and true_peak(lowered) < -1.3
    for path in (video, *sections):
        assert true_peak(read_audio(path)) <= -1.0, path.name


def test_a_burst_the_encoder_pushes_over_the_ceiling_is_lowered_there_alone(
    tmp_path: Path,
) -> None:
    """One short burst the lossy encoder overshoots (a neural take had one: the AAC encode of
    the whole track came back 3 dB over the ceiling there, and lowering the whole track by
    that left the clip at -18.7 LUFS): the track dips around the burst only, so the clip is
    under the ceiling and as loud as before."""
    from pipeline import worker
    from pipeline.voice.loudness import measure, true_peak

    rng = np.random.default_rng(7)
    t = np.arange(6 * RATE) / RATE
    voice = rng.normal(0, 1, len(t)) * (0.5 + 0.5 * np.sin(2 * np.pi * 3 * t) ** 2)
    voice = np.convolve(voice, np.ones(8) / 8, mode="same")  # speech-like: low-passed noise
    track = voice * 10 ** ((-16 - measure(voice)[0]) / 20)
    at = slice(round(3.2 * RATE), round(3.24 * RATE))  # 40 ms of a 3 kHz square wave
    burst = np.sign(np.sin(2 * np.pi * 3000 * t[at]))
    track[at] = burst * 10 ** ((-1.3 - true_peak(burst)) / 20)
    track = track.astype(np.float32)
    assert true_peak(track) < -1.0
    video = _video(tmp_path / "clip.mp4", 6 * FPS)
    out = worker.put_sound(track, video, [], FPS)
    assert out is not track  # the encoder pushed the burst over the ceiling
    decoded = read_audio(video)
    assert true_peak(decoded) <= -1.0
    speech = slice(0, round(3.0 * RATE))  # away from the burst: as loud as it was
    assert np.array_equal(out[speech], track[speech])
    # (the encoder's band limit alone takes about 0.25 LU off this noise's loudness)
    assert measure(decoded[speech])[0] == pytest.approx(measure(track[speech])[0], abs=0.3)
