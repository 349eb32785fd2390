"""A content-addressed clip store: rendered clips kept by input hash, shared across lessons.

Layout of a store folder::

    <store>/<hash[:2]>/<hash>/          one clip: <Scene>.mp4, .srt, .png, sections/, clip.json
    <store>/sources/<key[:2]>/<key>     the project files a scene's render imported, by the
                                        hash of everything else it depends on (see below)
    <store>/tmp/                        work folders; an entry is renamed into place complete

A clip's input hash covers the project files its render imported, which are known only after
a render. So the store also remembers, under the hash of the clip's other inputs (scene, lesson
keys it reads, settings, manim's version), which files those were: a later run computes the
full hash from them and finds the clip without rendering. Entries are written aside and moved
into place by one rename, so a reader sees a whole clip or none; reuse is a hard link (a copy
across file systems), never a re-render.
"""

from __future__ import annotations

import json
import os
import shutil
import uuid
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path

from pipeline.files import atomic_write, replacing
from pipeline.manifest import Clip

__all__ = ["ClipStore", "link_file"]

ENTRY = "clip.json"


def link_file(src: Path, dst: Path) -> None:
    """Put `src` at `dst` by a hard link (a copy when linking fails), replacing it atomically."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    with replacing(dst) as tmp:
        try:
            os.link(src, tmp)
        except OSError:
            shutil.copyfile(src, tmp)


class ClipStore:
    """A store folder (see the module docstring); safe to share between processes and hosts.

    Parameters
    ----------
    root : Path
        The store folder (created when missing).
    """

    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    def entry(self, digest: str) -> Path:
        """Folder of the clip with input hash `digest`."""
        return self.root / digest[:2] / digest

    def has(self, digest: str) -> bool:
        """Whether the clip with input hash `digest` is in the store (complete)."""
        return (self.entry(digest) / ENTRY).is_file()

    def clip(self, digest: str) -> Clip:
        """The manifest entry of a stored clip."""
        data = json.loads((self.entry(digest) / ENTRY).read_text(encoding="utf-8"))
        return Clip.from_dict(data)

    def sources(self, key: str) -> tuple[str, ...] | None:
        """Project files the last render with other inputs `key` imported, or None."""
        try:
            return tuple(json.loads((self._sources_file(key)).read_text(encoding="utf-8")))
        except (OSError, ValueError):
            return None

    def remember_sources(self, key: str, sources: tuple[str, ...] | list[str]) -> None:
        """Record the project files a render with other inputs `key` imported (atomically)."""
        path = self._sources_file(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, json.dumps(sorted(sources)))

    def _sources_file(self, key: str) -> Path:
        return self.root / "sources" / key[:2] / key

    def work_dir(self, name: str) -> Path:
        """A fresh folder under ``tmp/`` for one render attempt."""
        path = self.root / "tmp" / f"{name}-{uuid.uuid4().hex[:12]}"
        path.mkdir(parents=True)
        return path

    def put(self, digest: str, fill: Callable[[Path], Clip]) -> Clip:
        """Add a clip: `fill` writes its files into an empty folder and returns its entry.

        The folder is renamed into place only when complete; when another process stored
        the same clip meanwhile, that one is kept and this copy dropped.

        Parameters
        ----------
        digest : str
            The clip's input hash.
        fill : callable
            ``fill(folder) -> Clip``.

        Returns
        -------
        Clip
            The stored clip's entry.
        """
        if self.has(digest):
            return self.clip(digest)
        tmp = self.work_dir(f"entry-{digest[:12]}")
        try:
            clip = fill(tmp)
            (tmp / ENTRY).write_text(
                json.dumps(asdict(clip), indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
            )
            final = self.entry(digest)
            final.parent.mkdir(parents=True, exist_ok=True)
            try:
                os.rename(tmp, final)
            except OSError:  # stored meanwhile by another process (a non-empty target)
                if not self.has(digest):
                    raise
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        return self.clip(digest)

    def link_into(self, digest: str, out: Path) -> Clip:
        """Hard-link (or copy) a stored clip's files into render folder `out`; its entry.

        Section files of the same scene that the clip does not have are removed.
        """
        clip = self.clip(digest)
        src = self.entry(digest)
        for rel in clip.files():
            link_file(src / rel, out / rel)
        kept = {s.file for s in clip.sections}
        ext = Path(clip.video).suffix
        for old in (out / "sections").glob(f"{clip.scene}_*{ext}"):
            if f"sections/{old.name}" not in kept:
                old.unlink()
        return clip
