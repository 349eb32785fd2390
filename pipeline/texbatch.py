"""A scene's new formulas typeset in one LaTeX run, not one run each.

Manim typesets a formula when a scene makes it: one ``latex`` and one ``dvisvgm`` process
per formula, about 0.22 CPU s, most of it the two programs starting. A hundred formulas in
one ``latex`` run (one page each) and one ``dvisvgm`` over its pages cost about 0.35 s in all.
But a scene makes its formulas one at a time, and which come next depends on the lesson.

So when a scene being rendered (or dry-run) asks for a formula that is not in its LaTeX
cache, :func:`batched` looks ahead: a clean process, forked from a server that has imported
manim and the project once (multiprocessing's forkserver, never a fork of the running
scene), makes the same scene again under the same manim configuration and goes through all
of it with animations and waits skipped (those its base class plays itself run, no frame
drawn), every formula answered with a stand-in drawing (about as wide as the formula, with
its parts), and sends back the TeX source of each formula missing from the cache, in order.
It writes no frame, sound or subtitle, and its texts go to a folder of its own (the voice's
takes it makes are the scene's, written whole or not at all). The scene's own process
typesets all of them in one run, puts each page's SVG into the cache under the name manim
gives it (the same file a single run makes, but for the ids of its font and page groups),
and goes on: the formulas that follow are found there.

The look-ahead goes to the scene's end, however long it takes: a batch depends on the lesson
and the code, never on the machine's load (the same lesson gives the same batches). What it
costs beyond its start (the server imports manim and the project once per scene process) is
the scene built once more without drawing a frame; the texts it makes on the way (Pango's,
made once a process: :mod:`scenes.memo`) are handed back with its list, and the scene does
not make them again. It draws a formula the cache has as it is, any other as a stand-in. A
formula it could not foresee (made in an animation it skipped, or chosen from a stand-in's
size) is typeset as manim does, alone: a look-ahead that went through the whole scene has
seen all another would (a second, drawing the first batch as it is, cost more than it saved
on a quiz scene: 27.4 CPU s against 20.1). Only one that stopped short (an error on a
stand-in's shape) is followed by another, when the scene asks for a missing formula
(:data:`BATCHES` at most). A batch that fails (a TeX error, a page too many or too few, a
look-ahead that could not start or died) leaves the formulas to manim, one by one, as
before. Only the standalone ``latex`` template (manim's default, :data:`DOCUMENTCLASS`) is
batched. Manim's formulas come through :func:`batched`'s ``tex_to_svg_file`` within its
block, installed by :func:`pipeline.manim_adapter.typesetting`.
"""

from __future__ import annotations

import contextlib
import hashlib
import multiprocessing
import multiprocessing.connection
import multiprocessing.forkserver as forkserver
import os
import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pipeline.sockets import short_socket_folder

__all__ = ["BATCHES", "DOCUMENTCLASS", "LIMIT", "PRELOAD", "Batch", "batched", "typeset"]

DOCUMENTCLASS = r"\documentclass[preview]{standalone}"
BATCHES = 4  # look-aheads per scene run at most: a scene that keeps choosing unforeseen formulas
# What the look-ahead's server imports once (a scene process starts one, the first time it
# looks ahead): manim and the scene kit; the scene's own module is imported by the look-ahead.
PRELOAD = ("manim", "scenes.base", "pipeline.worker", "pipeline.voice.narrator")
# Seconds a look-ahead may take before it is taken for hung (and its batch for failed): far
# above any scene's (the longest, a quiz, about 10 s on one core). Not a budget: a scene whose
# look-ahead ends does not depend on it.
LIMIT = 600.0
_PAGE = "lecturebatchpage"  # the environment each formula of a batch is one page of
_BEGIN, _END = "\\begin{document}\n", "\n\\end{document}"
# what the look-ahead does not do: it only goes through the scene's formulas
_SKIPPED = ("play", "wait", "add_subcaption", "add_sound", "next_section")
_GROUP = re.compile(r"dvisvgm:raw (<g id='[^']*'>|</g>)")


@dataclass
class Batch:
    """What one scene run's batches did (for the tests and the timings).

    Attributes
    ----------
    forks : int
        Look-aheads started (clean processes making the scene again to find its formulas).
    foreseen : int
        Formulas the look-aheads found missing (the one that started each batch included).
    typeset : int
        Formulas put into the cache by the batches.
    texts : int
        Texts the look-aheads made and handed back, which the scene then did not make.
    seconds : float
        Time spent waiting for look-aheads and typesetting batches.
    failed : bool
        A batch failed (a TeX error, say) or no look-ahead could start or end: manim
        typesets the rest one by one (and reports a TeX error as it does).
    batches : list of str
        Each batch, as the SHA-256 of its documents in order: what the lesson and the code
        decide, whatever the machine's load.
    """

    forks: int = 0
    foreseen: int = 0
    typeset: int = 0
    texts: int = 0
    seconds: float = 0.0
    failed: bool = False
    batches: list[str] = field(default_factory=list)
    _again: bool = field(default=True, repr=False)  # the last look-ahead stopped short


def _document(expression: str, environment: str | None, template: Any) -> str:
    if environment is not None:
        code: str = template.get_texcode_for_expression_in_env(expression, environment)
        return code
    code = template.get_texcode_for_expression(expression)
    return code


def _batchable(template: Any, code: str) -> bool:
    return (
        template.tex_compiler == "latex"
        and template.output_format == ".dvi"
        and code.startswith(DOCUMENTCLASS)
        and code.count(_BEGIN) == 1
        and code.endswith(_END)
    )


def _glyphs(code: str) -> int:
    """About how many glyphs a formula's document draws (a command or a character each)."""
    body = code.split(_BEGIN)[1] if _BEGIN in code else code
    body = re.sub(r"\\special\{[^{}]*\}|\\(begin|end)\{[^{}]*\}", "", body)
    body = re.sub(r"\\[A-Za-z]+", "x", body)
    return max(1, len(re.sub(r"[\s{}^_$&\\]", "", body)))


def _stand_in(code: str, folder: Path) -> Path:
    """An SVG about as wide as the formula, with the groups its TeX opens (MathTex's parts).

    A glyph is about 5 pt wide and 7 pt high at LaTeX's size, so that a scene laying out
    stand-ins breaks lines and fits columns much as it will with the formulas.
    """
    width = 5 * _glyphs(code)
    box = f"<path d='M0 0H{width}V-7H0Z'/>"
    body = "".join(
        f"<g id='{m.group(1)[7:-2]}'><path d='M0 0H1V-1H0Z'/>" if m.group(1) != "</g>" else "</g>"
        for m in _GROUP.finditer(code)
    )
    svg = folder / f"{abs(hash(code)):x}.svg"  # manim keeps parsed SVGs by file name
    svg.write_text(
        "<?xml version='1.0' encoding='UTF-8'?>\n"
        "<svg version='1.1' xmlns='http://www.w3.org/2000/svg' "
        f"width='{width}pt' height='7pt' viewBox='0 -7 {width} 7'>"
        f"<g id='page1'>{box}{body}</g></svg>",
        encoding="utf-8",
    )
    return svg


def typeset(codes: list[str], tex_dir: Path) -> int:
    """Typeset whole TeX documents (:data:`DOCUMENTCLASS`, one formula each) in one run.

    Each formula's SVG goes into `tex_dir` as ``<tex_hash(code)>.svg``, where manim looks for
    it: the same drawing a run of that document alone makes.

    Parameters
    ----------
    codes : list of str
        The documents, with the same preamble (manim's ``get_texcode_for_expression``).
    tex_dir : Path
        Manim's TeX folder.

    Returns
    -------
    int
        SVGs written: ``len(codes)``, or 0 when the run failed (nothing is written then).
    """
    from manim.utils.tex_file_writing import tex_hash

    if not codes:
        return 0
    preamble = codes[0].split(_BEGIN)[0]
    if any(c.split(_BEGIN)[0] != preamble for c in codes):
        return 0
    head = preamble.replace(
        DOCUMENTCLASS, f"\\documentclass[preview,multi={_PAGE}]{{standalone}}", 1
    )
    pages = "".join(
        f"\\begin{{{_PAGE}}}\n{c.split(_BEGIN)[1][: -len(_END)]}\n\\end{{{_PAGE}}}\n" for c in codes
    )
    source = f"{head}\\newenvironment{{{_PAGE}}}{{}}{{}}\n{_BEGIN}{pages}\\end{{document}}\n"
    with tempfile.TemporaryDirectory(prefix="lecture-tex-") as tmp:
        work = Path(tmp)
        (work / "b.tex").write_text(source, encoding="utf-8")
        run = subprocess.run(
            ["latex", "-interaction=batchmode", "-halt-on-error", "b.tex"],
            cwd=work,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        if run.returncode != 0:
            return 0
        run = subprocess.run(
            [
                "dvisvgm",
                "--page=1-",
                "--no-fonts",
                "--verbosity=0",
                "--output=page-%p",
                "b.dvi",
            ],
            cwd=work,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        made = sorted(work.glob("page-*.svg"), key=lambda p: int(p.stem.split("-")[1]))
        if run.returncode != 0 or len(made) != len(codes):
            return 0
        tex_dir.mkdir(parents=True, exist_ok=True)
        for code, svg in zip(codes, made, strict=True):
            target = tex_dir / f"{tex_hash(code)}.svg"
            text = svg.read_text(encoding="utf-8")
            text = re.sub(r"<g id='page\d+'>", "<g id='page1'>", text, count=1)
            aside = target.with_name(f"{target.stem}.{os.getpid()}.batch.svg")
            aside.write_text(text, encoding="utf-8")
            os.replace(aside, target)
    return len(codes)


def _is_text(mob: Any) -> bool:
    """Made without LaTeX (a Pango text): what a copy hands back (its formulas are stand-ins)."""
    from manim import SingleStringMathTex

    return not any(isinstance(part, SingleStringMathTex) for part in mob.get_family())


def _look_ahead(
    remake: Callable[[], Any],
    settings: Any,
    folder: str,
    send: multiprocessing.connection.Connection,
) -> None:
    """In the look-ahead: make the scene, go through it, send its missing formulas and texts.

    `remake` makes the scene (a new object, as the scene's process made it), `settings` is
    that process's manim configuration, `folder` a folder of the look-ahead's own (stand-ins
    and texts). A formula in the LaTeX cache is drawn from it, any other is a stand-in. What
    is sent is a tuple (documents, texts, whole): the TeX documents missing from the cache,
    in the order the scene asks for them, the texts made (by :func:`scenes.memo.pristine`
    key), and whether it went through the whole scene (not stopped by an error on a
    stand-in's shape); or None if the scene could not be made.
    """
    from manim import config
    from manim.utils.tex_file_writing import tex_hash

    from pipeline import manim_adapter
    from pipeline.manim_adapter import typesetting
    from scenes import memo

    manim_adapter.install()  # as the scene's process has them
    config.update(settings)
    config.dry_run = True  # no frame, movie or image
    # its texts go to a folder of its own: manim reads a text's file back by name
    config.text_dir = str(Path(folder) / "texts")
    Path(folder).mkdir(parents=True, exist_ok=True)  # the stand-ins
    tex = config.get_dir("tex_dir")
    found: list[str] = []

    def tex_to_svg_file(
        expression: str, environment: str | None = None, tex_template: Any = None
    ) -> Path:
        template = tex_template if tex_template is not None else config["tex_template"]
        code = _document(expression, environment, template)
        svg = tex / f"{tex_hash(code)}.svg"
        if svg.exists():
            return svg
        if code not in found and _batchable(template, code):
            found.append(code)
        return _stand_in(code, Path(folder))

    try:
        with typesetting(tex_to_svg_file):
            scene = remake()
            for name in _SKIPPED:
                setattr(scene, name, lambda *a, **k: None)
            # the scene's own calls of manim's play (its base class's) still run, each frame
            # computed but none drawn: only mobjects are read here, never pixels
            scene.renderer.update_frame = lambda *a, **k: None
            scene.renderer.save_static_frame_data = lambda *a, **k: None
            whole = True
            try:
                scene.render()
            except Exception:  # it stopped on a stand-in's shape: what it found is kept
                whole = False
    except Exception:  # the scene could not be made: nothing foreseen
        send.send(None)
        return
    texts = {key: mob for key, mob in memo.made_since(frozenset()).items() if _is_text(mob)}
    send.send((found, texts, whole))


def _start_look_ahead(
    remake: Callable[[], Any], folder: Path
) -> tuple[multiprocessing.process.BaseProcess, multiprocessing.connection.Connection]:
    """A look-ahead of the scene `remake` makes, in a clean process of the forkserver."""
    from manim import config

    short_socket_folder()  # the server's socket path must fit, whatever TMPDIR is
    ctx = multiprocessing.get_context("forkserver")
    if getattr(forkserver._forkserver, "_forkserver_pid", None) is None:  # not started here yet
        ctx.set_forkserver_preload(list(PRELOAD))
    receive, send = ctx.Pipe(duplex=False)
    proc = ctx.Process(
        target=_look_ahead, args=(remake, config.copy(), str(folder), send), daemon=True
    )
    proc.start()
    send.close()
    return proc, receive


def _wait(
    proc: multiprocessing.process.BaseProcess, receive: multiprocessing.connection.Connection
) -> tuple[list[str], dict[Any, Any], bool] | None:
    """What the look-ahead sent: its documents, texts, whole; None if it failed or hung."""
    got: tuple[list[str], dict[Any, Any], bool] | None = None
    try:
        if receive.poll(LIMIT):
            got = receive.recv()
    except (EOFError, OSError):  # it died before sending
        got = None
    finally:
        receive.close()
        proc.join(5.0)
        if proc.is_alive():
            proc.kill()
            proc.join()
    return got


def _digest(codes: list[str]) -> str:
    """A batch's name: the SHA-256 of its documents, in order."""
    return hashlib.sha256("\0".join(codes).encode("utf-8")).hexdigest()


@contextlib.contextmanager
def batched(scene: Any, remake: Callable[[], Any] | None) -> Iterator[Batch]:
    """Within: `scene`'s missing formulas are typeset in batches (see the module's text).

    Parameters
    ----------
    scene : manim.Scene
        The scene about to be rendered (``scene.render()`` inside the block).
    remake : callable or None
        Makes the same scene again in another process, with no arguments (picklable: a
        module-level function or class, or a :func:`functools.partial` of one), under the
        manim configuration of the block. None: no look-ahead, manim typesets each formula.

    Yields
    ------
    Batch
        What the batches did, filled in as the scene runs.
    """
    from manim import config
    from manim.utils.tex_file_writing import tex_hash
    from manim.utils.tex_file_writing import tex_to_svg_file as manims

    from pipeline.manim_adapter import typesetting
    from scenes import memo

    stats = Batch()
    folder = Path(tempfile.mkdtemp(prefix="lecture-look-ahead-"))

    def tex_to_svg_file(
        expression: str, environment: str | None = None, tex_template: Any = None
    ) -> Path:
        template = tex_template if tex_template is not None else config["tex_template"]
        code = _document(expression, environment, template)
        tex = config.get_dir("tex_dir")
        if (
            remake is None
            or (tex / f"{tex_hash(code)}.svg").exists()
            or not _batchable(template, code)
            or stats.failed
            or not stats._again
            or stats.forks >= BATCHES
        ):
            return manims(expression, environment, template)
        t0 = time.perf_counter()
        stats.forks += 1
        try:
            got = _wait(*_start_look_ahead(remake, folder / str(stats.forks)))
        except OSError:  # no process to spare: manim typesets this one and the rest alone
            got = None
        found, texts, whole = got if got is not None else ([], {}, False)
        # a look-ahead that went through the whole scene foresaw all it can: another would
        # see the same (a formula made in an animation it skipped, say, is manim's to make)
        stats._again = not whole
        have = memo.made_keys()
        kept = {k: mob for k, mob in texts.items() if k not in have}
        if kept:
            memo.keep(kept, here=True)
        stats.texts += len(kept)
        codes = [code, *(c for c in found if c != code)]
        wanted = [c for c in dict.fromkeys(codes) if not (tex / f"{tex_hash(c)}.svg").exists()]
        stats.foreseen += len(wanted)
        stats.batches.append(_digest(wanted))
        done = typeset(wanted, tex)
        stats.typeset += done
        stats.failed = got is None or (bool(wanted) and not done)
        stats.seconds += time.perf_counter() - t0
        return manims(expression, environment, template)

    try:
        with typesetting(tex_to_svg_file):  # MathTex's formulas come through it
            yield stats
    finally:
        shutil.rmtree(folder, ignore_errors=True)
