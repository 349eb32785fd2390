"""A scene's new formulas are typeset in one LaTeX run, and drawn as LaTeX draws each alone."""

from __future__ import annotations

import hashlib
import json
import pickle
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from cachedir import cache_root
from drycache import DryRunCache, dry_sources, generation, same, tool_versions
from variants import variant

from pipeline import texbatch

pytestmark = pytest.mark.manim
ROOT = Path(__file__).resolve().parent.parent


def _points(mob) -> list[np.ndarray]:
    return [m.points for m in mob.family_members_with_points()]


def test_a_batch_draws_each_formula_as_latex_alone(tmp_path: Path) -> None:
    """Formulas typeset together are the same glyphs at the same places as typeset alone."""
    from manim import MathTex, Tex, tempconfig

    def make():
        return [
            MathTex(r"\vec{q}\cdot\vec{k} = (-8.75)(9) + (8.99)(-8.51) = -155.1", font_size=40),
            MathTex("{{s_1}}", r"= \frac{q \cdot k_1}{\sqrt{d_k}}", "= -1{,}25"),
            MathTex(r"\cos\theta = \frac{\vec{q}\cdot\vec{k}}{\lVert q\rVert\,\lVert k\rVert}"),
            Tex(r"Skor $-8{,}99$ lebih kecil dari $0$"),
        ]

    alone, together = tmp_path / "alone", tmp_path / "together"
    with tempconfig({"tex_dir": str(alone), "media_dir": str(tmp_path)}):
        one_by_one = make()
    codes = [p.read_text(encoding="utf-8") for p in sorted(alone.glob("*.tex"))]
    assert len(codes) == 4
    assert texbatch.typeset(codes, together) == 4
    assert sorted(p.name for p in together.glob("*")) == sorted(p.name for p in alone.glob("*.svg"))
    with tempconfig({"tex_dir": str(together), "media_dir": str(tmp_path)}):
        batched = make()  # every SVG is found: none is typeset again
    assert sorted(together.glob("*.tex")) == [
        together / f"{p.stem}.tex" for p in sorted(together.glob("*.svg"))
    ]
    for a, b in zip(one_by_one, batched, strict=True):
        pa, pb = _points(a), _points(b)
        assert len(pa) == len(pb) and all(np.array_equal(x, y) for x, y in zip(pa, pb, strict=True))
        assert [len(part) for part in a] == [len(part) for part in b]  # MathTex's parts


def broken_scene():
    """A scene with a TeX error; made again by the look-ahead (a module-level function)."""
    from manim import MathTex, Scene

    class Broken(Scene):
        def construct(self) -> None:
            self.add(MathTex(r"x^2 + 1"), MathTex(r"\notacommand{y}"))

    return Broken()


def test_a_tex_error_typesets_nothing_and_manim_reports_it(tmp_path: Path) -> None:
    from manim import tempconfig

    template = texbatch.DOCUMENTCLASS + "\n\\begin{document}\n$%s$\n\\end{document}"
    assert texbatch.typeset([template % "x^2", template % r"\notacommand"], tmp_path / "tex") == 0
    assert not (tmp_path / "tex").exists() or not list((tmp_path / "tex").iterdir())

    config = {"dry_run": True, "media_dir": str(tmp_path), "tex_dir": str(tmp_path / "Tex")}
    with tempconfig(config):
        scene = broken_scene()
        with (
            texbatch.batched(scene, broken_scene) as batch,
            pytest.raises(ValueError, match="latex error"),
        ):
            scene.render()
    assert (batch.forks, batch.typeset, batch.failed) == (1, 0, True)  # manim typeset each
    assert len(list((tmp_path / "Tex").glob("*.svg"))) == 1  # the good one


# a cold dry run in a process of its own (one process keeps the formulas it made), with
# at most argv[4] batches; it pickles the run and what its batches did
DRY = """
import contextlib, pickle, sys
from pathlib import Path
from pipeline import texbatch
from pipeline.dryrun import dry_run
texbatch.BATCHES = int(sys.argv[4])
batched = texbatch.batched
stats = []
@contextlib.contextmanager
def keep(scene, remake):
    with batched(scene, remake) as b:
        yield b
    stats.append(b)
texbatch.batched = keep
run = dry_run(sys.argv[1], Path(sys.argv[2]), "id", media=Path(sys.argv[3]), voice="none",
              frame_rate=5.0, keep=False)
Path(sys.argv[3], "run.pickle").write_bytes(pickle.dumps((run, stats[0])))
"""


def _cold_dry_run(scene: str, lesson: Path, media: Path, batches: int, kept: bool = True):
    """The run, what its batches did and the SVGs it made; kept in the suite's cache like
    every dry run (:mod:`drycache`: made again when the code, tools or lesson change), or
    made now (not `kept`)."""

    def make():
        media.mkdir()
        r = subprocess.run(
            [sys.executable, "-c", DRY, scene, str(lesson), str(media), str(batches)],
            cwd=ROOT, capture_output=True, text=True,
        )  # fmt: skip
        assert r.returncode == 0, r.stderr[-2000:]
        run, batch = pickle.loads((media / "run.pickle").read_bytes())
        return run, batch, {p.name for p in (media / "Tex").glob("*.svg")}

    if not kept:
        return make()
    inputs = json.dumps([scene, lesson.read_text(encoding="utf-8"), batches, DRY])
    name = hashlib.sha256(inputs.encode()).hexdigest()
    key = f"{generation(dry_sources(), tool_versions())}/texbatch-{name}"
    return DryRunCache(cache_root() / "dry-runs").get(key, make)


def test_a_cold_dry_run_typesets_in_batches_and_shows_what_it_shows_one_by_one(
    tmp_path: Path,
) -> None:
    """A scene with decimal coordinates and no formula cached: few LaTeX runs, same result."""
    lesson = variant("largest", tmp_path)
    alone, _, used = _cold_dry_run("SoftmaxBarMorph", lesson, tmp_path / "alone", 0)
    run, batch, svgs = _cold_dry_run(
        "SoftmaxBarMorph", lesson, tmp_path / "together", texbatch.BATCHES
    )
    assert svgs >= used and len(used) > 30  # and a few the copy foresaw that were not used
    assert 1 <= batch.forks <= 2 and not batch.failed, batch
    assert batch.texts >= 1, batch  # the copies' texts, which the scene did not make again
    assert batch.typeset >= 0.9 * len(used), (batch, len(used))  # LaTeX ran once or twice
    assert same(run, alone)  # every step's texts, places, subtitles and timing


def test_the_same_lesson_gives_the_same_batches_whatever_the_load(tmp_path: Path) -> None:
    """A batch is what the lesson and the code decide: a cold dry run made now, with a
    process keeping a core busy, batches the same formulas as the suite's earlier run (the
    look-ahead goes to the scene's end; it was stopped by its rate of formulas a second)."""
    from lesson.model import DEFAULT_LESSON

    _, earlier, _ = _cold_dry_run("Hook", DEFAULT_LESSON, tmp_path / "earlier", 4)
    burner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        _, now, _ = _cold_dry_run("Hook", DEFAULT_LESSON, tmp_path / "now", 4, kept=False)
    finally:
        burner.kill()
        burner.wait()
    assert now.batches == earlier.batches and len(now.batches) == now.forks == 1, now
    assert now.foreseen == now.typeset >= 5 and not now.failed, now
