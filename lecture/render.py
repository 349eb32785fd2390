"""``lecture render``: parallel, incremental and atomic rendering of the lesson's scenes.

Each clip is keyed by a hash of what it depends on (the scene's code and the project code
it uses, its lesson values and numbers, quality, language, manim's version). Unchanged
clips are skipped without importing manim; stale ones render in worker processes; every
output is moved into place only when complete; ``manifest.json`` describes the result.
"""

from __future__ import annotations

import argparse
import fcntl
import functools
import hashlib
import inspect
import json
import multiprocessing
import multiprocessing.context
import multiprocessing.process
import os
import re
import shutil
import sys
import time
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path
from typing import Any

from lecture.assemble import assemble, clips_digest
from lecture.lesson import Lesson, load_lesson
from lecture.media import atomic_path, probe
from lecture.scenes import ORDER, registry, scene_module
from lecture.sheet import scene_inputs, scene_sheet, sheet_builder

__all__ = ["RenderError", "default_out", "input_hash", "render", "render_command"]

ROOT = Path(__file__).resolve().parent.parent
MEDIA = ROOT / "media"
# Project code every scene uses, besides its own module.
SHARED_CODE = [
    "lecture/sheets/__init__.py",
    "scenes/__init__.py",
    "scenes/common.py",
    "scenes/strings.py",
    "lecture/sheet.py",
    "lecture/lesson.py",
    "lecture/worker.py",
    "lecture/media.py",
    "mathcore/__init__.py",
    "mathcore/linalg.py",
    "mathcore/attention.py",
    "mathcore/exact.py",
    "mathcore/fmt.py",
]


class RenderError(Exception):
    """A render that cannot start (bad scene name, output locked)."""


def default_out(lesson: Lesson, quality: str, lang: str, variant: str = "mp4") -> Path:
    """``media/<lesson-id>/<quality>/`` (``<quality>-<lang>`` for a language other than id)."""
    base = MEDIA / lesson.id / (quality if lang == "id" else f"{quality}-{lang}")
    return base if variant == "mp4" else base / variant


def scene_files(scene: str) -> list[Path]:
    """Source files a clip depends on: its module, its text, its sheet builder, shared code."""
    module = scene_module(scene)
    files = [ROOT / (module.replace(".", "/") + ".py")]
    text = ROOT / "scenes" / "text" / (module.rsplit(".", 1)[-1] + ".toml")
    if text.is_file():
        files.append(text)
    builder = sheet_builder(scene)
    if builder is not None:
        files.append(Path(inspect.getsourcefile(builder) or ""))
    return files + [ROOT / rel for rel in SHARED_CODE]


def input_hash(lesson: Lesson, scene: str, quality: str, lang: str, variant: str = "mp4") -> str:
    """Hash of everything the clip of `scene` depends on.

    Parameters
    ----------
    lesson : Lesson
        The loaded lesson.
    scene : str
        Scene class name.
    quality, lang : str
        Render settings.

    Returns
    -------
    str
        A hex digest that changes when, and only when, an input of the clip changes.
    """
    h = hashlib.sha256()
    for path in scene_files(scene):
        h.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    h.update(lesson.section_json(*scene_inputs(scene)).encode())
    sheet = {k: v.text for k, v in scene_sheet(lesson, scene).items()}
    h.update(json.dumps(sheet, sort_keys=True, ensure_ascii=False).encode())
    h.update(f"{scene}|{quality}|{lang}|{variant}|manim {version('manim')}".encode())
    return h.hexdigest()


def _write_json(path: Path, data: Any) -> None:
    tmp = atomic_path(path)
    tmp.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def _read_manifest(out: Path) -> dict[str, Any]:
    try:
        data = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def _up_to_date(entry: dict[str, Any] | None, digest: str, out: Path) -> bool:
    if not entry or entry.get("input_hash") != digest:
        return False
    files = [entry.get("video"), entry.get("subtitles"), entry.get("poster")]
    return all(f and (out / f).is_file() for f in files)


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
    ctx.set_forkserver_preload(["manim", "scenes.common", "lecture.worker"])
    return ctx


def _worker_main(argv: list[str], log: str) -> None:
    """Body of a worker process: output to the scene's log, then render."""
    fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    sys.stdout = open(1, "w", buffering=1, closefd=False)  # noqa: SIM115
    sys.stderr = open(2, "w", buffering=1, closefd=False)  # noqa: SIM115
    from lecture.worker import main

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


def _install(job: _Job, out: Path, lesson: Lesson, quality: str, lang: str) -> dict[str, Any]:
    """Move a finished job's files into `out` atomically and return its manifest entry."""
    result = json.loads((job.work / "result.json").read_text(encoding="utf-8"))
    scene = job.scene
    ext = Path(result["video"]).suffix
    targets = {"video": f"{scene}{ext}", "subtitles": f"{scene}.srt", "poster": f"{scene}.png"}
    sections_dir = out / "sections"
    sections_dir.mkdir(parents=True, exist_ok=True)
    section_files = []
    for src in map(Path, result["sections"]):
        m = re.fullmatch(rf"{scene}_(\d+)_(.+)\{ext}", src.name)
        name = f"{scene}_{m.group(1)[-2:]}-{m.group(2)}{ext}" if m else src.name
        section_files.append(f"sections/{name}")
    moves = [(Path(result[k]), out / v) for k, v in targets.items()]
    moves += [(Path(s), out / f) for s, f in zip(result["sections"], section_files, strict=True)]
    for src, dst in moves:
        if not src.exists() and dst.suffix == ".srt":
            src.write_text("", encoding="utf-8")
        tmp = atomic_path(dst)
        shutil.copyfile(src, tmp)
        os.replace(tmp, dst)
    for old in sections_dir.glob(f"{scene}_*{ext}"):
        if f"sections/{old.name}" not in section_files:
            old.unlink()
    info = probe(out / targets["video"])
    return {
        "scene": scene,
        **targets,
        "sections": section_files,
        "duration": round(info.duration, 4),
        "width": info.width,
        "height": info.height,
        "fps": info.fps,
        "frames": info.frames,
        "input_hash": job.digest,
        "quality": quality,
        "lang": lang,
        "numbers": {k: v.text for k, v in scene_sheet(lesson, scene).items()},
        "snapshots": result["snapshots"],
    }


def render(
    lesson: Lesson,
    scenes: list[str],
    quality: str = "medium",
    lang: str = "id",
    jobs: int = 0,
    out: Path | None = None,
    force: bool = False,
    quiet: bool = False,
    variant: str = "mp4",
) -> tuple[Path, dict[str, Any], dict[str, str]]:
    """Render the stale clips among `scenes` and update the manifest.

    Parameters
    ----------
    lesson : Lesson
        The loaded lesson.
    scenes : list of str
        Scene names (empty: every scene, in lesson order).
    quality, lang : str
        Render settings.
    jobs : int
        Worker processes (0: one per core).
    out : Path, optional
        Output folder (default :func:`default_out`).
    force : bool
        Render even up-to-date clips.
    quiet : bool
        Plain progress lines even on a terminal.
    variant : str
        ``mp4`` (the lesson), or ``webm-alpha`` / ``mov-alpha`` (transparent clips).

    Returns
    -------
    tuple
        The output folder, the manifest, and ``{scene: failure line}`` for failed scenes.

    Raises
    ------
    RenderError
        For an unknown scene or an output folder another render holds.
    """
    known = registry()
    for s in scenes:
        if s not in known:
            raise RenderError(f"unknown scene {s!r}; scenes are: {', '.join(known)}")
    scenes = scenes or list(ORDER)
    out = Path(out) if out else default_out(lesson, quality, lang, variant)
    out.mkdir(parents=True, exist_ok=True)
    lock = open(out / ".render.lock", "a+")  # noqa: SIM115 - held for the whole render
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
        return out, *_render_locked(lesson, scenes, quality, lang, jobs, out, force, quiet, variant)
    finally:
        lock.close()


def _render_locked(
    lesson: Lesson,
    scenes: list[str],
    quality: str,
    lang: str,
    jobs: int,
    out: Path,
    force: bool,
    quiet: bool,
    variant: str,
) -> tuple[dict[str, Any], dict[str, str]]:
    manifest = _read_manifest(out)
    clips: dict[str, Any] = manifest.get("clips", {}) if manifest.get("lesson") == lesson.id else {}
    todo: list[_Job] = []
    for scene in scenes:
        digest = input_hash(lesson, scene, quality, lang, variant)
        if force or not _up_to_date(clips.get(scene), digest, out):
            work = out / ".work" / scene
            todo.append(_Job(scene, digest, work, out / "logs" / f"{scene}.log"))
    jobs = jobs or os.cpu_count() or 1
    progress = _Progress(len(todo), live=sys.stderr.isatty() and not quiet)
    skipped = [s for s in scenes if s not in {j.scene for j in todo}]
    if skipped:
        progress.line(f"up to date: {', '.join(skipped)}")
    failures: dict[str, str] = {}
    pending, running = list(todo), []
    tex_cache = MEDIA / "Tex"
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
                    quality,
                    "--lang",
                    lang,
                    "--work",
                    str(job.work),
                    "--variant",
                    variant,
                    "--tex-cache",
                    str(tex_cache),
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
                    clips[job.scene] = _install(job, out, lesson, quality, lang)
                    _write_json(out / "manifest.json", _manifest(lesson, quality, lang, clips))
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
    manifest = _manifest(lesson, quality, lang, clips)
    whole = [clips[s] for s in ORDER if s in clips]
    complete = set(scenes) == set(ORDER) and not failures and len(whole) == len(ORDER)
    if variant == "mp4" and complete:
        previous = _read_manifest(out).get("lesson_video") or {}
        if previous.get("clips_digest") == clips_digest(whole) and (out / "lesson.mp4").is_file():
            manifest["lesson_video"] = previous
        else:
            t0 = time.monotonic()
            manifest["lesson_video"] = assemble(out, whole, lang)
            progress.line(f"lesson: joined {len(whole)} clips in {time.monotonic() - t0:.1f} s")
    _write_json(out / "manifest.json", manifest)
    return manifest, failures


def _manifest(lesson: Lesson, quality: str, lang: str, clips: dict[str, Any]) -> dict[str, Any]:
    ordered = {s: clips[s] for s in registry() if s in clips}
    return {
        "lesson": lesson.id,
        "lesson_file": str(lesson.path),
        "quality": quality,
        "lang": lang,
        "clips": ordered,
    }


def render_command(args: argparse.Namespace) -> int:
    """``lecture render``: render, then print where the files are."""
    lesson = load_lesson(args.lesson)
    try:
        out, manifest, failures = render(
            lesson,
            list(args.scenes),
            args.quality,
            args.lang,
            args.jobs,
            Path(args.out) if args.out else None,
            args.force,
            args.quiet,
        )
    except RenderError as e:
        print(f"lecture: error: {e}", file=sys.stderr)
        return 2
    for scene, clip in manifest["clips"].items():
        if not args.scenes or scene in args.scenes:
            print(
                f"{scene}: {out / clip['video']}  {out / clip['subtitles']}  "
                f"{out / clip['poster']}  ({clip['duration']:.1f} s)"
            )
    whole = manifest.get("lesson_video")
    if whole:
        print(
            f"lesson: {out / whole['video']}  {out / whole['subtitles']}  "
            f"{out / whole['captions']}  {out / whole['chapters_file']}  "
            f"({whole['duration']:.1f} s, {len(whole['chapters'])} chapters)"
        )
    print(f"manifest: {out / 'manifest.json'}")
    if failures:
        print(f"lecture: {len(failures)} scene(s) failed: {', '.join(failures)}", file=sys.stderr)
        return 1
    return 0
