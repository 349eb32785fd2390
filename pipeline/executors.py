"""Where clip jobs run: the local worker pool or a Dask cluster, behind one small interface.

An :class:`Executor` takes a :class:`Task` and gives back a handle whose result is the task's
:class:`~pipeline.job.Rendered` clip or its :class:`~pipeline.job.Failure`; ``close`` stops
what still runs. :func:`run_task` is the body of a task on either: it runs the worker, then
installs the clip into the lesson's render folder or into the clip store.
"""

from __future__ import annotations

import ctypes
import functools
import multiprocessing
import multiprocessing.context
import multiprocessing.process
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol, cast

from lesson.model import load_lesson
from lesson.scenelist import registry
from pipeline.files import atomic_write
from pipeline.job import (
    RESULT,
    ClipJob,
    ClipResult,
    Failure,
    Rendered,
    failure_line,
    input_hash,
    install,
    source_digests,
)
from pipeline.sockets import short_socket_folder
from pipeline.store import ClipStore

__all__ = [
    "ClusterError",
    "DaskExecutor",
    "Executor",
    "LocalExecutor",
    "Outcome",
    "Pending",
    "Task",
    "connect",
    "run_task",
    "worker_context",
]

Outcome = Rendered | Failure


class ClusterError(Exception):
    """A cluster that cannot be used (unreachable address, bad ``local:N``)."""


@dataclass(frozen=True)
class Task:
    """One distinct clip to render, and where its files go.

    Attributes
    ----------
    job : ClipJob
        What the worker renders. For a stored clip its lesson, work and log paths are
        replaced where the task runs, by a fresh attempt folder in the store.
    key : str
        The input hash known before the render (the task's name).
    base_key : str
        The hash of every input but the project files the render imports.
    digests : dict of str to str
        The client's project files (:func:`~pipeline.job.source_digests`); a Dask worker's
        must match.
    store : str
        The clip store (a path every worker shares), or "" to install the clip into `out`.
    out : str
        The lesson's render folder, for a clip installed without a store (local runs).
    lesson_text : str
        The lesson file's text, written beside the render on the worker (with a store).
    """

    job: ClipJob
    key: str
    base_key: str
    digests: dict[str, str]
    store: str = ""
    out: str = ""
    lesson_text: str = ""


class Pending(Protocol):
    """A submitted task: a :class:`concurrent.futures.Future` or a Dask future."""

    def done(self) -> bool:
        """Whether the task has finished (rendered, failed or crashed)."""
        ...

    def result(self) -> Outcome:
        """Its outcome; raises when the task itself crashed (e.g. every worker it ran on died)."""
        ...


class Executor(Protocol):
    """Runs tasks: submit one, get its result or its failure; close when done."""

    slots: int  # tasks that run at once (for the progress line's estimate)

    def submit(self, task: Task) -> Pending:
        """Start `task` (or queue it)."""
        ...

    def warm(self) -> None:
        """Get ready to render (called once a clip is known to need it, before any submit)."""
        ...

    def close(self) -> None:
        """Stop every task still running (kill its render) and release the executor."""
        ...


# --------------------------------------------------------------------------------------
# The task: runs on a local thread or on a Dask worker
# --------------------------------------------------------------------------------------

_PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:  # pragma: no cover - runs in the child before exec
    """Linux: the render process gets SIGKILL when the worker that started it dies."""
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    except OSError:
        pass


def run_subprocess(job: ClipJob) -> int:
    """Run `job` as ``python -m pipeline.worker JOB.json`` (the job file in its work folder).

    Returns
    -------
    int
        The worker's exit status.
    """
    job_file = job.save(job.work / "job.json")
    with open(job.log, "wb") as fh:
        return subprocess.call(
            [sys.executable, "-m", "pipeline.worker", str(job_file)],
            stdout=fh,
            stderr=subprocess.STDOUT,
            preexec_fn=_die_with_parent,  # noqa: PLW1509 - Linux only, async-signal-safe
        )


def run_task(task: Task, start: Callable[[ClipJob], int] = run_subprocess) -> Outcome:
    """Render one clip and install it (run by a local thread or a Dask worker).

    Parameters
    ----------
    task : Task
        What to render and where it goes.
    start : callable
        Runs the worker on a job and returns its exit status: a fresh process
        (:func:`run_subprocess`, on a Dask worker) or a process forked from the local pool's
        preloaded server.

    Returns
    -------
    Rendered or Failure
        The installed clip (in the store, or in the lesson's folder), or why it failed.
    """
    t0 = time.monotonic()
    store = ClipStore(Path(task.store)) if task.store else None
    job, attempt = task.job, None
    if store is not None:
        attempt = store.work_dir(f"{job.scene}-{task.key[:12]}")
        lesson = attempt / job.lesson.name
        atomic_write(lesson, task.lesson_text)
        job = replace(job, lesson=lesson, work=attempt / "render", log=attempt / "render.log")
    else:
        shutil.rmtree(job.work, ignore_errors=True)
    job.work.mkdir(parents=True)
    job.log.parent.mkdir(parents=True, exist_ok=True)
    if start(job) != 0:
        log = job.log
        if store is not None:
            log = store.root / "logs" / f"{job.scene}-{task.key[:16]}.log"
            log.parent.mkdir(exist_ok=True)
            if job.log.is_file():
                os.replace(job.log, log)
        line = failure_line(job, log)
        if attempt is not None:
            shutil.rmtree(attempt, ignore_errors=True)
        return Failure(line, str(log))
    result = ClipResult.load(job.work / RESULT)
    if store is not None:
        mine = source_digests()
        differ = [s for s in result.sources if s in task.digests and mine.get(s) != task.digests[s]]
        if differ:
            shutil.rmtree(attempt or job.work, ignore_errors=True)
            return Failure(
                f"this worker's project differs from the client's: {differ[0]} "
                "(install the same version on every worker)"
            )
    lesson_ = load_lesson(job.lesson)
    spec = registry()[job.scene]
    digest = input_hash(lesson_, spec, job.settings, result.sources, task.digests)
    if store is not None:
        clip = store.put(digest, lambda folder: install(job, result, folder, lesson_, task.digests))
        store.remember_sources(task.base_key, result.sources)
        shutil.rmtree(attempt or job.work, ignore_errors=True)
    else:
        clip = install(job, result, Path(task.out), lesson_, task.digests)
        shutil.rmtree(job.work, ignore_errors=True)
    return Rendered(digest, clip, time.monotonic() - t0, result.recording_notes())


# --------------------------------------------------------------------------------------
# Executors
# --------------------------------------------------------------------------------------


# What the worker server imports once: manim and the project's scene kit and worker.
PRELOAD = (
    "manim",
    "scenes.base",
    "pipeline.worker",
    "pipeline.voice.narrator",
    "pipeline.voice.loudness",
)
# The libraries alone (for a process that outlives edits of the project's code).
LIBRARIES = ("manim", "pyloudnorm", "scipy.signal", "num2words")


@functools.cache
def worker_context(fresh_code: bool = False) -> multiprocessing.context.ForkServerContext:
    """Worker processes forked from a server that has imported manim once (:data:`PRELOAD`).

    Started only when a clip must render or a scene dry-run (a no-change run never imports
    manim); each scene then starts in a fresh process without paying manim's import again.
    With `fresh_code` the server imports the libraries only, so every render imports the
    project's code as it is on disk now (``lecture watch``). The server is one per process:
    the first start decides.

    Parameters
    ----------
    fresh_code : bool
        Preload the libraries only (:data:`LIBRARIES`), not the project's modules.

    Returns
    -------
    multiprocessing.context.ForkServerContext
        The context to start worker processes from.
    """
    short_socket_folder()  # the server's socket path must fit, whatever TMPDIR is
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(list(LIBRARIES if fresh_code else PRELOAD))
    return ctx


class LocalExecutor:
    """Threads that each fork one render at a time from the preloaded worker server.

    At most `jobs` renders draw frames at once. A render that has drawn its last frame goes
    on to finish its clip (manim encodes its last frames and joins the sections; the sound
    goes under the clip and its sections: an encode, a loudness meter and remuxes, on threads
    that let go of the GIL) while the next render starts in its place: the last scene of a
    batch no longer waits for the finishing of the one before it. The finishing runs at a
    lower CPU priority (:data:`pipeline.worker.FINISHING_NICE`), so the renders drawing,
    the last of which ends the batch, have the cores first.

    Parameters
    ----------
    jobs : int
        Renders drawing frames at once (0: one per core).
    fresh_code : bool
        Each render imports the project's code afresh (the worker server preloads only the
        libraries), so an edit of a scene is seen by the next render in a long-lived process.
    """

    def __init__(self, jobs: int = 0, fresh_code: bool = False) -> None:
        self.fresh_code = fresh_code
        self.slots = jobs or os.cpu_count() or 1
        # a thread per render drawing and one per render finishing its sound
        self.pool = ThreadPoolExecutor(max_workers=2 * self.slots)
        self.drawing = threading.Semaphore(self.slots)
        self.running: set[multiprocessing.process.BaseProcess] = set()
        self.lock = threading.Lock()
        self.closed = False

    def submit(self, task: Task) -> Pending:
        """Queue `task` on the pool."""
        return self.pool.submit(self._run, task)

    def _run(self, task: Task) -> Outcome:
        """Run `task` once a render may draw (its time counts from then)."""
        self.drawing.acquire()
        held = True

        def done_drawing() -> None:
            """Let the next render start (once): this one draws no more frames."""
            nonlocal held
            if held:
                held = False
                self.drawing.release()

        try:
            return run_task(task, lambda job: self._start(job, done_drawing))
        finally:
            done_drawing()

    def warm(self) -> None:
        """Start the worker server now: its import of manim overlaps the rest of the plan."""
        import multiprocessing.forkserver

        worker_context(self.fresh_code)  # sets what the server imports
        multiprocessing.forkserver.ensure_running()

    def _start(self, job: ClipJob, done_drawing: Callable[[], None]) -> int:
        from pipeline.worker import run_in_process

        with self.lock:
            if self.closed:
                return -signal.SIGKILL
            ctx = worker_context(self.fresh_code)
            drawn = ctx.Event()
            proc = ctx.Process(target=run_in_process, args=(job, drawn))
            proc.start()
            self.running.add(proc)
        try:
            while not drawn.wait(0.05) and proc.is_alive():
                pass
            done_drawing()  # every frame is drawn (or the render ended)
            proc.join()
        finally:
            with self.lock:
                self.running.discard(proc)
        return proc.exitcode if proc.exitcode is not None else -signal.SIGKILL

    def close(self) -> None:
        """Cancel queued tasks, kill the renders still running and wait for their threads."""
        with self.lock:
            self.closed = True
            for proc in self.running:
                if proc.exitcode is None:
                    proc.kill()
        self.pool.shutdown(wait=True, cancel_futures=True)


class DaskExecutor:
    """A Dask distributed client: a remote scheduler, or a LocalCluster of N processes.

    Each task renders in a fresh process on a worker (:func:`run_subprocess`) and is named
    by its input hash; a task whose worker dies is run once more on another worker.

    Parameters
    ----------
    address : str
        ``tcp://host:8786`` (a running scheduler) or ``local:N`` (N worker processes here).

    Raises
    ------
    ClusterError
        For an unreachable scheduler or a bad ``local:N``.
    """

    def __init__(self, address: str) -> None:
        self.cluster: Any = None
        try:
            import dask
            import distributed
        except ImportError as e:  # pragma: no cover - a dependency of the project
            raise ClusterError(f"dask[distributed] is not installed: {e}") from None
        dist: Any = distributed  # untyped
        dask.config.set({"distributed.admin.tick.limit": "1h"})  # renders hold the GIL a while
        if address.startswith("local:"):
            try:
                n = int(address.removeprefix("local:"))
            except ValueError:
                n = 0
            if n < 1:
                raise ClusterError(f"--cluster {address}: say local:N with N ≥ 1 worker processes")
            self.cluster = dist.LocalCluster(
                n_workers=n,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                silence_logs=50,
            )
            self.client: Any = dist.Client(self.cluster)
        else:
            if "://" not in address:
                address = f"tcp://{address}"
            try:
                self.client = dist.Client(address, timeout="5s")
            except (OSError, TimeoutError) as e:
                reason = " ".join(str(e).split())[:160] or type(e).__name__
                raise ClusterError(
                    f"cannot reach the Dask scheduler at {address}: {reason}"
                ) from None
        self.slots = max(sum(self.client.nthreads().values()), 1)

    def submit(self, task: Task) -> Pending:
        """Submit `task`, named by its input hash (run once more after a worker error)."""
        future = self.client.submit(run_task, task, key=f"{task.job.scene}-{task.key}", retries=1)
        return cast(Pending, future)

    def warm(self) -> None:
        """Nothing: each task starts a fresh process on a worker."""

    def close(self) -> None:
        """Close the client (and the LocalCluster it started)."""
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()


def connect(cluster: str | None, jobs: int) -> Executor:
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
    Executor

    Raises
    ------
    ClusterError
        For an unreachable scheduler or a bad ``local:N``.
    """
    if not cluster:
        return LocalExecutor(jobs)
    return DaskExecutor(cluster)
