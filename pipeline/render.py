"""Parallel, incremental and atomic rendering of the lesson's scenes.

Each clip is keyed by a hash of what it depends on: the project files its last render
imported or read (recorded by the worker), the lesson keys its scene reads, quality,
language, variant and manim's version. Unchanged
clips are skipped without importing manim; stale ones render in worker processes; every
output is moved into place only when complete; ``manifest.json`` describes the result.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import hashlib
import json
import multiprocessing
import multiprocessing.context
import multiprocessing.process
import os
import re
import shutil
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

from lesson.model import Lesson
from lesson.scenelist import ORDER, Scene, registry
from pipeline.manifest import Clip, Manifest, Section, SpokenCue, StepSnapshot
from pipeline.media import atomic_path, probe
from pipeline.settings import MEDIA, RenderSettings

__all__ = [
    "RenderError",
    "scenes_to_render",
    "input_hash",
    "narration_inputs",
    "output_lock",
    "render",
    "source_digests",
]

ROOT = Path(__file__).resolve().parent.parent
# Where project sources live; their digests are taken once per render (see source_digests).
SOURCE_DIRS = ("mathcore", "lesson", "scenes", "pipeline", "publish", "lecture", "tests")


class RenderError(Exception):
    """A render that cannot start (bad scene name, output locked)."""


def source_digests() -> dict[str, str]:
    """SHA-256 of every project source file (``.py``, ``.toml``, ``manim.cfg``), by path.

    Taken before the workers start, so a clip's hash describes the sources it was rendered
    from even if a file is edited while it renders.
    """
    files = [ROOT / "manim.cfg"]
    for d in SOURCE_DIRS:
        files += [p for p in (ROOT / d).rglob("*") if p.suffix in (".py", ".toml")]
    return {
        str(p.relative_to(ROOT)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in files
        if p.is_file()
    }


def input_hash(
    lesson: Lesson,
    spec: Scene,
    settings: RenderSettings,
    sources: tuple[str, ...] | list[str],
    digests: dict[str, str],
) -> str:
    """Hash of everything the clip of `spec` depends on.

    Parameters
    ----------
    lesson : Lesson
        The loaded lesson; only the keys the scene reads (``spec.reads``) count.
    spec : Scene
        The scene's entry in the scene list.
    settings : RenderSettings
        Quality, language and variant count; jobs and the like do not.
    sources : sequence of str
        The project files the clip's last render imported or read (relative paths).
    digests : dict of str to str
        :func:`source_digests`; a file missing from it is read now.

    Returns
    -------
    str
        A hex digest that changes when, and only when, an input of the clip changes.
    """
    h = hashlib.sha256()
    for rel in sorted(sources):
        digest = digests.get(rel)
        if digest is None:
            path = ROOT / rel
            digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "-"
        h.update(f"{rel}\0{digest}\0".encode())
    h.update(lesson.section_json(*spec.reads).encode())
    h.update(
        f"{spec.name}|{settings.quality}|{settings.lang}|{settings.variant}|"
        f"manim {version('manim')}".encode()
    )
    h.update(json.dumps(narration_inputs(lesson, spec, settings), sort_keys=True).encode())
    return h.hexdigest()


def narration_inputs(lesson: Lesson, spec: Scene, settings: RenderSettings) -> dict[str, str]:
    """What the clip's narration depends on beyond its words.

    The words follow from the lesson keys and sources the hash already has; this adds the
    engine, its version, voice, loudness targets, and the bytes of every file in the
    scene's recordings folder (:func:`pipeline.voice.voice_inputs`).
    """
    from pipeline.voice import recording_dir, recordings_inputs, recordings_root, voice_inputs

    inputs = voice_inputs(settings.voice, settings.lang)
    if settings.voice != "none":
        folder = recording_dir(lesson.id, settings.lang, spec.name, recordings_root())
        inputs.update(recordings_inputs(folder))
    return inputs


def _up_to_date(clip: Clip | None, digest: str, out: Path) -> bool:
    if clip is None or not clip.sources or clip.input_hash != digest:
        return False
    return all((out / f).is_file() for f in (clip.video, clip.subtitles, clip.poster))


@dataclass
class _Job:
    scene: str
    digest: str
    work: Path
    log: Path
    proc: multiprocessing.process.BaseProcess | None = None
    started: float = 0.0


@functools.cache
def _workers() -> multiprocessing.context.ForkServerContext:
    """Worker processes forked from a server that has imported manim once.

    Started only when a clip must render (a no-change run never imports manim); each scene
    then starts in a fresh process without paying manim's import again.
    """
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(
        [
            "manim",
            "scenes.base",
            "pipeline.worker",
            "pipeline.voice.narrator",
            "pipeline.voice.loudness",
        ]
    )
    return ctx


def _worker_main(argv: list[str], log: str) -> None:
    """Body of a worker process: output to the scene's log, then render."""
    fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    sys.stdout = open(1, "w", buffering=1, closefd=False)  # noqa: SIM115
    sys.stderr = open(2, "w", buffering=1, closefd=False)  # noqa: SIM115
    from pipeline.worker import main

    sys.exit(main(argv))


def _failure_line(job: _Job) -> str:
    """The worker's one-line summary (the TeX error and its line), else the log's last line."""
    tex_log = job.work / "tex-error.log"
    if tex_log.is_file():
        shutil.copyfile(tex_log, job.log.with_suffix(".tex.log"))
    summary = job.work / "error.txt"
    if summary.is_file():
        return summary.read_text(encoding="utf-8").strip()
    try:
        lines = job.log.read_text(encoding="utf-8", errors="replace").split("\n")
    except OSError:
        return "failed without a log"
    lines = [ln.strip() for ln in lines if ln.strip()]
    return lines[-1] if lines else "failed without output"


class _Progress:
    """One live status line on a terminal, plain lines otherwise."""

    def __init__(self, total: int, live: bool) -> None:
        self.total, self.live, self.done, self.t0 = total, live, 0, time.monotonic()
        self.durations: list[float] = []

    def line(self, text: str) -> None:
        if self.live:
            sys.stderr.write("\r\033[K")
        print(text, file=sys.stderr, flush=True)

    def status(self, running: list[str], jobs: int) -> None:
        if not self.live:
            return
        elapsed = time.monotonic() - self.t0
        left = self.total - self.done
        eta = ""
        if self.durations:
            per = sum(self.durations) / len(self.durations)
            eta = f", ~{max(per * left / max(jobs, 1) - 0, 0):.0f} s left"
        sys.stderr.write(
            f"\r\033[K[{self.done}/{self.total}] {elapsed:.0f} s{eta}; "
            f"rendering {', '.join(running) or '-'}"
        )
        sys.stderr.flush()


def _install(
    job: _Job, out: Path, lesson: Lesson, settings: RenderSettings, digests: dict[str, str]
) -> Clip:
    """Move a finished job's files into `out` atomically and return its manifest entry."""
    from lesson.sheet import scene_sheet

    result = json.loads((job.work / "result.json").read_text(encoding="utf-8"))
    scene = job.scene
    ext = Path(result["video"]).suffix
    targets = {"video": f"{scene}{ext}", "subtitles": f"{scene}.srt", "poster": f"{scene}.png"}
    sections_dir = out / "sections"
    sections_dir.mkdir(parents=True, exist_ok=True)
    sections = []
    for i, src in enumerate(map(Path, result["sections"])):
        # manim names section files <Scene>_<NNNN>_<name><ext>
        m = re.fullmatch(rf"{scene}_(\d+)_(.+)\{ext}", src.name)
        index, name = (int(m.group(1)), m.group(2)) if m else (i, src.stem)
        sections.append(Section(index, name, f"sections/{scene}_{index:02d}-{name}{ext}"))
    moves = [(Path(result[k]), out / v) for k, v in targets.items()]
    moves += [
        (Path(src), out / s.file) for src, s in zip(result["sections"], sections, strict=True)
    ]
    audio = ""
    if result.get("audio"):
        audio = f"audio/{scene}.wav"
        moves.append((Path(result["audio"]), out / audio))
        (out / "audio").mkdir(exist_ok=True)
    elif (out / "audio" / f"{scene}.wav").exists():
        (out / "audio" / f"{scene}.wav").unlink()
    for src, dst in moves:
        if not src.exists() and dst.suffix == ".srt":
            src.write_text("", encoding="utf-8")
        tmp = atomic_path(dst)
        shutil.copyfile(src, tmp)
        os.replace(tmp, dst)
    kept = {s.file for s in sections}
    for old in sections_dir.glob(f"{scene}_*{ext}"):
        if f"sections/{old.name}" not in kept:
            old.unlink()
    info = probe(out / targets["video"])
    spec = registry()[scene]
    sources = tuple(result["sources"])
    return Clip(
        scene=scene,
        **targets,
        sections=tuple(sections),
        duration=round(info.duration, 4),
        width=info.width,
        height=info.height,
        fps=info.fps,
        frames=info.frames,
        input_hash=input_hash(lesson, spec, settings, sources, digests),
        quality=settings.quality,
        lang=settings.lang,
        numbers={k: v.text for k, v in scene_sheet(lesson, scene).items()},
        snapshots=tuple(StepSnapshot.from_dict(s) for s in result["snapshots"]),
        sources=sources,
        lesson_keys=tuple(result["lesson_keys"]),
        audio=audio,
        narration=tuple(SpokenCue(**c) for c in result.get("narration", ())),
        loudness=tuple(result["loudness"]) if result.get("loudness") else None,
        voice=settings.voice,
        narration_seconds=result.get("narration_seconds", 0.0),
    )


@contextlib.contextmanager
def output_lock(out: Path) -> Iterator[None]:
    """Hold `out` for this process for the duration of the block.

    Raises
    ------
    RenderError
        If another process holds it.
    """
    out.mkdir(parents=True, exist_ok=True)
    lock = open(out / ".render.lock", "a+")  # noqa: SIM115 - held for the whole block
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        lock.seek(0)
        holder = lock.read().strip() or "?"
        lock.close()
        raise RenderError(
            f"{out} is being rendered by another process (pid {holder}); "
            "wait for it or choose another --out"
        ) from None
    lock.seek(0)
    lock.truncate()
    lock.write(str(os.getpid()))
    lock.flush()
    try:
        yield
    finally:
        lock.close()


def scenes_to_render(scenes: list[str]) -> list[str]:
    """`scenes` checked against the scene registry; every lecture scene when empty.

    Raises
    ------
    RenderError
        For an unknown scene, naming the known ones.
    """
    known = registry()
    for s in scenes:
        if s not in known:
            raise RenderError(f"unknown scene {s!r}; scenes are: {', '.join(known)}")
    return scenes or list(ORDER)


def render(
    lesson: Lesson, scenes: list[str], settings: RenderSettings, out: Path
) -> tuple[Manifest, dict[str, str]]:
    """Render the stale clips among `scenes` into `out` and update its manifest.

    The caller holds :func:`output_lock` on `out`.

    Parameters
    ----------
    lesson : Lesson
        The loaded lesson.
    scenes : list of str
        Scene names (empty: every scene, in lesson order).
    settings : RenderSettings
        Quality, language, variant, jobs, force, quiet.
    out : Path
        Output folder.

    Returns
    -------
    tuple
        The manifest, and ``{scene: failure line}`` for failed scenes.

    Raises
    ------
    RenderError
        For an unknown scene.
    """
    scenes, known = scenes_to_render(scenes), registry()
    out.mkdir(parents=True, exist_ok=True)
    old = Manifest.load(out)
    clips = dict(old.clips) if old and old.lesson == lesson.id else {}
    digests = source_digests()
    todo: list[_Job] = []
    for scene in scenes:
        clip = clips.get(scene)
        digest = input_hash(lesson, known[scene], settings, clip.sources if clip else (), digests)
        if settings.force or not _up_to_date(clip, digest, out):
            work = out / ".work" / scene
            todo.append(_Job(scene, digest, work, out / "logs" / f"{scene}.log"))
    jobs = settings.jobs or os.cpu_count() or 1
    progress = _Progress(len(todo), live=sys.stderr.isatty() and not settings.quiet)
    skipped = [s for s in scenes if s not in {j.scene for j in todo}]
    if skipped:
        progress.line(f"up to date: {', '.join(skipped)}")
    failures: dict[str, str] = {}
    pending, running = list(todo), []
    tex_cache = MEDIA / "Tex"
    manifest = Manifest(lesson.id, str(lesson.path), settings.quality, settings.lang, clips)
    try:
        while pending or running:
            while pending and len(running) < jobs:
                job = pending.pop(0)
                shutil.rmtree(job.work, ignore_errors=True)
                job.work.mkdir(parents=True)
                job.log.parent.mkdir(parents=True, exist_ok=True)
                argv = [
                    job.scene,
                    "--lesson",
                    str(lesson.path.resolve()),
                    "--quality",
                    settings.quality,
                    "--lang",
                    settings.lang,
                    "--work",
                    str(job.work),
                    "--variant",
                    settings.variant,
                    "--tex-cache",
                    str(tex_cache),
                    "--voice",
                    settings.voice,
                ]
                job.proc = _workers().Process(target=_worker_main, args=(argv, str(job.log)))
                job.proc.start()
                job.started = time.monotonic()
                running.append(job)
            progress.status([j.scene for j in running], jobs)
            time.sleep(0.2)
            for job in [j for j in running if j.proc and j.proc.exitcode is not None]:
                running.remove(job)
                assert job.proc is not None
                took = time.monotonic() - job.started
                progress.done += 1
                progress.durations.append(took)
                if job.proc.exitcode == 0:
                    clips[job.scene] = _install(job, out, lesson, settings, digests)
                    for name, why in stale_recordings(job):
                        progress.line(
                            f"{job.scene}: recording {name} is {why}; the synthetic voice says it"
                        )
                    manifest.clips = _ordered(clips)
                    manifest.save(out)
                    shutil.rmtree(job.work, ignore_errors=True)
                    progress.line(
                        f"[{progress.done}/{progress.total}] {job.scene}: rendered in {took:.1f} s"
                    )
                else:
                    failures[job.scene] = _failure_line(job)
                    progress.line(
                        f"[{progress.done}/{progress.total}] {job.scene}: FAILED: "
                        f"{failures[job.scene]} (log: {job.log})"
                    )
    except BaseException:
        for job in running:
            if job.proc and job.proc.exitcode is None:
                job.proc.kill()
                job.proc.join()
        raise
    manifest.clips = _ordered(clips)
    manifest.lesson_video = old.lesson_video if old else None
    manifest.save(out)
    return manifest, failures


def stale_recordings(job: _Job) -> list[tuple[str, str]]:
    """(file name, why) of the recordings the finished `job` did not play: stale, rejected."""
    result = json.loads((job.work / "result.json").read_text(encoding="utf-8"))
    stale = [(name, "stale (its words changed)") for name in result.get("stale", ())]
    return stale + [(name, f"rejected: {why}") for name, why in result.get("rejected", ())]


def _ordered(clips: dict[str, Clip]) -> dict[str, Clip]:
    return {s: clips[s] for s in registry() if s in clips}
