"""The ``lecture`` command: proof-read the numbers, render the scenes."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

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
        width = max(map(len, values))
        for key, shown in values.items():
            print(f"  {key:<{width}}  {shown.text}")
    return 0


def _cmd_render(args: argparse.Namespace) -> int:
    from lecture.render import render_command  # heavy only when rendering

    return render_command(args)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="lecture", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)

    n = sub.add_parser("numbers", help="print every value each scene will show")
    n.add_argument("--lesson", default=str(DEFAULT_LESSON), help="lesson TOML file")
    n.add_argument("--json", action="store_true", help="machine-readable output")
    n.set_defaults(func=_cmd_numbers)

    for name, help_text in (
        (
            "render",
            "render scenes (parallel, incremental, atomic); all of them also joins the lesson",
        ),
        ("build", "render every scene and join them into the lesson video"),
    ):
        r = sub.add_parser(name, help=help_text)
        if name == "render":
            r.add_argument("scenes", nargs="*", metavar="SCENE", help="scene names (default: all)")
        r.add_argument("--lesson", default=str(DEFAULT_LESSON), help="lesson TOML file")
        r.add_argument("--quality", default="medium", choices=["low", "medium", "high", "4k"])
        r.add_argument("--lang", default="id", choices=["id", "en"], help="language of text")
        r.add_argument("--jobs", type=int, default=0, help="worker processes (default: cores)")
        r.add_argument(
            "--out", default=None, help="output folder (default media/<lesson>/<quality>)"
        )
        r.add_argument("--force", action="store_true", help="render even when up to date")
        r.add_argument("--quiet", action="store_true", help="plain progress lines")
        r.set_defaults(func=_cmd_render, scenes=[])
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
