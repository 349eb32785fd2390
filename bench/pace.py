"""Words a minute per scene and per synthetic voice: the pace a lesson's narration is said at.

Run with `.venv/bin/python bench/pace.py [--lesson FILE] [--cache DIR]`. One dry run per
language (espeak-ng) gives each scene's cues; espeak-ng (Indonesian, English) and Piper
(English) then say every cue at two settings: *before*, as the voices spoke until the lesson set
the pace (espeak-ng ``-s 155``, Piper length scale 1), and *after*, at the lesson's
``words_per_minute``. Each scene's pace is measured as :func:`pipeline.voice.pace.pace_of`
measures it (words per minute of the takes as played, the pauses between cues aside) and
printed as a table, with each voice's median over the scenes and its words a minute per unit
of setting (the factors in :mod:`pipeline.voice.pace`). The takes go to a cache of their own
(a temporary folder unless ``--cache``), not to the project's media folder.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lesson.model import DEFAULT_LESSON, load_lesson  # noqa: E402
from lesson.scenelist import ORDER  # noqa: E402
from pipeline.dryrun import dry_runs  # noqa: E402
from pipeline.manifest import SpokenCue  # noqa: E402
from pipeline.voice.narrator import leveled_take  # noqa: E402
from pipeline.voice.pace import (  # noqa: E402
    ESPEAK_PACE_PER_RATE,
    PIPER_PACE,
    pace_of,
)
from pipeline.voice.targets import RATE  # noqa: E402

BEFORE_ESPEAK_RATE = 155  # espeak-ng's -s before the pace was the lesson's
VOICES = (("espeak-ng", "id", "espeak"), ("espeak-ng", "en", "espeak"), ("piper", "en", "piper"))


def scene_words(lesson: Path, lang: str) -> dict[str, list[str]]:
    """Each scene's cues, as its dry run says them (espeak-ng, recordings not played)."""
    runs = dry_runs(list(ORDER), lesson, lang, 0, "espeak", recordings=False)
    return {r.scene: [c.words for c in r.narration] for r in runs}


def scene_pace(words: list[str], lang: str, engine: str, pace: float, cache: Path) -> float | None:
    """The scene's pace: its cues said by `engine` told `pace`, as pace_of measures it."""
    cues = [
        SpokenCue(str(i), str(i), w, 0.0, len(take) / RATE, engine)
        for i, w in enumerate(words)
        for take in [leveled_take(w, lang, cache=cache, engine=engine, pace=pace)]
    ]
    return pace_of(cues)


def main() -> None:
    """Print each scene's pace per voice, before and after."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--lesson", type=Path, default=DEFAULT_LESSON)
    parser.add_argument("--cache", type=Path, default=None)
    args = parser.parse_args()
    target = load_lesson(args.lesson).words_per_minute
    cache = args.cache or Path(tempfile.mkdtemp(prefix="lecture-pace-"))
    words = {lang: scene_words(args.lesson, lang) for lang in ("id", "en")}
    columns = []
    for name, lang, engine in VOICES:
        before = (
            ESPEAK_PACE_PER_RATE[lang] * BEFORE_ESPEAK_RATE if engine == "espeak" else PIPER_PACE
        )
        for when, pace in (("before", before), ("after", float(target))):
            got = {s: scene_pace(w, lang, engine, pace, cache) for s, w in words[lang].items()}
            columns.append((f"{name} {lang} {when}", got))
    print(f"words a minute per scene; the lesson's pace {target}")
    print("scene".ljust(24) + "".join(title.rjust(20) for title, _ in columns))
    for scene in ORDER:
        cells = [got.get(scene) for _, got in columns]
        print(
            scene.ljust(24) + "".join(("-" if c is None else f"{c:.1f}").rjust(20) for c in cells)
        )
    medians = [statistics.median(v for v in got.values() if v is not None) for _, got in columns]
    print("median".ljust(24) + "".join(f"{m:.1f}".rjust(20) for m in medians))
    ranges = [
        (min(v for v in got.values() if v), max(v for v in got.values() if v)) for _, got in columns
    ]
    print("range".ljust(24) + "".join(f"{a:.0f}-{b:.0f}".rjust(20) for a, b in ranges))


if __name__ == "__main__":
    main()
