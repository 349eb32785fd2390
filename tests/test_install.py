"""The command as installed: its version, from the package's metadata."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from lecture.cli import main

ROOT = Path(__file__).resolve().parent.parent


def declared_version() -> str:
    """The version pyproject.toml declares (the installed metadata is made from it)."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return str(data["project"]["version"])


def test_version_in_process(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    out, err = capsys.readouterr()
    assert (out, err) == (f"lecture {declared_version()}\n", "")


def test_version_subprocess(tmp_path: Path) -> None:
    # from a folder of the author's own, not the checkout
    proc = subprocess.run(
        [sys.executable, "-m", "lecture.cli", "--version"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == f"lecture {declared_version()}\n"
