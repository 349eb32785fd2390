"""What NumPy's huge-page advice costs on this machine: fresh arrays, and a whole-lesson build.

Run with `.venv/bin/python bench/hugepages.py [--builds N] [--media DIR]`. NumPy advises the
kernel (``madvise``) to back each array of 4 MB or more with transparent huge pages, unless
``NUMPY_MADVISE_HUGEPAGE=0``; the `lecture` command sets that (``lecture/__init__.py``). This
prints the kernel's policy, then times, in fresh processes with the variable at 1 and at 0 in
turn, filling a fresh 128 MB array (five pairs, each process started after a few idle seconds:
the median of each). The pause matters: right after a process freed memory a huge page is
cheap, but a few seconds later the same fill costs twenty times as much with the advice (on
our 2-core virtual machine, whose balloon driver likely hands free 2 MB blocks back to the
host, so a huge page is first backed again page by page). With ``--builds N`` it
also builds the default lesson at the test quality with two jobs into a fresh folder, N pairs,
with the variable at 1 and at 0 in turn: the wall time of each (the render workers are not the
command's children to wait for, so their CPU is not in its own accounting). The builds share
the media folder `--media` (LaTeX, voice takes), warmed by one unmeasured build first.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IDLE_S = 8.0  # seconds idle before each fill
FILL = (
    "import time, numpy as np\n"
    "t = time.perf_counter(); a = np.ones(16 * 1024 * 1024); print(time.perf_counter() - t)\n"
)


def _env(advice: str, media: Path | None = None) -> dict[str, str]:
    env = {**os.environ, "NUMPY_MADVISE_HUGEPAGE": advice}
    if media is not None:
        env["LECTURE_MEDIA"] = str(media)
    return env


def _fill(advice: str) -> float:
    r = subprocess.run(
        [sys.executable, "-c", FILL], capture_output=True, text=True, env=_env(advice), check=True
    )
    return float(r.stdout)


def _build(advice: str, media: Path) -> float:
    from lesson.model import DEFAULT_LESSON

    with tempfile.TemporaryDirectory(prefix="hugepages-") as out:
        t0 = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "lecture.cli", "build", "--lesson", str(DEFAULT_LESSON),
             "--quality", "test", "--jobs", "2", "--out", out, "--quiet"],
            cwd=ROOT, env=_env(advice, media), check=True, capture_output=True,
        )  # fmt: skip
        return time.perf_counter() - t0


def main() -> None:
    """Print the policy, the fresh-array times and (``--builds``) the builds' wall times."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--builds", type=int, default=0, help="pairs of whole-lesson builds")
    ap.add_argument("--media", type=Path, help="media folder the builds share (default: new)")
    args = ap.parse_args()
    for name in ("enabled", "defrag"):
        policy = Path(f"/sys/kernel/mm/transparent_hugepage/{name}")
        print(f"transparent huge pages, {name}: {policy.read_text().strip()}")
    fills = {"1": [], "0": []}
    for _ in range(5):
        for advice in fills:
            time.sleep(IDLE_S)
            fills[advice].append(_fill(advice))
    for advice, times in fills.items():
        median = statistics.median(times)
        print(f"NUMPY_MADVISE_HUGEPAGE={advice}: a fresh 128 MB array filled in {median:.3f} s")
    print(f"(each the median of 5, every process started after {IDLE_S:g} s idle)")
    if args.builds:
        media = args.media or Path(tempfile.mkdtemp(prefix="hugepages-media-"))
        _build("0", media)  # LaTeX and the voice's takes, so the pairs compare renders only
        walls = {"1": [], "0": []}
        for _ in range(args.builds):
            for advice in walls:
                walls[advice].append(_build(advice, media))
        for advice, times in walls.items():
            print(f"NUMPY_MADVISE_HUGEPAGE={advice}: whole lesson at the test quality, "
                  f"{' '.join(f'{t:.1f}' for t in times)} s wall")  # fmt: skip
        ratios = [a / b for a, b in zip(walls["0"], walls["1"], strict=True)]
        print(f"0 / 1, pair by pair: {' '.join(f'{r:.3f}' for r in ratios)}")


if __name__ == "__main__":
    main()
