"""The test suite's time as a newcomer and CI see it: the README's two commands on a fresh clone.

Run with `.venv/bin/python bench/suite.py [--runs N] [--rev REV] [--cold]`. Clones this
checkout's commit (HEAD by default) into a temporary folder and runs there, N times in a row,
what `.ci/run` runs: the video command at the lowest quality (`make video QUALITY=low`, which
renders nothing after the first run) and then the test command (`make test`). One line per run:
each command's wall time, the process tree's CPU time, and what pytest reported. With
`--cold` the suite's cache is a fresh folder (`LECTURE_TEST_CACHE`), as on a new machine, so
the first run is cold (every dry run made, every clip rendered into the suite's store, every
formula compiled); without it the first run is cold only after a change to `mathcore/`,
`lesson/`, `scenes/` or `pipeline/`. The budgets are the issues': ten minutes cold, six warm
(`make test` alone). Results go to bench/results/suite.json. Exit status 1 when a run fails.
"""

from __future__ import annotations

import argparse
import json
import os
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
COLD_BUDGET_S = 10 * 60  # `make test`, cold (a fresh machine), on the 2-core machine


def minutes(seconds: float) -> str:
    """``5 min 06 s``."""
    m, s = divmod(round(seconds), 60)
    return f"{m} min {s:02d} s"


def timed(command: list[str], clone: Path, env: dict[str, str]) -> dict:
    """Run `command` in `clone`; its wall and CPU seconds, exit status and output's tail."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    r = subprocess.run(command, cwd=clone, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {
        "wall_s": round(wall, 1),
        "cpu_s": round(cpu, 1),
        "returncode": r.returncode,
        "stdout": r.stdout,
        # pytest's failures and summary are on stdout; stderr is mostly pip's set-up noise
        "tail": (r.stdout[-4000:] + "\n" + r.stderr[-1000:]) if r.returncode else "",
    }


def newcomer_run(clone: Path, env: dict[str, str]) -> dict:
    """The README's two commands in `clone`, as `.ci/run` runs them."""
    video = timed(["make", "video", "QUALITY=low"], clone, env)
    if video["returncode"]:
        return {"video": video, "wall_s": video["wall_s"], "cpu_s": video["cpu_s"],
                "returncode": video["returncode"], "pytest": "not run", "pytest_s": 0.0,
                "tail": video["tail"]}  # fmt: skip
    test = timed(["make", "test"], clone, env)
    found = re.findall(r"^=*\s*(\d+ passed.*?) in ([\d.]+)s", test["stdout"], re.M)
    summary, pytest_s = (found[-1][0], float(found[-1][1])) if found else ("no summary", 0.0)
    return {
        "video_s": video["wall_s"],
        "wall_s": test["wall_s"],
        "cpu_s": test["cpu_s"],
        "returncode": test["returncode"],
        "pytest": summary,
        "pytest_s": pytest_s,
        "tail": test["tail"],
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=2, help="runs in a row (default 2)")
    ap.add_argument("--rev", default="HEAD", help="the commit to clone (default HEAD)")
    ap.add_argument("--cold", action="store_true", help="start with a fresh suite cache")
    args = ap.parse_args()
    rev = subprocess.run(
        ["git", "rev-parse", args.rev], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    work = Path(tempfile.mkdtemp(prefix="lecture-suite-"))
    clone = work / "clone"
    env = dict(os.environ)
    if args.cold:
        env["LECTURE_TEST_CACHE"] = str(work / "cache")
    try:
        subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
        subprocess.run(["git", "checkout", "-q", rev], cwd=clone, check=True)
        runs = []
        for i in range(args.runs):
            run = newcomer_run(clone, env)
            runs.append(run)
            budget = COLD_BUDGET_S if args.cold and i == 0 else BUDGET_S
            verdict = "met" if run["wall_s"] <= budget else "over"
            print(
                f"run {i + 1}: make video QUALITY=low {minutes(run.get('video_s', 0))}; "
                f"make test {minutes(run['wall_s'])} wall, {run['cpu_s']:.0f} CPU s, "
                f"exit {run['returncode']}; pytest: {run['pytest']} in "
                f"{minutes(run['pytest_s'])}; {minutes(budget)} budget: {verdict}",
                flush=True,
            )
            if run["returncode"]:
                print(run["tail"], file=sys.stderr)
                break
    finally:
        shutil.rmtree(work, ignore_errors=True)
    (ROOT / "bench" / "results").mkdir(exist_ok=True)
    meta = {"commit": rev, "date": time.strftime("%Y-%m-%d %H:%M"), "cold": args.cold}
    (ROOT / "bench" / "results" / "suite.json").write_text(
        json.dumps({"meta": meta, "runs": runs}, indent=2), encoding="utf-8"
    )
    return 1 if any(r["returncode"] for r in runs) else 0


if __name__ == "__main__":
    sys.exit(main())
