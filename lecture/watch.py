"""``lecture watch``: on every save, re-render what the edit touched and refresh the preview.

The watcher sees the lesson file and the project's sources (the scene code, the sheet
builders, the text catalogues: every file whose digest is part of a clip's input hash). On a
save it loads the lesson and brings the watched scenes up to date with the one scheduler
(:func:`pipeline.batch.build_many`), so the input hashes decide what renders: an edit of
``attention.query`` renders the scenes that read it, an edit of ``scenes/softmax.py`` the
scenes whose renders imported it. Renders run at preview quality in worker processes that
import the project's code afresh each time (the worker server preloads the libraries only).
The watcher itself stays light: it never imports manim. An edit of a module the watcher runs
on (the lesson loader, the pipeline) restarts it in place, once the new code imports.

Then it writes the HTML deck of the watched scenes into ``<render folder>/preview/deck`` and
moves ``preview/version.json`` on; the preview page served on 127.0.0.1 polls that file
and reloads the deck at the first slide of the scene that changed.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing.util
import os
import shutil
import subprocess
import sys
import threading
import time
import webbrowser
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

from lesson import catalogue
from lesson.model import Lesson, LessonError, load_lesson
from lesson.scenelist import lesson_order, registry
from pipeline.batch import Progress, build_many
from pipeline.executors import LocalExecutor
from pipeline.job import ROOT, SOURCE_DIRS
from pipeline.render import RenderError, output_lock, scenes_to_render
from pipeline.settings import RenderSettings
from publish.preview import PreviewServer, Version, read_version, serve, write_page, write_version

__all__ = ["Watcher", "is_watched", "run"]


def is_watched(path: Path, lesson: Path) -> bool:
    """Whether a change of `path` can change a clip: the lesson, or a project source.

    Project sources are the ``.py`` and ``.toml`` files of the folders whose digests enter
    the input hashes (:data:`pipeline.job.SOURCE_DIRS`); hidden files (an editor's temporary
    and lock files) and byte code are not.

    Examples
    --------
    >>> from pipeline.job import ROOT
    >>> lesson = ROOT / "lessons" / "inner-product.toml"
    >>> is_watched(ROOT / "scenes" / "softmax.py", lesson), is_watched(lesson, lesson)
    (True, True)
    >>> is_watched(ROOT / "scenes" / ".#softmax.py", lesson)
    False
    >>> is_watched(ROOT / "lessons" / "other.toml", lesson)
    False
    """
    if path == lesson:
        return True
    if path.suffix not in (".py", ".toml") or path.name.startswith("."):
        return False
    if not path.is_relative_to(ROOT):
        return False
    parts = path.relative_to(ROOT).parts
    return len(parts) > 1 and parts[0] in SOURCE_DIRS and "__pycache__" not in parts


def _own_modules() -> dict[Path, str]:
    """Project modules this process runs on (the watcher's own code): file -> module name."""
    found = {}
    for name, module in list(sys.modules.items()):
        file = getattr(module, "__file__", None)
        if file and Path(file).resolve().is_relative_to(ROOT) and not name.startswith("__"):
            found[Path(file).resolve()] = name
    return found


class _Quiet(Progress):
    """Progress without the scheduler's lines (the watcher prints one per scene)."""

    def line(self, text: str) -> None:
        """Say nothing: the per-scene lines follow the build."""
        if self.live:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()


@dataclass
class Watcher:
    """One ``lecture watch`` session: what it watches, renders and serves.

    Attributes
    ----------
    lesson_path : Path
        The lesson file (absolute).
    scenes : list of str
        The scenes asked for (empty: every scene of the lesson).
    settings : RenderSettings
        Preview quality, language, voice, jobs.
    out : Path or None
        The render folder (None: the lesson's, by quality and language).
    preview : Path or None
        The preview folder being served (set by the first good load).
    server : PreviewServer or None
        The preview's HTTP server.
    """

    lesson_path: Path
    scenes: list[str]
    settings: RenderSettings
    out: Path | None = None
    preview: Path | None = None
    server: PreviewServer | None = None

    def folder(self, lesson: Lesson) -> Path:
        """The render folder for `lesson`."""
        return self.out or self.settings.out_dir(lesson)

    def bump(self, *, status: str, failed: bool, deck: bool = False, slide: int = 0) -> None:
        """Move the preview's version on (and its deck's, after the deck was written)."""
        if self.preview is None:
            return
        v = read_version(self.preview)
        write_version(
            self.preview,
            Version(v.version + 1, v.deck + 1 if deck else v.deck, slide, status, failed),
        )

    def start(self, lesson: Lesson, port: int, browser: bool) -> None:
        """Serve the preview folder of `lesson` and (unless told not to) open it."""
        self.preview = self.folder(lesson) / "preview"
        write_page(self.preview, f"{lesson.title} · lecture watch", self.settings.lang)
        self.server = serve(self.preview, port)
        print(f"preview: {self.server.url}", flush=True)
        if browser:
            webbrowser.open(self.server.url)

    def load(self) -> tuple[Lesson, list[str]] | None:
        """The lesson and the scenes to watch, or None after printing the loader's error."""
        try:
            lesson = load_lesson(self.lesson_path)
            scenes = scenes_to_render(self.scenes, lesson) if self.scenes else []
        except (LessonError, RenderError) as e:
            print(f"lecture: error: {e}", file=sys.stderr, flush=True)
            self.bump(status=str(e), failed=True)
            return None
        return lesson, scenes or lesson_order(lesson)

    def build(self) -> None:
        """Load the lesson and bring the watched scenes up to date; one line per scene.

        A lesson that does not load prints the loader's one-line error (and the preview
        shows it); the previous clips and deck stay.
        """
        loaded = self.load()
        if loaded is None:
            return
        lesson, scenes = loaded
        out = self.folder(lesson)
        catalogue.clear_caches()  # a text catalogue may have changed since the last build
        progress = _Quiet(live=sys.stderr.isatty())
        try:
            with output_lock(out):
                executor = LocalExecutor(self.settings.jobs, fresh_code=True)
                done = build_many([lesson], scenes, self.settings, [out], None, executor, progress)
                took, fails = done.took.get(lesson.id, {}), done.failures[lesson.id]
                current = set(done.current.get(lesson.id, ()))
                lines = []
                for scene in scenes:
                    if scene in took:
                        lines.append(f"{scene}: rendered in {took[scene]:.1f} s")
                    elif scene in fails:
                        lines.append(f"{scene}: failed: {fails[scene]}")
                    elif scene in current:
                        lines.append(f"{scene}: up to date")
                for line in lines:
                    print(line, flush=True)
                # a deck only when a clip changed (a reload would stop the clip playing)
                fresh = bool(took) or not (self.preview and (self.preview / "deck").is_dir())
                slide = self.write_deck(lesson, out, scenes, list(took)) if fresh else 0
        except (RenderError, OSError, ValueError) as e:
            print(f"lecture: error: {e}", file=sys.stderr, flush=True)
            self.bump(status=str(e), failed=True)
            return
        what = f"{len(took)} rendered, {len(fails)} failed, {len(current)} up to date"
        self.bump(
            status=f"{time.strftime('%H:%M:%S')} {what}"
            + "".join(f" · {s}: failed" for s in fails),
            failed=bool(fails),
            deck=fresh,
            slide=slide,
        )

    def write_deck(self, lesson: Lesson, out: Path, scenes: list[str], changed: list[str]) -> int:
        """Write the HTML deck of `scenes` into the preview folder.

        Returns
        -------
        int
            The deck's first slide of the first scene in `changed` (0: none changed).
        """
        from pipeline.manifest import Manifest
        from publish.sections import section_clips
        from publish.slides import posters, write_html_deck

        manifest = Manifest.load(out)
        if manifest is None or self.preview is None:
            return 0
        sections = section_clips(out, manifest.only(scenes), self.settings.lang)
        stills = posters(sections, out / "posters")
        write_html_deck(lesson, sections, stills, self.settings.lang, self.preview / "deck")
        return next((i for i, s in enumerate(sections, 1) if s.scene in changed), 0)

    def leftovers(self) -> None:
        """Remove the deck's half-built folder after an interrupt."""
        if self.preview is not None:
            for tmp in self.preview.glob(f".deck.{os.getpid()}.*"):
                shutil.rmtree(tmp, ignore_errors=True)


def _restart(server: PreviewServer | None, changed: list[Path], own: dict[Path, str]) -> bool:
    """Run this command again in this process, on the edited code (False: it does not import).

    The preview keeps its port and the browser is not opened again.
    """
    check = subprocess.run(
        [sys.executable, "-c", f"import {', '.join(sorted(set(own.values())))}"],
        capture_output=True,
        text=True,
    )
    where = changed[0].relative_to(ROOT)
    if check.returncode != 0:
        last = (check.stderr.strip().splitlines() or ["it does not import"])[-1]
        print(f"lecture: error: {where}: {last}", file=sys.stderr, flush=True)
        return False
    print(f"{where} changed: restarting the watcher", flush=True)
    argv = list(sys.orig_argv)
    if server is not None:
        argv += ["--port", str(server.server_address[1]), "--no-browser"]
        server.server_close()
    sys.stdout.flush()
    sys.stderr.flush()
    _exec(argv)


def _reap_leftovers() -> None:
    """Wait, from a thread, for the children a restarted watcher inherited (Linux).

    Before a restart the watcher had started the worker server; it exits when the exec
    closes its pipe, and its exit is collected here rather than left as a zombie.
    """
    pids = []
    for task in Path("/proc/self/task").glob("*/children"):
        with contextlib.suppress(OSError, ValueError):
            pids += [int(p) for p in task.read_text().split()]

    def reap() -> None:
        for pid in pids:
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, 0)

    if pids:
        threading.Thread(target=reap, name="reap", daemon=True).start()


def _exec(argv: list[str]) -> NoReturn:
    # the worker server's socket folder: an exec skips the exit handlers that remove it
    shutil.rmtree(multiprocessing.util.get_temp_dir(), ignore_errors=True)
    os.execv(sys.executable, argv)


def run(args: argparse.Namespace) -> int:
    """``lecture watch``: build, serve the preview, then re-build on every save until Ctrl-C.

    Parameters
    ----------
    args : argparse.Namespace
        ``lesson``, ``scenes``, ``quality``, ``lang``, ``voice``, ``jobs``, ``out``,
        ``port`` and ``browser``.

    Returns
    -------
    int
        2 for an unknown scene or a port that cannot be bound; otherwise it runs until
        interrupted (KeyboardInterrupt propagates: the command exits 130).
    """
    import watchfiles

    lesson_path = Path(args.lesson).resolve()
    settings = RenderSettings(
        quality=args.quality, lang=args.lang, jobs=args.jobs, quiet=True, voice=args.voice
    )
    w = Watcher(lesson_path, list(args.scenes), settings, Path(args.out) if args.out else None)
    known = registry()
    if unknown := [s for s in w.scenes if s not in known]:
        print(f"lecture: error: unknown scene {unknown[0]!r}", file=sys.stderr)
        return 2
    _reap_leftovers()
    own = _own_modules()
    paths = [lesson_path.parent] + [ROOT / d for d in SOURCE_DIRS if (ROOT / d).is_dir()]
    try:
        changes = watchfiles.watch(
            *paths,
            watch_filter=lambda _, p: is_watched(Path(p), lesson_path),
            debounce=1_600,  # the longest a burst of saves is grouped
            step=100,  # a save (temporary file, then a rename) ends after 0.1 s of quiet
            rust_timeout=500,  # the first (empty) batch starts the first build
            yield_on_timeout=True,
        )
        for i, batch in enumerate(changes):
            if i > 0 and not batch:
                continue
            if batch:
                changed = sorted({Path(p) for _, p in batch})
                names = ", ".join(
                    str(p.relative_to(ROOT)) if p.is_relative_to(ROOT) else p.name for p in changed
                )
                print(f"{time.strftime('%H:%M:%S')} changed: {names}", flush=True)
                mine = [p for p in changed if p in own]
                if mine and not _restart(w.server, mine, own):
                    w.bump(
                        status=f"{mine[0].name}: the watcher's code does not import", failed=True
                    )
                    continue
            if w.server is None:  # serve the preview once the lesson loads
                loaded = w.load()
                if loaded is None:
                    continue
                try:
                    w.start(loaded[0], args.port, args.browser)
                except OSError as e:
                    print(
                        f"lecture: error: cannot serve the preview on port {args.port}: "
                        f"{e.strerror or e}",
                        file=sys.stderr,
                    )
                    return 2
            w.build()
    except KeyboardInterrupt:
        w.leftovers()
        raise
    return 0
