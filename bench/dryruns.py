"""Dry runs of whole lessons in one process, two commits side by side: what a test process does.

Run with `.venv/bin/python bench/dryruns.py BASE [--repeats N]`. The test suite spends most of
its cold time in dry runs (about 200, three test processes each running dozens in turn), so
this times exactly that: every scene of the default lesson and of the suite's "largest" edit
(decimal coordinates such as -8.75 and 8.99 in every table) dry-run in Indonesian with the
synthetic voice at 5 fps (the suite's ``DRY_FPS``), one after the other in one fresh process,
once in a checkout of BASE (a git worktree) and once in this one, alternately, so both see the
same load. Both start from the same warm caches, copied afresh for every run: the formulas
typeset and the voice's takes (made by a first, untimed run), but no mobjects kept from an
earlier run (``made/``), as in a cold suite. It records the wall time and the CPU time of
each process tree, and checks that both commits' dry runs show and say the same: every
snapshot, cue and timing compared. Results go to bench/results/dryruns.json.

With ``--cold`` every timed run starts from an empty media folder instead, as a cold suite's
first dry run of a lesson does: no formula typeset (the LaTeX batches run, and their copies
of the scene), no take of the voice, nothing kept. ``--lessons default`` times one lesson.
Cold results go to bench/results/dryruns-cold.json.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from drycache import same  # noqa: E402  (a dry run's results compared, arrays by value)

LESSONS = ["default", "largest"]
RUN = """
import pickle, sys
from pathlib import Path
from typing import Any, cast
sys.path.insert(0, "tests")
from pipeline.dryrun import dry_run
from variants import SEED_ORDER, variant
out = {}
for name in sys.argv[2].split(","):
    path = variant(name, Path(sys.argv[1]))
    for scene in SEED_ORDER:
        r = dry_run(scene, path, "id", frame_rate=5.0)
        out[(name, scene)] = (r.time, r.cues, r.snapshots, sorted(r.lesson_reads))
pickle.dump(out, open(sys.argv[3], "wb"))
"""


def cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def once(checkout: Path, warm: Path | None, result: Path, names: list[str]) -> tuple[float, float]:
    """The lessons' dry runs in a fresh process in `checkout`: wall s and CPU s of its tree.

    From a copy of `warm` (its kept mobjects left out), or from nothing.
    """
    with tempfile.TemporaryDirectory(prefix="bench-dry-") as tmp:
        media, lessons = Path(tmp) / "media", Path(tmp) / "lessons"
        if warm is None:
            media.mkdir()
        else:
            shutil.copytree(warm, media, ignore=shutil.ignore_patterns("made"))
        lessons.mkdir()
        env = {**os.environ, "LECTURE_MEDIA": str(media)}
        c0, t0 = cpu(), time.perf_counter()
        r = subprocess.run(
            [sys.executable, "-c", RUN, str(lessons), ",".join(names), str(result)],
            cwd=checkout, env=env, capture_output=True, text=True,
        )  # fmt: skip
        wall, used = time.perf_counter() - t0, cpu() - c0
        if r.returncode:
            sys.exit(f"{checkout}: the dry runs failed\n{r.stderr[-2000:]}")
        return wall, used


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", help="the commit to compare with (a git revision)")
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--cold", action="store_true", help="every run from an empty media folder")
    parser.add_argument("--lessons", default=",".join(LESSONS), help="of: default,largest")
    args = parser.parse_args()
    names = args.lessons.split(",")
    head = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="bench-dry-base-") as tmp:
        base = Path(tmp) / "base"
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(base), args.base],
            cwd=ROOT, check=True, capture_output=True,
        )  # fmt: skip
        try:
            warm: Path | None = None if args.cold else Path(tmp) / "warm"
            if warm is not None:  # the formulas and takes both commits need, made once, untimed
                warm.mkdir()
                lessons = Path(tmp) / "lessons"
                lessons.mkdir()
                env = {**os.environ, "LECTURE_MEDIA": str(warm)}
                for checkout in (base, ROOT):
                    subprocess.run(
                        [sys.executable, "-c", RUN, str(lessons), ",".join(names),
                         str(Path(tmp) / "warm.pkl")],
                        cwd=checkout, env=env, check=True, capture_output=True,
                    )  # fmt: skip
            runs: dict[str, list[tuple[float, float]]] = {"base": [], "head": []}
            for _ in range(args.repeats):
                for name, checkout in (("base", base), ("head", ROOT)):
                    runs[name].append(once(checkout, warm, Path(tmp) / f"{name}.pkl", names))
                    wall, used = runs[name][-1]
                    print(f"{name} wall {wall:.1f} s, CPU {used:.1f} s", flush=True)
            with open(Path(tmp) / "base.pkl", "rb") as f, open(Path(tmp) / "head.pkl", "rb") as g:
                a, b = pickle.load(f), pickle.load(g)
            differ = sorted(
                f"{lesson} {scene}"
                for lesson, scene in a
                if not same(a[lesson, scene], b.get((lesson, scene)))
            )
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=ROOT)
    med = {
        k: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v))
        for k, v in runs.items()
    }
    result = {
        "base": args.base,
        "head": head,
        "lessons": names,
        "cold": args.cold,
        "dry_runs": len(a),
        "runs": runs,
        "median_wall_s": {k: round(v[0], 1) for k, v in med.items()},
        "median_cpu_s": {k: round(v[1], 1) for k, v in med.items()},
        "cpu_ratio": round(med["head"][1] / med["base"][1], 3),
        "differing_dry_runs": differ,
    }
    out = ROOT / "bench" / "results" / ("dryruns-cold.json" if args.cold else "dryruns.json")
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(result, indent=2), encoding="utf-8")
    print(
        json.dumps(
            {
                k: result[k]
                for k in (
                    "dry_runs",
                    "median_wall_s",
                    "median_cpu_s",
                    "cpu_ratio",
                    "differing_dry_runs",
                )
            }
        )
    )


if __name__ == "__main__":
    main()
