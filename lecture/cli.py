"""The ``lecture`` command: proof-read the numbers, render the scenes."""

from __future__ import annotations

import argparse
import contextlib
import importlib.metadata
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lesson.model import DEFAULT_LESSON, Lesson, LessonError, load_lesson
from lesson.scenelist import lesson_order
from lesson.sheet import numbers_sheet
from pipeline.files import atomic_writes
from pipeline.manifest import Manifest
from pipeline.manim_adapter import ManimMismatch, check_manim
from pipeline.settings import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    QUALITIES,
    RenderSettings,
    media_root,
    use_lesson,
    voice_problem,
)
from pipeline.voice.engines import ENGINES, voice_help, voice_options

if TYPE_CHECKING:
    from pipeline.batch import BatchResult
    from pipeline.store import ClipStore

__all__ = ["DISTRIBUTION", "HERE", "lesson_here", "main", "version"]

DISTRIBUTION = "inner-product-lecture"  # the name it is installed under (pyproject.toml)
# The commands that run no scene: every other one checks manim's version before it starts.
WITHOUT_MANIM = frozenset({"new", "numbers", "variants", "verify"})
HERE = "lesson.toml"  # the lesson of the current folder, when no --lesson names one


def version() -> str:
    """The installed version of the project, from its package metadata.

    Returns
    -------
    str
        The version (``0.1.0``), or a sentence saying the project is not installed (its code
        run from a folder without ``pip install``).
    """
    try:
        return importlib.metadata.version(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        return f"(not installed: no package metadata for {DISTRIBUTION})"


def lesson_here() -> Path:
    """The lesson a command takes without ``--lesson``: ``lesson.toml`` here, else the default.

    Returns
    -------
    Path
        ``lesson.toml`` of the current folder if there is one (a folder of ``lecture new``),
        else the lesson the package ships (:data:`~lesson.model.DEFAULT_LESSON`).
    """
    here = Path.cwd() / HERE
    return here if here.is_file() else DEFAULT_LESSON


def _cmd_numbers(args: argparse.Namespace) -> int:
    lesson = load_lesson(args.lesson)
    sheet = numbers_sheet(lesson)
    if args.json:
        data = {
            "lesson": lesson.id,
            "scenes": {s: {k: v.text for k, v in q.items()} for s, q in sheet.items()},
        }
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return 0
    print(f"{lesson.title}  [{lesson.id}]  ({lesson.path})")
    for scene, values in sheet.items():
        print(f"\n{scene}")
        width = max(map(len, values), default=0)
        for key, shown in values.items():
            print(f"  {key:<{width}}  {shown.text}")
    return 0


def _settings(args: argparse.Namespace, variant: str = "mp4") -> RenderSettings:
    """The one settings object of this run, from the command line."""
    return RenderSettings(
        quality=args.quality,
        lang=args.lang,
        variant=variant,
        jobs=args.jobs,
        force=getattr(args, "force", False),
        quiet=args.quiet,
        voice=args.voice,
    )


def _out(args: argparse.Namespace, lesson: Lesson, settings: RenderSettings) -> Path:
    if not args.out:
        return settings.out_dir(lesson)
    return Path(args.out) if settings.variant == "mp4" else Path(args.out) / settings.variant


@dataclass
class _Run:
    """What a render run did: its lessons, their folders, the build's result, the store."""

    lessons: list[Lesson]
    outs: list[Path]
    done: BatchResult
    store: ClipStore | None  # None: one lesson rendered into its folder (no --lessons/--store)

    @property
    def failed(self) -> bool:
        return any(self.done.failures.values())


def _render(args: argparse.Namespace, scenes: list[str], settings: RenderSettings) -> _Run | None:
    """Bring the clips up to date (and join each lesson when every scene is asked for).

    One lesson renders into its folder on the local pool; ``--lessons``, ``--cluster`` or
    ``--store`` share clips through the clip store, on the local pool or a Dask cluster.
    Returns what was done, or None after printing why it could not start.
    """
    from pipeline.batch import ClusterError, build_many, connect, load_all
    from pipeline.render import RenderError, output_lock
    from pipeline.store import ClipStore
    from pipeline.words import words_in_use
    from publish.assemble import join_lesson

    lessons_arg = getattr(args, "lessons", None)
    cluster = getattr(args, "cluster", None)
    with_store = bool(lessons_arg or cluster or getattr(args, "store", None))
    store = None
    if with_store:
        store = ClipStore(Path(args.store) if args.store else media_root() / "clip-store")
    try:
        lessons = load_all(lessons_arg or [args.lesson])
        if args.out and len(lessons) > 1:
            media = media_root()
            outs = [Path(args.out) / settings.out_dir(x).relative_to(media) for x in lessons]
        else:
            outs = [_out(args, x, settings) for x in lessons]
        with contextlib.ExitStack() as held:
            for out in outs:
                held.enter_context(output_lock(out))
            executor = connect(cluster, args.jobs)
            done = build_many(lessons, scenes, settings, outs, store, executor)
            for lesson, out in zip(lessons, outs, strict=True):
                order = lesson_order(lesson)
                whole = not scenes or set(scenes) >= set(order)
                if settings.variant != "mp4" or not whole or done.failures[lesson.id]:
                    continue
                with words_in_use(lesson):  # its title and chapters in its own words
                    joined = join_lesson(out, done.manifests[lesson.id], order, store)
                who = lesson.id if store else "lesson"
                if joined is not None and joined.from_store:
                    print(f"{who}: joined before, linked from the store", file=sys.stderr)
                elif joined is not None:
                    print(
                        f"{who}: joined {len(order)} clips in {joined.seconds:.1f} s",
                        file=sys.stderr,
                    )
    except (RenderError, ClusterError) as e:
        print(f"lecture: error: {e}", file=sys.stderr)
        return None
    for lesson in lessons:
        if fails := done.failures[lesson.id]:
            who = f"{lesson.id}: " if store else ""
            print(
                f"lecture: {who}{len(fails)} scene(s) failed: {', '.join(fails)}",
                file=sys.stderr,
            )
    return _Run(lessons, outs, done, store)


def _cmd_render(args: argparse.Namespace) -> int:
    """``lecture render`` / ``build``: render, then print where the files are."""
    run = _render(args, list(args.scenes), _settings(args))
    if run is None:
        return 2
    if run.store is not None:
        _print_batch(run)
        return 1 if run.failed else 0
    out, manifest = run.outs[0], run.done.manifests[run.lessons[0].id]
    for scene, clip in manifest.clips.items():
        if not args.scenes or scene in args.scenes:
            print(
                f"{scene}: {out / clip.video}  {out / clip.subtitles}  "
                f"{out / clip.poster}  ({clip.duration:.1f} s)"
            )
    whole = manifest.lesson_video
    if whole and not args.scenes:
        print(
            f"lesson: {out / whole.video}  {out / whole.subtitles}  "
            f"{out / whole.captions}  {out / whole.chapters_file}  "
            f"({whole.duration:.1f} s, {len(whole.chapters)} chapters)"
        )
    print(f"manifest: {out / 'manifest.json'}")
    return 1 if run.failed else 0


def _print_batch(run: _Run) -> None:
    """A line per lesson (its video, or how many clips) and the store's tally."""
    done = run.done
    for lesson, out in zip(run.lessons, run.outs, strict=True):
        manifest = done.manifests[lesson.id]
        video = manifest.lesson_video
        what = (
            f"{out / video.video} ({video.duration:.1f} s)"
            if video
            else f"{len(manifest.clips)} clips"
        )
        print(f"{lesson.id}: {what}  manifest: {out / 'manifest.json'}")
    root = run.store.root if run.store else ""
    print(
        f"clips: {done.rendered} rendered, {done.reused} reused from the store "
        f"({root}), {done.up_to_date} up to date"
    )


def _render_or_fail(
    args: argparse.Namespace, scenes: list[str], variant: str = "mp4"
) -> tuple[Lesson, Path, Manifest] | None:
    """Bring the clips up to date (incremental) and return (lesson, out, manifest), or None."""
    run = _render(args, scenes, _settings(args, variant))
    if run is None or run.failed:
        return None
    lesson, out = run.lessons[0], run.outs[0]
    return lesson, out, run.done.manifests[lesson.id].only(scenes)


def _cmd_slides(args: argparse.Namespace) -> int:
    from publish.sections import section_clips
    from publish.slides import posters, write_html_deck, write_pptx

    done = _render_or_fail(args, list(args.scenes))
    if done is None:
        return 1
    lesson, out, manifest = done
    sections = section_clips(out, manifest, args.lang)
    stills = posters(sections, out / "posters")
    (out / "slides").mkdir(exist_ok=True)
    pptx = write_pptx(lesson, sections, stills, args.lang, out / "slides" / f"{lesson.id}.pptx")
    deck = write_html_deck(lesson, sections, stills, args.lang, out / "deck")
    print(f"pptx: {pptx}  ({len(sections) + 1} slides)")
    print(f"html: {deck}  (open it in a browser; the folder works offline)")
    return 0


def _cmd_page(args: argparse.Namespace) -> int:
    """``lecture page``: render what is stale, join, then write each lesson's page."""
    from lesson.quizkinds import quiz_answers
    from pipeline.batch import load_all
    from pipeline.render import RenderError
    from pipeline.words import words_in_use
    from publish.page import PageError, lesson_title, write_answers_csv, write_page

    try:
        for lesson in load_all(args.lessons or [args.lesson]):
            quiz_answers(lesson, args.lang)  # every question can be asked, before any render
    except RenderError as e:
        print(f"lecture: error: {e}", file=sys.stderr)
        return 2
    run = _render(args, [], _settings(args))
    if run is None:
        return 2
    if run.failed:
        return 1
    pages = Path(args.pages) if args.pages else media_root() / "page"
    for lesson, out in zip(run.lessons, run.outs, strict=True):
        manifest = run.done.manifests[lesson.id]
        with words_in_use(lesson):  # each lesson's page in its own words (words.toml)
            try:
                index = write_page(lesson, out, manifest, args.lang, pages / lesson.id)
            except PageError as e:
                print(f"lecture: error: {e}", file=sys.stderr)
                return 1
            video = manifest.lesson_video
            seconds = f", {video.duration:.1f} s" if video else ""
            print(f"{lesson.id}: {index}  ({len(lesson.quiz)} questions{seconds})")
            if args.scorm:
                from publish.scorm import size_note, write_scorm

                title = lesson_title(lesson, args.lang)
                zipped = pages / f"{lesson.id}.zip"
                package = write_scorm(lesson, index.parent, title, zipped, args.mastery)
                note = size_note(package.stat().st_size, args.quality)
                print(f"{lesson.id}: {package}  (SCORM 1.2, {note})")
    if args.lessons:
        table = write_answers_csv(run.lessons, args.lang, pages / "answers.csv")
        print(f"answers: {table}  ({len(run.lessons)} lessons)")
    return 0


def _cmd_export(args: argparse.Namespace) -> int:
    from publish.export import FORMATS, export_sections

    variant = FORMATS[args.format][0]
    done = _render_or_fail(args, list(args.scenes), variant)
    if done is None:
        return 1
    lesson, out, manifest = done
    base = out.parent if variant != "mp4" else out
    files = export_sections(out, manifest, args.format, args.lang, base / "export" / args.format)
    for f in files:
        print(f)
    return 0


def _cmd_frames(args: argparse.Namespace) -> int:
    """``lecture frames``: a contact sheet, the last frame of every step of every scene."""
    from pipeline.render import RenderError, scenes_to_render
    from publish.frames import contact_sheet

    lesson = load_lesson(args.lesson)
    scenes = list(args.scenes)
    try:
        scenes_to_render(scenes, lesson)
    except RenderError as e:
        print(f"lecture: error: {e}", file=sys.stderr)
        return 2
    if not 80 <= args.tile_width <= 1920:
        print(
            f"lecture: error: --tile-width must be 80 to 1920 pixels, got {args.tile_width}",
            file=sys.stderr,
        )
        return 2
    settings = _settings(args)
    target = Path(args.png) if args.png else _out(args, lesson, settings) / "contact-sheet.png"
    if target.suffix.lower() != ".png" or target.is_dir():
        print(f"lecture: error: --png {target}: not a .png file name", file=sys.stderr)
        return 2
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        print(f"lecture: error: {target.parent}: cannot write: {e.strerror or e}", file=sys.stderr)
        return 2
    run = _render(args, scenes, settings)
    if run is None:
        return 2
    if run.failed:
        return 1
    out = run.outs[0]
    shown = run.done.manifests[lesson.id].only(scenes)
    steps = sum(len(c.sections) for c in shown.clips.values())
    note = (
        f"{lesson.id} · {settings.quality} · {settings.lang} · the last frame of each of "
        f"{steps} steps in {len(shown.clips)} scenes · {lesson.path.name}"
    )
    try:
        sheet = contact_sheet(out, shown, args.lang, target, lesson.title, note, args.tile_width)
    except (OSError, ValueError) as e:
        print(f"lecture: error: contact sheet: {e}", file=sys.stderr)
        return 1
    width, height = sheet.size
    print(
        f"contact sheet: {sheet.path}  ({len(sheet.tiles)} steps of {len(sheet.scenes)} "
        f"scenes, {width}x{height} px)"
    )
    return 0


def _cmd_verify(args: argparse.Namespace) -> int:
    from publish.verify import LabelCheck, verify

    out = Path(args.dir) if args.dir else None
    if out is None:
        out = RenderSettings(args.quality, args.lang).out_dir(load_lesson(args.lesson))
    if not (out / "manifest.json").is_file():
        print(f"lecture: error: {out}: no manifest.json (render first)", file=sys.stderr)
        return 2
    checks = verify(out, list(args.scenes))
    if not checks:
        print(f"lecture: error: {out}: no labels to verify", file=sys.stderr)
        return 2
    scenes: dict[str, list[LabelCheck]] = {}
    for c in checks:
        scenes.setdefault(c.scene, []).append(c)
    width = max(map(len, scenes))
    print(f"{'scene':<{width}}  labels  ok  wrong")
    for scene, cs in scenes.items():
        bad = sum(not c.ok for c in cs)
        print(f"{scene:<{width}}  {len(cs):>6}  {len(cs) - bad:>2}  {bad:>5}")
    wrong = [c for c in checks if not c.ok]
    for c in wrong:
        print(
            f"MISMATCH {c.scene} [{c.section} @ {c.time:.2f} s] {c.key}: expected "
            f"{c.expected!r}, read {c.read!r}"
        )
    if wrong:
        print(
            f"lecture: {len(wrong)} of {len(checks)} labels do not match; crops in "
            f"{out / 'verify'}",
            file=sys.stderr,
        )
        return 1
    print(f"all {len(checks)} labels match")
    return 0


def _cmd_captions(args: argparse.Namespace) -> int:
    """``lecture captions --check``: every cue of every scene against the caption rules."""
    from lesson import captions
    from pipeline.dryrun import dry_runs

    if not args.check:
        print("lecture: error: captions: say --check (the only mode so far)", file=sys.stderr)
        return 2
    picked = _lesson_scenes(args, lesson_only=True)
    if picked is None:
        return 2
    lesson, scenes = picked
    runs = dry_runs(scenes, lesson.path, args.lang, args.jobs, args.voice)
    broken: dict[str, int] = {}  # rule -> how many times it is broken
    cues = [(r.scene, c) for r in runs for c in r.cues]
    for run in runs:
        for v in captions.check(run.cues, run.fps):
            broken[v.rule] = broken.get(v.rule, 0) + 1
            text = v.text.replace("\n", " / ")
            print(f"{run.scene}  cue {v.cue + 1}  {v.rule}  {v.figure}  {text!r}")
    bad = sum(broken.values())
    if not cues:
        print("lecture: error: no subtitles", file=sys.stderr)
        return 1
    longest = max(len(line) for _, c in cues for line in c.lines)
    fastest = max(c.chars / max(c.end - c.start, 1e-9) for _, c in cues)
    two = sum(len(c.lines) == 2 for _, c in cues)
    summary = (
        f"{len(cues)} cues in {len(runs)} scene(s) ({two} on two lines); longest line "
        f"{longest} characters, fastest cue {fastest:.1f} characters/s"
    )
    if bad:
        rules = ", ".join(f"{rule} {n}" for rule, n in sorted(broken.items()))
        print(f"lecture: {bad} caption rule(s) broken ({rules}); {summary}", file=sys.stderr)
        return 1
    print(f"all within the rules: {summary}")
    return 0


def _lesson_scenes(
    args: argparse.Namespace, lesson_only: bool = False
) -> tuple[Lesson, list[str]] | None:
    """The lesson and the scenes the command names (default: the lesson's, in order).

    A scene the scene list does not know (with `lesson_only`, one the lesson does not show)
    is one line on stderr and None.
    """
    from lesson.scenelist import registry

    lesson = load_lesson(args.lesson)
    order = lesson_order(lesson)
    known = order if lesson_only else list(registry())
    scenes = list(args.scenes) or order
    unknown = [s for s in scenes if s not in known]
    if unknown:
        print(f"lecture: error: unknown scene {unknown[0]!r}", file=sys.stderr)
        return None
    return lesson, scenes


def _cmd_script(args: argparse.Namespace) -> int:
    """``lecture script``: what a narrator reads, per scene and cue (Markdown and CSV)."""
    from lesson.catalogue import catalogue
    from pipeline.dryrun import dry_runs
    from pipeline.voice.recordings import recording_dir, recordings_root
    from publish.script import script_lines, to_record, write_script

    picked = _lesson_scenes(args)
    if picked is None:
        return 2
    lesson, scenes = picked
    root = recordings_root()
    runs = dry_runs(scenes, lesson.path, args.lang, args.jobs, "espeak", recordings=False)
    lines = script_lines(runs, lesson.id, args.lang, root)
    if args.stale:  # what to record again: stale takes and rejected ones, with the reason
        lines = [ln for ln in lines if ln.status in ("stale", "rejected")]
        for ln in lines:
            print(to_record(ln))
    folder = Path(args.out) if args.out else recording_dir(lesson.id, args.lang, "", root)
    title = f"{catalogue(args.lang)['lesson_video_title']} ({lesson.id}, {args.lang})"
    md, table = write_script(lines, title, folder)
    stale = sum(ln.status == "stale" for ln in lines)
    rejected = sum(ln.status == "rejected" for ln in lines)
    what = (
        f"{stale} stale and {rejected} rejected recording(s) to re-record"
        if args.stale
        else f"{len(lines)} cues"
    )
    print(f"script: {md}  {table}  ({what})", file=sys.stderr)
    return 0


def _cmd_record(args: argparse.Namespace) -> int:
    """``lecture record``: the recording studio, served on 127.0.0.1 until interrupted."""
    import socket

    import uvicorn

    from lecture.studio import (
        StepFrames,
        Studio,
        StudioServer,
        keep_address,
        last_address,
        studio_app,
        studio_cues,
    )
    from pipeline.dryrun import dry_runs
    from pipeline.voice.recordings import recordings_root

    picked = _lesson_scenes(args)
    if picked is None:
        return 2
    lesson, scenes = picked
    if not 0 <= args.port <= 65535:
        print(f"lecture: error: --port must be 0 to 65535, got {args.port}", file=sys.stderr)
        return 2
    root = recordings_root()
    last = last_address(root, lesson.id, args.lang)  # a restart keeps the page's address
    tries = [args.port] if args.port or last is None else [last[1], 0]
    for n, wanted in enumerate(tries, 1):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # no wait after a stop
        try:
            sock.bind(("127.0.0.1", wanted))
            sock.listen(128)  # a request before the server runs waits, is not refused
            break
        except OSError as e:
            sock.close()
            if n == len(tries):
                print(f"lecture: error: port {wanted}: {e.strerror or e}", file=sys.stderr)
                return 2
            print(f"studio: port {wanted} of the last start is taken", file=sys.stderr)
    print(f"studio: reading the cues of {len(scenes)} scene(s)…", file=sys.stderr, flush=True)
    runs = dry_runs(scenes, lesson.path, args.lang, args.jobs, "espeak", recordings=False)
    frames = StepFrames(lesson, scenes, args.lang, args.jobs) if args.frames else None
    token = last[0] if last is not None else None
    studio = Studio(lesson, args.lang, studio_cues(runs), root, frames, token=token)
    left = studio.clean()
    if left:
        print(f"studio: removed {len(left)} file(s) a stopped save left", file=sys.stderr)
    port = sock.getsockname()[1]
    keep_address(root, lesson.id, args.lang, studio.token, port)
    url = f"http://127.0.0.1:{port}/?t={studio.token}"
    print(f"studio: {url}", flush=True)
    print(
        f"studio: {len(studio.cues)} cues; takes go to {studio.folder('<Scene>')}; Ctrl+C stops",
        file=sys.stderr,
        flush=True,
    )
    if args.browser and (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        import webbrowser

        webbrowser.open(url)
    config = uvicorn.Config(studio_app(studio), log_level="warning", lifespan="off")
    StudioServer(config, studio).run(sockets=[sock])
    return 0


def _cmd_variants(args: argparse.Namespace) -> int:
    """``lecture variants``: N lesson files with fresh, teachable numbers."""
    from lesson.variants import generate, parse_vary

    try:
        vary = parse_vary(args.vary)
        if args.count < 1:
            raise ValueError(f"--count must be at least 1, got {args.count}")
    except ValueError as e:
        print(f"lecture: error: {e}", file=sys.stderr)
        return 2
    base = load_lesson(args.lesson)
    made = generate(base, args.count, args.seed, vary)
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
        # every file written aside first, then all moved into place
        atomic_writes({out / v.filename: v.text for v in made})
    except OSError as e:
        print(f"lecture: error: {out}: cannot write: {e.strerror or e}", file=sys.stderr)
        return 2
    for v in made:
        print(out / v.filename)
    return 0


def _cmd_new(args: argparse.Namespace) -> int:
    """``lecture new DIR``: a starter lesson folder (the default lesson, its words, a README)."""
    from lecture.starter import StarterError, write

    folder = Path(args.dir)
    try:
        files = write(folder)
    except StarterError as e:
        print(f"lecture: error: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"lecture: error: {folder}: cannot write: {e.strerror or e}", file=sys.stderr)
        return 2
    for f in files:
        print(f)
    return 0


def _cmd_watch(args: argparse.Namespace) -> int:
    """``lecture watch``: re-render what each save touches, keep the preview fresh."""
    from lecture.watch import run

    return run(args)


# Every option that more than one command takes, declared once: its flags and argparse's
# keywords. A command names the ones it takes (:func:`_shared`), overriding a default or a help
# where its own differs; every --out is the folder the command writes.
SHARED: dict[str, tuple[tuple[str, ...], dict[str, Any]]] = {
    "scenes": (
        ("scenes",),
        {"nargs": "*", "metavar": "SCENE", "help": "scene names (default: all)"},
    ),
    "lesson": (
        ("--lesson",),
        {
            "default": None,
            "metavar": "FILE",
            "help": f"lesson TOML file (default: {HERE} of the current folder if there is one, "
            "else the built-in lesson); what the command writes goes into the lesson's folder",
        },
    ),
    "lang": (
        ("--lang",),
        {
            "default": DEFAULT_LANGUAGE,
            "choices": list(LANGUAGES),
            "help": f"language of the words (default {DEFAULT_LANGUAGE})",
        },
    ),
    "quality": (
        ("--quality",),
        {
            "default": "medium",
            "choices": list(QUALITIES),
            "help": "render quality (default medium)",
        },
    ),
    "voice": (
        ("--voice",),
        # read when a parser is built: an engine registered after this import is offered too
        {"default": next(iter(ENGINES)), "choices": voice_options, "help": voice_help},
    ),
    "jobs": (
        ("--jobs",),
        {
            "type": int,
            "default": 0,
            "metavar": "N",
            "help": "renders drawing frames at once (default: cores)",
        },
    ),
    "quiet": (("--quiet",), {"action": "store_true", "help": "plain progress lines"}),
    "out": (
        ("--out",),
        {
            "default": None,
            "metavar": "DIR",
            "help": "render folder (default media/<lesson>/<quality> in the lesson's folder)",
        },
    ),
    "force": (("--force",), {"action": "store_true", "help": "render even when up to date"}),
    "store": (
        ("--store",),
        {
            "metavar": "DIR",
            "help": "take clips from and keep them in this clip store (--lessons and --cluster "
            "use media/clip-store of the (first) lesson's folder without it)",
        },
    ),
    "port": (
        ("--port",),
        {
            "type": int,
            "default": 0,
            "metavar": "N",
            "help": "port on 127.0.0.1 (default: any free)",
        },
    ),
    "browser": (
        ("--no-browser",),
        {"dest": "browser", "action": "store_false", "help": "do not open the page"},
    ),
    "cluster": (
        ("--cluster",),
        {
            "metavar": "ADDRESS",
            "help": "render on a Dask cluster (tcp://host:8786) or local:N worker processes",
        },
    ),
}
# what the commands that render take, besides their own
RENDERING = ("lesson", "lang", "quality", "voice", "jobs", "quiet", "out", "force", "store")


def _shared(*names: str, **changes: dict[str, Any]) -> list[argparse.ArgumentParser]:
    """Parent parsers holding the shared options `names`, each changed by ``changes[name]``."""
    parents = []
    for name in names:
        flags, keywords = SHARED[name]
        keywords = {  # a choices or help given as a function: what it says now
            k: v() if k in ("choices", "help") and callable(v) else v for k, v in keywords.items()
        }
        parent = argparse.ArgumentParser(add_help=False)
        parent.add_argument(*flags, **{**keywords, **changes.get(name, {})})
        parents.append(parent)
    return parents


def build_parser() -> argparse.ArgumentParser:
    """The ``lecture`` command line: one subcommand per task, shared options declared once."""
    p = argparse.ArgumentParser(
        prog="lecture",
        description="Render the inner-product lesson from its lesson file, and everything made "
        "from it: the video, slides, the lesson page, checks. `lecture COMMAND --help` for one.",
    )
    p.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(
        name: str, help_text: str, func: Any, *parents: argparse.ArgumentParser
    ) -> argparse.ArgumentParser:
        c = sub.add_parser(name, help=help_text, description=help_text, parents=list(parents))
        c.set_defaults(func=func)
        return c

    low = {"default": "low", "help": "render quality (default low)"}

    command(
        "new",
        "write a starter lesson folder: the default lesson, its words and a README",
        _cmd_new,
    ).add_argument("dir", metavar="DIR", help="the new lesson's folder (new or empty)")
    n = command(
        "numbers", "print every value each scene will show", _cmd_numbers, *_shared("lesson")
    )
    n.add_argument("--json", action="store_true", help="machine-readable output")

    g = command(
        "variants",
        "write N lesson files with fresh, teachable numbers",
        _cmd_variants,
        *_shared(
            "lesson",
            "out",
            lesson={"help": "the lesson to vary"},
            out={
                "default": "lessons/variants",
                "help": "folder for the files (default lessons/variants)",
            },
        ),
    )
    g.add_argument("--count", type=int, required=True, metavar="N", help="how many lesson files")
    g.add_argument(
        "--seed", type=int, default=0, metavar="S", help="same seed, same files (default 0)"
    )
    g.add_argument(
        "--vary", default=None, metavar="TABLE,...", help="comma-separated tables (default: all)"
    )

    v = command(
        "verify",
        "read the numbers back from the rendered videos (OCR)",
        _cmd_verify,
        *_shared("lesson", "quality", "lang"),
    )
    v.add_argument("dir", nargs="?", help="render folder (default: the lesson's, by quality)")
    v.add_argument(
        "--scene", dest="scenes", action="append", default=[], metavar="SCENE",
        help="only this scene (again for more)",
    )  # fmt: skip

    f = command(
        "frames",
        "a contact sheet: every step's last frame in one PNG, labelled",
        _cmd_frames,
        *_shared(
            "scenes",
            "lesson",
            "lang",
            "quality",
            "jobs",
            "quiet",
            "voice",
            "out",
            quality=low,
            out={
                "help": "render folder to bring up to date and read; the sheet goes there "
                "(default media/<lesson>/<quality> in the lesson's folder)"
            },
        ),  # fmt: skip
    )
    f.add_argument(
        "--png",
        default=None,
        metavar="FILE",
        help="the PNG (default <render folder>/contact-sheet.png)",
    )
    f.add_argument("--tile-width", type=int, default=320, metavar="PX", help="pixels (default 320)")

    c = command(
        "captions",
        "check every subtitle cue against the caption rules",
        _cmd_captions,
        *_shared("scenes", "lesson", "lang", "jobs", "voice"),
    )
    c.add_argument("--check", action="store_true", help="lint the cues (dry runs, no render)")

    s = command(
        "script",
        "the narration script to record, per scene and cue",
        _cmd_script,
        *_shared(
            "scenes",
            "lesson",
            "lang",
            "jobs",
            "out",
            out={
                "help": "folder of script.md and script.csv (default voice/<lesson>/<lang> in "
                "the lesson's folder)"
            },
        ),  # fmt: skip
    )
    s.add_argument("--stale", action="store_true", help="only the recordings to re-record")

    rc = command(
        "record",
        "a recording studio in the browser: record, check and save each cue's take",
        _cmd_record,
        *_shared("scenes", "lesson", "lang", "jobs", "port", "browser"),
    )
    rc.add_argument(
        "--no-frames",
        dest="frames",
        action="store_false",
        help="do not render the scenes (low quality) to show each step's frame",
    )

    command(
        "watch",
        "on every save, re-render what changed at preview quality; live preview",
        _cmd_watch,
        *_shared(
            "scenes",
            "lesson",
            "lang",
            "quality",
            "jobs",
            "out",
            "voice",
            "port",
            "browser",
            quality=low,
            port={"help": "preview port on 127.0.0.1 (default: any)"},
            browser={"help": "do not open the preview"},
        ),
    )

    command(
        "render",
        "render scenes (parallel, incremental, atomic); all scenes also join the lesson",
        _cmd_render,
        *_shared("scenes", *RENDERING),
        *_lessons("several lesson files in one run, each into its own folder"),
    )
    command(
        "build",
        "render every scene and join them into the lesson video",
        _cmd_render,
        *_shared(*RENDERING),
        *_lessons("several lesson files in one run, each into its own folder"),
    ).set_defaults(scenes=[])
    command(
        "slides",
        "a PPTX deck and an offline HTML deck, one slide per section clip",
        _cmd_slides,
        *_shared("scenes", *RENDERING),
    )
    from publish.export import FORMATS

    e = command(
        "export",
        "section clips as transparent WebM/MOV, GIF or poster PNG",
        _cmd_export,
        *_shared("scenes", *RENDERING),
    )
    e.add_argument("--format", required=True, choices=list(FORMATS))
    pg = command(
        "page",
        "an offline lesson page: video, chapters, transcript, the quiz answered in place",
        _cmd_page,
        *_shared(*RENDERING),
        *_lessons("several lesson files in one run, each into its own folder and page, with "
                  "answers.csv for the teacher"),
    )  # fmt: skip
    pg.set_defaults(scenes=[])
    pg.add_argument(
        "--pages",
        default=None,
        metavar="DIR",
        help="where the pages go, one folder per lesson (default media/page in the (first) "
        "lesson's folder)",
    )
    pg.add_argument(
        "--scorm",
        action="store_true",
        help="also zip each page as a SCORM 1.2 package for an LMS (<pages>/<lesson>.zip)",
    )
    from publish.scorm import MASTERY

    pg.add_argument(
        "--mastery",
        type=_percent,
        default=MASTERY,
        metavar="PERCENT",
        help="the SCORM package's mastery score: the percent of questions right at the first "
        f"answer that passes (0 to 100, default {MASTERY})",
    )
    return p


def _percent(text: str) -> int:
    """A whole percent, 0 to 100 (anything else: argparse's error, status 2)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 0 <= value <= 100:
        raise argparse.ArgumentTypeError(f"{value} is not 0 to 100")
    return value


def _lessons(help_text: str) -> list[argparse.ArgumentParser]:
    """--lessons (with its help) and --cluster: the commands that render many lessons."""
    parent = argparse.ArgumentParser(add_help=False)
    parent.add_argument("--lessons", nargs="+", metavar="FILE", help=help_text)
    return [parent, *_shared("cluster")]


def _words_of(args: argparse.Namespace) -> contextlib.AbstractContextManager[object]:
    """The command's lesson's own texts (words.toml beside it), checked, read meanwhile.

    Raises
    ------
    LessonError
        The lesson, or a text of its words file, cannot be used (one line).
    """
    if getattr(args, "lessons", None) or not getattr(args, "lesson", None):
        return contextlib.nullcontext()  # many lessons: each render reads its own
    from pipeline.words import words_in_use

    return words_in_use(load_lesson(args.lesson))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``lecture`` command line.

    Parameters
    ----------
    argv : sequence of str, optional
        Arguments without the program name (default: ``sys.argv[1:]``).

    Returns
    -------
    int
        The exit status: 0 on success, 2 for a bad lesson file or bad arguments.
    """
    args = build_parser().parse_args(argv)
    if getattr(args, "lesson", "") is None:
        args.lesson = str(lesson_here())
    named = getattr(args, "lessons", None) or [getattr(args, "lesson", None)]
    if named[0] is not None:  # what it writes goes into the (first) lesson's folder
        use_lesson(Path(named[0]))
    problem = voice_problem(getattr(args, "voice", ""), getattr(args, "lang", DEFAULT_LANGUAGE))
    if problem is None and args.command not in WITHOUT_MANIM:
        try:
            check_manim()
        except ManimMismatch as e:
            problem = str(e)
    if problem is not None:  # before anything renders
        print(f"lecture: error: {problem}", file=sys.stderr)
        return 2
    try:
        with _words_of(args):
            return int(args.func(args))
    except LessonError as e:
        print(f"lecture: error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `lecture numbers | head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        print("lecture: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
