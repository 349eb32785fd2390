"""The loudness of a narration track: pyloudnorm's meter alone against ours, whole processes.

Run with `.venv/bin/python bench/loudness.py [--pairs N] [--seconds S]`. A narration track is
speech with pauses between the takes and silences for the quiz's countdown. pyloudnorm's
K-weighting filters ring down on those zeros into subnormal numbers and stay there (a
limit cycle that never reaches zero), on which scipy's filter took 16 times as long per
sample as on noise; :func:`pipeline.takecheck.k_weighted` lets a filter rest at zero once its state
is under 1e-150, and the meter's gates then give the same loudness to the bit.

Each side runs in a fresh process, in turn (N pairs): it makes the same track (bursts of
speech-like sound in 16-bit steps, pauses of 0.02 to 12 s, `S` seconds in all) and measures
its loudness three times (a render measures its track twice: for the make-up gain, then for
the manifest). It prints each process's wall time, the medians, their ratio, and both loudness
figures, which must be equal.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIDE = {
    "pyloudnorm": (
        "import pyloudnorm\n"
        "def measure(x): return pyloudnorm.Meter(48000).integrated_loudness(x.astype('float64'))\n"
    ),
    "ours": "from pipeline.takecheck import loudness\ndef measure(x): return loudness(x, 48000)\n",
}
TRACK = """
import numpy as np
rng = np.random.default_rng(3)
parts, n = [], 0
pauses = [0.02, 0.3, 1.0, 0.06, 2.5, 0.5, 12.0, 0.8]
while n < {seconds} * 48000:
    t = np.arange(int(rng.uniform(0.4, 2.5) * 48000)) / 48000
    tone = np.sin(2 * np.pi * rng.uniform(120, 250) * t) * 0.3 + rng.normal(0, 0.05, t.size)
    tone *= 0.2 + np.abs(np.sin(2 * np.pi * 3 * t))
    parts += [tone, np.zeros(round(pauses[len(parts) // 2 % len(pauses)] * 48000))]
    n += tone.size + parts[-1].size
x = (np.round(np.concatenate(parts) * 32767) / 32768).astype(np.float32)
print(repr(float([measure(x) for _ in range(3)][-1])))
"""


def _run(side: str, seconds: float) -> tuple[float, str]:
    code = SIDE[side] + TRACK.format(seconds=seconds)
    t0 = time.perf_counter()
    r = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return time.perf_counter() - t0, r.stdout.strip()


def main() -> None:
    """Time the two sides in turn and print the medians, their ratio and the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pairs", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=90.0, help="length of the track")
    args = ap.parse_args()
    times: dict[str, list[float]] = {side: [] for side in SIDE}
    figures: dict[str, set[str]] = {side: set() for side in SIDE}
    for _ in range(args.pairs):
        for side in SIDE:
            took, lufs = _run(side, args.seconds)
            times[side].append(took)
            figures[side].add(lufs)
            print(f"{side:10s} {took:6.2f} s  {lufs} LUFS")
    base, ours = (statistics.median(times[s]) for s in SIDE)
    print(f"medians: pyloudnorm {base:.2f} s, ours {ours:.2f} s, ratio {ours / base:.3f}")
    print("the same loudness:", figures["pyloudnorm"] == figures["ours"])


if __name__ == "__main__":
    main()
