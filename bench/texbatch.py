"""LaTeX in batches against one LaTeX run per formula: cold dry runs, whole processes, in pairs.

Run with `.venv/bin/python bench/texbatch.py [--repeats N]`. Each case is one scene dry-run
(``pipeline.dryrun.dry_run``, 5 fps, silent) on one lesson in a fresh process with nothing
cached (an empty media folder: no formula typeset, no made formula kept), once with
:mod:`pipeline.texbatch` as the pipeline runs it and once with its batches off
(``BATCHES = 0``: manim typesets each formula alone, as before), alternately, so both see the
same load. Wall time and the CPU time of the whole process tree (its ``latex`` and
``dvisvgm`` runs, the look-ahead's server and the look-aheads included: this process is
their subreaper, so the server, which outlives the dry run by a moment, is waited for and
counted) are recorded per run; the table gives the medians and their ratios, the formulas
each made and the batches (each the SHA-256 of its documents: the same in every repeat). The
lessons are the default one and the test suite's "largest" edit (decimal coordinates such as
-8.75 and 8.99 in every table). Results go to bench/results/texbatch.json.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
SCENES = ["ProjectionDrop", "AttentionScores", "SoftmaxBarMorph", "QuizQuestion6", "Recap"]
LESSONS = ["default", "largest"]
RUN = """
import contextlib, json, sys
from pathlib import Path
from pipeline import texbatch
from pipeline.dryrun import dry_run
texbatch.BATCHES = int(sys.argv[4])
batched, stats = texbatch.batched, []
def keep(scene, *remake):
    with batched(scene, *remake) as b:
        yield b
    stats.append(b)
texbatch.batched = contextlib.contextmanager(keep)
dry_run(sys.argv[1], Path(sys.argv[2]), "id", media=Path(sys.argv[3]), voice="none",
        frame_rate=5.0, keep=False)
Path(sys.argv[3], "batches.json").write_text(json.dumps(getattr(stats[0], "batches", [])))
"""
PR_SET_CHILD_SUBREAPER = 36


def cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def reap() -> None:
    """Wait for every process left to this one (orphans of the runs, as their subreaper)."""
    while True:
        try:
            os.waitpid(-1, 0)
        except ChildProcessError:
            return


def once(scene: str, lesson: Path, batches: int) -> tuple[float, float, int, list[str]]:
    """One cold dry run in a fresh process: wall s, CPU s of its tree, formulas, batches."""
    with tempfile.TemporaryDirectory(prefix="bench-tex-") as tmp:
        media = Path(tmp)
        c0, t0 = cpu(), time.perf_counter()
        r = subprocess.run(
            [sys.executable, "-c", RUN, scene, str(lesson), str(media), str(batches)],
            cwd=ROOT, capture_output=True, text=True,
        )  # fmt: skip
        wall = time.perf_counter() - t0
        reap()
        used = cpu() - c0
        if r.returncode:
            sys.exit(f"{scene}: the dry run failed\n{r.stderr[-2000:]}")
        made = json.loads((media / "batches.json").read_text())
        return wall, used, len(list((media / "Tex").glob("*.svg"))), made


def main() -> None:
    from variants import variant

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=2)
    args = parser.parse_args()
    ctypes.CDLL(None).prctl(PR_SET_CHILD_SUBREAPER, 1)  # the runs' orphans are ours to wait for
    folder = Path(tempfile.mkdtemp(prefix="bench-lessons-"))
    rows, totals = [], {"alone": [0.0, 0.0], "batched": [0.0, 0.0]}
    print(
        f"{'scene':<18} {'lesson':<8} {'alone wall/CPU':>16} {'batched wall/CPU':>18} {'ratio':>6}"
    )
    for name in LESSONS:
        lesson = variant(name, folder)
        for scene in SCENES:
            runs: dict[str, list[tuple[float, float, int, list[str]]]] = {
                "alone": [],
                "batched": [],
            }
            for _ in range(args.repeats):
                runs["alone"].append(once(scene, lesson, 0))
                runs["batched"].append(once(scene, lesson, 4))
            med = {
                k: (
                    statistics.median(r[0] for r in v),
                    statistics.median(r[1] for r in v),
                )
                for k, v in runs.items()
            }
            for k in totals:
                totals[k][0] += med[k][0]
                totals[k][1] += med[k][1]
            row = {
                "scene": scene,
                "lesson": name,
                "formulas": runs["alone"][0][2],
                **{f"{k}_wall_s": round(m[0], 2) for k, m in med.items()},
                **{f"{k}_cpu_s": round(m[1], 2) for k, m in med.items()},
                "cpu_ratio": round(med["batched"][1] / med["alone"][1], 2),
                "batches": [r[3] for r in runs["batched"]],
                "same_batches": all(r[3] == runs["batched"][0][3] for r in runs["batched"]),
            }
            rows.append(row)
            print(
                f"{scene:<18} {name:<8} {med['alone'][0]:>7.1f}/{med['alone'][1]:<7.1f}  "
                f"{med['batched'][0]:>8.1f}/{med['batched'][1]:<7.1f}  {row['cpu_ratio']:>6.2f}"
                f"   ({row['formulas']} formulas, {len(runs['batched'][0][3])} batch(es), "
                f"{'the same' if row['same_batches'] else 'NOT the same'} in every repeat)"
            )
    ratio = totals["batched"][1] / totals["alone"][1]
    print(
        f"{'all':<27} {totals['alone'][0]:>7.1f}/{totals['alone'][1]:<7.1f}  "
        f"{totals['batched'][0]:>8.1f}/{totals['batched'][1]:<7.1f}  {ratio:>6.2f}"
    )
    out = ROOT / "bench" / "results" / "texbatch.json"
    out.parent.mkdir(exist_ok=True)
    totals_s = {k: [round(x, 1) for x in v] for k, v in totals.items()}
    data = {"repeats": args.repeats, "rows": rows, "totals_wall_cpu_s": totals_s}
    out.write_text(json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    main()
