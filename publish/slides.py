"""``lecture slides``: a PPTX deck and an offline HTML deck, one slide per section clip."""

from __future__ import annotations

import html
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
from publish.sections import SectionClip

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
        lesson.title if lang == "id" else strings["lesson_video_title"],
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


_PAGE = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
  html, body {{ margin: 0; height: 100%; background: #101418; color: #f2f2f2;
               font-family: "DejaVu Sans", Arial, sans-serif; overflow: hidden; }}
  .slide {{ display: none; height: 100vh; box-sizing: border-box; padding: 2vh 3vw;
            flex-direction: column; align-items: center; justify-content: center; }}
  .slide.active {{ display: flex; }}
  h1 {{ font-size: 5vh; text-align: center; margin: 0 0 3vh; }}
  h2 {{ font-size: 3.4vh; margin: 0 0 1.5vh; align-self: flex-start; }}
  p.goal {{ font-size: 2.8vh; max-width: 70vw; text-align: center; color: #c8ccd2; }}
  video {{ max-width: 94vw; max-height: 84vh; background: #000; }}
  video::cue {{ font-size: 2.6vh; }}
  .counter {{ position: fixed; right: 1.5vw; bottom: 1vh; font-size: 1.8vh; color: #8a8f98; }}
  .hint {{ font-size: 2vh; color: #8a8f98; margin-top: 4vh; }}
</style>
</head>
<body>
<section class="slide active" data-index="0">
  <h1>{title}</h1>
  <p class="goal">{goal}</p>
  <p class="hint">{hint} {hint_auto}</p>
</section>
{slides}
<div class="counter" id="counter"></div>
<script>
(function () {{
  // The URL carries the slide: index.html#12 opens slide 12 (as the counter numbers them),
  // and moving updates it. Each slide's clip plays with its narration when shown; with
  // auto-advance on ("a" toggles it) a slide moves on when its clip, and so its narration,
  // has ended.
  const slides = Array.from(document.querySelectorAll(".slide"));
  let current = 0, auto = false;
  function fromHash() {{
    const n = parseInt(location.hash.slice(1), 10);
    return Number.isFinite(n) ? n - 1 : 0;
  }}
  function show(i) {{
    current = Math.max(0, Math.min(slides.length - 1, i));
    slides.forEach((s, k) => {{
      s.classList.toggle("active", k === current);
      const v = s.querySelector("video");
      if (!v) return;
      if (k === current) {{
        v.currentTime = 0;
        if (v.textTracks.length) v.textTracks[0].mode = "showing";
        v.muted = false;
        const p = v.play();
        // a browser may refuse sound before the first key press: play muted until then
        if (p) p.catch(() => {{ v.muted = true; v.play().catch(() => {{}}); }});
      }} else {{
        v.pause();
      }}
    }});
    document.getElementById("counter").textContent =
      (current + 1) + " / " + slides.length + (auto ? " \u25b6" : "");
    document.body.dataset.current = String(current);
    document.body.dataset.auto = String(auto);
    if (fromHash() !== current || !location.hash) {{
      history.replaceState(null, "", "#" + (current + 1));
    }}
  }}
  slides.forEach((s) => {{
    const v = s.querySelector("video");
    if (v) v.addEventListener("ended", () => {{
      if (auto && s.classList.contains("active")) show(current + 1);
    }});
  }});
  document.addEventListener("keydown", (e) => {{
    const next = ["ArrowRight", " ", "PageDown"], back = ["ArrowLeft", "PageUp"];
    if (next.includes(e.key)) {{ show(current + 1); e.preventDefault(); }}
    if (back.includes(e.key)) {{ show(current - 1); e.preventDefault(); }}
    if (e.key === "Home") show(0);
    if (e.key === "End") show(slides.length - 1);
    if (e.key === "a") {{ auto = !auto; show(current); }}
  }});
  window.addEventListener("hashchange", () => {{ if (fromHash() !== current) show(fromHash()); }});
  show(fromHash());
}})();
</script>
</body>
</html>
"""

_SLIDE = """<section class="slide" data-index="{index}">
  <h2>{title}</h2>
  <video src="clips/{stem}.mp4" poster="posters/{stem}.png" preload="auto" playsinline>
    <track kind="captions" src="{vtt}" srclang="{lang}" label="{label}" default>
  </video>
</section>"""


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
        blocks = []
        for i, s in enumerate(sections, start=1):
            shutil.copyfile(s.video, tmp / "clips" / f"{s.stem}.mp4")
            shutil.copyfile(stills[s.stem], tmp / "posters" / f"{s.stem}.png")
            vtt = to_vtt(s.cues)
            (tmp / "captions" / f"{s.stem}.vtt").write_text(vtt, encoding="utf-8")
            # Browsers refuse a <track> file from a file:// page (each file is its own origin),
            # so the track carries its captions inline; captions/ keeps the same files for reuse.
            blocks.append(
                _SLIDE.format(
                    index=i,
                    title=html.escape(s.title),
                    stem=s.stem,
                    lang=lang,
                    vtt="data:text/vtt;charset=utf-8," + urllib.parse.quote(vtt),
                    label=html.escape(strings["deck_captions"]),
                )
            )
        title = lesson.title if lang == "id" else strings["lesson_video_title"]
        page = _PAGE.format(
            lang=lang,
            title=html.escape(title),
            goal=html.escape(strings["deck_goal"]),
            hint=html.escape(strings["deck_hint"]),
            hint_auto=html.escape(strings["deck_hint_auto"]),
            slides="\n".join(blocks),
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
