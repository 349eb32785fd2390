"""Processes seen through /proc (Linux): the tests that kill a render find its workers here."""

from __future__ import annotations

import time
from pathlib import Path

PROC = Path("/proc")


def parent(pid: int) -> int:
    """The parent of `pid` (0 when it is gone)."""
    try:
        stat = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return 0
    return int(stat.rsplit(")", 1)[1].split()[1])


def alive(pid: int) -> bool:
    """Whether `pid` runs (a zombie, dead but not yet reaped, does not)."""
    try:
        stat = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def descendants(pid: int) -> list[int]:
    """Every process below `pid`: children, their children, ..."""
    kids: dict[int, list[int]] = {}
    for p in PROC.iterdir():
        if p.name.isdigit():
            kids.setdefault(parent(int(p.name)), []).append(int(p.name))
    out, todo = [], [pid]
    while todo:
        for kid in kids.get(todo.pop(), []):
            out.append(kid)
            todo.append(kid)
    return out


def cmdline(pid: int) -> str:
    """The command line of `pid`, its arguments separated by spaces ("" when it is gone)."""
    try:
        return (PROC / str(pid) / "cmdline").read_text().replace("\0", " ")
    except OSError:
        return ""


def wait_gone(pids: list[int], timeout: float = 30) -> list[int]:
    """Wait until none of `pids` runs; the ones still running after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while (left := [p for p in pids if alive(p)]) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left
