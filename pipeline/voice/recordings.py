"""Recorded narration: where takes live, which words they hold, and which may be played.

A take recorded by a person replaces the synthetic one, cue by cue. A *cue* is one caption a
scene says (one catalogue text, which may show as several subtitle cues); its id is the
catalogue key (:func:`cue_ids`, ``-2``, ``-3`` for a key said again). A recording lives at ::

    voice/<lesson-id>/<lang>/<Scene>/<cue-id>.wav      (or .flac; any rate, mono or stereo)

in the lesson's folder (:func:`~pipeline.places.recordings_root`), and says which words it
is a take of, in one of two ways:

- a sidecar ``<cue-id>.txt`` beside it holding the words that were read (the script line),
  written once with the recording; or
- the short hash of those words in its name: ``<cue-id>.<hash>.wav``.

When the studio saves over a take, the take it replaces is kept beside it as
``<cue-id>.<n>.wav`` with its words in ``<cue-id>.<n>.txt`` (:func:`kept_takes`; ``n`` counts
the cue's takes from 1), so it can be put back. Kept takes are never played and are no input
of a render.

The hash (:func:`text_hash`) is the first 8 hex digits of the SHA-256 of the exact spoken
words (:func:`mathcore.spoken.spoken_template`: numbers and notation in words), with runs of
white space read as one space. A recording is *fresh* when its hash equals the hash of the
cue's words now, and only then is it used. When an author edits a number the words change,
so the recording is *stale*: the cue falls back to the synthetic voice and
:func:`check_recordings` lists it; so is a recording that says neither way which words it
holds. A fresh take makes other takes of the same cue unused, as is a recording of a cue the
scene no longer says.

A fresh take is also listened to before it is used (:func:`inspect_recording`,
:mod:`pipeline.takecheck`): one that is silent, clipped, or whose speech is under half or
over twice as long as the synthetic take of the same words is *rejected*, with its reason;
the synthetic voice says the cue and the render lists it, as it lists stale ones. A file
that cannot be decoded fails its scene with a one-line message naming it
(:class:`~pipeline.voice.synthesis.VoiceError`).

The names, hashes and digests need no audio library; listening to a take loads one.
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pipeline.places import recordings_root
from pipeline.voice.synthesis import VoiceError, synthesize, voice_cache

__all__ = [
    "AUDIO_EXTS",
    "HASH_LEN",
    "Recording",
    "RecordingCheck",
    "Rejected",
    "check_recordings",
    "cue_ids",
    "file_digest",
    "inspect_recording",
    "kept_takes",
    "recording_dir",
    "recordings_inputs",
    "recordings_root",
    "text_hash",
]

AUDIO_EXTS = (".wav", ".flac")
HASH_LEN = 8

_CUE = re.compile(r"[A-Za-z0-9_]+(?:-[0-9]+)?")
_KEPT = re.compile(rf"(?P<cue>{_CUE.pattern})\.(?P<n>[1-9][0-9]{{0,5}})")  # never 8 hex digits


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


def recording_dir(lesson_id: str, lang: str, scene: str, root: Path | None = None) -> Path:
    """The folder of a scene's recorded takes: ``<root>/<lesson-id>/<lang>/<Scene>/``.

    Parameters
    ----------
    lesson_id, lang, scene : str
        The lesson's id, the language and the scene's class name.
    root : Path, optional
        The recordings folder; default :func:`~pipeline.settings.recordings_root`
        (``LECTURE_RECORDINGS``, or ``voice/`` of the lesson's folder), the one renders, dry
        runs and the clip's inputs all read.

    Returns
    -------
    Path
        The folder (it need not exist).
    """
    return (recordings_root() if root is None else root) / lesson_id / lang / scene


def file_digest(path: Path) -> str:
    """SHA-256 (hex) of a file's bytes, read in blocks."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def recordings_inputs(folder: Path) -> dict[str, str]:
    """SHA-256 of every file in a scene's recordings folder (audio and sidecars), by name.

    A clip's input hash takes these: replacing (or adding, or removing) a take re-renders
    that scene only. Stale takes count too, which re-renders when one becomes fresh; the
    earlier takes the studio keeps (:func:`kept_takes`) do not.
    """
    if not folder.is_dir():
        return {}
    return {
        f"recording:{p.name}": file_digest(p)
        for p in sorted(folder.iterdir())
        if p.is_file()
        and (p.suffix.lower() in AUDIO_EXTS or p.suffix == ".txt")
        and not _KEPT.fullmatch(p.stem)
    }


def kept_takes(folder: Path, cue: str) -> dict[int, Path]:
    """The earlier takes of a cue kept beside it (``<cue>.<n>.wav``), by their number.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> for name in ["pd_a.wav", "pd_a.1.wav", "pd_a.3.wav", "pd_a.1.txt", "pd_a.0a1b2c3d.wav"]:
    ...     _ = (folder / name).write_bytes(b"")
    >>> sorted(kept_takes(folder, "pd_a"))
    [1, 3]
    """
    out = {}
    if folder.is_dir():
        for p in folder.glob(f"{cue}.*.wav"):
            m = _KEPT.fullmatch(p.stem)
            if m is not None and m.group("cue") == cue:
                out[int(m.group("n"))] = p
    return dict(sorted(out.items()))


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
    import av  # audio libraries: only when a take is listened to

    from pipeline.takecheck import problem
    from pipeline.voice.audio import decode, read_audio
    from pipeline.voice.targets import RATE

    try:
        channels, rate = decode(path)
    except (av.error.FFmpegError, OSError, ValueError, IndexError) as e:
        detail = " ".join(str(e).replace(path, Path(path).name).split())
        raise VoiceError(f"recording {path} cannot be read ({detail})") from None
    synthetic = synthesize(words, lang, cache=Path(cache))
    return problem(channels, rate, read_audio(synthetic), RATE)


def inspect_recording(
    path: Path, words: str, lang: str, *, cache: Path | None = None
) -> str | None:
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
    cache : Path, optional
        The synthetic takes' cache (default :func:`~pipeline.voice.synthesis.voice_cache`).

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
    folder = voice_cache() if cache is None else cache
    return _inspect(str(path), (st.st_mtime_ns, st.st_size), words, lang, str(folder))


def check_recordings(
    folder: Path,
    cues: Mapping[str, str],
    *,
    lang: str | None = None,
    cache: Path | None = None,
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
    cache : Path, optional
        The synthetic takes' cache, whose take is the length a take is compared with (default
        :func:`~pipeline.voice.synthesis.voice_cache`).
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
