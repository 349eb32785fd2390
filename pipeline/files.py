"""Atomic file writes: a file is written beside its target and renamed into place complete.

A reader (another process, a player, the next run after a Ctrl-C) sees the old file or the
new one, never half of one.
"""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Mapping
from pathlib import Path

__all__ = ["atomic_copy", "atomic_write", "atomic_writes", "temp_beside"]


def temp_beside(target: Path) -> Path:
    """A fresh temporary path next to `target` (same folder, so a rename is atomic).

    Unique per process and call, hidden (a leading dot), and ending in ``.tmp``.
    """
    return target.with_name(f".{target.name}.{os.getpid()}.{uuid.uuid4().hex[:8]}.tmp")


def _write(path: Path, data: bytes | str, fsync: bool) -> None:
    raw = data.encode("utf-8") if isinstance(data, str) else data
    with open(path, "wb") as fh:
        fh.write(raw)
        if fsync:
            fh.flush()
            os.fsync(fh.fileno())


def atomic_write(path: Path, data: bytes | str, *, fsync: bool = False) -> Path:
    """Write `data` (text as UTF-8) to `path` through a temporary file and one rename.

    Parameters
    ----------
    path : Path
        The target; its folder must exist.
    data : bytes or str
        The whole content.
    fsync : bool
        Flush the data to disk before the rename (survives a power cut, not only a crash).

    Returns
    -------
    Path
        `path`.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> atomic_write(folder / "a.txt", "whole").read_text()
    'whole'
    >>> [p.name for p in folder.iterdir()]
    ['a.txt']
    """
    path = Path(path)
    tmp = temp_beside(path)
    try:
        _write(tmp, data, fsync)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return path


def atomic_writes(files: Mapping[Path, bytes | str]) -> list[Path]:
    """Write several files, each beside its target first; move them into place when all are.

    When a write fails no target is touched and no temporary file is left.

    Parameters
    ----------
    files : mapping of Path to bytes or str
        Target -> content.

    Returns
    -------
    list of Path
        The targets, in the mapping's order.
    """
    temps: list[tuple[Path, Path]] = []
    try:
        for target, data in files.items():
            tmp = temp_beside(Path(target))
            temps.append((tmp, Path(target)))
            _write(tmp, data, False)
    except BaseException:
        for tmp, _ in temps:
            tmp.unlink(missing_ok=True)
        raise
    for tmp, target in temps:
        os.replace(tmp, target)
    return [target for _, target in temps]


def atomic_copy(src: Path, dst: Path) -> Path:
    """Copy `src` to `dst` through a temporary file beside `dst` and one rename.

    Returns
    -------
    Path
        `dst`.
    """
    tmp = temp_beside(Path(dst))
    try:
        shutil.copyfile(src, tmp)
        os.replace(tmp, dst)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return Path(dst)
