"""``lecture script``: the recording script a narrator reads from, as Markdown and CSV.

Per scene, in lesson order: each cue's id (the name its recording gets), the exact words to
read (numbers and notation spelled out, as the synthetic voice says them), the length of
the synthetic take (a pace to aim for), and the state of its recording: ``recorded`` (a
fresh take is used), ``stale`` (a take of words that have since changed: the synthetic
voice says the cue until it is recorded again) or empty (not recorded).
"""

from __future__ import annotations

import csv
import io
import os
from dataclasses import dataclass
from pathlib import Path

from pipeline.media import atomic_path
from pipeline.voice import check_recordings, recording_dir, text_hash

__all__ = ["ScriptLine", "script_lines", "write_script"]


@dataclass(frozen=True)
class ScriptLine:
    """One cue of the script."""

    scene: str
    cue: str
    words: str
    seconds: float
    status: str  # "recorded", "stale" or ""
    file: str  # where its recording goes (relative to the recordings root)


def script_lines(runs: list, lesson_id: str, lang: str, root: Path) -> list[ScriptLine]:
    """The script of the scenes' dry runs (synthetic voice), against the recordings in `root`.

    Parameters
    ----------
    runs : list of DryRun
        Dry runs with the synthetic voice only (their ``narration``).
    lesson_id, lang : str
        The lesson and language (which recordings folder).
    root : Path
        The recordings root (``voice/``).

    Returns
    -------
    list of ScriptLine
    """
    out = []
    for run in runs:
        folder = recording_dir(lesson_id, lang, run.scene, root)
        check = check_recordings(folder, {c.cue: c.words for c in run.narration})
        stale = {r.cue for r in check.stale}
        for c in run.narration:
            status = "recorded" if c.cue in check.used else "stale" if c.cue in stale else ""
            rel = folder.relative_to(root) / f"{c.cue}.wav"
            out.append(
                ScriptLine(run.scene, c.cue, c.words, round(c.duration, 1), status, str(rel))
            )
    return out


def _write(path: Path, text: str) -> None:
    tmp = atomic_path(path)
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def write_script(lines: list[ScriptLine], title: str, folder: Path) -> tuple[Path, Path]:
    """Write ``script.md`` and ``script.csv`` into `folder`; return their paths.

    The Markdown has a section per scene and a table of its cues; the CSV one row per cue
    (scene, cue, words, seconds, status, file, hash), for a spreadsheet or a teleprompter.
    """
    folder.mkdir(parents=True, exist_ok=True)
    md = [f"# {title}", ""]
    md += [
        "Record each cue as `<cue>.wav` (or `.flac`) in its scene's folder, with a "
        "`<cue>.txt` beside it holding the words as written here.",
    ]
    scene = None
    for line in lines:
        if line.scene != scene:
            scene = line.scene
            folder_name = str(Path(line.file).parent)
            md += ["", f"## {scene}", "", f"Folder `{folder_name}/`.", ""]
            md += ["| cue | words | s | recording |", "|---|---|---|---|"]
        words = line.words.replace("|", "\\|")
        md.append(f"| `{line.cue}` | {words} | {line.seconds:.1f} | {line.status} |")
    _write(folder / "script.md", "\n".join(md) + "\n")
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["scene", "cue", "words", "seconds", "status", "file", "hash"])
    for line in lines:
        w.writerow(
            [
                line.scene,
                line.cue,
                line.words,
                f"{line.seconds:.1f}",
                line.status,
                line.file,
                text_hash(line.words),
            ]
        )
    _write(folder / "script.csv", buf.getvalue())
    return folder / "script.md", folder / "script.csv"
