"""Render one scene in this process (run by ``lecture render`` as a worker process).

Writes the clip, its subtitles, section clips and a ``result.json`` into a work folder;
``lecture render`` moves the finished files into place.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import shutil
import sys
from pathlib import Path

from lesson.reads import uncovered
from lesson.scenelist import scene_spec
from pipeline.settings import QUALITIES, VARIANTS, VOICE_OPTIONS

__all__ = ["link_tree", "main", "project_sources", "publish", "render"]

ROOT = Path(__file__).resolve().parent.parent


def project_sources() -> list[str]:
    """Project files this process has imported so far (paths relative to the project)."""
    found = set()
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None)
        if not path:
            continue
        p = Path(path).resolve()
        if p.is_relative_to(ROOT) and ".venv" not in p.relative_to(ROOT).parts:
            found.add(str(p.relative_to(ROOT)))
    return sorted(found)


def link_tree(src: Path, dst: Path) -> None:
    """Populate `dst` with hard links (or copies) of the files in `src`."""
    dst.mkdir(parents=True, exist_ok=True)
    if not src.is_dir():
        return
    for f in src.iterdir():
        target = dst / f.name
        if f.is_file() and not target.exists():
            try:
                os.link(f, target)
            except OSError:
                shutil.copy2(f, target)


def publish(src: Path, dst: Path) -> None:
    """Move files of `src` that `dst` lacks into `dst`, each by an atomic rename."""
    dst.mkdir(parents=True, exist_ok=True)
    for f in src.iterdir():
        target = dst / f.name
        if f.is_file() and not target.exists():
            tmp = dst / f".{f.name}.{os.getpid()}.tmp"
            shutil.copy2(f, tmp)
            os.replace(tmp, target)


def render(
    scene: str,
    lesson: Path,
    quality: str,
    lang: str,
    work: Path,
    tex_cache: Path,
    variant: str = "mp4",
    voice: str = "espeak",
) -> dict:
    """Render `scene` into `work` and describe the result.

    Parameters
    ----------
    scene : str
        Scene class name.
    lesson : Path
        Lesson file.
    quality : str
        One of :data:`QUALITIES`.
    lang : str
        Language of on-screen text and subtitles.
    work : Path
        Empty folder for this render.
    tex_cache : Path
        The LaTeX cache shared between workers; read through links, extended atomically.
    variant : str
        One of :data:`VARIANTS`.
    voice : {"espeak", "none"}
        Who speaks the captions: the synthetic voice (recorded takes where fresh), or
        nobody (a silent clip).

    Returns
    -------
    dict
        Paths of the clip, subtitles, sections and narration, the section-end snapshots,
        and what each cue's narration was.
    """
    os.environ["LECTURE_LESSON"] = str(lesson)
    os.environ["LECTURE_LANG"] = lang
    import importlib

    from manim import config, tempconfig

    from lesson.model import load_lesson
    from pipeline.voice import narrator_for, recording_dir, recordings_root

    spec = scene_spec(scene)
    folder = recording_dir(load_lesson(lesson).id, lang, scene, recordings_root())
    narrator = narrator_for(voice, lang, folder)

    tex = work / "tex"
    link_tree(tex_cache, tex)
    options = {
        "media_dir": str(work / "media"),
        "tex_dir": str(tex),
        "quality": QUALITIES[quality],
        "save_sections": True,
        "write_to_movie": True,
        "disable_caching": True,
        "progress_bar": "none",
        "verbosity": "WARNING",
        **VARIANTS[variant].manim_options(),
    }
    with tempconfig(options):
        obj = getattr(importlib.import_module(spec.scene_module), scene)()
        obj.narrator = narrator
        obj.render()
        width, height = config.pixel_width, config.pixel_height
        fw, fh = config.frame_width, config.frame_height
    extra = uncovered(set(getattr(obj, "lesson_reads", ())), spec.reads)
    if extra:
        raise LookupError(
            f"{scene} read lesson key(s) {', '.join(extra)} that its entry in the scene list "
            f"(lesson/scenelist.py) does not declare; add them to its reads"
        )
    publish(tex, tex_cache)

    def px(box) -> list[int]:
        """Scene box -> pixel box [left, top, right, bottom], at least one pixel each way."""
        (x0, y0), (x1, y1) = box
        sx, sy = width / fw, height / fh
        left, top = math.floor((x0 + fw / 2) * sx), math.floor((fh / 2 - y1) * sy)
        right, bottom = math.ceil((x1 + fw / 2) * sx), math.ceil((fh / 2 - y0) * sy)
        return [left, top, max(right, left + 1), max(bottom, top + 1)]

    from pipeline.media import last_frame

    ext = VARIANTS[variant].ext
    sources = project_sources()
    if spec.text_file.is_file():
        sources.append(str(spec.text_file.relative_to(ROOT)))
    if (ROOT / "manim.cfg").is_file():
        sources.append("manim.cfg")
    videos = [p for p in (work / "media").rglob(f"{scene}.{ext}") if "sections" not in p.parts]
    sections = sorted((work / "media").rglob(f"sections/{scene}_*.{ext}"))
    sound = narrate(narrator, videos[0], sections, work / "narration.wav")
    return {
        **sound,
        "video": str(videos[0]),
        "poster": str(last_frame(videos[0], work / "poster.png")),
        "subtitles": str(videos[0].with_suffix(".srt")),
        "sections": [str(p) for p in sections],
        "sources": sorted(set(sources)),
        "lesson_keys": sorted(getattr(obj, "lesson_reads", ())),
        "snapshots": [
            {
                "section": s.section,
                "time": round(s.time, 4),
                "labels": [
                    {
                        "key": k,
                        "text": s.numbers[k],
                        "box": px(s.number_boxes[k]),
                        "kind": s.number_kinds[k],
                    }
                    for k in s.numbers
                ],
            }
            for s in obj.snapshots
        ],
    }


def narrate(narrator, video: Path, sections: list[Path], wav: Path) -> dict:
    """Put the scene's narration under its clip and its section clips; describe it.

    The narration track (every take at its caption's start, normalised as a whole) is as
    long as the clip; each section clip gets the part of it under its frames. A silent
    render (``--voice none``) keeps manim's clips as they are.

    Returns
    -------
    dict
        ``audio`` (the track's WAV, or None), ``narration`` (each cue: id, key, words,
        start, duration, voice), ``stale`` (recordings that fell back to the synthetic
        voice), ``rejected`` ([file name, reason] of takes unfit to play), ``loudness``
        ([LUFS, dBTP] of the track) and ``narration_seconds`` (time spent on the narration,
        synthesis included).
    """
    import time
    from dataclasses import asdict

    from pipeline.media import probe, with_audio
    from pipeline.voice import RATE, measure, write_wav

    t0 = time.perf_counter()
    check = narrator.check()
    result: dict = {
        "audio": None,
        "narration": [asdict(c) for c in narrator.cues],
        "stale": [str(r.path.name) for r in check.stale],
        "rejected": [[r.path.name, r.reason] for r in check.rejected],
        "loudness": None,
    }
    if narrator.cues:
        info = probe(video)
        track = narrator.track(info.frames / info.fps)
        write_wav(wav, track)
        with_audio(video, track, video, RATE)
        start = 0
        for section in sections:
            frames = probe(section).frames
            a, b = round(start * RATE / info.fps), round((start + frames) * RATE / info.fps)
            with_audio(section, track[a:b], section, RATE)
            start += frames
        lufs, peak = measure(track)
        result["audio"], result["loudness"] = str(wav), [round(lufs, 2), round(peak, 2)]
    result["narration_seconds"] = round(narrator.seconds + time.perf_counter() - t0, 3)
    return result


def _summary(error: Exception, work: Path) -> str:
    """One line for the author: the TeX error and its source line, or the exception."""
    m = re.search(r"log file: (\S+\.log)", str(error))
    if m and Path(m.group(1)).is_file():
        log = Path(m.group(1))
        shutil.copyfile(log, work / "tex-error.log")
        lines = log.read_text(encoding="utf-8", errors="replace").splitlines()
        bang = next((i for i, ln in enumerate(lines) if ln.startswith("! ")), None)
        if bang is not None:
            where = next((ln for ln in lines[bang:] if re.match(r"l\.\d+ ", ln)), "")
            return f"LaTeX error: {lines[bang][2:]} {where}".strip()
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text}"[:300]


def main(argv: list[str] | None = None) -> int:
    """Command line of the worker; the result goes to ``WORK/result.json``."""
    p = argparse.ArgumentParser(prog="python -m pipeline.worker")
    p.add_argument("scene")
    p.add_argument("--lesson", required=True, type=Path)
    p.add_argument("--quality", required=True, choices=list(QUALITIES))
    p.add_argument("--lang", required=True)
    p.add_argument("--work", required=True, type=Path)
    p.add_argument("--tex-cache", required=True, type=Path)
    p.add_argument("--variant", default="mp4", choices=list(VARIANTS))
    p.add_argument("--voice", default="espeak", choices=list(VOICE_OPTIONS))
    a = p.parse_args(argv)
    try:
        result = render(
            a.scene, a.lesson, a.quality, a.lang, a.work, a.tex_cache, a.variant, a.voice
        )
    except Exception as e:
        (a.work / "error.txt").write_text(_summary(e, a.work), encoding="utf-8")
        raise
    (a.work / "result.json").write_text(json.dumps(result, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
