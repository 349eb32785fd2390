"""The suite has media and LaTeX folders of its own: it cannot write into the author's media/.

A test that imports manim itself (no render, no dry run) makes its texts and formulas with
manim's configuration, whose ``media_dir`` the checkout's manim.cfg sets to the author's
``media/``. The suite points manim at the run's media folder as manim is imported, whenever
that is: here a test in a run of its own imports manim in its body.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent
# a run of its own: not this run's media folder, nor one of its test processes
OWN_RUN = {
    k: v
    for k, v in os.environ.items()
    if k not in ("LECTURE_MEDIA", "PYTEST_XDIST_WORKER", "PYTEST_XDIST_WORKER_COUNT")
}

PROBE = """
import json, os
from pathlib import Path


def test_probe():
    from manim import MathTex, Text, config

    Text({text!r})
    MathTex(r"\\text{{{text}}}")
    made = {{
        "media": str(Path(os.environ["LECTURE_MEDIA"]).resolve()),
        "media_dir": str(Path(config.get_dir("media_dir")).resolve()),
        "texts": sorted(str(p.resolve()) for p in Path(config.get_dir("text_dir")).glob("*.svg")),
        "tex": sorted(str(p) for p in Path(config.get_dir("tex_dir")).glob("*.tex")
                      if {text!r} in p.read_text()),
    }}
    Path({out!r}).write_text(json.dumps(made))
"""


@pytest.mark.manim
def test_a_test_that_imports_manim_writes_into_the_runs_media(tmp_path: Path) -> None:
    text = f"isolation probe {uuid.uuid4().hex[:12]}"  # no file of the author's can be its
    out = tmp_path / "made.json"
    (tmp_path / "test_probe.py").write_text(PROBE.format(text=text, out=str(out)))
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "conftest", "-p", "no:randomly",
         "-p", "no:cacheprovider", "--rootdir", str(tmp_path), str(tmp_path / "test_probe.py")],
        cwd=ROOT,  # where manim.cfg sends manim's files to media/
        env={**OWN_RUN, "PYTHONPATH": str(TESTS), "LECTURE_TEST_CACHE": str(tmp_path / "cache")},
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    made = json.loads(out.read_text())
    media = Path(made["media"])
    assert media.is_relative_to((tmp_path / "cache").resolve())  # the run's, in the suite's cache
    assert made["media_dir"] == made["media"]
    assert len(made["texts"]) >= 1 and len(made["tex"]) == 1
    names = [Path(p).name for p in (*made["texts"], *made["tex"])]
    assert not [n for n in names if list((ROOT / "media").rglob(n))]  # none in the author's
