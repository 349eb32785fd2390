"""Batch benchmark: 3 lesson variants in one build against 3 builds, local pool against Dask.

Run with `.venv/bin/python bench/variants.py [--scenes A,B,...] [--vary TABLES] [--count 3]`.
Whole-process wall times, every case in this one run on this machine, each into fresh
folders and a fresh clip store (the LaTeX cache is warmed first by an untimed render of the
default lesson). Prints a table and writes bench/results/variants.json.

Cases:
  separate  one `lecture render --lesson Vi` per variant (today's pool, no store)
  batch     one `lecture render --lessons V1 V2 V3` on the local pool with a clip store
  cluster   the same batch with `--cluster local:2` (a Dask LocalCluster of 2 processes)
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable


def run(args: list[str]) -> tuple[float, str, str]:
    t0 = time.perf_counter()
    r = subprocess.run([PY, "-m", "lecture.cli", *args], cwd=ROOT, capture_output=True, text=True)
    took = time.perf_counter() - t0
    if r.returncode != 0:
        raise SystemExit(f"bench: lecture {' '.join(args)} failed:\n{r.stderr[-2000:]}")
    return took, r.stdout, r.stderr


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--scenes", default="", help="comma-separated scenes (default: all)")
    p.add_argument("--vary", default="", help="tables to vary (default: all)")
    p.add_argument("--count", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    scenes = [s for s in a.scenes.split(",") if s]
    tmp = Path(tempfile.mkdtemp(prefix="bench-variants-"))
    vary = ["--vary", a.vary] if a.vary else []
    run(
        ["variants", "--count", str(a.count), "--seed", str(a.seed), *vary, "--out", str(tmp / "v")]
    )
    files = sorted(str(f) for f in (tmp / "v").iterdir())
    low = ["--quality", "low", "--quiet"]
    run(["render", *scenes, *low, "--out", str(tmp / "warm")])  # warm the LaTeX cache

    rows = {}
    took, renders = 0.0, 0
    for i, f in enumerate(files):
        t, _, err = run(["render", *scenes, *low, "--lesson", f, "--out", str(tmp / f"sep{i}")])
        took += t
        renders += err.count(": rendered in")
    rows["separate"] = {"seconds": round(took, 1), "renders": renders}
    for name, extra in (("batch", []), ("cluster", ["--cluster", "local:2"])):
        t, out, _ = run(
            ["render", *scenes, *low, "--lessons", *files,
             "--store", str(tmp / f"store-{name}"), "--out", str(tmp / name), *extra]
        )  # fmt: skip
        m = re.search(r"clips: (\d+) rendered, (\d+) reused", out)
        assert m, out
        rows[name] = {"seconds": round(t, 1), "renders": int(m[1]), "reused": int(m[2])}

    clips = len(files) * (len(scenes) or 21)
    print(f"{a.count} variants (vary: {a.vary or 'all'}), scenes: {a.scenes or 'all'}, "
          f"{clips} clips, low quality, {os.cpu_count()} cores")  # fmt: skip
    print(f"{'case':<10} {'wall s':>8} {'renders':>8} {'reused':>7}")
    for name, r in rows.items():
        print(f"{name:<10} {r['seconds']:>8} {r['renders']:>8} {r.get('reused', 0):>7}")
    saved = rows["separate"]["renders"] - rows["batch"]["renders"]
    print(f"store saved {saved} of {rows['separate']['renders']} scene renders")
    result = {
        "machine": {"python": platform.python_version(), "cores": os.cpu_count()},
        "load_average": os.getloadavg(),
        "count": a.count,
        "vary": a.vary or "all",
        "scenes": scenes or "all",
        "cases": rows,
        "renders_saved": saved,
    }
    out = ROOT / "bench" / "results"
    out.mkdir(exist_ok=True)
    (out / "variants.json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
