"""A temporary folder short enough for the forkserver's socket, whatever ``TMPDIR`` is.

multiprocessing's forkserver listens on a Unix socket in its temporary folder
(``TMPDIR/pymp-…/listener-…``), and a Unix socket's path holds at most 107 bytes on Linux: an
author whose ``TMPDIR`` is deep (or a test's temporary folder) got ``OSError: AF_UNIX path too
long`` from ``lecture render``. Python 3.13 falls back to a short folder itself; this does the
same for the versions before it.
"""

from __future__ import annotations

import multiprocessing.util
import os
import tempfile

__all__ = ["LONGEST", "short_socket_folder"]

# The longest temporary folder that leaves the socket's path room: multiprocessing adds
# "/pymp-XXXXXXXX/listener-XXXXXXXX" (32 bytes) to it, and a path has 107 bytes at most.
LONGEST = 70


def short_socket_folder() -> str:
    """Make multiprocessing's temporary folder (once a process) where a socket path fits.

    Under the temporary folder when it is short enough (it is then removed at exit as ever),
    else under ``/tmp``; call it before a forkserver starts. Nothing else changes folder:
    only multiprocessing's own, which it removes when the process ends.

    Returns
    -------
    str
        multiprocessing's temporary folder.

    Examples
    --------
    >>> len(short_socket_folder()) <= LONGEST + len("/pymp-XXXXXXXX")
    True
    """
    if len(tempfile.gettempdir()) <= LONGEST or not os.access("/tmp", os.W_OK):
        return multiprocessing.util.get_temp_dir()
    saved = tempfile.tempdir
    tempfile.tempdir = "/tmp"  # only while multiprocessing makes its folder (it keeps the path)
    try:
        return multiprocessing.util.get_temp_dir()
    finally:
        tempfile.tempdir = saved
