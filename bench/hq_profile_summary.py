"""Summarise a py-spy profile (``py-spy record --format raw``) as shares by what the time does.

Run with `.venv/bin/python bench/hq_profile_summary.py PROFILE.txt [--title TEXT]`. Prints the
share of the sampled time of each kind of work (drawing, conversion and encoding, narration,
muxing, sections, the join, waiting, Python overhead) and the 25 leaf frames with the most
samples. Each sample is put under the first rule below that any of its frames matches (the
rules' order decides: drawing before the mobject methods it calls). py-spy sees Python
threads only: x264's own worker threads are not in it (the encoder thread's ``encode`` call
is), so `perf report --sort dso` beside it gives the split by library.
"""

from __future__ import annotations

import argparse
import collections
import re
import sys
from pathlib import Path

# (kind, pattern of a frame), in order; the first rule any frame of a sample matches names it.
RULES: list[tuple[str, str]] = [
    ("hold detection (frame comparison, ours)", r"same_picture \(pipeline/encoding"),
    ("encode call: x264 (ours)", r"HoldOnceEncoder\._encode \(pipeline/encoding"),
    ("encoder flush", r"VideoSegmentEncoder\.finish|HoldOnceEncoder\.finish"),
    # what write_frame does besides _encode and same_picture: from_ndarray and reformat
    (
        "conversion RGBA->YUV, once per distinct picture (ours)",
        r"HoldOnceEncoder\.write_frame \(pipeline/encoding",
    ),
    ("RGBA frame wrapped per frame (from_ndarray)", r"video_segment_encoder\.py:96\)"),
    (
        "encode call: RGBA->YUV in PyAV + x264 (manim, per frame)",
        r"VideoSegmentEncoder\.write_frame \(manim/scene/video_segment_encoder\.py:100\)",
    ),
    ("poster (last frame)", r"save_frame \(pipeline/media|last_frame \(pipeline/media"),
    ("audio mux of clip and sections", r"with_audio \(pipeline/media"),
    ("narration (speech, levelling, track)", r"\(pipeline/voice/|narrate \(pipeline/worker"),
    ("sections and clip (manim concat)", r"combine_to_section_videos|combine_to_movie"),
    ("join (lesson.mp4)", r"\(publish/assemble"),
    ("snapshots and legibility", r"_snapshot \(scenes/base|\(scenes/legibility|\(scenes/snapshot"),
    ("frame copy (get_frame)", r"CairoRenderer\.get_frame"),
    ("drawing (Cairo camera)", r"\(manim/camera/|CairoRenderer\.update_frame"),
    ("animation and updaters", r"interpolate|update_mobjects|Animation\.|\(manim/animation/"),
    ("TeX, text and mobjects", r"\(manim/mobject/|\(manim/utils/tex"),
    ("import", r"<frozen importlib"),
    ("scheduler and CLI (main process)", r"\(pipeline/batch|\(lecture/cli|\(pipeline/executors"),
]


# A sample whose innermost frame waits (a queue, a lock, a thread, a sleep) is not work; on a
# loaded machine py-spy counts such threads as active, so they are left out of the shares.
WAITING = re.compile(
    r"Condition\.wait|_wait_for_tstate_lock|Thread\.join|\(time\.sleep|Event\.wait"
)


def summarise(path: Path, top: int = 25) -> str:
    """The summary text of the py-spy raw profile at `path`."""
    kinds: collections.Counter[str] = collections.Counter()
    leaves: collections.Counter[str] = collections.Counter()
    threads: collections.Counter[str] = collections.Counter()
    total = waiting = 0
    compiled = [(k, re.compile(p)) for k, p in RULES]
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        stack, _, count = line.rpartition(" ")
        if not count.isdigit():
            continue
        n = int(count)
        frames = stack.split(";")
        if WAITING.search(frames[-1]) or "tqdm_monitor" in frames[-1]:
            waiting += n
            continue
        total += n
        thread = next((f for f in frames if f.startswith("thread ")), "")
        name = re.sub(r"\(\d+\)|-\d+$", "", thread.partition(": ")[2]) or "?"
        threads[name] += n
        leaves[frames[-1]] += n
        kind = next(
            (k for k, rx in compiled if any(rx.search(f) for f in frames)),
            "other Python (manim scene machinery, interpreter)",
        )
        kinds[kind] += n
    out = [
        f"{total} samples of work (py-spy, Python threads of every process); "
        f"{waiting} samples waiting (queues, locks, sleeps) left out",
        "",
        "by kind of work:",
    ]
    out += [f"  {v / total:6.1%}  {k}" for k, v in kinds.most_common()]
    out += ["", "by thread:"]
    out += [f"  {v / total:6.1%}  {k}" for k, v in threads.most_common(6)]
    out += ["", f"top {top} leaf frames:"]
    out += [f"  {v / total:6.1%}  {k}" for k, v in leaves.most_common(top)]
    return "\n".join(out)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("profile", type=Path)
    ap.add_argument("--title", default="")
    args = ap.parse_args()
    if args.title:
        print(args.title, end="\n\n")
    print(summarise(args.profile))
    return 0


if __name__ == "__main__":
    sys.exit(main())
