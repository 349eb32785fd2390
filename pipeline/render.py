"""Rendering a lesson's scenes: which scenes, the output folder's lock, the manifest's order.

Each clip is keyed by a hash of what it depends on (:func:`pipeline.job.input_hash`): the
project files its last render imported or read (recorded by the worker), the lesson keys its
scene reads, quality, language, variant, voice and manim's version. Unchanged clips are
skipped without importing manim; stale ones render in worker processes
(:func:`pipeline.batch.build_many`, the one scheduler: ``lecture render`` of one lesson is a
batch of one on the local pool); every output is moved into place only when complete;
``manifest.json`` describes the result.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator
from pathlib import Path

from lesson.model import Lesson
from lesson.scenelist import lesson_order, registry
from pipeline.job import input_hash, narration_inputs, source_digests
from pipeline.manifest import Clip

__all__ = [
    "RenderError",
    "input_hash",
    "narration_inputs",
    "ordered",
    "output_lock",
    "scenes_to_render",
    "source_digests",
]


class RenderError(Exception):
    """A render that cannot start (bad scene name, output locked)."""


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


def scenes_to_render(scenes: list[str], lesson: Lesson) -> list[str]:
    """`scenes` checked against the scene registry; every scene of `lesson` when empty.

    Raises
    ------
    RenderError
        For an unknown scene, naming the known ones.
    """
    known = registry()
    for s in scenes:
        if s not in known:
            raise RenderError(f"unknown scene {s!r}; scenes are: {', '.join(known)}")
    return scenes or lesson_order(lesson)


def ordered(clips: dict[str, Clip]) -> dict[str, Clip]:
    """`clips` in the registry's order (lesson order, then extra scenes)."""
    return {s: clips[s] for s in registry() if s in clips}
