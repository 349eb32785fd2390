"""Dry runs kept from one test run to the next, keyed by everything that determines them.

A dry run (:func:`pipeline.dryrun.dry_run`) is a pure function of the project's code, the
lesson file, the scene, the language, the voice and its recordings, the frame rate, the
installed packages and the TeX and font tools. :func:`dry_key` hashes exactly those, and
:func:`cached_dry_run` keeps each result in the suite's cache (:func:`cachedir.cache_root`),
so a second run on this machine (a fresh clone's included) reads the snapshots back instead of
running the scene again. Any edit of a source file the dry run can import (``mathcore``,
``lesson``, ``scenes``, ``pipeline``, ``manim.cfg``) changes the key: nothing stale is read.

Entries live in one folder per *generation* (the digest of the code and tools), and only the
most recently used generations are kept (:data:`KEEP`), so the cache does not grow without
bound while the code is edited; a generation used in the last :data:`IN_USE_S` seconds is
never removed, so runs of other working copies (other branches, other people's edits, each a
generation of its own) do not remove the entries of a run still reading them.
"""

from __future__ import annotations

import fcntl
import functools
import hashlib
import json
import os
import pickle
import platform
import shutil
import subprocess
import time
from collections.abc import Callable, Mapping
from importlib.metadata import distributions
from pathlib import Path
from typing import Any, TypeVar

from cachedir import cache_root

from scenes.typeface import MONO_FONT, TEXT_FAMILIES

__all__ = [
    "KEEP",
    "IN_USE_S",
    "DryRunCache",
    "cached_dry_run",
    "dry_key",
    "dry_sources",
    "generation",
    "same",
    "tool_versions",
]

ROOT = Path(__file__).resolve().parent.parent
# What a dry run imports or reads from the checkout (tests/ only writes the lesson files,
# whose bytes are in the key; publish/ and lecture/ sit above pipeline/ and are not imported).
SOURCE_DIRS = ("mathcore", "lesson", "scenes", "pipeline")
KEEP = 4  # generations kept: this checkout's, and a few others' (branches, other clones)
# a generation read or written this recently may belong to a run in progress: kept whatever
# KEEP says (each read touches its folder; a cold run on a busy machine lasts half an hour)
IN_USE_S = 3600.0
T = TypeVar("T")


def dry_sources() -> dict[str, str]:
    """SHA-256 of every source file a dry run can import or read, by path in the checkout.

    Returns
    -------
    dict of str to str
        ``manim.cfg`` and every ``.py`` and ``.toml`` file under :data:`SOURCE_DIRS`.
    """
    from pipeline.job import source_digests

    return {
        rel: digest
        for rel, digest in source_digests().items()
        if rel == "manim.cfg" or Path(rel).parts[0] in SOURCE_DIRS
    }


def _first_line(*argv: str) -> str:
    try:
        out = subprocess.run(argv, capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return "missing"
    return out.strip().splitlines()[0] if out.strip() else "missing"


@functools.cache
def tool_versions() -> dict[str, str]:
    """Python, every installed distribution, the TeX tools and the fonts Pango picks.

    Returns
    -------
    dict of str to str
        What draws a dry run's formulas and texts (their sizes are in the snapshots) beside
        the project's own code.
    """
    packages = sorted(
        f"{d.metadata['Name']}=={d.version}" for d in distributions() if d.metadata["Name"]
    )
    return {
        "python": platform.python_version(),
        "packages": hashlib.sha256("\n".join(packages).encode()).hexdigest(),
        "latex": _first_line("latex", "--version"),
        "dvisvgm": _first_line("dvisvgm", "--version"),
        "sans": _first_line("fc-match", "sans-serif"),
        # the scenes' type family (scenes.typeface): the file fontconfig gives each name
        **{f"font {f}": _first_line("fc-match", f) for f in (*TEXT_FAMILIES, MONO_FONT)},
    }


def generation(digests: Mapping[str, str], tools: Mapping[str, str]) -> str:
    """Digest of the code and tools a dry run depends on: the cache's folder for them.

    Parameters
    ----------
    digests : mapping of str to str
        :func:`dry_sources`.
    tools : mapping of str to str
        :func:`tool_versions`.

    Returns
    -------
    str
        16 hex digits.
    """
    blob = json.dumps({"sources": dict(digests), "tools": dict(tools)}, sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def dry_key(
    scene: str,
    lesson: Path,
    lang: str,
    voice: str,
    recordings: bool,
    frame_rate: float | None,
    digests: Mapping[str, str],
    tools: Mapping[str, str],
) -> str:
    """The key of one dry run: it changes when, and only when, one of its inputs changes.

    Parameters
    ----------
    scene, lang, voice, recordings, frame_rate
        As :func:`pipeline.dryrun.dry_run` takes them.
    lesson : Path
        The lesson file; its bytes count, not its name.
    digests : mapping of str to str
        :func:`dry_sources`.
    tools : mapping of str to str
        :func:`tool_versions`.

    Returns
    -------
    str
        ``<generation>/<digest>``: a folder per generation (:func:`generation`), a file per run.
    """
    from lesson.model import load_lesson
    from pipeline.voice.narrator import narrator_for
    from pipeline.voice.recordings import recording_dir

    text = lesson.read_bytes()
    folder = recording_dir(load_lesson(lesson).id, lang, scene)
    # the engine, its version, voice, lexicon, loudness and every recorded take's bytes
    narration = narrator_for(voice, lang, folder if recordings else None).inputs()
    blob = json.dumps(
        {
            "scene": scene,
            "lesson": hashlib.sha256(text).hexdigest(),
            "lang": lang,
            "voice": voice,
            "recordings": recordings,
            "frame_rate": frame_rate and float(frame_rate),
            "narration": narration,
        },
        sort_keys=True,
    )
    return f"{generation(digests, tools)}/{hashlib.sha256(blob.encode()).hexdigest()}"


class DryRunCache:
    """Pickled results by key in `root`; made once under a lock, read back by every process.

    Parameters
    ----------
    root : Path
        The cache's folder (made if missing).
    keep : int
        How many generations (the key's first part) to keep; the least recently used go.
    in_use : float
        Seconds: a generation used this recently is kept even beyond `keep`.
    """

    def __init__(self, root: Path, keep: int = KEEP, in_use: float = IN_USE_S) -> None:
        self.root, self.keep, self.in_use = root, keep, in_use
        self.made = 0  # results made (not read back) by this object
        self._memo: dict[str, Any] = {}

    def get(self, key: str, make: Callable[[], T]) -> T:
        """The result stored under `key`, or `make()`'s, stored (nothing is stored on error).

        Parameters
        ----------
        key : str
            ``<generation>/<name>`` (:func:`dry_key`).
        make : callable
            Makes the result when it is not stored (or cannot be read back).

        Returns
        -------
        object
            The stored or made result.
        """
        if key in self._memo:
            return self._memo[key]  # type: ignore[no-any-return]
        path = self.root / f"{key}.pickle"
        path.parent.mkdir(parents=True, exist_ok=True)
        os.utime(path.parent)  # this generation was used now (see prune)
        with open(path.with_suffix(".lock"), "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # a second process waits for the first's run
            value: Any = None
            if path.is_file():
                try:
                    value = pickle.loads(path.read_bytes())
                except Exception:  # a truncated or unreadable entry is made again
                    value = None
            if value is None:
                value = make()
                self.made += 1
                tmp = path.with_suffix(f".{os.getpid()}.tmp")
                tmp.write_bytes(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
                os.replace(tmp, path)
        self._memo[key] = value
        return value  # type: ignore[no-any-return]

    def prune(self) -> list[Path]:
        """Remove the generations past the :attr:`keep` most recently used that no run used
        in the last :attr:`in_use` seconds.

        Returns
        -------
        list of Path
            The removed generations' folders.
        """
        if not self.root.is_dir():
            return []
        used = {p: p.stat().st_mtime for p in self.root.iterdir() if p.is_dir()}
        gens = sorted(used, key=used.__getitem__, reverse=True)
        cutoff = time.time() - self.in_use
        old = [p for p in gens[self.keep :] if used[p] < cutoff]
        for p in old:
            shutil.rmtree(p, ignore_errors=True)
        return old


@functools.cache
def _cache() -> DryRunCache:
    cache = DryRunCache(cache_root() / "dry-runs")
    cache.prune()
    return cache


@functools.cache
def _sources() -> dict[str, str]:
    # taken once per test process: the code a run's dry runs are made from
    return dry_sources()


def cached_dry_run(
    scene: str,
    lesson: Path,
    lang: str,
    media: Path | None = None,
    voice: str = "espeak",
    recordings: bool = True,
    frame_rate: float | None = None,
) -> Any:
    """:func:`pipeline.dryrun.dry_run`, made once per machine for the same inputs.

    Parameters
    ----------
    scene, lesson, lang, media, voice, recordings, frame_rate
        As :func:`pipeline.dryrun.dry_run` takes them (`media` is only where manim keeps
        its TeX and text caches: it does not change the result).

    Returns
    -------
    pipeline.dryrun.DryRun
    """
    from lesson.scenelist import ORDER

    def make() -> Any:
        from pipeline.dryrun import dry_run

        return dry_run(scene, lesson, lang, media, voice, recordings, frame_rate)

    if scene not in ORDER:  # an extra scene's module may live anywhere: not cached
        return make()
    key = dry_key(scene, lesson, lang, voice, recordings, frame_rate, _sources(), tool_versions())
    return _cache().get(key, make)


def same(a: object, b: object) -> bool:
    """Equal, arrays compared element by element (a dry run's snapshots hold points).

    Examples
    --------
    >>> import numpy as np
    >>> same([{"box": np.zeros(2)}], [{"box": np.zeros(2)}]), same(np.zeros(2), np.ones(2))
    (True, False)
    """
    import numpy as np

    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return type(a) is type(b) and a.shape == b.shape and bool(np.array_equal(a, b))  # type: ignore[union-attr]
    if isinstance(a, list | tuple):
        return type(a) is type(b) and len(a) == len(b) and all(map(same, a, b))  # type: ignore[arg-type]
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if hasattr(a, "__dict__") and not isinstance(a, type):
        return type(a) is type(b) and same(vars(a), vars(b))
    return bool(a == b)
