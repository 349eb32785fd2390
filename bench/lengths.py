"""The lesson's length per scene, as a listener meets it: seconds, speech, silence, words.

Dry runs of every scene of a lesson (rendering skipped, the narration's synthetic takes
timed), printed as a Markdown table. Run it at two commits to compare what a change adds or
cuts::

    .venv/bin/python bench/lengths.py [--lesson FILE] [--lang id|en] [--jobs N]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from lesson.model import DEFAULT_LESSON, load_lesson
from lesson.scenelist import lesson_order
from pipeline.dryrun import dry_runs


def main() -> None:
    """Print the table of seconds and spoken words per scene, and the totals."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lesson", type=Path, default=DEFAULT_LESSON)
    ap.add_argument("--lang", default="id", choices=("id", "en"))
    ap.add_argument("--jobs", type=int, default=0)
    args = ap.parse_args()
    scenes = lesson_order(load_lesson(args.lesson))
    runs = dry_runs(scenes, args.lesson, args.lang, jobs=args.jobs)
    print("| scene | sections | s | speech s | silent s | words |")
    print("|---|---:|---:|---:|---:|---:|")
    total_s = total_sp = total_w = 0.0
    for run in runs:
        words = sum(len(c.words.split()) for c in run.narration)
        speech = sum(c.duration for c in run.narration)
        total_s, total_sp, total_w = total_s + run.time, total_sp + speech, total_w + words
        silent = run.time - speech
        row = [run.scene, len(run.snapshots), f"{run.time:.1f}", f"{speech:.1f}", f"{silent:.1f}"]
        print("| " + " | ".join(map(str, [*row, words])) + " |")
    print(
        f"| **total** | | **{total_s:.1f}** ({total_s / 60:.1f} min) | {total_sp:.1f} "
        f"| {total_s - total_sp:.1f} | **{total_w:.0f}** |"
    )


if __name__ == "__main__":
    main()
