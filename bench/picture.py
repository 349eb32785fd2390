"""Does the picture follow the voice? Early reveals, still stretches and length of a render.

Reads a render folder (``lecture render`` or ``lecture build``): each clip's manifest entry says
when each number first showed and when it was said (``reveals``), and the clip's frames say
where the picture stands still (``pipeline.media.still_stretches``).

    .venv/bin/python bench/picture.py media/inner-product/medium [--still 6] [--early 0.5]

Prints one line per scene (numbers said, shown more than ``--early`` s before their words,
stretches over ``--still`` s and the seconds they cover), then the lesson's totals, with the
teaching scenes and the quiz apart.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pipeline.manifest import Manifest  # noqa: E402
from pipeline.media import still_stretches  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--still", type=float, default=6.0)
    parser.add_argument("--early", type=float, default=0.5)
    args = parser.parse_args()
    manifest = Manifest.load(args.folder)
    if manifest is None:
        sys.exit(f"{args.folder}: no manifest.json")
    totals = {"teach": [0, 0, 0, 0.0, 0.0], "quiz": [0, 0, 0, 0.0, 0.0]}
    for scene, clip in manifest.clips.items():
        said = [r for r in clip.reveals if r.said is not None]
        early = [r for r in said if r.early > args.early + 1e-6]
        still = still_stretches(args.folder / clip.video, args.still)
        held = sum(s for _, s in still)
        part = totals["quiz" if scene.startswith("QuizQuestion") else "teach"]
        for i, v in enumerate((len(said), len(early), len(still), held, clip.duration)):
            part[i] += v
        print(
            f"{scene:22s} {clip.duration:7.1f} s  said {len(said):3d}  early {len(early):3d}  "
            f"still {len(still):2d} ({held:5.1f} s)"
        )
    for name, (said_n, early_n, still_n, held, length) in totals.items():
        share = 100 * held / length if length else 0.0
        print(
            f"{name:5s}: {length:7.1f} s, {early_n} of {said_n} numbers early, "
            f"{still_n} stretches over {args.still:g} s covering {held:.1f} s ({share:.0f} %)"
        )
    whole = totals["teach"][4] + totals["quiz"][4]
    quiz = 100 * totals["quiz"][4] / whole if whole else 0.0
    print(f"lesson: {whole:.1f} s, the quiz {quiz:.0f} % of it")


if __name__ == "__main__":
    main()
