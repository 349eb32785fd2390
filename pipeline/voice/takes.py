"""An author's take as the recording studio receives it: decode, check, trim, level, save.

The studio (``lecture record``) sends what the microphone gave, as an audio file. Before it
is kept it is decoded (only what a browser records, from memory, its length capped before and
while it is decoded: :mod:`pipeline.voice.uploads`) and capped in size (:data:`MAX_BYTES`)
and length (:data:`MAX_SECONDS`). It is listened to for speech against its own noise floor
(:mod:`pipeline.voice.speech`): a take of hiss alone is rejected, and the take is trimmed to
its speech with a margin each side (:data:`LEAD`, :data:`TRAIL`, so a soft first consonant
is never cut). What is kept is checked as a render checks a take
(:func:`pipeline.takecheck.problem`: silent, clipped, speech far shorter or longer than the
synthetic take of the same words) and levelled as the narration is
(:data:`~pipeline.voice.targets.TARGET_LUFS`, true peak under the ceiling). An accepted take
is saved where renders look for it, ``<cue>.wav`` with ``<cue>.txt`` holding its words
(:mod:`pipeline.voice.recordings`).
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from pipeline.files import atomic_write, replacing
from pipeline.takecheck import problem
from pipeline.voice.audio import read_audio, write_wav
from pipeline.voice.loudness import measure, normalize
from pipeline.voice.recordings import AUDIO_EXTS, kept_takes, text_hash
from pipeline.voice.samples import Samples
from pipeline.voice.speech import Speech, find_speech
from pipeline.voice.synthesis import synthesize
from pipeline.voice.targets import CEILING_DBTP, ENCODER_HEADROOM, RATE
from pipeline.voice.uploads import TakeRefused, decode_upload

__all__ = [
    "FADE",
    "LEAD",
    "MAX_BYTES",
    "MAX_SECONDS",
    "TRAIL",
    "Take",
    "TakeRefused",
    "Saved",
    "Undone",
    "current_number",
    "prepare_take",
    "save_take",
    "undo_take",
]

MAX_BYTES = 24 * 1024 * 1024  # an upload larger than this is refused (2 min of 48 kHz PCM)
MAX_SECONDS = 90.0  # a take longer than this is refused (the longest cue says about 20 s)
LEAD = 0.20  # seconds kept before the first window of speech
TRAIL = 0.30  # and after the last (a breath, the decay of the last word)
FADE = 0.01  # seconds of fade at each cut end, so a cut never clicks


@dataclass(frozen=True)
class Take:
    """A take as the studio judged it.

    Attributes
    ----------
    samples : numpy.ndarray or None
        The trimmed, levelled take (mono at :data:`~pipeline.voice.targets.RATE`); None when
        it is rejected.
    reason : str or None
        Why it is rejected (:func:`pipeline.takecheck.problem`), None when accepted.
    received : float
        Seconds of the upload as recorded.
    trimmed : tuple of float
        Seconds cut from its start and its end.
    speech : Speech or None
        Where the upload speaks against its noise floor
        (:func:`pipeline.voice.speech.find_speech`); None when it was not listened to.
    """

    samples: Samples | None
    reason: str | None
    received: float
    trimmed: tuple[float, float] = (0.0, 0.0)
    speech: Speech | None = None

    @property
    def seconds(self) -> float:
        """Length of the kept take (0 when rejected)."""
        return 0.0 if self.samples is None else round(len(self.samples) / RATE, 3)

    def levels(self) -> tuple[float, float]:
        """Integrated loudness (LUFS) and true peak (dBTP) of the kept take (``-inf`` if none)."""
        return (-math.inf, -math.inf) if self.samples is None else measure(self.samples, RATE)


def _fade(x: Samples, rate: int) -> Samples:
    n = min(len(x) // 2, round(FADE * rate))
    if n:
        ramp = np.linspace(0.0, 1.0, n, dtype=np.float32)
        x[:n] *= ramp
        x[len(x) - n :] *= ramp[::-1]
    return x


def prepare_take(data: bytes, words: str, lang: str, *, cache: Path | None = None) -> Take:
    """Judge an uploaded take of `words`; trim and level it when it is fit to play.

    Parameters
    ----------
    data : bytes
        The upload (WAV from the studio page, or FLAC, WebM/Opus or Ogg:
        :func:`pipeline.voice.uploads.decode_upload`).
    words : str
        The words it is a take of (its cue's spoken words).
    lang : {"id", "en"}
        The language; the synthetic take of `words` in it is the length it is compared with.
    cache : Path, optional
        The synthetic takes' cache (default :func:`~pipeline.voice.synthesis.voice_cache`).

    Returns
    -------
    Take
        Rejected (``samples`` None, with the reason) when the take holds no speech above its
        own noise floor (:func:`pipeline.voice.speech.find_speech`: ``no speech (…)``, or
        ``silent (…)`` when it is silent), or when what would be kept (its speech, with
        :data:`LEAD` and :data:`TRAIL`) is silent, clipped, or speaks under half or over
        twice as long as the synthetic take (:func:`pipeline.takecheck.problem`).

    Raises
    ------
    TakeRefused
        When the upload is over :data:`MAX_BYTES`, not one of the accepted formats, has no
        samples, or is longer than :data:`MAX_SECONDS` (by its header, or once decoding
        passes it).
    """
    if len(data) > MAX_BYTES:
        raise TakeRefused(413, f"too large: {len(data)} bytes, over {MAX_BYTES}")
    channels, rate = decode_upload(data, MAX_SECONDS)
    received = channels.shape[1] / rate if rate else 0.0
    if channels.shape[1] == 0:
        raise TakeRefused(415, "not audio: the upload has no samples")
    synthetic = read_audio(synthesize(words, lang, cache=cache))
    mono = np.ascontiguousarray(decode_upload(data, MAX_SECONDS, RATE)[0].mean(axis=0), np.float32)
    speech = find_speech(mono, RATE)
    if speech.span is None:  # a silent take is told so, anything else has no voice in it
        quiet = problem(channels, rate, synthetic, RATE)
        reason = quiet if quiet is not None and quiet.startswith("silent") else speech.verdict()
        return Take(None, reason, round(received, 3), speech=speech)
    start = max(0, round((speech.span[0] - LEAD) * RATE))
    end = min(len(mono), round((speech.span[1] + TRAIL) * RATE))
    # what will be kept, at its own rate, judged as a render judges the saved take
    own = channels[:, math.floor(start / RATE * rate) : math.ceil(end / RATE * rate)]
    unfit = problem(own, rate, synthetic, RATE)
    cut = (round(start / RATE, 3), round((len(mono) - end) / RATE, 3))
    if unfit is not None:
        return Take(None, unfit, round(received, 3), cut, speech)
    kept = _fade(mono[start:end].copy(), RATE)
    leveled = normalize(kept, RATE, ceiling=CEILING_DBTP - ENCODER_HEADROOM)
    return Take(leveled, None, round(received, 3), cut, speech)


@dataclass(frozen=True)
class Saved:
    """What a save did.

    Attributes
    ----------
    path : Path
        The take saved (``<cue>.wav``).
    kept : int or None
        The number the take it replaced is kept under (``<cue>.<n>.wav``); None when the
        cue had no take.
    """

    path: Path
    kept: int | None


@dataclass(frozen=True)
class Undone:
    """What an undo did.

    Attributes
    ----------
    restored : int
        The number of the earlier take put back as ``<cue>.wav``.
    kept : int
        The number the take it replaced is kept under.
    """

    restored: int
    kept: int


def current_number(folder: Path, cue: str) -> int:
    """The number of the cue's current take: the one its kept takes leave free.

    Every take of a cue keeps one number: the takes it replaced are kept under theirs
    (``<cue>.<n>.wav``), and the current take's is the gap among them, or the next number
    when there is none (a cue's first take is 1).

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> current_number(folder, "pd_a")
    1
    >>> for name in ["pd_a.1.wav", "pd_a.3.wav"]:
    ...     _ = (folder / name).write_bytes(b"")
    >>> current_number(folder, "pd_a")
    2
    """
    kept = kept_takes(folder, cue)
    return next((n for n in range(1, len(kept) + 2) if n not in kept), len(kept) + 1)


def _keep(folder: Path, cue: str, number: int) -> None:
    """Keep the current take (and its words) under `number`, the current files untouched."""
    wav, sidecar = folder / f"{cue}.wav", folder / f"{cue}.txt"
    kept = folder / f"{cue}.{number}.wav"
    with replacing(kept) as tmp:
        os.link(wav, tmp)
    if sidecar.is_file():
        atomic_write(folder / f"{cue}.{number}.txt", sidecar.read_bytes())


def save_take(folder: Path, cue: str, samples: Samples, words: str) -> Saved:
    """Save a take as ``<cue>.wav`` with its words in ``<cue>.txt``, each file atomically.

    The take it replaces is kept first, as ``<cue>.<n>.wav`` and ``<cue>.<n>.txt``
    (:func:`current_number`), so :func:`undo_take` can put it back. The audio is moved into
    place before its words: a save cut off between the two leaves the new take with the old
    words, stale (never played), not an old take passing for the new words. Another audio
    file of the cue that reads its words from the sidecar (``<cue>.flac``) gets the hash of
    those words in its name, so it stays what it was.

    Parameters
    ----------
    folder : Path
        The scene's recordings folder (made if missing).
    cue : str
        The cue id.
    samples : numpy.ndarray
        The take, mono at :data:`~pipeline.voice.targets.RATE`.
    words : str
        The words it says.

    Returns
    -------
    Saved
        The WAV file, and the number the take it replaced is kept under.
    """
    folder.mkdir(parents=True, exist_ok=True)
    sidecar = folder / f"{cue}.txt"
    if sidecar.is_file():
        old = text_hash(sidecar.read_text(encoding="utf-8-sig"))
        for ext in AUDIO_EXTS:
            other = folder / f"{cue}{ext}"
            if ext != ".wav" and other.is_file():
                other.rename(folder / f"{cue}.{old}{ext}")
    kept = None
    if (folder / f"{cue}.wav").is_file():
        kept = current_number(folder, cue)
        _keep(folder, cue, kept)
    wav = write_wav(folder / f"{cue}.wav", samples, RATE)
    atomic_write(sidecar, " ".join(words.split()) + "\n")
    return Saved(wav, kept)


def undo_take(folder: Path, cue: str) -> Undone | None:
    """Put back the take the current one replaced; the current one is kept under its number.

    Parameters
    ----------
    folder : Path
        The scene's recordings folder.
    cue : str
        The cue id.

    Returns
    -------
    Undone or None
        The numbers of the take put back and of the one it replaced; None when no earlier
        take is kept (nothing is changed).
    """
    wav, sidecar = folder / f"{cue}.wav", folder / f"{cue}.txt"
    number = current_number(folder, cue)
    earlier = [n for n in kept_takes(folder, cue) if n < number]
    if not earlier:
        return None
    back = max(earlier)
    if wav.is_file():
        _keep(folder, cue, number)
    os.replace(folder / f"{cue}.{back}.wav", wav)
    words = folder / f"{cue}.{back}.txt"
    if words.is_file():
        os.replace(words, sidecar)
    return Undone(back, number)
