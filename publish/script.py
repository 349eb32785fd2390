"""``lecture script``: the recording script a narrator reads from, as Markdown and CSV.

Per scene, in lesson order: each cue's id (the name its recording gets), the exact words to
read (numbers and notation spelled out, as the synthetic voice says them), the length of
the synthetic take (a pace to aim for), and the state of its recording: ``recorded`` (a
fresh take is used), ``stale`` (a take of words that have since changed: the synthetic
voice says the cue until it is recorded again), ``rejected`` (a take of the right words
whose sound is unfit: silent, clipped, far too short or long, or unreadable; the reason
says which, see :mod:`pipeline.takecheck`) or empty (not recorded).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.files import atomic_write
from pipeline.voice.recordings import check_recordings, recording_dir, text_hash

if TYPE_CHECKING:
    from pipeline.dryrun import DryRun

__all__ = ["ScriptLine", "script_lines", "to_record", "write_script"]


@dataclass(frozen=True)
class ScriptLine:
    """One cue of the script."""

    scene: str
    cue: str
    words: str
    seconds: float
    status: str  # "recorded", "stale", "rejected" or ""
    file: str  # where its recording goes, or the rejected file (relative to the root)
    reason: str = ""  # why a rejected take is not played


def script_lines(runs: list[DryRun], lesson_id: str, lang: str, root: Path) -> list[ScriptLine]:
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
        cues = {c.cue: c.words for c in run.narration}
        check = check_recordings(folder, cues, lang=lang, strict=False)
        stale = {r.cue for r in check.stale}
        rejected = {r.cue: r for r in check.rejected}
        for c in run.narration:
            rel = folder.relative_to(root) / f"{c.cue}.wav"
            status, reason = "", ""
            if c.cue in check.used:
                status = "recorded"
            elif c.cue in rejected:
                status, reason = "rejected", rejected[c.cue].reason
                rel = rejected[c.cue].path.relative_to(root)
            elif c.cue in stale:
                status = "stale"
            seconds = round(c.duration, 1)
            out.append(ScriptLine(run.scene, c.cue, c.words, seconds, status, str(rel), reason))
    return out


def to_record(line: ScriptLine) -> str:
    """One line of ``lecture script --stale``: scene, cue, file, words, and a rejection's reason.

    Examples
    --------
    >>> to_record(ScriptLine("S", "c", "Satu.", 1.0, "stale", "x/S/c.wav"))
    'S  c  x/S/c.wav  Satu.'
    >>> to_record(ScriptLine("S", "c", "Satu.", 1.0, "rejected", "x/S/c.wav", "silent (…)"))
    'S  c  x/S/c.wav  Satu.  [rejected: silent (…)]'
    """
    tail = f"  [rejected: {line.reason}]" if line.status == "rejected" else ""
    return f"{line.scene}  {line.cue}  {line.file}  {line.words}{tail}"


def _write(path: Path, text: str) -> None:
    atomic_write(path, text)


def write_script(lines: list[ScriptLine], title: str, folder: Path) -> tuple[Path, Path]:
    """Write ``script.md`` and ``script.csv`` into `folder`; return their paths.

    The Markdown has a section per scene and a table of its cues; the CSV one row per cue
    (scene, cue, words, seconds, status, file, hash, reason), for a spreadsheet or a
    teleprompter.
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
        state = f"rejected: {line.reason}" if line.status == "rejected" else line.status
        md.append(f"| `{line.cue}` | {words} | {line.seconds:.1f} | {state} |")
    _write(folder / "script.md", "\n".join(md) + "\n")
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["scene", "cue", "words", "seconds", "status", "file", "hash", "reason"])
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
                line.reason,
            ]
        )
    _write(folder / "script.csv", buf.getvalue())
    return folder / "script.md", folder / "script.csv"
