"""The one scheduler: bring the clips of one or many lessons up to date, locally or on Dask.

Every (lesson, scene) gets the input hash of :func:`pipeline.job.input_hash`. A clip that is
up to date in the lesson's folder stays. Without a clip store (``lecture render`` of one
lesson) every other clip becomes a task that renders into the lesson's folder. With a store,
a clip whose hash is in the :class:`ClipStore` is linked in and the rest become one task per
distinct hash (a title card the lessons share renders once), rendered into the store. Tasks run
on an :class:`~pipeline.executors.Executor`: the local worker pool (worker processes forked
from a server that imported manim) or a Dask distributed cluster, where each task renders in
a fresh process on a worker and moves its result into the store atomically; a task whose
worker dies is run again on another worker by the scheduler.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from lesson.model import Lesson, load_lesson
from lesson.scenelist import registry
from pipeline.executors import ClusterError, Executor, Outcome, Pending, Task, connect
from pipeline.job import ClipJob, Failure, input_hash, source_digests, up_to_date
from pipeline.manifest import Clip, Manifest
from pipeline.render import RenderError, ordered, scenes_to_render
from pipeline.settings import RenderSettings
from pipeline.store import ClipStore

__all__ = [
    "BatchResult",
    "ClusterError",
    "Plan",
    "Progress",
    "Task",
    "build_many",
    "connect",
    "load_all",
    "plan",
]


@dataclass
class BatchResult:
    """What a build did, per lesson and in total."""

    manifests: dict[str, Manifest] = field(default_factory=dict)  # lesson id -> manifest
    failures: dict[str, dict[str, str]] = field(default_factory=dict)  # id -> scene -> line
    rendered: int = 0  # render tasks that ran (one per distinct input hash)
    reused: int = 0  # clips linked from the store instead of rendered
    up_to_date: int = 0  # clips already current in their lesson's folder
    wanted: int = 0  # (lesson, scene) clips asked for
    current: dict[str, list[str]] = field(default_factory=dict)  # id -> scenes up to date
    took: dict[str, dict[str, float]] = field(default_factory=dict)  # id -> scene -> seconds


class Progress:
    """Progress lines on stderr: one live status line on a terminal, plain lines otherwise.

    Parameters
    ----------
    live : bool
        Keep a status line (done, elapsed, estimate, what renders) under the plain lines.
    """

    def __init__(self, live: bool) -> None:
        self.live, self.total, self.done, self.t0 = live, 0, 0, time.monotonic()
        self.durations: list[float] = []

    def line(self, text: str) -> None:
        """Print one line (above the status line)."""
        if self.live:
            sys.stderr.write("\r\033[K")
        print(text, file=sys.stderr, flush=True)

    def status(self, running: list[str], slots: int) -> None:
        """Redraw the status line (on a terminal only)."""
        if not self.live:
            return
        elapsed = time.monotonic() - self.t0
        left = self.total - self.done
        eta = ""
        if self.durations:
            per = sum(self.durations) / len(self.durations)
            eta = f", ~{max(per * left / max(slots, 1), 0):.0f} s left"
        sys.stderr.write(
            f"\r\033[K[{self.done}/{self.total}] {elapsed:.0f} s{eta}; "
            f"rendering {', '.join(running) or '-'}"
        )
        sys.stderr.flush()


@dataclass
class Plan:
    """What a run must do: per (lesson, scene) a task key, and the tasks to run.

    Attributes
    ----------
    wanted : list of tuple
        ``(lesson index, scene, task key)`` for every clip not already current in its folder.
    tasks : dict
        Task key -> :class:`Task`, one per distinct input hash not already in the store.
    clips : list of dict
        Per lesson, the clips its folder's manifest already holds.
    current : list of list of str
        Per lesson, the scenes already current in its folder.
    up_to_date : int
        Clips already current in their lesson's folder.
    total : int
        (lesson, scene) clips asked for.
    """

    wanted: list[tuple[int, str, str]] = field(default_factory=list)
    tasks: dict[str, Task] = field(default_factory=dict)
    clips: list[dict[str, Clip]] = field(default_factory=list)
    current: list[list[str]] = field(default_factory=list)
    up_to_date: int = 0
    total: int = 0


def plan(
    lessons: list[Lesson],
    scenes: list[str],
    settings: RenderSettings,
    outs: list[Path],
    store: ClipStore | None,
) -> Plan:
    """Which clips are current, which are in the store, and which distinct ones to render.

    Parameters
    ----------
    lessons : list of Lesson
        The lessons (distinct ids).
    scenes : list of str
        Scene names (empty: every scene of each lesson).
    settings : RenderSettings
        Quality, language, variant, voice, force.
    outs : list of Path
        One render folder per lesson.
    store : ClipStore or None
        The clip store; None renders each clip into its lesson's folder (one lesson only).

    Returns
    -------
    Plan

    Raises
    ------
    RenderError
        For an unknown scene.
    ValueError
        For several lessons without a store.
    """
    if store is None and len(lessons) > 1:
        raise ValueError("several lessons share their clips through a clip store: give one")
    known = registry()
    digests = source_digests()
    p = Plan()
    for i, (lesson, out) in enumerate(zip(lessons, outs, strict=True)):
        old = Manifest.load(out)
        have = dict(old.clips) if old and old.lesson == lesson.id else {}
        p.clips.append(have)
        p.current.append([])
        for scene in scenes_to_render(scenes, lesson):
            spec = known[scene]
            p.total += 1
            clip = have.get(scene)
            current = input_hash(lesson, spec, settings, clip.sources if clip else (), digests)
            if not settings.force and up_to_date(clip, current, out):
                p.up_to_date += 1
                p.current[i].append(scene)
                continue
            if store is None:  # rendered into the lesson's folder
                job = ClipJob(
                    scene,
                    lesson.path.resolve(),
                    settings,
                    out / ".work" / scene,
                    out / "logs" / f"{scene}.log",
                )
                p.wanted.append((i, scene, current))
                p.tasks[current] = Task(job, current, current, digests, out=str(out))
                continue
            base = input_hash(lesson, spec, settings, (), digests)
            known_sources = store.sources(base)
            key = base
            if known_sources:
                key = input_hash(lesson, spec, settings, known_sources, digests)
            p.wanted.append((i, scene, key))
            if (known_sources and store.has(key) and not settings.force) or key in p.tasks:
                continue
            # the work and log paths are a fresh attempt folder in the store, made where it runs
            attempt = store.root / "tmp"
            job = ClipJob(scene, lesson.path.resolve(), settings, attempt, attempt)
            p.tasks[key] = Task(
                job,
                key,
                base,
                digests,
                store=str(store.root.resolve()),
                lesson_text=lesson.path.read_text(encoding="utf-8-sig"),
            )
    return p


def build_many(
    lessons: list[Lesson],
    scenes: list[str],
    settings: RenderSettings,
    outs: list[Path],
    store: ClipStore | None,
    executor: Executor,
    progress: Progress | None = None,
) -> BatchResult:
    """Bring the clips of `scenes` of every lesson up to date in its folder.

    The caller holds :func:`pipeline.render.output_lock` on every folder of `outs`. Each
    folder's manifest is saved after every clip that lands in it.

    Parameters
    ----------
    lessons : list of Lesson
        The lessons (distinct ids).
    scenes : list of str
        Scene names (empty: every scene of each lesson).
    settings : RenderSettings
        Quality, language, variant, voice, force, quiet.
    outs : list of Path
        One render folder per lesson.
    store : ClipStore or None
        The clip store (on a path every worker shares); None renders into the folders
        (one lesson, the local pool).
    executor : Executor
        From :func:`connect`; closed when done (an interrupt kills its running renders).
    progress : Progress, optional
        Where progress lines go (default: stderr, live on a terminal unless quiet).

    Returns
    -------
    BatchResult

    Raises
    ------
    RenderError
        For an unknown scene.
    """
    if progress is None:
        progress = Progress(live=sys.stderr.isatty() and not settings.quiet)
    try:
        for out in outs:
            out.mkdir(parents=True, exist_ok=True)
        p = plan(lessons, scenes, settings, outs, store)
        return _run(p, lessons, settings, outs, store, executor, progress)
    finally:
        executor.close()


def _run(
    p: Plan,
    lessons: list[Lesson],
    settings: RenderSettings,
    outs: list[Path],
    store: ClipStore | None,
    executor: Executor,
    progress: Progress,
) -> BatchResult:
    result = BatchResult(wanted=p.total, up_to_date=p.up_to_date)
    tasks = p.tasks
    progress.total = len(tasks)
    if store is None:
        skipped = [s for current in p.current for s in current]
        if skipped:
            progress.line(f"up to date: {', '.join(skipped)}")
    else:
        in_store = sum(1 for w in p.wanted if w[2] not in tasks)
        progress.line(
            f"{p.total} clips in {len(lessons)} lesson(s): {p.up_to_date} up to date, "
            f"{in_store} in the store, {len(tasks)} to render"
        )
    manifests = [
        Manifest(lesson.id, str(lesson.path), settings.quality, settings.lang, have)
        for lesson, have in zip(lessons, p.clips, strict=True)
    ]
    fails: list[dict[str, str]] = [{} for _ in lessons]

    def land(i: int, scene: str, clip: Clip) -> None:
        manifests[i].clips = ordered({**manifests[i].clips, scene: clip})
        manifests[i].save(outs[i])

    if store is not None:  # clips the store already holds: linked in, not rendered
        for i, scene, key in p.wanted:
            if key in tasks:
                continue
            if store.has(key):
                land(i, scene, store.link_into(key, outs[i]))
            else:
                fails[i][scene] = "not in the store after the run"
    t0 = time.monotonic()
    rendered: set[str] = set()
    failed: set[str] = set()
    pending: dict[Pending, str] = {executor.submit(t): k for k, t in tasks.items()}
    while pending:
        finished = [f for f in pending if f.done()]
        if not finished:
            running = [tasks[k].job.scene for k in pending.values()][: executor.slots]
            progress.status(running, executor.slots)
            time.sleep(0.2)
            continue
        for fut in finished:
            key = pending.pop(fut)
            scene = tasks[key].job.scene
            outcome = _outcome(fut)
            progress.done += 1
            tag = f"[{progress.done}/{progress.total}] {scene}"
            users = [(i, s) for i, s, k in p.wanted if k == key]
            if store is not None:
                tag += f" ({', '.join(sorted({lessons[i].id for i, _ in users}))})"
            if isinstance(outcome, Failure):
                failed.add(key)
                for i, s in users:
                    fails[i][s] = str(outcome)
                progress.line(f"{tag}: FAILED: {outcome}")
                continue
            rendered.add(key)
            progress.durations.append(outcome.took)
            for i, s in users:
                result.took.setdefault(lessons[i].id, {})[s] = outcome.took
                land(
                    i,
                    s,
                    outcome.clip if store is None else store.link_into(outcome.digest, outs[i]),
                )
            for note in outcome.notes:
                progress.line(f"{scene}: {note}")
            progress.line(f"{tag}: rendered in {outcome.took:.1f} s")
    result.rendered = len(rendered)
    for lesson, out, manifest, lesson_fails in zip(lessons, outs, manifests, fails, strict=True):
        old = Manifest.load(out)
        manifest.lesson_video = old.lesson_video if old and old.lesson == lesson.id else None
        manifest.save(out)
        result.manifests[lesson.id] = manifest
        result.failures[lesson.id] = lesson_fails
    result.current = {
        lesson.id: current for lesson, current in zip(lessons, p.current, strict=True)
    }
    # every clip linked in that this run did not render is a reuse: k lessons sharing one
    # rendered clip reuse it k - 1 times
    linked = sum(1 for _, _, k in p.wanted if k not in failed)
    result.reused = linked - result.rendered
    if store is not None:
        progress.line(
            f"batch: {result.rendered} rendered, {result.reused} reused from the store, "
            f"{result.up_to_date} up to date, in {time.monotonic() - t0:.1f} s"
        )
    return result


def _outcome(fut: Pending) -> Outcome:
    """The task's outcome; a task that crashed (e.g. every worker it ran on died) fails."""
    try:
        return fut.result()
    except Exception as e:
        return Failure(f"{type(e).__name__}: {' '.join(str(e).split())[:200]}")


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
