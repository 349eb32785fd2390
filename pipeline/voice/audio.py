"""Reading and writing narration audio: decode any file, write WAV, place takes on a track.

Samples are floats in [-1, 1] (full scale is 1), mono unless said otherwise, at
:data:`~pipeline.voice.targets.RATE` unless a rate is given.
"""

from __future__ import annotations

import wave
from collections.abc import Sequence
from pathlib import Path

import av
import numpy as np

from pipeline.files import replacing
from pipeline.voice.samples import AnySamples, Samples
from pipeline.voice.targets import RATE

__all__ = [
    "AnySamples",
    "Samples",
    "decode",
    "end_at_sound",
    "place",
    "read_audio",
    "write_track",
    "write_wav",
]


def decode(path: Path | str, rate: int | None = None) -> tuple[Samples, int]:
    """Any audio file PyAV decodes, every channel, as floats.

    Parameters
    ----------
    path : path-like
        The file.
    rate : int, optional
        Sample rate of the result (default: the file's own, samples untouched).

    Returns
    -------
    tuple
        float32 samples ``(channels, n)`` in [-1, 1] (full scale is 1), and their rate.
    """
    chunks: list[AnySamples] = []
    out_rate = rate
    with av.open(str(path)) as container:
        stream = container.streams.audio[0]
        resampler = None
        for frame in container.decode(stream):
            if resampler is None:
                out_rate = rate or frame.sample_rate
                resampler = av.AudioResampler(
                    format="fltp", layout=frame.layout.name, rate=out_rate
                )
            chunks += [f.to_ndarray() for f in resampler.resample(frame)]
        if resampler is not None:
            chunks += [f.to_ndarray() for f in resampler.resample(None)]
        if out_rate is None:
            out_rate = stream.rate or RATE
    assert out_rate is not None  # set from the first frame or the stream
    if not chunks:
        return np.zeros((1, 0), np.float32), out_rate
    return np.concatenate(chunks, axis=1).astype(np.float32), out_rate


def read_audio(path: Path | str, rate: int = RATE) -> Samples:
    """Any audio file PyAV decodes (WAV, FLAC, …; any rate, mono or stereo) as mono floats.

    Parameters
    ----------
    path : path-like
        The file.
    rate : int
        Sample rate of the result.

    Returns
    -------
    numpy.ndarray
        float32 samples in [-1, 1] at `rate`; the channels are averaged.
    """
    plain = _plain_wav(path, rate)
    if plain is not None:
        return plain
    channels, _ = decode(path, rate)
    mono: Samples = channels.mean(axis=0).astype(np.float32)
    return mono


def _plain_wav(path: Path | str, rate: int) -> Samples | None:
    """A mono 16-bit PCM WAV at `rate` (what :func:`write_wav` writes) read without a decoder.

    The samples are those PyAV gives (each over 32768); None for any other file.
    """
    if not str(path).lower().endswith(".wav"):
        return None
    try:
        with wave.open(str(path), "rb") as w:
            if (w.getnchannels(), w.getsampwidth(), w.getframerate()) != (1, 2, rate):
                return None
            data = w.readframes(w.getnframes())
    except (wave.Error, EOFError):
        return None
    if len(data) % 2:
        return None
    samples: Samples = np.frombuffer(data, "<i2").astype(np.float32) / np.float32(32768)
    return samples


def write_wav(path: Path | str, samples: AnySamples, rate: int = RATE) -> Path:
    """Write mono 16-bit PCM WAV, atomically (aside, then moved into place).

    Parameters
    ----------
    path : path-like
        Where to write.
    samples : numpy.ndarray
        Mono float samples; values outside [-1, 1] are clipped.
    rate : int
        Sample rate.

    Returns
    -------
    Path
    """
    out = Path(path)
    pcm = np.clip(np.round(np.asarray(samples, np.float64) * 32767), -32768, 32767)
    out.parent.mkdir(parents=True, exist_ok=True)
    with replacing(out) as tmp, wave.open(str(tmp), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(pcm.astype("<i2").tobytes())
    return out


def end_at_sound(
    samples: AnySamples, keep: float, rate: int = RATE, floor: float = 1e-4
) -> Samples:
    """`samples` cut `keep` seconds after their last sound: a take's quiet tail, shortened.

    Parameters
    ----------
    samples : numpy.ndarray
        Mono samples.
    keep : float
        Seconds kept after the last sample louder than `floor` (never more than there are).
    rate : int
        Sample rate.
    floor : float
        Loudest sample still counted as quiet (1e-4 is −80 dBFS).

    Returns
    -------
    numpy.ndarray
        Mono float32 samples; all of them when they end on sound, none when all are quiet.

    Examples
    --------
    >>> import numpy as np
    >>> take = np.concatenate([np.ones(10), np.zeros(90)])
    >>> len(end_at_sound(take, 0.05, rate=100)), len(end_at_sound(np.zeros(5), 0.05, rate=100))
    (15, 0)
    """
    loud = np.flatnonzero(np.abs(samples) > floor)
    if loud.size == 0:
        return np.zeros(0, np.float32)
    end = min(len(samples), int(loud[-1]) + 1 + round(keep * rate))
    return np.asarray(samples[:end], dtype=np.float32)


def place(
    placements: Sequence[tuple[float, AnySamples]], duration: float | None = None, rate: int = RATE
) -> Samples:
    """One mono track with each take starting at its time (seconds), silence between.

    Parameters
    ----------
    placements : sequence of (float, numpy.ndarray)
        Start time and mono samples (at `rate`) of each take.
    duration : float, optional
        Length of the track in seconds (the clip's); by default it ends with the last take.
    rate : int
        Sample rate.

    Returns
    -------
    numpy.ndarray
        float32 samples; overlapping takes add up.

    Raises
    ------
    ValueError
        For a take that starts before 0 or ends after `duration`.

    Examples
    --------
    >>> place([(0.5, np.ones(2, np.float32))], 1.0, rate=4).tolist()
    [0.0, 0.0, 1.0, 1.0]
    """
    ends = [round(t * rate) + len(s) for t, s in placements]
    n = round(duration * rate) if duration is not None else max(ends, default=0)
    track = np.zeros(n, np.float32)
    for (t, s), end in zip(placements, ends, strict=True):
        start = round(t * rate)
        if start < 0 or end > n:
            raise ValueError(f"a take at {t:.3f} s of {len(s) / rate:.3f} s is outside the track")
        track[start:end] += np.asarray(s, np.float32)
    return track


def write_track(
    path: Path | str,
    placements: Sequence[tuple[float, AnySamples]],
    duration: float | None = None,
    *,
    normalise: bool = True,
    rate: int = RATE,
) -> Path:
    """A scene's narration as a mono 16-bit WAV: takes placed, then loudness-normalised.

    Parameters
    ----------
    path : path-like
        Where to write (atomically).
    placements : sequence of (float, numpy.ndarray)
        Start time and samples of each take (see :func:`place`).
    duration : float, optional
        The clip's length in seconds.
    normalise : bool
        Normalise the whole track (:func:`pipeline.voice.loudness.normalize`).
    rate : int
        Sample rate.

    Returns
    -------
    Path
    """
    from pipeline.voice.loudness import normalize  # scipy: only when a track is levelled

    track = place(placements, duration, rate)
    return write_wav(path, normalize(track, rate) if normalise else track, rate)
