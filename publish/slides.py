"""``lecture slides``: a PPTX deck and an offline HTML deck, one slide per section clip."""

from __future__ import annotations

import io
import json
import shutil
import urllib.parse
from pathlib import Path
from typing import TYPE_CHECKING

from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.util import Emu, Inches, Length, Pt

from lesson.catalogue import catalogue
from lesson.model import Lesson
from pipeline.files import atomic_write
from pipeline.media import last_frame
from publish.assemble import to_vtt
from publish.folder import built_aside
from publish.page import lesson_title
from publish.sections import SectionClip
from publish.templates import render

if TYPE_CHECKING:
    from pptx.slide import Slide

__all__ = ["posters", "write_html_deck", "write_pptx"]

SLIDE_W, SLIDE_H = Inches(13.333), Inches(7.5)
# python-pptx leaves RGBColor's constructor untyped
BACKGROUND = RGBColor(0x10, 0x14, 0x18)  # type: ignore[no-untyped-call]
TEXT = RGBColor(0xF2, 0xF2, 0xF2)  # type: ignore[no-untyped-call]


def posters(sections: list[SectionClip], folder: Path) -> dict[str, Path]:
    """The last frame of each section clip as ``<stem>.png`` in `folder` (kept if current)."""
    folder.mkdir(parents=True, exist_ok=True)
    out = {}
    for s in sections:
        png = folder / f"{s.stem}.png"
        if not png.exists() or png.stat().st_mtime < s.video.stat().st_mtime:
            last_frame(s.video, png)
        out[s.stem] = png
    return out


def _dark(slide: Slide) -> None:
    fill = slide.background.fill
    fill.solid()
    fill.fore_color.rgb = BACKGROUND


def _text(
    slide: Slide, text: str, top: Length, height: Length, size: int, bold: bool = False
) -> None:
    box = slide.shapes.add_textbox(Inches(0.5), top, Emu(SLIDE_W - Inches(1.0)), height)
    frame = box.text_frame
    frame.word_wrap = True
    frame.text = text
    for p in frame.paragraphs:
        for run in p.runs:
            run.font.size, run.font.bold = Pt(size), bold
            run.font.color.rgb = TEXT


def write_pptx(
    lesson: Lesson, sections: list[SectionClip], stills: dict[str, Path], lang: str, path: Path
) -> Path:
    """Write the PPTX deck: a title slide, then one slide per section with its clip embedded.

    Parameters
    ----------
    lesson : Lesson
        The lesson (title).
    sections : list of SectionClip
        Section clips in lesson order.
    stills : dict
        Poster PNG per section stem.
    lang : str
        Language of the title slide's text.
    path : Path
        Where to write the ``.pptx`` (atomically).

    Returns
    -------
    Path
    """
    strings = catalogue(lang)
    prs = Presentation()
    prs.slide_width, prs.slide_height = SLIDE_W, SLIDE_H
    blank = prs.slide_layouts[6]
    title = prs.slides.add_slide(blank)
    _dark(title)
    _text(
        title,
        lesson_title(lesson, lang),
        Inches(2.2),
        Inches(1.6),
        40,
        bold=True,
    )
    _text(title, strings["deck_goal"], Inches(4.0), Inches(1.5), 22)
    for s in sections:
        slide = prs.slides.add_slide(blank)
        _dark(slide)
        _text(slide, s.title, Inches(0.25), Inches(0.8), 26, bold=True)
        # 16:9 movie under the title, centred
        height = SLIDE_H - Inches(1.35)
        width = Emu(int(height * 16 / 9))
        left = Emu(int((SLIDE_W - width) / 2))
        slide.shapes.add_movie(
            str(s.video),
            left,
            Inches(1.15),
            width,
            height,
            poster_frame_image=str(stills[s.stem]),
            mime_type="video/mp4",
        )
        slide.notes_slide.notes_text_frame.text = s.notes
    deck = io.BytesIO()
    prs.save(deck)
    return atomic_write(path, deck.getvalue())


def write_html_deck(
    lesson: Lesson, sections: list[SectionClip], stills: dict[str, Path], lang: str, folder: Path
) -> Path:
    """Write an offline HTML deck into `folder`: ``index.html``, clips, posters, captions.

    Everything is local (no remote URL), so the folder works from a USB stick.
    The folder is built aside and swapped into place.
    """
    strings = catalogue(lang)
    with built_aside(folder) as tmp:
        for sub in ("clips", "posters", "captions"):
            (tmp / sub).mkdir()
        slides = []
        for s in sections:
            shutil.copyfile(s.video, tmp / "clips" / f"{s.stem}.mp4")
            shutil.copyfile(stills[s.stem], tmp / "posters" / f"{s.stem}.png")
            vtt = to_vtt(s.cues)
            (tmp / "captions" / f"{s.stem}.vtt").write_text(vtt, encoding="utf-8")
            # Browsers refuse a <track> file from a file:// page (each file is its own origin),
            # so the track carries its captions inline; captions/ keeps the same files for reuse.
            inline = "data:text/vtt;charset=utf-8," + urllib.parse.quote(vtt)
            slides.append({"title": s.title, "stem": s.stem, "vtt": inline})
        page = render(
            "deck.html",
            lang=lang,
            title=lesson_title(lesson, lang),
            goal=strings["deck_goal"],
            hint=strings["deck_hint"],
            hint_auto=strings["deck_hint_auto"],
            captions=strings["deck_captions"],
            slides=slides,
        )
        (tmp / "index.html").write_text(page, encoding="utf-8")
        (tmp / "slides.json").write_text(
            json.dumps(
                [{"stem": s.stem, "title": s.title, "duration": s.duration} for s in sections],
                ensure_ascii=False,
                indent=1,
            ),
            encoding="utf-8",
        )
    return folder / "index.html"
