"""A no-change re-run decides that nothing changed without loading anything heavy."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import QUALITY, SEED_SCENES

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.render

# What a render needs and deciding needs not: the renderer, the loudness meter (scipy),
# and PyAV (numpy stays: the lesson layer computes with it).
HEAVY = ("manim", "scipy", "pyloudnorm", "av")

# The whole `lecture` command as `python -m lecture.cli` runs it; at its exit, what it loaded
# and whether it started any process (the worker server imports manim).
RUN = """
import json, runpy, sys
sys.path.insert(0, sys.argv.pop(1))
from procs import descendants
import os
sys.argv[0] = "lecture"
status = None
try:
    runpy.run_module("lecture.cli", run_name="__main__", alter_sys=True)
except SystemExit as e:
    status = e.code
print(json.dumps({"status": status, "loaded": sorted(m for m in HEAVY if m in sys.modules),
                  "children": descendants(os.getpid())}))
"""


def test_no_change_render_loads_nothing_heavy(rendered: Path) -> None:
    """`lecture render` of up-to-date clips: no manim, scipy, pyloudnorm or PyAV, and
    no worker server started."""
    before = {p.name: p.stat().st_mtime_ns for p in rendered.glob("*.mp4")}
    code = f"HEAVY = {HEAVY!r}\n{RUN}"
    args = ["render", *SEED_SCENES, "--quality", QUALITY, "--out", str(rendered), "--quiet"]
    r = subprocess.run(
        [sys.executable, "-c", code, str(ROOT / "tests"), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stderr
    assert "up to date: " + ", ".join(SEED_SCENES) in r.stderr
    seen = json.loads(r.stdout.strip().splitlines()[-1])
    assert seen == {"status": 0, "loaded": [], "children": []}
    assert {p.name: p.stat().st_mtime_ns for p in rendered.glob("*.mp4")} == before
