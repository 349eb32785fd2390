"""Atomic file writes: a file is written beside its target and renamed into place complete.

A reader (another process, a player, the next run after a Ctrl-C) sees the old file or the
new one, never half of one.
"""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

__all__ = ["atomic_copy", "atomic_write", "atomic_writes", "replacing", "temp_beside"]


def temp_beside(target: Path) -> Path:
    """A fresh temporary path next to `target` (same folder, so a rename is atomic).

    Unique per process and call, hidden (a leading dot), and ending in ``.tmp`` followed by
    the target's own suffix, so a library that picks a format by suffix (PyAV, Pillow, wave)
    writes the temporary as it would the target.
    """
    tag = f"{os.getpid()}.{uuid.uuid4().hex[:8]}"
    return target.with_name(f".{target.stem}.{tag}.tmp{target.suffix}")


@contextmanager
def replacing(target: Path) -> Iterator[Path]:
    """Write a file by any means, then move it onto `target` in one rename.

    Yields a temporary path beside `target` (see :func:`temp_beside`); when the block ends
    normally the temporary replaces `target`, when it raises the temporary is removed and
    `target` is left as it was.

    Parameters
    ----------
    target : Path
        The file to write; its folder must exist.

    Yields
    ------
    Path
        Where to write.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> with replacing(folder / "a.txt") as tmp:
    ...     _ = tmp.write_text("whole")
    >>> (folder / "a.txt").read_text(), [p.name for p in folder.iterdir()]
    ('whole', ['a.txt'])
    """
    tmp = temp_beside(Path(target))
    try:
        yield tmp
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)


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
    with replacing(path) as tmp:
        _write(tmp, data, fsync)
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
    with replacing(Path(dst)) as tmp:
        shutil.copyfile(src, tmp)
    return Path(dst)
