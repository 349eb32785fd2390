"""The test suite's time as CI sees it: `.ci/run` on a fresh clone, whole process, wall clock.

Run with `.venv/bin/python bench/suite.py [--runs N] [--rev REV]`. Clones this checkout's
commit (HEAD by default) into a temporary folder, runs `.ci/run` there N times in a row and
prints one line per run: wall time, the process tree's CPU time, and what pytest reported.
The first run on a machine, or after a change to `mathcore/`, `lesson/`, `scenes/` or
`pipeline/`, is cold (every dry run made again, clips rendered into the suite's store); the
runs after it are warm. The budget is the speed issue's: six minutes warm. Results go to
bench/results/suite.json. Exit status 1 when a run fails.
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUDGET_S = 6 * 60  # `make test`, warm, on the 2-core machine


def minutes(seconds: float) -> str:
    """``5 min 06 s``."""
    m, s = divmod(round(seconds), 60)
    return f"{m} min {s:02d} s"


def ci_run(clone: Path) -> dict:
    """Run `.ci/run` in `clone`; its wall and CPU seconds, exit status and pytest's summary."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    r = subprocess.run([str(clone / ".ci" / "run")], cwd=clone, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    found = re.findall(r"^=*\s*(\d+ passed.*?) in ([\d.]+)s", r.stdout, re.M)
    summary, pytest_s = (found[-1][0], float(found[-1][1])) if found else ("no summary", 0.0)
    return {
        "wall_s": round(wall, 1),
        "cpu_s": round(cpu, 1),
        "returncode": r.returncode,
        "pytest": summary,
        "pytest_s": pytest_s,
        # pytest's failures and summary are on stdout; stderr is mostly pip's set-up noise
        "tail": (r.stdout[-4000:] + "\n" + r.stderr[-1000:]) if r.returncode else "",
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=2, help="runs in a row (default 2)")
    ap.add_argument("--rev", default="HEAD", help="the commit to clone (default HEAD)")
    args = ap.parse_args()
    rev = subprocess.run(
        ["git", "rev-parse", args.rev], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    work = Path(tempfile.mkdtemp(prefix="lecture-suite-"))
    clone = work / "clone"
    try:
        subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
        subprocess.run(["git", "checkout", "-q", rev], cwd=clone, check=True)
        runs = []
        for i in range(args.runs):
            run = ci_run(clone)
            runs.append(run)
            verdict = "met" if run["wall_s"] <= BUDGET_S else "over"
            print(
                f"run {i + 1}: {minutes(run['wall_s'])} wall, {run['cpu_s']:.0f} CPU s, "
                f"exit {run['returncode']}; pytest: {run['pytest']} in "
                f"{minutes(run['pytest_s'])}; six-minute budget: {verdict}",
                flush=True,
            )
            if run["returncode"]:
                print(run["tail"], file=sys.stderr)
                break
    finally:
        shutil.rmtree(work, ignore_errors=True)
    (ROOT / "bench" / "results").mkdir(exist_ok=True)
    meta = {"commit": rev, "date": time.strftime("%Y-%m-%d %H:%M"), "budget_s": BUDGET_S}
    (ROOT / "bench" / "results" / "suite.json").write_text(
        json.dumps({"meta": meta, "runs": runs}, indent=2), encoding="utf-8"
    )
    return 1 if any(r["returncode"] for r in runs) else 0


if __name__ == "__main__":
    sys.exit(main())
