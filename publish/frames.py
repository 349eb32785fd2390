"""``lecture frames``: a contact sheet, the last frame of every step of every scene in one PNG.

Each scene starts a row of tiles (a scene with more steps than columns goes on over the next
row), in lesson order; under each tile its label: the scene's name and the step's number, then
the step's title from the catalogue (what its slide is called), wrapped to two lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import av
from PIL import Image, ImageDraw, ImageFont

from lesson.catalogue import step_title
from pipeline.files import replacing
from pipeline.manifest import Manifest
from pipeline.media import frame_image

__all__ = [
    "COLORS",
    "TILE_WIDTH",
    "Box",
    "ContactSheet",
    "Grid",
    "Tile",
    "contact_sheet",
    "final_frame",
    "font",
    "grid",
    "plan",
    "wrap",
]

Box = tuple[int, int, int, int]  # left, top, right, bottom (right and bottom exclusive)

TILE_WIDTH = 320  # pixels; a 16:9 frame becomes 320 x 180
MAX_COLUMNS = 8  # a scene with more steps wraps onto the next row
GAP = 12  # between tiles, and between a tile's label and the next row
MARGIN = 16  # around the sheet
PAD = 5  # inside a label band
SCENE_SIZE, TITLE_SIZE, HEADING_SIZE = 14, 16, 22  # font sizes, pixels
TITLE_LINES = 2  # a step title wraps to at most this many lines
LINE = 1.25  # line height / font size
NOTE_SIZE = 14  # the line under the heading
COLORS = 256  # a palette PNG: the sheet of the default lesson stays under a megabyte
BACKGROUND = (0x10, 0x14, 0x18)  # the scenes' own background
BORDER = (0x3A, 0x42, 0x4C)  # a frame round each tile (a dark frame stays a tile)
SCENE_INK = (0xB8, 0xC0, 0xCC)  # 10:1 on the background (WCAG 2.x)
TITLE_INK = (0xF2, 0xF2, 0xF2)  # 16.5:1
FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}  # Debian's fonts-dejavu


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """DejaVu Sans at `size` pixels (Pillow finds it among the system's fonts).

    Where DejaVu is not installed, Pillow's own scalable default font at the same size.
    """
    try:
        return ImageFont.truetype(FONT_FILES[bold], size)
    except OSError:
        return ImageFont.load_default(size=size)


def heading_height() -> int:
    """Height in pixels of the band above the tiles: the heading, the note and a gap."""
    return round(LINE * HEADING_SIZE) + round(LINE * NOTE_SIZE) + GAP


def label_height() -> int:
    """Height in pixels of a tile's label band: the scene line and the title lines."""
    return 2 * PAD + round(LINE * SCENE_SIZE) + TITLE_LINES * round(LINE * TITLE_SIZE)


@dataclass(frozen=True)
class Grid:
    """Where the tiles go: the sheet's size and, per scene, a frame box and a label box per step.

    Attributes
    ----------
    size : tuple of int
        Width and height of the sheet in pixels.
    cells : tuple of tuple of (Box, Box)
        For every scene (in the order given), for every step: the frame's box and the box of
        its label below it.
    """

    size: tuple[int, int]
    cells: tuple[tuple[tuple[Box, Box], ...], ...]


def grid(
    counts: Sequence[int],
    columns: int,
    tile: tuple[int, int],
    label: int,
    top: int = 0,
    gap: int = GAP,
    margin: int = MARGIN,
) -> Grid:
    """Lay out one row (or more) of tiles per scene.

    Parameters
    ----------
    counts : sequence of int
        Steps of each scene, in lesson order (each at least 1).
    columns : int
        Tiles in a row; a scene with more steps goes on over the next row.
    tile : tuple of int
        Width and height of a frame's tile in pixels.
    label : int
        Height of the label band under each tile.
    top : int
        Height kept free above the tiles (for a heading).
    gap, margin : int
        Space between tiles and round the sheet.

    Returns
    -------
    Grid

    Raises
    ------
    ValueError
        For no scenes, a scene without steps, fewer than one column or an empty tile.

    Examples
    --------
    >>> g = grid([3, 1], columns=2, tile=(32, 18), label=10, gap=2, margin=4)
    >>> g.size
    (74, 96)
    >>> [[frame for frame, _ in scene] for scene in g.cells]
    [[(4, 4, 36, 22), (38, 4, 70, 22), (4, 34, 36, 52)], [(4, 64, 36, 82)]]
    """
    if not counts:
        raise ValueError("no scenes to lay out")
    if min(counts) < 1:
        raise ValueError(f"a scene without steps: {list(counts)}")
    if columns < 1 or min(tile) < 1 or label < 0:
        raise ValueError(f"bad grid: {columns} columns, tile {tile}, label {label}")
    w, h = tile
    row_height = h + label + gap
    cells = []
    row = 0
    for count in counts:
        scene = []
        for i in range(count):
            r, c = row + i // columns, i % columns
            x, y = margin + c * (w + gap), margin + top + r * row_height
            scene.append(((x, y, x + w, y + h), (x, y + h, x + w, y + h + label)))
        cells.append(tuple(scene))
        row += -(-count // columns)  # whole rows
    width = 2 * margin + columns * w + (columns - 1) * gap
    height = 2 * margin + top + row * row_height - gap
    return Grid((width, height), tuple(cells))


def wrap(
    text: str, width: int, lines: int, size: int = TITLE_SIZE, bold: bool = False
) -> list[str]:
    """`text` broken at spaces into at most `lines` lines no wider than `width` pixels.

    What does not fit ends the last line with an ellipsis (a word too long for a line is cut).
    Widths are measured in DejaVu Sans (bold when `bold`) at `size` pixels.

    Examples
    --------
    >>> wrap("Hasil kali titik sebagai bayangan", 1000, 2)
    ['Hasil kali titik sebagai bayangan']
    >>> lines = wrap("Hasil kali titik sebagai bayangan", 80, 2)
    >>> len(lines), lines[0].startswith("Hasil"), lines[-1].endswith("…")
    (2, True, True)
    >>> all(font(TITLE_SIZE).getlength(line) <= 80 for line in lines)
    True
    """
    f = font(size, bold)

    def fits(s: str) -> bool:
        return f.getlength(s) <= width

    out: list[str] = []
    words = text.split()
    while words:
        line = words.pop(0)
        while words and fits(f"{line} {words[0]}"):
            line = f"{line} {words.pop(0)}"
        if len(out) == lines - 1 and (words or not fits(line)):
            rest = " ".join([line, *words])
            while rest and not fits(rest + "…"):
                rest = rest[:-1].rstrip()
            out.append(rest + "…")
            return out
        while not fits(line):  # one word wider than the line
            line = line[:-1]
        out.append(line)
    return out


@dataclass(frozen=True)
class Tile:
    """One step on the contact sheet.

    Attributes
    ----------
    scene, step : str
        The scene and the step (section) name.
    index : int
        The step's place in its scene, from 0.
    title : str
        The step's title from the catalogue.
    video : Path
        The step's section clip.
    frame, label : Box
        Where its last frame and its label sit on the sheet.
    """

    scene: str
    step: str
    index: int
    title: str
    video: Path
    frame: Box
    label: Box

    @property
    def caption(self) -> str:
        """The label's first line: the scene and the step's number (from 1)."""
        return f"{self.scene} · {self.index + 1:02d}"


@dataclass(frozen=True)
class ContactSheet:
    """A written contact sheet: its file, its size and its tiles in lesson order."""

    path: Path
    size: tuple[int, int]
    tiles: tuple[Tile, ...]

    @property
    def scenes(self) -> list[str]:
        """The scenes shown, in order."""
        return list(dict.fromkeys(t.scene for t in self.tiles))


def plan(
    out: Path,
    manifest: Manifest,
    lang: str,
    tile_width: int = TILE_WIDTH,
    columns: int | None = None,
    heading: bool = True,
) -> tuple[tuple[int, int], list[Tile]]:
    """The sheet's size and its tiles for the section clips of a render folder.

    Parameters
    ----------
    out : Path
        The render folder.
    manifest : Manifest
        Its manifest (the clips to show, in lesson order).
    lang : str
        Language of the step titles.
    tile_width : int
        Width of a tile in pixels; the height keeps the video's aspect ratio.
    columns : int, optional
        Tiles in a row (default: the most steps of a scene shown, at most 8).
    heading : bool
        Keep a band for a heading above the tiles.

    Returns
    -------
    tuple
        ``((width, height), tiles)``.

    Raises
    ------
    ValueError
        When the manifest has no clips, or a clip no sections.
    """
    clips = list(manifest.clips.values())
    if not clips:
        raise ValueError("no rendered scenes to show")
    first = clips[0]
    tile = (tile_width, round(tile_width * first.height / first.width))
    counts = [len(c.sections) for c in clips]
    cols = columns or min(max(counts), MAX_COLUMNS)
    g = grid(counts, cols, tile, label_height(), top=heading_height() if heading else 0)
    tiles = [
        Tile(
            scene=clip.scene,
            step=section.name,
            index=section.index,
            title=step_title(clip.scene, section.name, lang),
            video=out / section.file,
            frame=frame,
            label=label,
        )
        for clip, cells in zip(clips, g.cells, strict=True)
        for section, (frame, label) in zip(clip.sections, cells, strict=True)
    ]
    return g.size, tiles


def final_frame(video: Path) -> Image.Image:
    """The last frame of `video`, decoded with PyAV.

    Raises
    ------
    ValueError
        When the video has no frames.
    """
    last = None
    with av.open(str(video)) as c:
        for f in c.decode(video=0):
            last = f
    if last is None:
        raise ValueError(f"{video}: no video frames")
    return frame_image(last).convert("RGB")


def _draw_label(draw: ImageDraw.ImageDraw, tile: Tile) -> None:
    x, y = tile.label[0] + PAD, tile.label[1] + PAD
    width = tile.label[2] - tile.label[0] - 2 * PAD
    draw.text((x, y), tile.caption, font=font(SCENE_SIZE), fill=SCENE_INK)
    y += round(LINE * SCENE_SIZE)
    for line in wrap(tile.title, width, TITLE_LINES, TITLE_SIZE, bold=True):
        draw.text((x, y), line, font=font(TITLE_SIZE, bold=True), fill=TITLE_INK)
        y += round(LINE * TITLE_SIZE)


def contact_sheet(
    out: Path,
    manifest: Manifest,
    lang: str,
    target: Path,
    heading: str = "",
    note: str = "",
    tile_width: int = TILE_WIDTH,
    columns: int | None = None,
    colors: int | None = COLORS,
) -> ContactSheet:
    """Write the contact sheet of a render folder: every step's last frame, labelled.

    Parameters
    ----------
    out : Path
        The render folder.
    manifest : Manifest
        Its manifest, keeping the clips to show (in lesson order).
    lang : str
        Language of the step titles.
    target : Path
        The PNG to write (atomically: written aside, then moved into place).
    heading, note : str
        A line above the tiles (none when empty; cut with an ellipsis where it is wider than
        the sheet) and a smaller line under it.
    tile_width : int
        Width of a tile in pixels.
    columns : int, optional
        Tiles in a row (default: the most steps of a scene shown, at most 8).
    colors : int, optional
        Write a palette PNG of at most this many colours (an octree palette fitted to the
        sheet, no dithering; about a quarter of the full-colour file for the default lesson,
        off by 0.6 of 255 on average); None writes full colour.

    Returns
    -------
    ContactSheet
    """
    size, tiles = plan(out, manifest, lang, tile_width, columns, heading=bool(heading))
    sheet = Image.new("RGB", size, BACKGROUND)
    draw = ImageDraw.Draw(sheet)
    if heading:
        width = size[0] - 2 * MARGIN
        line = wrap(heading, width, 1, HEADING_SIZE, bold=True)[0]
        draw.text((MARGIN, MARGIN), line, font=font(HEADING_SIZE, bold=True), fill=TITLE_INK)
        y = MARGIN + round(LINE * HEADING_SIZE)
        for line in wrap(note, width, 1, NOTE_SIZE)[:1]:
            draw.text((MARGIN, y), line, font=font(NOTE_SIZE), fill=SCENE_INK)
    for t in tiles:
        x0, y0, x1, y1 = t.frame
        image = final_frame(t.video).resize((x1 - x0, y1 - y0), Image.Resampling.LANCZOS)
        sheet.paste(image, (x0, y0))
        draw.rectangle((x0 - 1, y0 - 1, x1, y1), outline=BORDER)
        _draw_label(draw, t)
    image = (
        sheet.quantize(colors, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        if colors
        else sheet
    )
    with replacing(target) as tmp:
        image.save(tmp, format="PNG", optimize=True)
    return ContactSheet(target, size, tuple(tiles))
