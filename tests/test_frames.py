"""lecture frames: the contact sheet's grid, its labels, its bad input and a real sheet."""

from __future__ import annotations

import difflib
import itertools
import re
import shutil
import tomllib
from pathlib import Path

import numpy as np
import pytest
from conftest import QUALITY, SEED_SCENES, lecture
from PIL import Image, ImageOps

from lesson.scenelist import registry
from pipeline.manifest import Manifest
from publish.frames import (
    LINE,
    PAD,
    SCENE_SIZE,
    TILE_WIDTH,
    TITLE_LINES,
    TITLE_SIZE,
    font,
    grid,
    wrap,
)

ROOT = Path(__file__).resolve().parent.parent
BACKGROUND = np.array([0x10, 0x14, 0x18])


def overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("columns", [1, 3, 7])
def test_grid_starts_every_scene_on_a_new_row_inside_the_sheet(columns: int) -> None:
    counts = [3, 7, 1, 4, 5]
    g = grid(counts, columns, tile=(320, 180), label=60, top=40, gap=12, margin=16)
    width, height = g.size
    assert [len(cells) for cells in g.cells] == counts
    boxes = [b for cells in g.cells for cell in cells for b in cell]
    for x0, y0, x1, y1 in boxes:
        assert 16 <= x0 < x1 <= width - 16 and 16 + 40 <= y0 < y1 <= height - 16
    assert not any(overlap(a, b) for a, b in itertools.combinations(boxes, 2))
    for cells in g.cells:
        for frame, label in cells:  # the label right under its frame, as wide
            assert (label[0], label[2], label[1]) == (frame[0], frame[2], frame[3])
            assert frame[2] - frame[0] == 320 and frame[3] - frame[1] == 180
        first = cells[0][0]
        assert first[0] == 16  # a scene starts at the left edge
        rows = {f[1] for f, _ in cells}
        assert len(rows) == -(-len(cells) // columns)
    # reading order: left to right, then top to bottom, scene after scene
    frames = [f for cells in g.cells for f, _ in cells]
    assert frames == sorted(frames, key=lambda f: (f[1], f[0]))
    # each scene below every row of the one before it
    for a, b in itertools.pairwise(g.cells):
        assert min(f[1] for f, _ in b) > max(lab[3] for _, lab in a)
    # the sheet is as tight as the rows: one tile's width and gap per column
    assert width == 2 * 16 + columns * 320 + (columns - 1) * 12
    assert max(b[3] for b in boxes) == height - 16


@pytest.mark.parametrize(
    ("counts", "columns", "tile"),
    [([], 3, (320, 180)), ([2, 0], 3, (320, 180)), ([2], 0, (320, 180)), ([2], 3, (0, 180))],
)
def test_grid_refuses_what_it_cannot_lay_out(counts, columns, tile) -> None:
    with pytest.raises(ValueError):
        grid(counts, columns, tile, label=60)


def all_step_titles() -> list[tuple[str, str, str]]:
    """(language, scene text file, title) of every step title in the catalogues."""
    out = []
    for path in sorted((ROOT / "lesson" / "text").glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for lang, table in data.items():
            for title in table.get("steps", {}).values():
                out.append((lang, path.name, title))
    return out


def test_every_step_title_fits_whole_in_its_label() -> None:
    """At the default tile width every title is shown whole, on at most two lines."""
    width = TILE_WIDTH - 2 * PAD
    titles = all_step_titles()
    assert len(titles) >= 100 and {lang for lang, _, _ in titles} == {"id", "en"}
    for lang, name, title in titles:
        lines = wrap(title, width, TITLE_LINES, TITLE_SIZE, bold=True)
        assert " ".join(lines) == title, (lang, name, lines)
        assert all(font(TITLE_SIZE, True).getlength(x) <= width for x in lines)


def test_a_long_title_is_cut_with_an_ellipsis_inside_the_label() -> None:
    long = "Dikalikan dengan faktor positif " * 4 + "Supercalifragilisticexpialidocious"
    for width in (60, 150, 310):
        lines = wrap(long, width, 2, TITLE_SIZE, bold=True)
        assert len(lines) == 2 and lines[-1].endswith("…")
        assert all(font(TITLE_SIZE, True).getlength(x) <= width for x in lines)
    word = wrap("Supercalifragilisticexpialidocious", 60, 1)
    assert len(word) == 1 and word[0].endswith("…") and word[0][:-1] in "Supercalifragilistic"


def test_unknown_scene_is_one_line_and_nothing_is_written(tmp_path: Path) -> None:
    out = tmp_path / "render"
    r = lecture("frames", "Recap", "NoSuchScene", "--out", str(out))
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and "unknown scene 'NoSuchScene'" in r.stderr
    assert not out.exists()


def test_bad_lesson_says_what_the_loader_says(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    text = (ROOT / "lessons" / "inner-product.toml").read_text(encoding="utf-8")
    bad.write_text(text.replace("key = [1, 2]\n# other", "key = [0, 0]\n# other", 1))
    said = lecture("numbers", "--lesson", str(bad))
    r = lecture("frames", "--lesson", str(bad), "--out", str(tmp_path / "render"))
    assert said.returncode == r.returncode == 2
    assert r.stderr == said.stderr and r.stderr.count("\n") == 1 and "bad.toml" in r.stderr
    assert not (tmp_path / "render").exists()


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--png", "{tmp}/sheet.jpg"], "--png {tmp}/sheet.jpg: not a .png file name"),
        (["--png", "{tmp}"], "not a .png file name"),
        (["--tile-width", "20"], "--tile-width must be 80 to 1920 pixels, got 20"),
    ],
)
def test_bad_output_options_are_one_line(tmp_path: Path, args: list[str], says: str) -> None:
    argv = [a.format(tmp=tmp_path) for a in args]
    r = lecture("frames", "Recap", "--out", str(tmp_path / "render"), *argv)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and says.format(tmp=tmp_path) in r.stderr, r.stderr
    assert not (tmp_path / "render").exists()


# --- a real contact sheet, from the session's render of the seed scenes -------------------


@pytest.fixture(scope="module")
def sheet(rendered: Path, tmp_path_factory: pytest.TempPathFactory):
    """`lecture frames` on a copy of the seed render: (render folder, PNG, plan, CLI runs)."""
    from pipeline.manifest import Manifest
    from publish.frames import plan

    out = tmp_path_factory.mktemp("frames") / "low"
    shutil.copytree(rendered, out)
    png = out.parent / "sheet.png"
    seed = ("--out", str(out), "--quality", QUALITY, "--quiet")  # the seed render's
    first = lecture("frames", *seed, "--png", str(png), *SEED_SCENES)
    again = lecture("frames", *seed, *reversed(SEED_SCENES))
    manifest = Manifest.load(out)
    assert manifest is not None
    size, tiles = plan(out, manifest.only(SEED_SCENES), "id")
    return out, png, size, tiles, first, again


def title_of(scene: str, step: str, lang: str = "id") -> str:
    """A step's title read straight from its scene's catalogue file."""
    data = tomllib.loads(registry()[scene].text_file.read_text(encoding="utf-8"))
    return data[lang]["steps"][step]


@pytest.mark.render
def test_sheet_reuses_the_render_and_says_where_it_is(sheet) -> None:
    out, png, size, tiles, first, again = sheet
    assert first.returncode == 0, first.stderr
    assert "rendered in" not in first.stderr  # the clips were up to date: nothing rendered
    steps = sum(len(c["sections"]) for c in _manifest(out)["clips"].values())
    assert first.stdout == (
        f"contact sheet: {png}  ({steps} steps of 3 scenes, {size[0]}x{size[1]} px)\n"
    )
    # the default place, and scenes given in another order still come in lesson order
    assert again.returncode == 0, again.stderr
    assert again.stdout.startswith(f"contact sheet: {out / 'contact-sheet.png'}  ")
    with Image.open(png) as a, Image.open(out / "contact-sheet.png") as b:
        assert np.array_equal(np.asarray(a), np.asarray(b))
    assert not list(png.parent.glob(".*.tmp*")) and not list(out.glob(".*.tmp*"))


def _manifest(out: Path) -> dict:
    import json

    return json.loads((out / "manifest.json").read_text(encoding="utf-8"))


@pytest.mark.render
def test_one_tile_per_step_in_lesson_order_labelled_with_its_title(sheet) -> None:
    out, png, size, tiles, *_ = sheet
    clips = _manifest(out)["clips"]
    expected = [(s, sec["name"]) for s in SEED_SCENES for sec in clips[s]["sections"]]
    assert [(t.scene, t.step) for t in tiles] == expected
    # ProjectionDrop (no second query in the default lesson), AngleSignRegions (no scaling
    # steps), SoftmaxBarMorph, each with its prediction's step
    assert len(tiles) == 7 + 6 + 6
    assert [t.title for t in tiles] == [title_of(s, step) for s, step in expected]
    assert [t.caption for t in tiles[:2]] == ["ProjectionDrop · 01", "ProjectionDrop · 02"]
    with Image.open(png) as im:
        assert im.size == size and im.mode == "P"  # a palette of at most 256 colours
        assert len(im.getcolors(256) or ()) > 16


@pytest.mark.render
def test_each_tile_is_its_steps_last_frame_and_not_blank(sheet, tmp_path: Path) -> None:
    from pipeline.media import last_frame

    out, png, size, tiles, *_ = sheet
    sheet_px = np.asarray(Image.open(png).convert("RGB"), dtype=np.int16)
    seen = []
    for t in tiles:
        x0, y0, x1, y1 = t.frame
        tile = sheet_px[y0:y1, x0:x1]
        assert tile.shape == (180, 320, 3)  # the 16:9 render scaled to 320 wide
        # not blank: a good share of the tile differs from the background, with contrast
        ink = np.abs(tile - BACKGROUND).sum(axis=2) > 60
        assert ink.mean() > 0.01, (t.scene, t.step, ink.mean())
        assert tile.std() > 8, (t.scene, t.step)
        # the step's own last frame, decoded on its own, scaled the same way
        ref = last_frame(t.video, tmp_path / f"{t.scene}-{t.index}.png")
        with Image.open(ref) as im:
            want = np.asarray(im.convert("RGB").resize((320, 180), Image.Resampling.LANCZOS))
        assert np.abs(tile - want).mean() < 2.0, (t.scene, t.step)
        seen.append(tile)
    # every step ends on a picture of its own (ProjectionDrop's first two differ by a dotted
    # line: about a hundred pixels)
    for (a, ta), (b, tb) in itertools.combinations(zip(seen, tiles, strict=True), 2):
        assert (np.abs(a - b).sum(axis=2) > 60).sum() > 50, (ta.step, tb.step)
    # labels carry ink in their band, bright enough to read
    for t in tiles:
        x0, y0, x1, y1 = t.label
        band = sheet_px[y0 + 2 : y1, x0:x1]
        assert (band.min(axis=2) > 200).sum() > 100, (t.scene, t.step)


def normal(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


@pytest.mark.render
@pytest.mark.ocr
def test_labels_read_back_as_the_catalogues_step_titles(sheet) -> None:
    """Tesseract reads each label's title (black on white, scaled 3x) as the catalogue says."""
    from publish.verify import read_label

    out, png, size, tiles, *_ = sheet
    with Image.open(png) as im:
        sheet_im = im.convert("L")
    for t in tiles:
        x0, y0, x1, y1 = t.label
        title = sheet_im.crop((x0, y0 + PAD + round(LINE * SCENE_SIZE), x1, y1))
        title = ImageOps.invert(title).resize((title.width * 3, title.height * 3))
        read = read_label(title, psm=6).replace("\n", " ")
        ratio = difflib.SequenceMatcher(None, normal(read), normal(t.title)).ratio()
        assert ratio > 0.9, (t.title, read)


def synthetic_render(out: Path, scenes: dict[str, list[str]]) -> Manifest:
    """A render folder of tiny section clips (PyAV): step i of a scene ends on a bright block
    whose width grows with i, over the scenes' background; and its manifest."""
    import av

    from pipeline.manifest import Clip, Section

    (out / "sections").mkdir(parents=True)
    clips = {}
    for scene, steps in scenes.items():
        sections = []
        for i, step in enumerate(steps):
            name = f"sections/{scene}_{i:02d}-{step}.mp4"
            with av.open(str(out / name), "w") as c:
                s = c.add_stream("mpeg4", rate=5)
                s.width, s.height, s.pix_fmt = 256, 144, "yuv420p"
                for n in range(3):  # the last frame differs from the first two
                    px = np.full((144, 256, 3), BACKGROUND, dtype=np.uint8)
                    if n == 2:
                        px[40:104, 16 : 48 + 40 * i] = (240, 200, 60)
                    frame = av.VideoFrame.from_ndarray(px, format="rgb24")
                    c.mux(s.encode(frame))
                c.mux(s.encode(None))
            sections.append(Section(i, step, name))
        clips[scene] = Clip(
            scene, f"{scene}.mp4", f"{scene}.srt", f"{scene}.png", tuple(sections), 1.0,
            256, 144, 5.0, 3, "x", "low", "id", {}, (),
        )  # fmt: skip
    return Manifest("inner-product", "lesson.toml", "low", "id", clips)


def test_sheet_of_synthetic_clips_shows_each_last_frame_under_its_title(tmp_path: Path) -> None:
    from publish.frames import contact_sheet

    steps = {"LessonTitle": ["judul", "tujuan", "dasar"], "Recap": ["dua-bacaan", "peringatan"]}
    manifest = synthetic_render(tmp_path / "low", steps)
    target = tmp_path / "sheet.png"
    made = contact_sheet(tmp_path / "low", manifest, "en", target, "A lesson", "a note")
    assert made.path == target and made.scenes == ["LessonTitle", "Recap"]
    assert [t.title for t in made.tiles] == [title_of(s, x, "en") for s in steps for x in steps[s]]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["low", "sheet.png"]  # nothing aside
    px = np.asarray(Image.open(target).convert("RGB"), dtype=np.int16)
    assert px.shape == (made.size[1], made.size[0], 3)
    for t in made.tiles:
        x0, y0, x1, y1 = t.frame
        assert (x1 - x0, y1 - y0) == (320, 180)
        bright = (np.abs(px[y0:y1, x0:x1] - (240, 200, 60)).sum(axis=2) < 60).any(axis=0)
        # the block of the step's last frame: 32 + 40 i of 256 columns, scaled by 320/256
        assert abs(int(bright.sum()) - round((32 + 40 * t.index) * 1.25)) <= 3, t.step
        band = px[t.label[1] + 2 : t.label[3], t.label[0] : t.label[2]]
        assert (band.min(axis=2) > 200).sum() > 50, t.step  # the title's ink
    # the second scene starts a new row under the first
    assert made.tiles[3].frame[0] == made.tiles[0].frame[0]
    assert made.tiles[3].frame[1] > made.tiles[2].label[3]
