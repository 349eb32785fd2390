"""``lecture verify``: read the numbers back from the rendered pixels and compare with the sheet.

While a scene renders, its section-end snapshots record every number label: the expected
string, the time, and the label's box in pixels (``manifest.json``). Verification decodes
the frame shown at each section end, crops every box (with a margin, scaled up), reads it
with Tesseract OCR, normalises the text and compares it with the sheet's string.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import unicodedata
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from io import BytesIO
from pathlib import Path

import av
import numpy as np
from PIL import Image, ImageOps, ImageStat
from scipy import ndimage

from pipeline.manifest import Clip, Manifest
from pipeline.media import frame_image

__all__ = [
    "LabelCheck",
    "glyphs",
    "is_listing",
    "matches",
    "normalise",
    "read_glyphs",
    "read_label",
    "verify",
    "verify_clip",
]

MARGIN = 6  # white pixels (times four) around a label before OCR
HEIGHTS = (40, 48, 32)  # label heights to try, in pixels: the first reads best
SHORT_HEIGHTS = (56, 40, 24)  # more tries for labels of one to three characters
THRESHOLD = 150  # grey level splitting ink from background
# What Tesseract (trained on text fonts) makes of TeX's maths glyphs, mapped back.
_OCR_FIXES = [
    (r"[—–‒―−-]", "-"),
    (r"[·•×]", "*"),
    (r"[’'`´]", ""),
    (r"[Oo](?=[\d.])|(?<=[\d.])[Oo]", "0"),
    (r"(?<=\d)[Il|](?=\d)|(?<=\.)[Il|]|[Il|](?=\.\d)", "1"),
    (r"[Vv√]", "√"),
    (r"^(?:[~≈=]{1,2}|es|ee|as|ae|oe|2s|x)(?=\s*[-\d(√])", "≈"),
    (r"(?<=[-—−(])[\]|]|^[\]|]$", "1"),
    (r"[°º˚]|(?<=\d)[oO]$", "°"),
    (r"\.(?=\s+[-\d√])", ","),  # "(1. 2)": a comma read as a full stop
    (r"\s+", ""),
]


def normalise(text: str, ocr: bool = False) -> str:
    """Canonical form for comparing a label with what OCR read.

    Minus signs and dashes become ``-``, spacing goes, and (for OCR output) glyphs that
    Tesseract confuses are mapped back (``V`` for ``√``, ``O`` for ``0`` beside digits...).

    Examples
    --------
    >>> normalise("(1.2, −0.6)")
    '(1.2,-0.6)'
    >>> normalise("~ 1.79", ocr=True), normalise("4/V5", ocr=True)
    ('≈1.79', '4/√5')
    """
    text = unicodedata.normalize("NFKC", text)
    if not ocr:
        text = re.sub(r"[−–—]", "-", text).replace("·", "*")
        return re.sub(r"\s+", "", text)
    for pattern, repl in _OCR_FIXES:
        text = re.sub(pattern, repl, text)
    return text


def matches(expected: str, read: str, whole: bool = True) -> bool:
    r"""Whether OCR output `read` shows `expected`.

    Every character must be there, with allowances for glyphs Tesseract has no letter for: a
    root sign may come out as ``/``, the ``≈`` before a rounded value may be lost (a minus
    sign may not), and the brackets of ``√(…)`` are the bar TeX draws over the radicand. A
    code listing (more than one line) is compared as plain text, underscores left out
    (Tesseract reads ``_`` as a space).

    Examples
    --------
    >>> matches("2√5", "2/5"), matches("≈ 1.79", "1.79"), matches("−4", "4")
    (True, True, False)
    >>> matches("√(2² + 1²)", "V22+12"), matches("a_b = 1\nc", "a b = 1 c")
    (True, True)
    """
    if is_listing(expected):  # read as text, not maths; Tesseract reads "_" as a space
        want, got = (normalise(t).replace("_", "") for t in (expected, read))
        return want == got if whole else want in got
    want, got = _radicands(normalise(expected)), normalise(read, ocr=True)
    parts = {"√": "[√/]", "≈": "≈?", "*": "[*:.-]", "∞": "(?:∞|[oOcC0&8]{1,2})"}
    pattern = "".join(parts.get(c, re.escape(c)) for c in want)
    return bool(re.fullmatch(pattern, got) if whole else re.search(pattern, got))


def is_listing(text: str) -> bool:
    """Whether a label's sheet text is a code listing (more than one line), not a formula."""
    return "\n" in text


def _radicands(text: str) -> str:
    """`text` with each ``√(…)`` written as TeX draws it: the radicand under a bar, no brackets.

    >>> _radicands("√(2²+1²)/√(5)")
    '√2²+1²/√5'
    """
    out, closing, depth = [], [], 0
    for i, c in enumerate(text):
        if c == "(":
            depth += 1
            if i > 0 and text[i - 1] == "√":
                closing.append(depth)
                continue
        elif c == ")":
            depth -= 1
            if closing and closing[-1] == depth + 1:
                closing.pop()
                continue
        out.append(c)
    return "".join(out)


@dataclass
class LabelCheck:
    """One label at one section end: what should be there and what was read."""

    scene: str
    section: str
    time: float
    key: str
    expected: str
    read: str = ""
    box: list[int] = field(default_factory=list)
    kind: str = "part"

    @property
    def ok(self) -> bool:
        """Whether the read text matches (``text`` labels need only contain the value)."""
        return matches(self.expected, self.read, whole=self.kind != "text")


def _frames_at(video: Path, times: list[float]) -> dict[float, Image.Image]:
    """The frame shown just before each time (the last frame of a section)."""
    wanted = sorted(set(times))
    found: dict[float, Image.Image] = {}
    with av.open(str(video)) as c:
        stream = c.streams.video[0]
        half = 0.5 / float(stream.guessed_rate or stream.average_rate or 30)
        previous = None
        i = 0
        for frame in c.decode(stream):
            t = float(frame.time or 0.0)
            while i < len(wanted) and t > wanted[i] - half:
                found[wanted[i]] = frame_image(previous or frame)
                i += 1
            previous = frame
            if i == len(wanted):
                break
        while i < len(wanted) and previous is not None:
            found[wanted[i]] = frame_image(previous)
            i += 1
    return found


def prepare(
    image: Image.Image, box: list[int], height: int = HEIGHTS[0], factor: float | None = None
) -> Image.Image:
    """Crop a label, scale it to `height` pixels, make it black on white.

    Only the label's own box is kept (its neighbours are blanked), then a white margin is
    added around it.
    """
    left, top, right, bottom = box
    crop = image.crop(
        (
            max(left - 1, 0),
            max(top - 1, 0),
            min(right + 1, image.width),
            min(bottom + 1, image.height),
        )
    )
    gray = ImageOps.grayscale(crop)
    if ImageStat.Stat(gray).mean[0] < 128:  # light text on a dark frame
        gray = ImageOps.invert(gray)
    gray = ImageOps.autocontrast(gray, cutoff=1)
    scale = factor or height / max(gray.height, 1)
    size = (max(1, round(gray.width * scale)), max(1, round(gray.height * scale)))
    gray = gray.resize(size, Image.Resampling.BICUBIC)
    gray = gray.point(lambda v: 255 if v > THRESHOLD else 0)
    return ImageOps.expand(gray, border=MARGIN * 4, fill=255)


def is_bar(image: Image.Image) -> bool:
    """Whether the ink of a prepared label is one horizontal bar (a dash: no OCR needed)."""
    ink = ImageOps.invert(image.convert("L")).getbbox()
    if ink is None:
        return False
    width, height = ink[2] - ink[0], ink[3] - ink[1]
    return width > 3 * height


def read_label(image: Image.Image, psm: int = 7) -> str:
    """Tesseract's reading of one prepared label (`psm` 7: one line; 6: a block of text)."""
    exe = shutil.which("tesseract")
    if exe is None:
        raise RuntimeError("tesseract is not installed (make setup installs tesseract-ocr)")
    buf = BytesIO()
    image.save(buf, format="PNG")
    r = subprocess.run(
        [exe, "stdin", "stdout", "--psm", str(psm), "-l", "eng"],
        input=buf.getvalue(),
        capture_output=True,
        check=False,
    )
    return r.stdout.decode("utf-8", errors="replace").strip()


def spaced(image: Image.Image, gap: int) -> Image.Image:
    """The prepared label with `gap` white pixels between its glyph columns.

    Tesseract merges tight runs of brackets and digits ("(−1)(2)" read as "(-D(@)"); the
    same ink with air between the glyphs reads as written.
    """
    ink = np.asarray(image.convert("L")) < 128
    cols = np.any(ink, axis=0)  # one flag a column (ndarray.any is typed as maybe a scalar)
    runs: list[tuple[int, int]] = []
    start = None
    for x, on in enumerate([*cols, False]):
        if on and start is None:
            start = x
        elif not on and start is not None:
            runs.append((start, x))
            start = None
    width = sum(b - a for a, b in runs) + gap * (len(runs) + 1)
    out = Image.new("L", (width, image.height), 255)
    x = gap
    for a, b in runs:
        out.paste(image.convert("L").crop((a, 0, b, image.height)), (x, 0))
        x += b - a + gap
    return out


def glyphs(image: Image.Image) -> list[Image.Image]:
    """The prepared label cut into its glyphs, left to right, each at its place in the line.

    Tesseract reads TeX's sub- and superscripts as letters or drops them ("k₁" as "ky",
    "2²" as "2?"); one glyph at a time it reads them as the digits they are. A glyph is the
    ink that overlaps in columns (the two bars of "=", "÷"); a root sign keeps its hook and
    loses the bar over the radicand. Each crop spans the whole line's height, so a raised
    or lowered glyph stays where it was drawn.
    """
    ink = np.asarray(image.convert("L")) < 128
    rows = np.nonzero(ink.any(axis=1))[0]
    if rows.size == 0:
        return []
    top, bottom = int(rows[0]), int(rows[-1]) + 1
    labels, _ = ndimage.label(ink, structure=np.ones((3, 3)))
    pieces: list[tuple[int, int, int, np.ndarray]] = []  # left, right, top, ink
    for i, found in enumerate(ndimage.find_objects(labels)):
        if found is None:
            continue
        ys, xs = found
        mask = labels[found] == i + 1
        if xs.stop - xs.start > 2 * (ys.stop - ys.start) > (bottom - top):  # a root and its bar
            counts = mask.sum(axis=0)
            hook = np.nonzero(counts > 1.5 * np.median(counts))[0]
            if hook.size:
                mask = mask[:, : int(hook[-1]) + 1]
        pieces.append((xs.start, xs.start + mask.shape[1], ys.start, mask))
    pieces.sort(key=lambda p: p[0])
    groups: list[list[tuple[int, int, int, np.ndarray]]] = []
    for piece in pieces:
        if groups and piece[0] < max(p[1] for p in groups[-1]) - 1:
            groups[-1].append(piece)
        else:
            groups.append([piece])
    out = []
    for group in groups:
        left = min(p[0] for p in group)
        canvas = np.zeros((bottom - top, max(p[1] for p in group) - left), dtype=bool)
        for x, right, y, mask in group:
            canvas[y - top : y - top + mask.shape[0], x - left : right - left] |= mask
        glyph = Image.fromarray(np.where(canvas, 0, 255).astype(np.uint8))
        out.append(ImageOps.expand(glyph, border=MARGIN * 4, fill=255))
    return out


def read_glyphs(image: Image.Image) -> str:
    """Tesseract's reading of a prepared label one glyph at a time (``--psm 10``)."""
    return "".join(read_label(g, psm=10) for g in glyphs(image))


def _stacked(image: Image.Image) -> str:
    """Read a stacked fraction as ``numerator/denominator`` (top and bottom halves)."""
    ink = ImageOps.invert(image.convert("L")).getbbox() or (0, 0, image.width, image.height)
    mid = (ink[1] + ink[3]) // 2
    top = image.crop((0, 0, image.width, mid - 2))
    bottom = image.crop((0, mid + 3, image.width, image.height))
    pad = [ImageOps.expand(p, border=MARGIN * 4, fill=255) for p in (top, bottom)]
    return f"{read_label(pad[0])}/{read_label(pad[1])}"


def _readings(check: LabelCheck, frame: Image.Image) -> Iterator[tuple[Image.Image, str]]:
    """Ways to read the label, best first: (prepared crop, text read)."""
    listing = is_listing(check.expected)
    if check.kind == "text" or listing:  # running text, a listing: a block
        for factor in (2.0, 3.0, 1.5):
            image = prepare(frame, check.box, factor=factor)
            yield image, read_label(image, psm=6)
        if listing:
            return
    stacked = re.fullmatch(r"−?[\d.]+/[\d.]+", check.expected) is not None
    for height in HEIGHTS:
        image = prepare(frame, check.box, height)
        if check.expected == "—":  # an undefined readout: a dash, checked as a bar
            yield image, "—" if is_bar(image) else read_label(image)
            return
        yield image, read_label(image)
        if stacked:
            yield image, _stacked(prepare(frame, check.box, height * 2))
    # glyphs pulled apart: runs of brackets and digits, "(−1)(2) + (−1)(1)"
    for height in HEIGHTS:
        for gap in (12, 25):
            image = spaced(prepare(frame, check.box, height), gap)
            yield image, read_label(image)
    # Tesseract is least sure of very short labels ("5"): read them as one word at more sizes
    if len(normalise(check.expected)) <= 3:
        for height in SHORT_HEIGHTS:
            image = prepare(frame, check.box, height)
            yield image, read_label(image, psm=8)
    # last, one glyph at a time: scripts ("k₁", "2²") and glyphs Tesseract runs together
    for height in (*HEIGHTS, *SHORT_HEIGHTS):
        image = prepare(frame, check.box, height)
        yield image, read_glyphs(image)


def check_label(check: LabelCheck, frame: Image.Image) -> Image.Image:
    """Try the readings until one matches; keep the first reading and crop otherwise."""
    first = None
    for image, read in _readings(check, frame):
        if first is None:
            first, check.read = image, read
        if matches(check.expected, read, whole=check.kind != "text"):
            check.read = read
            break
    assert first is not None
    return first


def verify_clip(out: Path, clip: Clip, crops: Path | None = None) -> list[LabelCheck]:
    """Check every recorded label of one clip; save a crop PNG for each mismatch.

    Parameters
    ----------
    out : Path
        The render folder.
    clip : Clip
        The clip's manifest entry.
    crops : Path, optional
        Folder for the crops of mismatched labels.

    Returns
    -------
    list of LabelCheck
    """
    frames = _frames_at(out / clip.video, [s.time for s in clip.snapshots])
    jobs = []
    for snap in clip.snapshots:
        for label in snap.labels:
            # the sheet's string is the truth; the label's own text only for a scene without one
            expected = clip.numbers.get(label.key, label.text)
            check = LabelCheck(
                clip.scene,
                snap.section,
                snap.time,
                label.key,
                expected,
                box=list(label.box),
                kind=label.kind,
            )
            jobs.append((check, frames[snap.time]))
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:  # tesseract processes
        images = list(pool.map(lambda job: check_label(*job), jobs))
    for (check, _), image in zip(jobs, images, strict=True):
        if not check.ok and crops is not None:
            crops.mkdir(parents=True, exist_ok=True)
            name = f"{check.scene}_{check.section}_{check.key}.png"
            image.save(crops / re.sub(r"[^\w.-]", "_", name))
    return [check for check, _ in jobs]


def verify(out: Path, scenes: list[str] | None = None) -> list[LabelCheck]:
    """Check every clip of the render folder `out` (or only `scenes`).

    Crops of mismatched labels go to ``out/verify/``.
    """
    manifest = Manifest.load(out)
    if manifest is None:
        return []
    crops = out / "verify"
    shutil.rmtree(crops, ignore_errors=True)
    checks = []
    for scene, clip in manifest.clips.items():
        if not scenes or scene in scenes:
            checks += verify_clip(out, clip, crops)
    return checks
