"""Narration audio: the synthetic voice, recorded takes, loudness, and a scene's track.

No manim here: these are the pure building blocks a render uses to speak its captions.

Synthetic voice
    :func:`synthesize` runs espeak-ng offline (voice ``id`` for Indonesian, ``en`` for
    English, :data:`WPM` words a minute) and keeps every take in a content-addressed cache
    (:data:`CACHE`), keyed by engine name, engine version, voice, speed and the exact text
    given to espeak-ng, so the same words are never synthesised twice. Takes are written
    aside and moved into place when complete.

Pronunciation
    Just before the words go to espeak-ng, the language's lexicon (:mod:`pipeline.lexicon`)
    puts espeak-ng phoneme input (``[[v'Elju]]``) in place of the terms the voice says
    wrong. The cache key takes the text with those phonemes, so changing an entry
    synthesises again exactly the takes that hold its term; a clip's input hash takes the
    lexicon's digest. Captions and the words of a recording stay plain.

Recorded narration
    A take recorded by a person replaces the synthetic one, cue by cue. A *cue* is one
    caption a scene says (one catalogue text, which may show as several subtitle cues); its
    id is the catalogue key (:func:`cue_ids`, ``-2``, ``-3`` for a key said again). A
    recording lives at ::

        voice/<lesson-id>/<lang>/<Scene>/<cue-id>.wav      (or .flac; any rate, mono or stereo)

    and says which words it is a take of, in one of two ways:

    - a sidecar ``<cue-id>.txt`` beside it holding the words that were read (the script
      line), written once with the recording; or
    - the short hash of those words in its name: ``<cue-id>.<hash>.wav``.

    The hash (:func:`text_hash`) is the first 8 hex digits of the SHA-256 of the exact spoken
    words (:func:`mathcore.spoken.spoken_template`: numbers and notation in words), with
    runs of white space read as one space. A recording is *fresh* when its hash equals the
    hash of the cue's words now, and only then is it used. When an author edits a number
    the words change, so the recording is *stale*: the cue falls back to the synthetic
    voice and :func:`check_recordings` lists it; so is a recording that says neither way
    which words it holds. A fresh take makes other takes of the same cue unused, as is a
    recording of a cue the scene no longer says.

    A fresh take is also listened to before it is used (:mod:`pipeline.takecheck`): one that
    is silent, clipped, or whose speech is under half or over twice as long as the
    synthetic take of the same words is *rejected*, with its reason; the synthetic voice
    says the cue and the render lists it, as it lists stale ones. A file that cannot be
    decoded fails its scene with a one-line message naming it (:class:`VoiceError`).

Loudness
    A clip's narration track is normalised as a whole (:func:`normalize`) to
    :data:`TARGET_LUFS` integrated loudness (ITU-R BS.1770, pyloudnorm) with its true peak,
    measured on a 4× oversampled signal, at most :data:`CEILING_DBTP` (a look-ahead limiter
    takes the peaks down where needed). :func:`measure` returns both figures.

Incremental renders
    :func:`voice_inputs` lists what a clip's audio depends on, for its input hash: engine,
    version, voice and speed of the synthetic voice, its pronunciation lexicon, the loudness
    targets, and the SHA-256 of the bytes of each recording used.
"""

from __future__ import annotations

import functools
import hashlib
import math
import os
import re
import shutil
import subprocess
import time
import wave
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import av
import numpy as np
from scipy.ndimage import minimum_filter1d, uniform_filter1d
from scipy.signal import resample_poly

from pipeline.lexicon import lexicon
from pipeline.manifest import SpokenCue
from pipeline.media import atomic_path
from pipeline.settings import MEDIA, VOICE_OPTIONS
from pipeline.takecheck import loudness, problem

__all__ = [
    "AUDIO_EXTS",
    "CACHE",
    "PAUSE",
    "VOICE_CHOICES",
    "Narrator",
    "leveled_take",
    "SpokenCue",
    "recordings_root",
    "recordings_inputs",
    "CEILING_DBTP",
    "ENGINE",
    "RATE",
    "RECORDINGS",
    "TARGET_LUFS",
    "VOICES",
    "WPM",
    "Recording",
    "RecordingCheck",
    "Rejected",
    "decode",
    "inspect_recording",
    "VoiceError",
    "check_recordings",
    "cue_ids",
    "engine_version",
    "measure",
    "normalize",
    "place",
    "read_audio",
    "recording_dir",
    "synthesize",
    "take",
    "text_hash",
    "true_peak",
    "voice_inputs",
    "write_track",
    "write_wav",
]

ROOT = Path(__file__).resolve().parent.parent
RATE = 48_000  # the project's audio sample rate
TARGET_LUFS = -16.0  # integrated loudness of a clip's narration
CEILING_DBTP = -1.0  # highest true peak
ENCODER_HEADROOM = 0.5  # dB kept free under the ceiling for the lossy encoders' overshoot
ENGINE = "espeak-ng"
VOICES = {"id": "id", "en": "en"}  # espeak-ng voice per lesson language
WPM = 155  # speaking rate, words a minute
CACHE = MEDIA / "voice-cache"  # synthetic takes, by content
RECORDINGS = ROOT / "voice"  # recorded takes: <lesson-id>/<lang>/<Scene>/<cue-id>.wav
AUDIO_EXTS = (".wav", ".flac")
VOICE_CHOICES = VOICE_OPTIONS  # --voice: the synthetic voice, or silent renders
PAUSE = 0.4  # seconds of quiet after a caption's narration before the next may start
HASH_LEN = 8

_OVERSAMPLE = 4
_CHUNK = 1 << 20  # samples oversampled at once (bounded memory for long tracks)


class VoiceError(Exception):
    """The synthetic voice cannot run (engine missing, or it failed)."""


# --------------------------------------------------------------------------------------
# Synthetic voice
# --------------------------------------------------------------------------------------


@functools.cache
def engine_version() -> str:
    """espeak-ng's version (``1.51``), from ``espeak-ng --version``.

    Raises
    ------
    VoiceError
        When espeak-ng is not installed.
    """
    exe = shutil.which(ENGINE)
    if exe is None:
        raise VoiceError(f"{ENGINE} not found: run `make setup` (Debian package espeak-ng)")
    out = subprocess.run([exe, "--version"], capture_output=True, text=True, check=True).stdout
    m = re.search(r"\d+(?:\.\d+)+\S*", out)
    return m.group() if m else out.strip()


def _cache_key(text: str, voice: str, wpm: int, version: str) -> str:
    """SHA-256 (hex) of what decides a synthetic take's sound."""
    h = hashlib.sha256()
    for part in (ENGINE, version, voice, str(wpm), text):
        h.update(part.encode("utf-8") + b"\0")
    return h.hexdigest()


def synthesize(
    text: str, lang: str, voice: str | None = None, *, cache: Path = CACHE, wpm: int = WPM
) -> Path:
    """A WAV of espeak-ng speaking `text`, made once and then taken from the cache.

    Parameters
    ----------
    text : str
        The words to say (numbers and notation already in words, see
        :mod:`mathcore.spoken`).
    lang : {"id", "en"}
        The language; it picks the voice unless `voice` is given.
    voice : str, optional
        An espeak-ng voice name (default :data:`VOICES` ``[lang]``). The language's
        pronunciation lexicon applies when this is the language's voice (its phonemes are
        written for that voice), not to another voice.
    cache : Path
        Folder of cached takes (``<2 hex>/<sha256>.wav``).
    wpm : int
        Speaking rate in words a minute.

    Returns
    -------
    Path
        The cached WAV (espeak-ng's own rate, mono, 16 bits).

    Raises
    ------
    VoiceError
        When espeak-ng is missing or fails.
    """
    if voice is None:
        if lang not in VOICES:
            raise VoiceError(f"no voice for language {lang!r}; have {', '.join(VOICES)}")
        voice = VOICES[lang]
    version = engine_version()
    if voice == VOICES.get(lang):
        text = lexicon(lang).apply(text)
    key = _cache_key(text, voice, wpm, version)
    target = cache / key[:2] / f"{key}.wav"
    if target.is_file():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = atomic_path(target)
    cmd = [ENGINE, "-v", voice, "-s", str(wpm), "-b", "1", "-w", str(tmp), "--stdin"]
    try:
        r = subprocess.run(cmd, input=text.encode("utf-8"), capture_output=True, check=False)
        if r.returncode != 0 or not tmp.is_file() or tmp.stat().st_size <= 44:
            err = r.stderr.decode("utf-8", "replace").strip() or f"exit status {r.returncode}"
            raise VoiceError(f"{ENGINE} -v {voice} failed: {err}")
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)
    return target


# --------------------------------------------------------------------------------------
# Reading and writing audio
# --------------------------------------------------------------------------------------


def decode(path: Path | str, rate: int | None = None) -> tuple[np.ndarray, int]:
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
    chunks: list[np.ndarray] = []
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
    if not chunks:
        return np.zeros((1, 0), np.float32), out_rate
    return np.concatenate(chunks, axis=1).astype(np.float32), out_rate


def read_audio(path: Path | str, rate: int = RATE) -> np.ndarray:
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
    channels, _ = decode(path, rate)
    return channels.mean(axis=0).astype(np.float32)


def write_wav(path: Path | str, samples: np.ndarray, rate: int = RATE) -> Path:
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
    tmp = atomic_path(out)
    try:
        with wave.open(str(tmp), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(rate)
            w.writeframes(pcm.astype("<i2").tobytes())
        os.replace(tmp, out)
    finally:
        tmp.unlink(missing_ok=True)
    return out


def place(
    placements: Sequence[tuple[float, np.ndarray]], duration: float | None = None, rate: int = RATE
) -> np.ndarray:
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
    placements: Sequence[tuple[float, np.ndarray]],
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
        Normalise the whole track (:func:`normalize`).
    rate : int
        Sample rate.

    Returns
    -------
    Path
    """
    track = place(placements, duration, rate)
    return write_wav(path, normalize(track, rate) if normalise else track, rate)


# --------------------------------------------------------------------------------------
# Loudness
# --------------------------------------------------------------------------------------


def _db(x: float) -> float:
    return 20 * math.log10(x) if x > 0 else -math.inf


def _gain(db: float) -> float:
    return float(10 ** (db / 20))


def _oversampled_peaks(x: np.ndarray) -> np.ndarray:
    """Per sample, the largest magnitude of the 4× oversampled signal around it."""
    n, pad = len(x), 64
    out = np.empty(n, np.float64)
    for start in range(0, n, _CHUNK):
        stop = min(n, start + _CHUNK)
        lo, hi = max(0, start - pad), min(n, stop + pad)
        up = np.abs(resample_poly(x[lo:hi].astype(np.float64), _OVERSAMPLE, 1))
        up = up[(start - lo) * _OVERSAMPLE : (stop - lo) * _OVERSAMPLE]
        out[start:stop] = up.reshape(-1, _OVERSAMPLE).max(axis=1)
    return np.maximum(out, np.abs(x))


def true_peak(samples: np.ndarray) -> float:
    """True peak in dBTP: the largest magnitude of the 4× oversampled signal.

    Examples
    --------
    >>> tone = 0.5 * np.sin(2 * np.pi * 1000 * np.arange(RATE) / RATE)
    >>> round(true_peak(tone), 2)
    -6.02
    """
    x = np.asarray(samples, np.float64)
    return _db(float(_oversampled_peaks(x).max())) if len(x) else -math.inf


def _loudness(x: np.ndarray, rate: int) -> float:
    return loudness(x, rate)  # one BS.1770 meter for takes and tracks (pipeline.takecheck)


def measure(samples: np.ndarray, rate: int = RATE) -> tuple[float, float]:
    """Integrated loudness (LUFS, ITU-R BS.1770) and true peak (dBTP) of mono samples.

    Parameters
    ----------
    samples : numpy.ndarray
        Mono samples.
    rate : int
        Their sample rate.

    Returns
    -------
    tuple of float
        ``(lufs, dbtp)``; ``-inf`` for silence.
    """
    x = np.asarray(samples, np.float64)
    return _loudness(x, rate), true_peak(x)


def _limit(x: np.ndarray, ceiling: float, rate: int) -> np.ndarray:
    """Take the true peaks above `ceiling` (linear) down with a smooth look-ahead gain.

    The gain wanted at each sample is spread by a minimum over ±10 ms, then smoothed by a
    moving average no wider than that, so the smoothed gain never exceeds what any sample
    needs: attack before the peak, release after, no click.
    """
    need = np.minimum(1.0, ceiling / np.maximum(_oversampled_peaks(x), 1e-12))
    if need.min() >= 1.0:
        return x
    r = max(1, round(0.010 * rate))
    gain = minimum_filter1d(need, size=2 * r + 1, mode="nearest")
    gain = uniform_filter1d(gain, size=r, mode="nearest")
    return x * np.minimum(gain, need)


def normalize(
    samples: np.ndarray,
    rate: int = RATE,
    target: float = TARGET_LUFS,
    ceiling: float = CEILING_DBTP,
) -> np.ndarray:
    """Bring a narration track to `target` LUFS with its true peak at most `ceiling` dBTP.

    Gain to the target, and where that pushes a true peak above the ceiling a look-ahead
    limiter takes the peak down; the loudness is measured again and made up, a few times.
    Silence is returned as it is.

    Parameters
    ----------
    samples : numpy.ndarray
        Mono samples of the whole track (a clip's narration, silences included: the gating
        of the loudness measure leaves them out).
    rate : int
        Sample rate.
    target : float
        Integrated loudness to reach, in LUFS.
    ceiling : float
        Highest true peak, in dBTP.

    Returns
    -------
    numpy.ndarray
        float32 samples.
    """
    y = np.asarray(samples, np.float64)
    if not len(y) or not math.isfinite(_loudness(y, rate)):
        return y.astype(np.float32)
    limit = _gain(ceiling - 0.3)  # a little below the ceiling: the gain curve bends peaks
    for _ in range(8):
        y = y * _gain(target - _loudness(y, rate))
        if true_peak(y) <= ceiling - 0.05:
            break
        y = _limit(y, limit, rate)
        if abs(_loudness(y, rate) - target) <= 0.2:
            break
    peak = true_peak(y)
    if peak > ceiling - 0.05:  # never above the ceiling, even at some loudness
        y = y * _gain(ceiling - 0.05 - peak)
    return y.astype(np.float32)


# --------------------------------------------------------------------------------------
# Recorded narration
# --------------------------------------------------------------------------------------


def text_hash(words: str) -> str:
    r"""Short hash of the words a take says: 8 hex digits of SHA-256, white space normalised.

    Examples
    --------
    >>> text_hash("nol koma delapan") == text_hash("  nol koma\ndelapan ")
    True
    >>> len(text_hash("nol koma delapan"))
    8
    """
    return hashlib.sha256(" ".join(words.split()).encode("utf-8")).hexdigest()[:HASH_LEN]


_CUE = re.compile(r"[A-Za-z0-9_]+(?:-[0-9]+)?")


def cue_ids(keys: Sequence[str]) -> list[str]:
    """Ids of a scene's cues from the catalogue keys it says, in order: a repeat gets ``-2``.

    Examples
    --------
    >>> cue_ids(["pd_sub_vectors", "pd_sub_dot", "pd_sub_vectors"])
    ['pd_sub_vectors', 'pd_sub_dot', 'pd_sub_vectors-2']
    """
    seen: dict[str, int] = {}
    out = []
    for key in keys:
        if not re.fullmatch(r"[A-Za-z0-9_]+", key):
            raise ValueError(f"a cue key must be letters, digits and _: {key!r}")
        seen[key] = seen.get(key, 0) + 1
        out.append(key if seen[key] == 1 else f"{key}-{seen[key]}")
    return out


def recording_dir(lesson_id: str, lang: str, scene: str, root: Path = RECORDINGS) -> Path:
    """The folder of a scene's recorded takes: ``voice/<lesson-id>/<lang>/<Scene>/``."""
    return root / lesson_id / lang / scene


@dataclass(frozen=True)
class Recording:
    """A recorded take found for a cue.

    Attributes
    ----------
    cue : str
        The cue id.
    path : Path
        The audio file.
    recorded : str or None
        Hash of the words it is a take of (from its name or its sidecar); None when it
        says neither.
    current : str
        Hash of the cue's words now.
    """

    cue: str
    path: Path
    recorded: str | None
    current: str

    @property
    def fresh(self) -> bool:
        """True when the take says the cue's words as they are now."""
        return self.recorded == self.current


@dataclass(frozen=True)
class Rejected:
    """A fresh take that is not played: what is wrong with its sound.

    Attributes
    ----------
    cue : str
        The cue id.
    path : Path
        The audio file.
    reason : str
        A few words (``silent (digital silence)``, ``clipped (…)``, ``too short (…)``,
        ``too long (…)``, ``unreadable (…)``), see :func:`pipeline.takecheck.problem`.
    """

    cue: str
    path: Path
    reason: str


@dataclass
class RecordingCheck:
    """What a scene's recordings folder holds against the cues it says now.

    Attributes
    ----------
    used : dict of str to Path
        Cue id -> the fresh recording that replaces its synthetic take.
    stale : list of Recording
        Takes of cues that fall back to the synthetic voice (their words changed, or they
        say neither way which words they hold).
    rejected : list of Rejected
        Fresh takes whose sound is unfit (silent, clipped, far too short or long): their
        cues fall back to the synthetic voice unless another fresh take is fine.
    unused : list of Path
        Audio files of cues the scene no longer says, and takes superseded by a fresh one.
    """

    used: dict[str, Path] = field(default_factory=dict)
    stale: list[Recording] = field(default_factory=list)
    rejected: list[Rejected] = field(default_factory=list)
    unused: list[Path] = field(default_factory=list)


def _parse_name(path: Path) -> tuple[str, str | None] | None:
    """(cue id, hash in the name or None) of an audio file, or None if it is not one."""
    if path.suffix.lower() not in AUDIO_EXTS:
        return None
    stem = path.stem
    m = re.fullmatch(rf"(?P<cue>{_CUE.pattern})(?:\.(?P<hash>[0-9a-f]{{{HASH_LEN}}}))?", stem)
    return (m.group("cue"), m.group("hash")) if m else None


def _recorded_hash(path: Path, cue: str, in_name: str | None) -> str | None:
    """Hash of the words a take holds: from its name, else of its sidecar's words."""
    if in_name is not None:
        return in_name
    sidecar = path.parent / f"{cue}.txt"
    if sidecar.is_file():
        return text_hash(sidecar.read_text(encoding="utf-8-sig"))
    return None


@functools.lru_cache(maxsize=256)
def _inspect(path: str, stamp: tuple[int, int], words: str, lang: str, cache: str) -> str | None:
    """:func:`inspect_recording`, once per file version (`stamp`: mtime and size)."""
    try:
        channels, rate = decode(path)
    except (av.error.FFmpegError, OSError, ValueError, IndexError) as e:
        detail = " ".join(str(e).replace(path, Path(path).name).split())
        raise VoiceError(f"recording {path} cannot be read ({detail})") from None
    synthetic = synthesize(words, lang, cache=Path(cache))
    return problem(channels, rate, read_audio(synthetic), RATE)


def inspect_recording(path: Path, words: str, lang: str, *, cache: Path = CACHE) -> str | None:
    """Why a fresh take of `words` must not be played (:func:`pipeline.takecheck.problem`).

    Parameters
    ----------
    path : Path
        The recording.
    words : str
        The words it is a take of (its cue's words now).
    lang : {"id", "en"}
        The language: its synthetic take of `words` (from the cache) is the length to
        compare with.
    cache : Path
        The synthetic takes' cache.

    Returns
    -------
    str or None
        The reason (``silent (digital silence)``, ``clipped (…)``, ``too short (…)``,
        ``too long (…)``), or None for a take fit to play.

    Raises
    ------
    VoiceError
        When the file cannot be decoded: one line naming it.
    """
    st = path.stat()
    return _inspect(str(path), (st.st_mtime_ns, st.st_size), words, lang, str(cache))


def check_recordings(
    folder: Path,
    cues: Mapping[str, str],
    *,
    lang: str | None = None,
    cache: Path = CACHE,
    strict: bool = True,
) -> RecordingCheck:
    """Which recorded takes in `folder` replace the synthetic voice; which are stale or bad.

    Parameters
    ----------
    folder : Path
        A scene's recordings folder (:func:`recording_dir`); it need not exist.
    cues : mapping of str to str
        Cue id -> the words the cue says now.
    lang : {"id", "en"}, optional
        The language. When given, each fresh take is listened to
        (:func:`inspect_recording`) and a bad one is rejected; without it, the words alone
        decide (no audio is read).
    cache : Path
        The synthetic takes' cache (the length a take is compared with).
    strict : bool
        A file that cannot be decoded raises :class:`VoiceError` (a render fails that
        scene); with False it is rejected as ``unreadable (…)`` (the script lists it).

    Returns
    -------
    RecordingCheck
        A cue is in ``used`` when one of its takes is fresh (and, with `lang`, fit to
        play); its other takes are then ``unused``. A fresh take unfit to play is in
        ``rejected``. A cue without a fresh take has its takes in ``stale``.
    """
    check = RecordingCheck()
    found: dict[str, list[tuple[Path, str | None]]] = {}
    if folder.is_dir():
        for path in sorted(folder.iterdir()):
            parsed = _parse_name(path) if path.is_file() else None
            if parsed is not None:
                found.setdefault(parsed[0], []).append((path, parsed[1]))
    for cue, takes in found.items():
        if cue not in cues:
            check.unused += [p for p, _ in takes]
            continue
        current = text_hash(cues[cue])
        recs = [Recording(cue, p, _recorded_hash(p, cue, h), current) for p, h in takes]
        fresh = [r for r in recs if r.fresh]
        if not fresh:
            check.stale += recs
            continue
        good = None
        for r in fresh:
            reason = None
            if lang is not None:
                try:
                    reason = inspect_recording(r.path, cues[cue], lang, cache=cache)
                except VoiceError as e:
                    if strict:
                        raise
                    detail = str(e).partition(" cannot be read (")[2].removesuffix(")")
                    reason = f"unreadable ({detail})"
            if reason is None:
                good = r
                break
            check.rejected.append(Rejected(cue, r.path, reason))
        if good is not None:
            check.used[cue] = good.path
        rejected = {x.path for x in check.rejected}
        check.unused += [r.path for r in recs if r is not good and r.path not in rejected]
    return check


# --------------------------------------------------------------------------------------
# A cue's take, and what the audio depends on
# --------------------------------------------------------------------------------------


def take(
    words: str, lang: str, recording: Path | None = None, *, cache: Path = CACHE
) -> np.ndarray:
    """A cue's narration at :data:`RATE`: the recording if given, else the synthetic voice.

    Parameters
    ----------
    words : str
        What the cue says (spoken words).
    lang : {"id", "en"}
        The language.
    recording : Path, optional
        A fresh recording of the cue (:func:`check_recordings`).
    cache : Path
        The synthetic takes' cache.

    Returns
    -------
    numpy.ndarray
        Mono float32 samples.
    """
    return read_audio(recording if recording is not None else synthesize(words, lang, cache=cache))


def _file_digest(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def voice_inputs(voice: str, lang: str, used: Mapping[str, Path] | None = None) -> dict[str, str]:
    """What a clip's narration depends on, for its input hash.

    Parameters
    ----------
    voice : {"espeak", "none"}
        The synthetic voice setting (``--voice``); ``none`` renders silent.
    lang : {"id", "en"}
        The language.
    used : mapping of str to Path, optional
        Cue id -> recording used (:attr:`RecordingCheck.used`).

    Returns
    -------
    dict of str to str
        Engine, its version, voice and speed, the digest of its pronunciation lexicon
        (:mod:`pipeline.lexicon`), the loudness targets and sample rate, and
        ``recording:<cue-id>`` -> SHA-256 of that recording's bytes. The words themselves
        are not here: they follow from the lesson keys and sources the clip's hash has.
    """
    if voice == "none":
        return {"voice": "none"}
    if voice != "espeak":
        raise VoiceError(f"unknown voice {voice!r}; have espeak, none")
    inputs = {
        "voice": voice,
        "engine": ENGINE,
        "version": engine_version(),
        "engine_voice": VOICES[lang],
        "wpm": str(WPM),
        "lexicon": lexicon(lang).digest,
        "rate": str(RATE),
        "loudness": f"{TARGET_LUFS} LUFS, {CEILING_DBTP} dBTP",
    }
    for cue, path in sorted((used or {}).items()):
        inputs[f"recording:{cue}"] = _file_digest(path)
    return inputs


# --------------------------------------------------------------------------------------
# A scene's narrator: what the render says, cue by cue
# --------------------------------------------------------------------------------------


def recordings_root() -> Path:
    """Where recorded takes live: ``LECTURE_RECORDINGS`` if set, else :data:`RECORDINGS`."""
    env = os.environ.get("LECTURE_RECORDINGS")
    return Path(env) if env else RECORDINGS


def recordings_inputs(folder: Path) -> dict[str, str]:
    """SHA-256 of every file in a scene's recordings folder (audio and sidecars), by name.

    A clip's input hash takes these: replacing (or adding, or removing) a take re-renders
    that scene only. Stale takes count too, which re-renders when one becomes fresh.
    """
    if not folder.is_dir():
        return {}
    return {
        f"recording:{p.name}": _file_digest(p)
        for p in sorted(folder.iterdir())
        if p.is_file() and (p.suffix.lower() in AUDIO_EXTS or p.suffix == ".txt")
    }


class Narrator:
    """Speaks a scene's captions while it renders, and makes its narration track.

    A scene calls :meth:`speak` for each caption it says (at the caption's start); the
    narrator finds the cue's take (a fresh recording fit to play, else the synthetic voice,
    cached) and returns its length, so the scene can hold the step until the words are said. With
    ``voice="none"`` it says nothing (every take is 0 s) and the render is silent.

    Parameters
    ----------
    voice : {"espeak", "none"}
        The ``--voice`` setting.
    lang : {"id", "en"}
        The language.
    folder : Path, optional
        The scene's recordings folder (:func:`recording_dir`).
    cache : Path
        The synthetic takes' cache.
    """

    def __init__(
        self, voice: str, lang: str, folder: Path | None = None, *, cache: Path = CACHE
    ) -> None:
        if voice not in VOICE_CHOICES:
            raise VoiceError(f"unknown voice {voice!r}; have {', '.join(VOICE_CHOICES)}")
        self.voice, self.lang, self.folder, self.cache = voice, lang, folder, cache
        self.pause = PAUSE
        self.seconds = 0.0  # time spent finding, making and reading takes
        self.cues: list[SpokenCue] = []
        self._keys: list[str] = []
        self._takes: list[np.ndarray] = []

    @property
    def silent(self) -> bool:
        """True for ``--voice none``."""
        return self.voice == "none"

    def speak(self, key: str, words: str, start: float) -> float:
        """Say catalogue text `key` (spoken `words`) from `start` seconds; its length in seconds."""
        if self.silent:
            return 0.0
        t0 = time.perf_counter()
        self._keys.append(key)
        cue = cue_ids(self._keys)[-1]
        recording = None
        if self.folder is not None:
            found = check_recordings(self.folder, {cue: words}, lang=self.lang, cache=self.cache)
            recording = found.used.get(cue)
        samples = leveled_take(words, self.lang, recording, cache=self.cache)
        if recording is not None:
            source = f"recording {recording.name}"
        else:
            source = f"{ENGINE} {VOICES[self.lang]} {engine_version()}"
        duration = len(samples) / RATE
        self.cues.append(SpokenCue(cue, key, words, start, duration, source))
        self._takes.append(samples)
        self.seconds += time.perf_counter() - t0
        return duration

    def check(self) -> RecordingCheck:
        """The recordings folder against every cue said so far (used, stale, rejected, unused)."""
        if self.folder is None:
            return RecordingCheck()
        cues = {c.cue: c.words for c in self.cues}
        return check_recordings(self.folder, cues, lang=self.lang, cache=self.cache)

    def track(self, duration: float) -> np.ndarray:
        """The narration of `duration` seconds: every take at its start, at the target loudness.

        Each take is already levelled on its own (:func:`leveled_take`: the target
        loudness, its true peak :data:`ENCODER_HEADROOM` below the ceiling, so the lossy
        encoders' overshoot stays under it); the track is then measured as a whole and
        brought to the target within what that headroom allows. A take running past the end
        is cut there (a scene holds each step until its words are said, so this does not
        happen in a lesson scene).
        """
        n = round(duration * RATE)
        placed = []
        for cue, samples in zip(self.cues, self._takes, strict=True):
            start = min(round(cue.start * RATE), n)
            placed.append((start / RATE, samples[: n - start]))
        track = place(placed, duration)
        loudness = _loudness(track.astype(np.float64), RATE)
        if math.isfinite(loudness):
            track = track * _gain(min(TARGET_LUFS - loudness, ENCODER_HEADROOM / 2))
        return track.astype(np.float32)


def leveled_take(
    words: str, lang: str, recording: Path | None = None, *, cache: Path = CACHE
) -> np.ndarray:
    """A cue's take (:func:`take`) normalised to :data:`TARGET_LUFS`, peaks under the ceiling.

    The true peak is held :data:`ENCODER_HEADROOM` dB under :data:`CEILING_DBTP`. A
    synthetic take is levelled once and kept in the cache beside it; a recording is levelled
    each time it is used.
    """
    ceiling = CEILING_DBTP - ENCODER_HEADROOM
    if recording is not None:
        return normalize(take(words, lang, recording, cache=cache), RATE, ceiling=ceiling)
    raw = synthesize(words, lang, cache=cache)
    leveled = raw.with_name(f"{raw.stem}.{TARGET_LUFS:g}LUFS{ceiling:g}dBTP.wav")
    if not leveled.is_file():
        write_wav(leveled, normalize(read_audio(raw), RATE, ceiling=ceiling))
    return read_audio(leveled)
