"""Summarise a py-spy raw profile (``py-spy record --format raw``): where the samples go.

Run with ``python bench/profile_summary.py PROFILE.txt [--command "..."] [--top 25]``. Prints
the samples per process, per phase of a render (import, TeX, SVG to shapes, updaters, Cairo
drawing, encoder, narration, muxing, the work after the render, planning) and the frames with
the largest inclusive and self shares. py-spy samples only threads that are running (no
``--idle``), so the shares are shares of CPU, not of wall time.
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from pathlib import Path

# (phase, pattern matched against the whole stack); the first phase that matches wins
PHASES = [
    ("import (modules)", r"_find_and_load"),
    ("TeX compile (latex, dvisvgm)", r"tex_file_writing\.py"),
    ("SVG to shapes", r"svg_mobject\.py"),
    ("narration: takes (espeak-ng, levelling)", r"pipeline/voice/(narrator|synthesis|audio)"),
    ("narration: loudness", r"pipeline/voice/loudness|pyloudnorm|scipy"),
    ("posters (last frame decoded)", r"save_frame|last_frame"),
    ("mux and probes (pipeline.media)", r"pipeline/media\.py"),
    ("sections combined (manim)", r"combine_to_section_videos|combine_files"),
    ("encoder (manim writes frames)", r"scene_file_writer\.py|av/"),
    ("Cairo drawing", r"camera/camera\.py|cairo"),
    ("updaters", r"Mobject\.update \("),
    ("scene construction (other)", r"construct \(|Scene\.play|Scene\.wait|Scene\.add"),
    ("after the render (install, manifest)", r"pipeline/(job|executors|manifest|files)\.py"),
    ("planning (lesson, hashes, plan)", r"pipeline/batch\.py|lecture/cli\.py|lesson/"),
]

# frames every stack of a process runs through (process start, threads, the command line)
BOILERPLATE = r"^(process |<module>)|multiprocessing/|threading\.py|runpy|click/|concurrent/futures"


def summarise(path: Path, top: int) -> str:
    """The text summary of one raw profile."""
    stacks: list[tuple[str, str, int]] = []  # (process, stack, count)
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        head, _, n = line.rpartition(" ")
        if not n.isdigit():
            continue
        procs = re.findall(r"process (\d+):\"(.*?)\";", head)
        stack = re.sub(r"process \d+:\".*?\";", "", head)
        # the command, then the worker server it started, then a render forked from that
        proc = ("main", "worker server", "render")[min(len(procs), 3) - 1] if procs else "main"
        stacks.append((proc, stack, int(n)))
    total = sum(n for _, _, n in stacks) or 1
    out = [f"samples: {total} (100 Hz, running threads only)", "", "per process:"]
    per_proc = Counter[str]()
    for proc, _, n in stacks:
        per_proc[proc] += n
    out += [f"  {p:<14} {n / total:6.1%}  {n / 100:7.1f} s" for p, n in per_proc.most_common()]
    phases = Counter[str]()
    for _, stack, n in stacks:
        phase = next((ph for ph, pat in PHASES if re.search(pat, stack)), "other")
        phases[phase] += n
    out += ["", "per phase (first match in the order listed in the script):"]
    out += [f"  {ph:<42} {n / total:6.1%}  {n / 100:7.1f} s" for ph, n in phases.most_common()]
    incl, self_ = Counter[str](), Counter[str]()
    for _, stack, n in stacks:
        frames = [f for f in stack.split(";") if f]
        for f in set(frames):
            if not re.search(BOILERPLATE, f):
                incl[f] += n
        if frames:
            self_[frames[-1]] += n
    out += ["", f"top {top} frames, inclusive (share of all samples; start-up frames left out):"]
    out += [f"  {n / total:6.1%}  {f[:150]}" for f, n in incl.most_common(top)]
    out += ["", f"top {top} frames, self:"]
    out += [f"  {n / total:6.1%}  {f[:150]}" for f, n in self_.most_common(top)]
    return "\n".join(out)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("profile", type=Path)
    ap.add_argument("--command", default="", help="the profiled command, printed first")
    ap.add_argument("--top", type=int, default=25)
    args = ap.parse_args()
    text = summarise(args.profile, args.top)
    print(f"command: {args.command}\n{text}" if args.command else text)


if __name__ == "__main__":
    main()
