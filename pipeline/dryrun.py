"""Run scenes with manim's ``dry_run``: what they would show and say, without drawing a frame.

The captions check and the tests use it. The scene is made with its lesson, language and
narrator as objects, as a render worker makes it.
"""

from __future__ import annotations

import contextlib
import functools
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lesson.captions import Cue
from pipeline.settings import media_root

__all__ = ["DryRun", "dry_run", "dry_runs"]


@dataclass
class DryRun:
    """What one scene did: its step snapshots, its length, its subtitle cues, its lesson reads."""

    scene: str
    lang: str
    time: float
    fps: float
    cues: list[Cue]
    snapshots: list[Any] = field(default_factory=list)
    lesson_reads: set[str] = field(default_factory=set)
    narration: list[Any] = field(default_factory=list)  # SpokenCue of each caption said
    stale: list[str] = field(default_factory=list)  # recordings that fell back (file names)
    reveals: list[Any] = field(default_factory=list)  # scenes.base.Reveal of each number shown


def dry_run(
    scene: str,
    lesson: Path,
    lang: str,
    media: Path | None = None,
    voice: str = "espeak",
    recordings: bool = True,
    frame_rate: float | None = None,
    keep: bool = True,
) -> DryRun:
    """Run `scene`'s construct for `lesson` in `lang` with rendering skipped.

    Parameters
    ----------
    scene : str
        Scene class name.
    lesson : Path
        Lesson file.
    lang : str
        Language of the text.
    media : Path, optional
        Where manim keeps its TeX and text caches (one folder per process: manim writes
        them in place). Default: a temporary folder that reads the shared LaTeX cache
        through links and adds its new formulas to it, as a render worker does.
    voice : {"espeak", "none"}
        Who speaks the captions (the timing follows the narration, as in a render; the
        synthetic takes are made here too, once, then cached).
    recordings : bool
        Use fresh recorded takes as a render does (False: the synthetic voice only).
    frame_rate : float, optional
        Frames per second of the run (default: low quality's). What the scene shows at a
        step's end and what it reads do not depend on it; the tests run at a lower rate.
    keep : bool
        With the shared LaTeX cache (no `media`), take the formulas and texts the last run
        or render of the scene made, and keep what this run made, as a render does
        (:mod:`pipeline.shapes`, ``made/`` of the media folder).

    Returns
    -------
    DryRun
    """
    from manim import config, tempconfig

    from lesson.model import load_lesson
    from pipeline import manim_adapter, shapes, texbatch
    from pipeline.words import words_in_use
    from pipeline.worker import link_tree, make_scene, publish, scene_again, scene_narrator
    from scenes.palette import BACKGROUND

    manim_adapter.install()  # the project's changes of manim's internals, manim's version checked
    loaded = load_lesson(lesson)
    narrator = scene_narrator(scene, loaded, lang, voice, recordings)

    tmp = None if media else tempfile.TemporaryDirectory(prefix="lecture-dry-")
    work = media or Path(tmp.name)  # type: ignore[union-attr]
    tex = work / "Tex"
    shared = media_root()  # the render caches
    kept = shared / shapes.FOLDER if tmp is not None and keep else None
    if tmp is not None:
        link_tree(shared / "Tex", tex)
    try:
        with tempconfig(
            {
                "dry_run": True,
                "media_dir": str(work),
                "tex_dir": str(tex),
                "background_color": BACKGROUND,  # as a render (pipeline.worker)
                "quality": "low_quality",
                **({"frame_rate": frame_rate} if frame_rate else {}),
                "disable_caching": True,
                "verbosity": "ERROR",
                "progress_bar": "none",
            }
        ):
            with (
                words_in_use(loaded),  # the lesson's own texts (words.toml), checked
                shapes.kept(kept, shared / "Tex", scene) if kept else contextlib.nullcontext(),
            ):
                obj = make_scene(scene, loaded, lang, narrator)
                # dry_run writes no frames but still draws each one with Cairo (a quarter of
                # its time); only mobjects and subtitles are read here, never pixels
                obj.renderer.update_frame = lambda *a, **k: None
                obj.renderer.save_static_frame_data = lambda *a, **k: None
                again = functools.partial(scene_again, scene, lesson, lang, voice, recordings)
                with texbatch.batched(obj, again):
                    obj.render()
            fps = float(config.frame_rate)
        if tmp is not None:
            publish(tex, shared / "Tex")
    finally:
        if tmp is not None:
            tmp.cleanup()
    cues = [
        Cue(s.start.total_seconds(), s.end.total_seconds(), tuple(s.content.split("\n")))
        for s in obj.renderer.file_writer.subcaptions
    ]
    return DryRun(
        scene,
        lang,
        float(obj.time),
        fps,
        sorted(cues, key=lambda c: c.start),
        list(getattr(obj, "snapshots", [])),
        set(getattr(obj, "lesson_reads", ())),
        list(narrator.cues),
        [r.path.name for r in narrator.check().stale],
        list(getattr(obj, "reveals", [])),
    )


def dry_runs(
    scenes: list[str],
    lesson: Path,
    lang: str,
    jobs: int = 0,
    voice: str = "espeak",
    recordings: bool = True,
) -> list[DryRun]:
    """Dry runs of `scenes` in worker processes (``jobs``, default one per core), in order."""
    from concurrent.futures import ProcessPoolExecutor

    from pipeline.executors import worker_context

    ctx = worker_context()  # the render workers' server: manim and the scene kit imported once
    workers = jobs or os.cpu_count() or 1
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        futures = [
            pool.submit(dry_run, s, lesson.resolve(), lang, None, voice, recordings) for s in scenes
        ]
        return [f.result() for f in futures]
