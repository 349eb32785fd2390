"""lecture slides and lecture export, checked with the programs a course author would use."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import time
from pathlib import Path

import av
import pytest
from browser import chromium
from cachedir import cache_root, clip_store
from conftest import QUALITY, SEED_SCENES, lecture
from PIL import Image
from pptx import Presentation
from pptx.enum.shapes import MSO_SHAPE_TYPE

from pipeline.media import probe

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = cache_root() / "screens"  # kept after the run, to look at
pytestmark = [pytest.mark.render, pytest.mark.slides]


@pytest.fixture(scope="module")
def decks(rendered: Path, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("slides") / QUALITY
    shutil.copytree(rendered, out)
    r = lecture("slides", *SEED_SCENES, "--quality", QUALITY, "--out", str(out), "--quiet")
    assert r.returncode == 0, r.stderr
    assert "rendered in" not in r.stderr  # the clips were up to date
    return out


def sections_of(out: Path) -> list[str]:
    data = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    return [s["file"] for scene in SEED_SCENES for s in data["clips"][scene]["sections"]]


def test_pptx_has_a_movie_poster_and_notes_per_section(decks: Path) -> None:
    prs = Presentation(str(decks / "slides" / "inner-product.pptx"))
    slides = list(prs.slides)
    sections = sections_of(decks)
    assert len(slides) == 1 + len(sections)
    assert "Hasil Kali Dalam" in " ".join(
        s.text_frame.text for s in slides[0].shapes if s.has_text_frame
    )
    for slide in slides[1:]:
        movies = [s for s in slide.shapes if s.shape_type == MSO_SHAPE_TYPE.MEDIA]
        assert len(movies) == 1
        media = [r for r in slide.part.rels.values() if r.reltype.endswith("/media")]
        videos = [r for r in slide.part.rels.values() if r.reltype.endswith("/video")]
        assert media and videos and videos[0].target_part.content_type == "video/mp4"
        with av.open(io.BytesIO(videos[0].target_part.blob)) as movie:  # a movie with sound
            assert [a.codec_context.name for a in movie.streams.audio] == ["aac"]
        images = [r for r in slide.part.rels.values() if r.reltype.endswith("/image")]
        assert images, "no poster frame"
        titles = [s.text_frame.text for s in slide.shapes if s.has_text_frame]
        assert titles and titles[0].strip()
    heads = [[s.text_frame.text for s in slide.shapes if s.has_text_frame][0] for slide in slides]
    # chapter and step titles from the catalogue, not the step identifiers ("hasil kali dalam")
    assert heads[1] == "Proyeksi: Query dan key"
    assert "Tanda dan keselarasan: Siku-siku" in heads  # the identifier is "siku-siku"
    notes = [s.notes_slide.notes_text_frame.text for s in slides[1:]]
    assert sum(bool(n.strip()) for n in notes) >= len(sections) - 2
    assert any("Jatuhkan garis tegak lurus" in n for n in notes)


def test_pptx_opens_in_libreoffice(decks: Path, tmp_path: Path) -> None:
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    assert soffice, "LibreOffice is installed by make setup"
    r = subprocess.run(
        [
            soffice,
            "--headless",
            f"-env:UserInstallation=file://{tmp_path}/profile",
            "--convert-to",
            "pdf",
            "--outdir",
            str(tmp_path),
            str(decks / "slides" / "inner-product.pptx"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    pdf = tmp_path / "inner-product.pdf"
    assert pdf.is_file(), r.stderr
    pages = len(re.findall(rb"/Type\s*/Page\b", pdf.read_bytes()))
    assert pages == 1 + len(sections_of(decks))


def test_html_deck_is_offline(decks: Path) -> None:
    folder = decks / "deck"
    page = (folder / "index.html").read_text(encoding="utf-8")
    assert not re.search(r"(https?:)?//[a-z]", page.replace("file://", ""), re.I)
    for ref in re.findall(r'(?:src|poster)="([^"]+)"', page):
        assert ref.startswith("data:text/vtt") or (folder / ref).is_file(), ref
    assert len(list((folder / "captions").glob("*.vtt"))) == len(sections_of(decks))
    assert page.count("<video") == len(sections_of(decks)) == page.count('kind="captions"')
    assert not re.search(r"<video[^>]*\bmuted", page)  # the clips play with their narration
    for clip in (folder / "clips").glob("*.mp4"):
        with av.open(str(clip)) as c:
            assert len(c.streams.audio) == 1


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    driver = chromium(tmp_path_factory.mktemp("chromium"), "1280,720")
    yield driver
    driver.quit()


def test_html_deck_plays_in_a_real_browser(decks: Path, browser) -> None:
    from selenium.webdriver.common.keys import Keys

    index = (decks / "deck" / "index.html").as_uri()
    browser.get(index + "#3")  # the URL carries the slide
    body = browser.find_element("tag name", "body")
    assert body.get_attribute("data-current") == "2"
    browser.get(index)
    body = browser.find_element("tag name", "body")
    assert body.get_attribute("data-current") == "0"
    body.send_keys(Keys.ARROW_RIGHT)
    assert body.get_attribute("data-current") == "1"
    assert browser.execute_script("return location.hash") == "#2"  # moving updates it
    video = browser.find_element("css selector", ".slide.active video")
    deadline = time.monotonic() + 20
    while browser.execute_script("return arguments[0].currentTime", video) < 1.0:
        assert time.monotonic() < deadline, "the slide's clip does not play"
        time.sleep(0.2)
    heard = browser.execute_script(
        "const v = arguments[0]; return [v.muted, v.webkitAudioDecodedByteCount || 0];", video
    )
    assert heard[0] is False and heard[1] > 0, heard  # it plays with its sound
    tracks = browser.execute_script(
        "const t = arguments[0].textTracks; return [t.length, t[0].mode, t[0].kind];", video
    )
    assert tracks == [1, "showing", "captions"]
    deadline = time.monotonic() + 10
    while not browser.execute_script("return arguments[0].textTracks[0].cues.length", video):
        assert time.monotonic() < deadline, "captions did not load"
        time.sleep(0.2)
    body.send_keys(Keys.SPACE)
    body.send_keys(Keys.ARROW_LEFT)
    assert body.get_attribute("data-current") == "1"
    time.sleep(1.5)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shot = SCREENSHOTS / "html-deck.png"
    browser.save_screenshot(str(shot))
    with Image.open(shot) as im:
        assert len(im.convert("L").getcolors(256) or []) > 20
    events = [json.loads(e["message"])["message"] for e in browser.get_log("performance")]
    page = (decks / "deck").as_uri()
    sent = {
        m["params"]["requestId"]: m["params"]["request"]["url"]
        for m in events
        if m["method"] == "Network.requestWillBeSent"
        and m["params"].get("documentURL", "").startswith(page)
    }
    assert sent, "no request of the page was seen"
    remote = [u for u in sent.values() if not u.startswith(("file:", "data:"))]
    assert remote == [], "the deck asked the network for something"
    failed = [
        sent[m["params"]["requestId"]]
        for m in events
        if m["method"] == "Network.loadingFailed"
        and m["params"]["requestId"] in sent
        and not m["params"].get("canceled")
    ]
    assert failed == []
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert errors == []


@pytest.mark.parametrize("fmt, ext", [("png", "png"), ("gif", "gif")])
def test_export_stable_names(decks: Path, fmt: str, ext: str) -> None:
    r = lecture(
        "export",
        "SoftmaxBarMorph",
        "--format",
        fmt,
        "--quality",
        QUALITY,
        "--out",
        str(decks),
        "--quiet",
    )
    assert r.returncode == 0, r.stderr
    files = [Path(line) for line in r.stdout.split()]
    names = [f.name for f in files]
    assert names == [
        f"inner-product_SoftmaxBarMorph_{i:02d}-{n}.{ext}"
        for i, n in enumerate(
            [
                "skor-mentah",
                "logit-berskala",
                "tebak",
                "softmax-dihitung",
                "bobot-softmax",
                "bukan-probabilitas",
            ]
        )
    ]
    clip = json.loads((decks / "manifest.json").read_text(encoding="utf-8"))["clips"]
    with Image.open(files[-1]) as im:  # a PNG is the clip's own picture, a GIF 640 px wide
        assert im.width == (640 if ext == "gif" else clip["SoftmaxBarMorph"]["width"])
        if ext == "gif":  # GIF and PNG stay silent (no sound in those formats)
            # its animation's frames, not only its held pictures: the note's 1 s fade alone
            # is five frames at the suite's 5 fps
            assert im.n_frames > 5 and im.info.get("loop") == 0
            lasts = 0  # ms: a held picture is one GIF frame that lasts as long as the hold
            for i in range(im.n_frames):
                im.seek(i)
                lasts += im.info["duration"]
    if ext == "gif":  # as long as the section it shows
        section = probe(decks / clip["SoftmaxBarMorph"]["sections"][-1]["file"])
        assert abs(lasts / 1000 - section.duration) <= 0.1, (lasts, section.duration)


def test_export_transparent_webm(decks: Path) -> None:

    r = lecture(
        "export",
        "SoftmaxBarMorph",
        "--format",
        "webm-alpha",
        "--quality",
        QUALITY,
        "--out",
        str(decks),
        "--store",
        str(clip_store()),
        "--quiet",
    )
    assert r.returncode == 0, r.stderr
    files = [Path(line) for line in r.stdout.split()]
    assert files[0].name == "inner-product_SoftmaxBarMorph_00-skor-mentah.webm"
    with av.open(str(files[1])) as c:
        assert [a.codec_context.name for a in c.streams.audio] == ["opus"]
        assert c.streams.video[0].metadata.get("alpha_mode") == "1"
        decoder = av.CodecContext.create("libvpx-vp9", "r")
        seen: set[int] = set()  # the alpha values of its frames' pixels, until 0 and 255
        for packet in c.demux(video=0):
            for frame in decoder.decode(packet):
                alpha = frame.to_ndarray(format="rgba")[..., 3]
                seen |= {int(alpha.min()), int(alpha.max())}
            if {0, 255} <= seen:
                break
    # see-through and solid (the lossy alpha of a small first frame may top out at 254)
    assert 0 in seen and max(seen) >= 254
