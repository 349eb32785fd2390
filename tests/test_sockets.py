"""The forkserver starts whatever the author's TMPDIR is (its socket path has 107 bytes)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

START = """
import multiprocessing, multiprocessing.forkserver, os
{prepare}
ctx = multiprocessing.get_context("forkserver")
p = ctx.Process(target=os.getpid)
p.start(); p.join()
print(p.exitcode)
"""


def _start(tmp: Path, prepare: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, TMPDIR=str(tmp), PYTHONPATH=str(ROOT))
    code = START.format(prepare=prepare)
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
    )


def test_a_deep_temporary_folder_still_starts_the_forkserver(tmp_path: Path) -> None:
    """A TMPDIR of 90 bytes: the bare forkserver fails (AF_UNIX path too long); started after
    short_socket_folder(), as the render workers and the TeX look-ahead are, it runs."""
    deep = tmp_path / ("d" * max(1, 90 - len(str(tmp_path)) - 1))
    deep.mkdir()
    assert len(str(deep)) >= 90
    bare = _start(deep, "")
    assert bare.returncode != 0 and "AF_UNIX path too long" in bare.stderr
    fixed = _start(deep, "from pipeline.sockets import short_socket_folder; short_socket_folder()")
    assert fixed.returncode == 0, fixed.stderr[-800:]
    assert fixed.stdout.strip() == "0"
    assert list(deep.iterdir()) == []  # nothing left in the author's temporary folder
