"""A published folder (a deck, a page) built aside and swapped into place whole."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["built_aside"]


@contextmanager
def built_aside(folder: Path) -> Iterator[Path]:
    """A fresh folder beside `folder` to fill; on success it replaces `folder`.

    On an error the half-built folder is removed and `folder` is left as it was, so a reader
    (a browser, a web server) never sees a half-written deck or page.

    Parameters
    ----------
    folder : Path
        The folder to (re)make.

    Yields
    ------
    Path
        The folder to fill.
    """
    tmp = folder.with_name(f".{folder.name}.{os.getpid()}.tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    try:
        yield tmp
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    old = folder.with_name(f".{folder.name}.{os.getpid()}.old")
    if folder.exists():
        folder.rename(old)
    tmp.rename(folder)
    shutil.rmtree(old, ignore_errors=True)
