"""A scene's new formulas typeset in one LaTeX run, not one run each.

Manim typesets a formula when a scene makes it: one ``latex`` and one ``dvisvgm`` process
per formula, about 0.22 CPU s, most of it the two programs starting. A hundred formulas in
one ``latex`` run (one page each) and one ``dvisvgm`` over its pages cost about 0.35 s in all.
But a scene makes its formulas one at a time, and which come next depends on the lesson.

So when a scene being rendered (or dry-run) asks for a formula that is not in its LaTeX
cache, :func:`batched` forks the process. The copy goes on with the scene from that point,
with animations and waits skipped and every formula it asks for answered with a stand-in
drawing, and sends back the TeX source of each it lacks; it then exits. It writes no frame,
sound or subtitle, and its texts go to a folder of its own (the voice's takes it makes are
the scene's, written whole or not at all). The scene's own process typesets the formula it
asked for and all those in one run, puts each page's SVG into the cache under the name manim
gives it (the same file a single run makes, but for the ids of its font and page groups), and
goes on: the formulas that follow are found in the cache.

The copy builds the rest of the scene, which the scene then builds again: it is worth it
only while it finds formulas faster than LaTeX would typeset them. The texts it makes on the
way (Pango's, made once a process: :mod:`scenes.memo`) are the scene's own: a copy writes
them to a file when it ends (at the scene's end, or when the scene stops it), and the scene
takes them and does not make them again (its formulas are stand-ins and stay in the copy).
So the scene stops its copy when it has sent fewer than :data:`RATE` formulas a second of
the time it did not spend making texts (after :data:`GRACE` seconds), keeps what it sent,
and forks no more. A formula the copy could not foresee (the scene chose it from a
stand-in's size, or the copy stopped on a stand-in's shape) is
typeset as manim does, or starts the next batch (:data:`BATCHES` at most). A batch that
fails (a TeX error, a page too many or too few) leaves the formulas to manim, one by one, as
before. Only the standalone ``latex`` template (manim's default, :data:`DOCUMENTCLASS`) is
batched. Manim's formulas come through :func:`batched`'s ``tex_to_svg_file`` within its
block, installed by :func:`pipeline.manim_adapter.typesetting`.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import re
import select
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["BATCHES", "DOCUMENTCLASS", "GRACE", "RATE", "STOP_WAIT", "Batch", "batched", "typeset"]

DOCUMENTCLASS = r"\documentclass[preview]{standalone}"
BATCHES = 4  # forks per scene run at most: a scene that keeps choosing unforeseen formulas
# A formula typeset alone costs about 0.2 s of LaTeX, so a copy that finds fewer than 5 a
# second costs more than it saves (it builds the rest of the scene, which the scene then
# builds again). A copy is stopped when its rate falls under RATE (after GRACE seconds), and
# a scene whose copy was stopped forks no more: with a margin, 8.
RATE = 8.0
GRACE = 0.5
STOP_WAIT = 5.0  # seconds a stopped copy has to hand back its texts before it is killed
_PAGE = "lecturebatchpage"  # the environment each formula of a batch is one page of
_BEGIN, _END = "\\begin{document}\n", "\n\\end{document}"
# what the copy of a scene's process does not do: it only goes through the scene's formulas
_SKIPPED = ("play", "wait", "add_subcaption", "add_sound", "next_section")
_GROUP = re.compile(r"dvisvgm:raw (<g id='[^']*'>|</g>)")
_MADE = re.compile(rb"\x03([0-9.]+)\x03")  # a copy made a mobject, in so many seconds


@dataclass
class Batch:
    """What one scene run's batches did (for the tests and the timings).

    Attributes
    ----------
    forks : int
        Copies of the scene's process started to find the formulas ahead.
    foreseen : int
        Formulas the copies found missing (the one that started each batch included).
    typeset : int
        Formulas put into the cache by the batches.
    texts : int
        Texts the copies made and handed back, which the scene then did not make.
    seconds : float
        Time spent waiting for copies and typesetting batches.
    failed : bool
        A batch failed (a TeX error, say) or no copy could be forked: manim typesets the
        rest one by one (and reports a TeX error as it does).
    """

    forks: int = 0
    foreseen: int = 0
    typeset: int = 0
    texts: int = 0
    seconds: float = 0.0
    failed: bool = False
    _child: Any = field(default=None, repr=False)  # the pipe a copy writes its list to
    _worth: bool = field(default=True, repr=False)  # the last copy found enough


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


def _read_list(fd: int, pid: int) -> tuple[list[str], bool]:
    """The documents the copy sends (NUL-separated), and whether it was stopped.

    The copy is stopped when it has run :data:`GRACE` seconds, not counting the time it spent
    making formulas and texts (stand-ins, and texts it hands back: :func:`_hand_back`), and
    sent fewer than :data:`RATE` documents a second of the rest: it is asked to hand back its
    texts and end (``SIGUSR1``), and killed if it has not ended :data:`STOP_WAIT` seconds
    later. What it has sent is kept.
    """
    data = b""
    start = time.perf_counter()
    making: float | None = None  # since when the copy has been making a mobject
    stopped: float | None = None  # when it was asked to end
    while True:
        now = time.perf_counter()
        if stopped is None:
            made = _MADE.findall(data)
            if data.count(b"\x02") > len(made):
                making = now if making is None else making
            else:
                making = None
            spent = now - start - sum(map(float, made)) - (now - making if making else 0.0)
            if spent > GRACE and data.count(b"\0") < RATE * spent:
                os.kill(pid, signal.SIGUSR1)
                stopped = now
        elif now - stopped > STOP_WAIT:
            os.kill(pid, signal.SIGKILL)
            break
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            data += chunk
    os.close(fd)
    with contextlib.suppress(ChildProcessError):  # reaped already (a SIGCHLD handler's)
        os.waitpid(pid, 0)
    data = _MADE.sub(b"", data).replace(b"\x02", b"")
    return [c for c in data.decode("utf-8", "replace").split("\0")[:-1] if c], stopped is not None


def _hand_back(path: Path, before: frozenset[Any]) -> None:
    """In the copy: write the texts it made since the fork (`before`) to `path`, in one rename.

    Only those made without LaTeX: the copy's formulas are stand-ins.
    """
    from pipeline.files import atomic_write
    from scenes import memo

    texts = {key: mob for key, mob in memo.made_since(before).items() if _is_text(mob)}
    if texts:
        atomic_write(path, pickle.dumps(texts, protocol=pickle.HIGHEST_PROTOCOL))


def _is_text(mob: Any) -> bool:
    """Made without LaTeX (a Pango text): what a copy hands back (its formulas are stand-ins)."""
    from manim import SingleStringMathTex

    return not any(isinstance(part, SingleStringMathTex) for part in mob.get_family())


def _tell_making(pipe: Any, mob: Any, seconds: float) -> None:
    """In the copy: a mobject being made (byte 2), then made and its seconds (3, digits, 3).

    That time is not lost: the copy hands its texts back, and its formulas are stand-ins.
    """
    pipe.write(b"\x02" if mob is None else b"\x03%.4f\x03" % seconds)


def _take_back(path: Path) -> int:
    """In the scene's process: keep the texts its copy made (none if it was stopped first)."""
    from scenes import memo

    try:
        texts = pickle.loads(path.read_bytes())
    except FileNotFoundError:
        return 0
    path.unlink()
    memo.keep(texts, here=True)
    return len(texts)


@contextlib.contextmanager
def batched(scene: Any) -> Iterator[Batch]:
    """Within: `scene`'s missing formulas are typeset in batches (see the module's text).

    Parameters
    ----------
    scene : manim.Scene
        The scene about to be rendered (``scene.render()`` inside the block).

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
    own_construct = scene.construct
    stand_ins = Path(tempfile.mkdtemp(prefix="lecture-stand-in-"))
    seen: set[str] = set()  # documents the copy already sent
    before: list[frozenset[Any]] = []  # in the copy: the texts made before the fork

    def finish_copy() -> None:
        # the texts it made, for the scene, which would make each again; then no clean-up
        # of the scene's process: the copy shares its files
        with contextlib.suppress(Exception):
            _hand_back(stand_ins / f"texts-{os.getpid()}.pickle", before[0])
        os._exit(0)

    def construct() -> None:
        try:
            own_construct()
        finally:
            if stats._child is not None:
                finish_copy()

    def tex_to_svg_file(
        expression: str, environment: str | None = None, tex_template: Any = None
    ) -> Path:
        template = tex_template if tex_template is not None else config["tex_template"]
        code = _document(expression, environment, template)
        tex = config.get_dir("tex_dir")
        svg = tex / f"{tex_hash(code)}.svg"
        if stats._child is not None:  # the copy: note what is missing, draw a stand-in
            if not svg.exists() and _batchable(template, code) and code not in seen:
                seen.add(code)
                stats._child.write(code.encode("utf-8") + b"\0")
            return _stand_in(code, stand_ins)
        if (
            svg.exists()
            or not _batchable(template, code)
            or stats.failed
            or not stats._worth
            or stats.forks >= BATCHES
        ):
            return manims(expression, environment, template)
        t0 = time.perf_counter()
        stats.forks += 1
        read, write = os.pipe()
        try:
            pid = os.fork()
        except OSError:  # no process to spare: manim typesets this one and the rest alone
            os.close(read)
            os.close(write)
            stats.failed = True
            return manims(expression, environment, template)
        if pid == 0:  # the copy goes on with the scene, drawing, playing and showing nothing
            os.close(read)
            stats._child = os.fdopen(write, "wb", buffering=0)  # each as it is found
            quiet = os.open(os.devnull, os.O_WRONLY)
            os.dup2(quiet, 1)
            os.dup2(quiet, 2)
            for name in _SKIPPED:
                setattr(scene, name, lambda *a, **k: None)
            # its texts go to a folder of its own: it may be stopped in the middle of writing
            # one, and manim reads a text's file back by name
            config.text_dir = str(stand_ins / "texts")
            before.append(memo.made_keys())
            memo.watch(lambda mob, seconds: _tell_making(stats._child, mob, seconds))
            signal.signal(signal.SIGUSR1, lambda *_: finish_copy())  # stopped: hand back, end
            seen.add(code)
            return _stand_in(code, stand_ins)
        os.close(write)
        found, stopped = _read_list(read, pid)
        stats.texts += _take_back(stand_ins / f"texts-{pid}.pickle")
        stats._worth = not stopped
        codes = [code, *(c for c in found if c != code)]
        wanted = [c for c in dict.fromkeys(codes) if not (tex / f"{tex_hash(c)}.svg").exists()]
        stats.foreseen += len(wanted)
        done = typeset(wanted, tex)
        stats.typeset += done
        stats.failed = bool(wanted) and not done
        stats.seconds += time.perf_counter() - t0
        return manims(expression, environment, template)

    scene.construct = construct
    try:
        with typesetting(tex_to_svg_file):  # MathTex's formulas come through it
            yield stats
    finally:
        vars(scene).pop("construct", None)
        shutil.rmtree(stand_ins, ignore_errors=True)
