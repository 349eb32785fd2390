"""The ``lecture`` command: proof-read the numbers, render the scenes."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from lecture.lesson import DEFAULT_LESSON, LessonError, load_lesson
from lecture.sheet import numbers_sheet

__all__ = ["main"]


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


def _cmd_render(args: argparse.Namespace) -> int:
    from lecture.render import render_command  # heavy only when rendering

    return render_command(args)


def _render_or_fail(args: argparse.Namespace, scenes: list[str], variant: str = "mp4"):
    """Bring the clips up to date (incremental) and return (lesson, out, manifest), or None."""
    from lecture.render import RenderError, render

    lesson = load_lesson(args.lesson)
    try:
        out, manifest, failures = render(
            lesson,
            scenes,
            args.quality,
            args.lang,
            args.jobs,
            Path(args.out) / variant
            if args.out and variant != "mp4"
            else (Path(args.out) if args.out else None),
            False,
            args.quiet,
            variant,
        )
    except RenderError as e:
        print(f"lecture: error: {e}", file=sys.stderr)
        return None
    if failures:
        print(f"lecture: {len(failures)} scene(s) failed: {', '.join(failures)}", file=sys.stderr)
        return None
    manifest["clips"] = {s: c for s, c in manifest["clips"].items() if not scenes or s in scenes}
    return lesson, out, manifest


def _cmd_slides(args: argparse.Namespace) -> int:
    from lecture.sections import section_clips
    from lecture.slides import posters, write_html_deck, write_pptx

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


def _cmd_export(args: argparse.Namespace) -> int:
    from lecture.export import FORMATS, export_sections

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


def _cmd_verify(args: argparse.Namespace) -> int:
    from lecture.verify import verify

    out = Path(args.dir) if args.dir else None
    if out is None:
        from lecture.render import default_out

        out = default_out(load_lesson(args.lesson), args.quality, args.lang)
    if not (out / "manifest.json").is_file():
        print(f"lecture: error: {out}: no manifest.json (render first)", file=sys.stderr)
        return 2
    checks = verify(out, list(args.scenes))
    if not checks:
        print(f"lecture: error: {out}: no labels to verify", file=sys.stderr)
        return 2
    scenes: dict[str, list] = {}
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


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="lecture", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)

    n = sub.add_parser("numbers", help="print every value each scene will show")
    n.add_argument("--lesson", default=str(DEFAULT_LESSON), help="lesson TOML file")
    n.add_argument("--json", action="store_true", help="machine-readable output")
    n.set_defaults(func=_cmd_numbers)

    v = sub.add_parser("verify", help="read the numbers back from the rendered videos (OCR)")
    v.add_argument("dir", nargs="?", help="render folder (default: the lesson's, by quality)")
    v.add_argument("--scene", dest="scenes", action="append", default=[], help="only this scene")
    v.add_argument("--lesson", default=str(DEFAULT_LESSON), help="lesson TOML file")
    v.add_argument("--quality", default="medium", choices=["low", "medium", "high", "4k"])
    v.add_argument("--lang", default="id", choices=["id", "en"])
    v.set_defaults(func=_cmd_verify)

    commands = (
        (
            "render",
            "render scenes (parallel, incremental, atomic); all scenes also join the lesson",
        ),
        ("build", "render every scene and join them into the lesson video"),
        ("slides", "a PPTX deck and an offline HTML deck, one slide per section clip"),
        ("export", "section clips as transparent WebM/MOV, GIF or poster PNG"),
    )
    for name, help_text in commands:
        r = sub.add_parser(name, help=help_text)
        if name != "build":
            r.add_argument("scenes", nargs="*", metavar="SCENE", help="scene names (default: all)")
        if name == "export":
            r.add_argument(
                "--format", required=True, choices=["webm-alpha", "mov-alpha", "gif", "png"]
            )
        r.add_argument("--lesson", default=str(DEFAULT_LESSON), help="lesson TOML file")
        r.add_argument("--quality", default="medium", choices=["low", "medium", "high", "4k"])
        r.add_argument("--lang", default="id", choices=["id", "en"], help="language of text")
        r.add_argument("--jobs", type=int, default=0, help="worker processes (default: cores)")
        r.add_argument(
            "--out", default=None, help="output folder (default media/<lesson>/<quality>)"
        )
        r.add_argument("--force", action="store_true", help="render even when up to date")
        r.add_argument("--quiet", action="store_true", help="plain progress lines")
        funcs = {"slides": _cmd_slides, "export": _cmd_export}
        r.set_defaults(func=funcs.get(name, _cmd_render), scenes=[])
    return p


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
    args = _parser().parse_args(argv)
    try:
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
