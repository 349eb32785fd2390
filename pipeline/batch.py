"""Build many lessons in one run, sharing clips through a clip store, locally or on Dask.

Every (lesson, scene) gets the input hash of :func:`pipeline.render.input_hash`. A clip that
is up to date in the lesson's folder stays; one whose hash is in the :class:`ClipStore` is
linked in; the rest become one render task per distinct hash (a title card the lessons share
renders once). Tasks run on the local worker pool (worker processes forked from a server that
imported manim, like ``lecture render``) or on a Dask distributed cluster, where each task
renders in a fresh process on a worker and moves its result into the store atomically; a
task whose worker dies is run again on another worker by the scheduler.
"""

from __future__ import annotations

import ctypes
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lesson.model import Lesson, load_lesson
from lesson.scenelist import registry
from pipeline.manifest import Clip, Manifest
from pipeline.render import (
    RenderError,
    _install,
    _Job,
    _ordered,
    _up_to_date,
    _worker_main,
    _workers,
    input_hash,
    scenes_to_render,
    source_digests,
)
from pipeline.settings import MEDIA, RenderSettings
from pipeline.store import ClipStore

__all__ = [
    "BatchResult",
    "ClusterError",
    "Plan",
    "Task",
    "build_many",
    "connect",
    "load_all",
    "plan",
    "render_task",
]


class ClusterError(Exception):
    """A cluster that cannot be used (unreachable address, bad ``local:N``)."""


@dataclass(frozen=True)
class Task:
    """One scene render, everything a worker on another host needs to do it.

    The lesson travels as text (written next to the render on the worker); the clip lands
    in the store at `store`, a path every worker shares.
    """

    key: str  # the input hash known before the render (the task's name)
    base_key: str  # the hash of every input but the project files the render imports
    scene: str
    lesson_text: str
    lesson_name: str
    quality: str
    lang: str
    variant: str
    store: str
    digests: dict[str, str]  # the client's project files: the worker's must match
    voice: str = "espeak"  # who speaks the captions (a voice input of the hash)


@dataclass
class BatchResult:
    """What a batch build did, per lesson and in total."""

    manifests: dict[str, Manifest] = field(default_factory=dict)  # lesson id -> manifest
    failures: dict[str, dict[str, str]] = field(default_factory=dict)  # id -> scene -> line
    rendered: int = 0  # render tasks that ran (one per distinct input hash)
    reused: int = 0  # clips linked from the store instead of rendered
    up_to_date: int = 0  # clips already current in their lesson's folder
    wanted: int = 0  # (lesson, scene) clips asked for


# --------------------------------------------------------------------------------------
# The task: runs on a local thread or on a Dask worker
# --------------------------------------------------------------------------------------

_running: set[Any] = set()  # local worker processes, killed on interrupt
_PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:  # pragma: no cover - runs in the child before exec
    """Linux: the render process gets SIGKILL when the worker that started it dies."""
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    except OSError:
        pass


def _argv(task: Task, lesson: Path, work: Path) -> list[str]:
    return [
        task.scene,
        "--lesson",
        str(lesson),
        "--quality",
        task.quality,
        "--lang",
        task.lang,
        "--work",
        str(work),
        "--variant",
        task.variant,
        "--tex-cache",
        str(MEDIA / "Tex"),
        "--voice",
        task.voice,
    ]


def render_task(task: Task, local: bool = False) -> dict[str, Any]:
    """Render one clip into the store (run by a local thread or a Dask worker).

    Parameters
    ----------
    task : Task
        What to render.
    local : bool
        Fork the render from this machine's preloaded worker server (the local pool);
        otherwise start it as a fresh process (on a Dask worker).

    Returns
    -------
    dict
        ``{"hash", "sources", "took"}`` when the clip is in the store, or ``{"error", "log"}``.
    """
    t0 = time.monotonic()
    store = ClipStore(Path(task.store))
    attempt = store.work_dir(f"{task.scene}-{task.key[:12]}")
    lesson_path = attempt / f"{task.lesson_name}.toml"
    lesson_path.write_text(task.lesson_text, encoding="utf-8")
    work = attempt / "render"
    work.mkdir()
    log = attempt / "render.log"
    argv = _argv(task, lesson_path, work)
    if local:
        proc = _workers().Process(target=_worker_main, args=(argv, str(log)))
        proc.start()
        _running.add(proc)
        try:
            proc.join()
        finally:
            _running.discard(proc)
        code = proc.exitcode
    else:
        with open(log, "wb") as fh:
            code = subprocess.call(
                [sys.executable, "-m", "pipeline.worker", *argv],
                stdout=fh,
                stderr=subprocess.STDOUT,
                preexec_fn=_die_with_parent,  # noqa: PLW1509 - Linux only, async-signal-safe
            )
    job = _Job(task.scene, task.key, work, log)
    if code != 0:
        from pipeline.render import _failure_line

        logs = store.root / "logs"
        logs.mkdir(exist_ok=True)
        kept = logs / f"{task.scene}-{task.key[:16]}.log"
        if log.is_file():
            os.replace(log, kept)
        job.log = kept
        line = _failure_line(job)
        _rmtree(attempt)
        return {"error": line, "log": str(kept)}
    result = json.loads((work / "result.json").read_text(encoding="utf-8"))
    sources = tuple(result["sources"])
    mine = source_digests()
    differ = [s for s in sources if s in task.digests and mine.get(s) != task.digests[s]]
    if differ:
        _rmtree(attempt)
        return {
            "error": f"this worker's project differs from the client's: {differ[0]} "
            "(install the same version on every worker)",
            "log": "",
        }
    lesson = load_lesson(lesson_path)
    settings = RenderSettings(task.quality, task.lang, task.variant, voice=task.voice)
    spec = registry()[task.scene]
    digest = input_hash(lesson, spec, settings, sources, task.digests)

    def fill(folder: Path) -> Clip:
        return _install(job, folder, lesson, settings, task.digests)

    store.put(digest, fill)
    store.remember_sources(task.base_key, sources)
    _rmtree(attempt)
    return {"hash": digest, "sources": list(sources), "took": time.monotonic() - t0}


def _rmtree(path: Path) -> None:
    import shutil

    shutil.rmtree(path, ignore_errors=True)


# --------------------------------------------------------------------------------------
# Executors: the local pool or a Dask cluster
# --------------------------------------------------------------------------------------


class _Local:
    """Threads that each fork one render at a time from the preloaded worker server."""

    def __init__(self, jobs: int) -> None:
        self.pool = ThreadPoolExecutor(max_workers=jobs)

    def submit(self, task: Task) -> Future[dict[str, Any]]:
        return self.pool.submit(render_task, task, True)

    def as_completed(self, futures: list[Any]) -> Iterator[Any]:
        pending = set(futures)
        while pending:
            done, pending = wait(pending, timeout=0.5, return_when=FIRST_COMPLETED)
            yield from done

    def close(self) -> None:
        for proc in list(_running):
            if proc.exitcode is None:
                proc.kill()
        self.pool.shutdown(wait=True, cancel_futures=True)


class _Dask:
    """A Dask distributed client: a remote scheduler, or a LocalCluster of N processes."""

    def __init__(self, address: str) -> None:
        self.cluster = None
        try:
            import dask
            from distributed import Client, LocalCluster
        except ImportError as e:  # pragma: no cover - a dependency of the project
            raise ClusterError(f"dask[distributed] is not installed: {e}") from None
        dask.config.set({"distributed.admin.tick.limit": "1h"})  # renders hold the GIL a while
        if address.startswith("local:"):
            try:
                n = int(address.removeprefix("local:"))
            except ValueError:
                n = 0
            if n < 1:
                raise ClusterError(f"--cluster {address}: say local:N with N ≥ 1 worker processes")
            self.cluster = LocalCluster(
                n_workers=n,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                silence_logs=50,
            )
            self.client = Client(self.cluster)
        else:
            if "://" not in address:
                address = f"tcp://{address}"
            try:
                self.client = Client(address, timeout="5s")
            except (OSError, TimeoutError) as e:
                reason = " ".join(str(e).split())[:160] or type(e).__name__
                raise ClusterError(
                    f"cannot reach the Dask scheduler at {address}: {reason}"
                ) from None

    def submit(self, task: Task) -> Any:
        # the input hash names the task; retries=1 runs it again after a worker error
        return self.client.submit(render_task, task, key=f"{task.scene}-{task.key}", retries=1)

    def as_completed(self, futures: list[Any]) -> Iterator[Any]:
        from distributed import as_completed

        yield from as_completed(futures)

    def close(self) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()


def connect(cluster: str | None, jobs: int) -> _Local | _Dask:
    """The executor of a run: the local pool (`cluster` None) or a Dask cluster.

    Parameters
    ----------
    cluster : str or None
        ``tcp://host:8786`` (a running scheduler), ``local:N`` (a LocalCluster of N worker
        processes) or None (the local pool).
    jobs : int
        Processes of the local pool (0: one per core).

    Returns
    -------
    executor
        With ``submit(task)``, ``as_completed(futures)`` and ``close()``.

    Raises
    ------
    ClusterError
        For an unreachable scheduler or a bad ``local:N``.
    """
    if not cluster:
        return _Local(jobs or os.cpu_count() or 1)
    return _Dask(cluster)


# --------------------------------------------------------------------------------------
# The batch build
# --------------------------------------------------------------------------------------


def _say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


@dataclass
class Plan:
    """What a batch run must do: per (lesson, scene) a task key, and the tasks to run.

    Attributes
    ----------
    wanted : list of tuple
        ``(lesson index, scene, task key)`` for every clip not already current in its folder.
    tasks : dict
        Task key -> :class:`Task`, one per distinct input hash not already in the store.
    clips : list of dict
        Per lesson, the clips its folder's manifest already holds.
    up_to_date : int
        Clips already current in their lesson's folder.
    total : int
        (lesson, scene) clips asked for.
    """

    wanted: list[tuple[int, str, str]] = field(default_factory=list)
    tasks: dict[str, Task] = field(default_factory=dict)
    clips: list[dict[str, Clip]] = field(default_factory=list)
    up_to_date: int = 0
    total: int = 0


def plan(
    lessons: list[Lesson],
    scenes: list[str],
    settings: RenderSettings,
    outs: list[Path],
    store: ClipStore,
) -> Plan:
    """Which clips are current, which are in the store, and which distinct ones to render.

    Parameters
    ----------
    lessons : list of Lesson
        The lessons (distinct ids).
    scenes : list of str
        Scene names (empty: every scene).
    settings : RenderSettings
        Quality, language, variant, force.
    outs : list of Path
        One render folder per lesson.
    store : ClipStore
        The clip store.

    Returns
    -------
    Plan

    Raises
    ------
    RenderError
        For an unknown scene.
    """
    scenes, known = scenes_to_render(scenes), registry()
    digests = source_digests()
    p = Plan()
    for i, (lesson, out) in enumerate(zip(lessons, outs, strict=True)):
        old = Manifest.load(out)
        have = dict(old.clips) if old and old.lesson == lesson.id else {}
        p.clips.append(have)
        for scene in scenes:
            spec = known[scene]
            p.total += 1
            clip = have.get(scene)
            current = input_hash(lesson, spec, settings, clip.sources if clip else (), digests)
            if not settings.force and _up_to_date(clip, current, out):
                p.up_to_date += 1
                continue
            base = input_hash(lesson, spec, settings, (), digests)
            known_sources = store.sources(base)
            key = base
            if known_sources:
                key = input_hash(lesson, spec, settings, known_sources, digests)
            p.wanted.append((i, scene, key))
            if (known_sources and store.has(key) and not settings.force) or key in p.tasks:
                continue
            p.tasks[key] = Task(
                key=key,
                base_key=base,
                scene=scene,
                lesson_text=lesson.path.read_text(encoding="utf-8-sig"),
                lesson_name=lesson.id,
                quality=settings.quality,
                lang=settings.lang,
                variant=settings.variant,
                store=str(store.root.resolve()),
                digests=digests,
                voice=settings.voice,
            )
    return p


def build_many(
    lessons: list[Lesson],
    scenes: list[str],
    settings: RenderSettings,
    outs: list[Path],
    store: ClipStore,
    executor: _Local | _Dask,
    say: Callable[[str], None] = _say,
) -> BatchResult:
    """Bring the clips of `scenes` of every lesson up to date in its folder.

    The caller holds :func:`pipeline.render.output_lock` on every folder of `outs`.

    Parameters
    ----------
    lessons : list of Lesson
        The lessons (distinct ids).
    scenes : list of str
        Scene names (empty: every scene).
    settings : RenderSettings
        Quality, language, variant, force.
    outs : list of Path
        One render folder per lesson.
    store : ClipStore
        The clip store (on a path every worker shares).
    executor
        From :func:`connect`; closed when done.
    say : callable
        Where progress lines go.

    Returns
    -------
    BatchResult
    """
    try:
        for out in outs:
            out.mkdir(parents=True, exist_ok=True)
        p = plan(lessons, scenes, settings, outs, store)
        return _run(p, lessons, settings, outs, store, executor, say)
    finally:
        executor.close()


def _run(
    p: Plan,
    lessons: list[Lesson],
    settings: RenderSettings,
    outs: list[Path],
    store: ClipStore,
    executor: _Local | _Dask,
    say: Callable[[str], None],
) -> BatchResult:
    result = BatchResult(wanted=p.total, up_to_date=p.up_to_date)
    tasks, total = p.tasks, len(p.tasks)
    in_store = sum(1 for w in p.wanted if w[2] not in tasks)
    say(
        f"{p.total} clips in {len(lessons)} lesson(s): {p.up_to_date} up to date, "
        f"{in_store} in the store, {total} to render"
    )
    done_hash: dict[str, str] = {}  # task key -> stored clip hash
    failed: dict[str, str] = {}  # task key -> failure line
    t0 = time.monotonic()
    futures = {executor.submit(t): k for k, t in tasks.items()}
    for done, fut in enumerate(executor.as_completed(list(futures)), start=1):
        key = futures[fut]
        scene = tasks[key].scene
        try:
            out = fut.result()
        except Exception as e:  # a task that kept failing (e.g. every worker it ran on died)
            out = {"error": f"{type(e).__name__}: {' '.join(str(e).split())[:200]}"}
        users = sorted({lessons[i].id for i, _, k in p.wanted if k == key})
        tag = f"[{done}/{total}] {scene} ({', '.join(users)})"
        if "error" in out:
            failed[key] = out["error"] + (f" (log: {out['log']})" if out.get("log") else "")
            say(f"{tag}: FAILED: {failed[key]}")
        else:
            done_hash[key] = out["hash"]
            say(f"{tag}: rendered in {out['took']:.1f} s")
    result.rendered = len(done_hash)
    for i, (lesson, out_dir) in enumerate(zip(lessons, outs, strict=True)):
        have = p.clips[i]
        fails: dict[str, str] = {}
        for j, scene, key in p.wanted:
            if j != i:
                continue
            if key in failed:
                fails[scene] = failed[key]
                continue
            digest = done_hash.get(key, key)
            if not store.has(digest):
                fails[scene] = "not in the store after the run"
                continue
            have[scene] = store.link_into(digest, out_dir)
        old = Manifest.load(out_dir)
        manifest = Manifest(lesson.id, str(lesson.path), settings.quality, settings.lang)
        manifest.clips = _ordered(have)
        manifest.lesson_video = old.lesson_video if old and old.lesson == lesson.id else None
        manifest.save(out_dir)
        result.manifests[lesson.id] = manifest
        result.failures[lesson.id] = fails
    # every clip linked in that this run did not render is a reuse: k lessons sharing one
    # rendered clip reuse it k - 1 times
    linked = sum(1 for _, _, k in p.wanted if k not in failed)
    result.reused = linked - result.rendered
    say(
        f"batch: {result.rendered} rendered, {result.reused} reused from the store, "
        f"{result.up_to_date} up to date, in {time.monotonic() - t0:.1f} s"
    )
    return result


def load_all(paths: list[str]) -> list[Lesson]:
    """Load every lesson file (the first bad one raises its one-line ``LessonError``).

    Parameters
    ----------
    paths : list of str
        Lesson files.

    Returns
    -------
    list of Lesson

    Raises
    ------
    RenderError
        When two files share a lesson id (their folders would clash).
    """
    lessons = [load_lesson(p) for p in paths]
    seen: dict[str, Path] = {}
    for lesson in lessons:
        if lesson.id in seen:
            raise RenderError(
                f"{lesson.path} and {seen[lesson.id]} share the lesson id {lesson.id!r}"
            )
        seen[lesson.id] = lesson.path
    return lessons
