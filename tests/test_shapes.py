"""The formulas and texts a render made are kept for the next render of the scene.

Each run is a fresh process, as each render is: the first makes the scene's formulas and
texts and keeps them, the next makes none and lays the scene out exactly as the first did.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cachedir import share_render_caches

from pipeline import manim_adapter

ROOT = Path(__file__).resolve().parent.parent
SCENE = "SoftmaxBarMorph"

pytestmark = pytest.mark.manim

RUN = """
import json, sys
from pathlib import Path
from lesson.model import DEFAULT_LESSON
from pipeline import shapes
from pipeline.dryrun import dry_run
from scenes import memo

folder, scene, digest = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
kept = shapes.load(folder, scene, digest, "854x480")  # the dry run's picture: low quality
run = dry_run(scene, DEFAULT_LESSON, "id", voice="none", frame_rate=5.0, keep=False)
made = memo.made_here()
saved = shapes.save(folder, scene, digest, "854x480")
print(json.dumps({"kept": kept, "made": made, "saved": saved, "steps": repr(run.snapshots)}))
"""


def fresh_process(script: str, *args: str, **env: str) -> dict:
    """Run `script` in a fresh process (as each render is); the JSON of its last line."""
    done = subprocess.run(
        [sys.executable, "-c", script, *args],
        cwd=ROOT,
        env={**os.environ, "PYTHONHASHSEED": "0", **env},  # sets print in the same order
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result: dict = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def render_like(folder: Path, digest: str = "d1") -> dict:
    """Run the scene's construct in a fresh process between a load and a save of `folder`."""
    return fresh_process(RUN, str(folder), SCENE, digest)


def test_the_next_run_makes_nothing_and_lays_the_scene_out_the_same(tmp_path: Path) -> None:
    folder = tmp_path / "made"
    first = render_like(folder)
    assert first["kept"] == 0 and first["made"] > 20 and first["saved"] >= first["made"]
    assert [p.name for p in folder.iterdir()] == [f"{SCENE}-854x480-d1.pickle.z"]

    again = render_like(folder)
    assert again["kept"] == first["saved"]
    assert again["made"] == 0 and again["saved"] == 0  # nothing new: the file is left alone
    assert again["steps"] == first["steps"]  # every number's box, at every step's end

    # the code changed (another digest): everything is made again, the old file goes
    other = render_like(folder, digest="d2")
    assert other["kept"] == 0 and other["made"] == first["made"]
    assert other["steps"] == first["steps"]
    assert [p.name for p in folder.iterdir()] == [f"{SCENE}-854x480-d2.pickle.z"]


def test_a_damaged_file_is_ignored(tmp_path: Path) -> None:
    folder = tmp_path / "made"
    folder.mkdir()
    (folder / f"{SCENE}-854x480-d1.pickle.z").write_bytes(b"not a pickle")
    run = render_like(folder)
    assert run["kept"] == 0 and run["made"] > 20 and run["saved"] == run["made"]


def test_the_digest_follows_the_scene_code(tmp_path: Path) -> None:
    from pipeline.shapes import code_digest

    for d in ("scenes", "lesson", "mathcore"):
        (tmp_path / d).mkdir()
        (tmp_path / d / "a.py").write_text("x = 1\n", encoding="utf-8")
    before = code_digest(tmp_path)
    (tmp_path / "scenes" / "a.py").write_text("x = 2\n", encoding="utf-8")
    assert code_digest(tmp_path) != before
    (tmp_path / "scenes" / "a.py").write_text("x = 1\n", encoding="utf-8")
    assert code_digest(tmp_path) == before
    (tmp_path / "manim.cfg").write_text("[CLI]\n", encoding="utf-8")
    assert code_digest(tmp_path) != before


def render_at_the_test_quality(scene: str, media: Path, out: Path, **env: str) -> None:
    """`lecture render SCENE` at the test quality, silent, with `media` as its media folder."""
    done = subprocess.run(
        [sys.executable, "-m", "lecture.cli", "render", scene, "--quality", "test",
         "--voice", "none", "--out", str(out), "--quiet"],
        cwd=ROOT, env={**os.environ, "LECTURE_MEDIA": str(media), **env},
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]


PLAIN = """
from manim import MathTex, Scene


class Fresh(Scene):
    def construct(self) -> None:
        self.add(MathTex(r"\\langle q, k \\rangle = {number}"))
"""


@pytest.mark.render
def test_plain_manim_renders_a_new_formula_after_a_lecture_render(tmp_path: Path) -> None:
    """An author previews a scene with the `manim` command they know after a `lecture` render.

    Manim removes every entry of its ``Tex/`` folder that is not an SVG whenever it compiles
    a formula, and fails on a folder there: the kept formulas live in ``made/`` beside it, and
    a ``Tex/made`` an earlier version left is moved there by the next render.
    """
    import uuid

    media = tmp_path / "media"
    (media / "Tex" / "made").mkdir(parents=True)
    (media / "Tex" / "made" / "Old-0123456789abcdef.pickle.z").write_bytes(b"kept before")
    extra = {"LECTURE_EXTRA_SCENES": "tests.fixture_scenes:SpokenNumber"}
    render_at_the_test_quality("SpokenNumber", media, tmp_path / "out", **extra)
    assert [p.name for p in (media / "Tex").iterdir() if not p.is_file()] == []
    assert (media / "made" / "Old-0123456789abcdef.pickle.z").read_bytes() == b"kept before"
    svgs = {p.name for p in (media / "Tex").glob("*.svg")}
    assert svgs  # the lecture render's formula, in manim's own LaTeX cache

    scene = tmp_path / "preview.py"
    scene.write_text(PLAIN.format(number=uuid.uuid4().int % 10**12), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "manim", "render", "-ql", "-s", "--media_dir", str(media),
         str(scene), "Fresh"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, (done.stdout + done.stderr)[-2000:]
    assert list(media.rglob("Fresh*.png")), done.stdout[-2000:]
    assert svgs < {p.name for p in (media / "Tex").glob("*.svg")}  # its new formula joined them
    assert (media / "made" / "Old-0123456789abcdef.pickle.z").is_file()


KEPT_RUN = """
import json, sys
from lesson.model import DEFAULT_LESSON
from pipeline.dryrun import dry_run
from scenes import memo

run = dry_run(sys.argv[1], DEFAULT_LESSON, "id", voice="none", frame_rate=5.0)
print(json.dumps({"made": memo.made_here(), "steps": repr(run.snapshots)}))
"""


def own_made(media: Path) -> Path:
    """`media` with a ``made/`` folder of its own and the suite's LaTeX and voice caches (what
    these tests check is made/, not the formulas' LaTeX, which the suite compiled before)."""
    share_render_caches(media, ("Tex", "voice-cache"))
    return media


def test_a_dry_run_keeps_what_it_made_for_the_next_run_as_a_render_does(tmp_path: Path) -> None:
    """`lecture script` and the captions check take and keep the scene's made formulas."""
    media = own_made(tmp_path / "media")

    def dry() -> dict:
        return fresh_process(KEPT_RUN, SCENE, LECTURE_MEDIA=str(media))

    first = dry()
    assert first["made"] > 20
    assert [p.name.split("-")[0] for p in (media / "made").iterdir()] == [SCENE]
    again = dry()
    assert again["made"] == 0 and again["steps"] == first["steps"]


def test_each_picture_size_keeps_its_own_texts(tmp_path: Path) -> None:
    """Manim lays a text out on a canvas of the picture's width, which cuts a long line: a
    render at the test quality (384 px wide) must not hand its texts to a dry run at low
    quality (854 px), whose layout would then shrink a conclusion below the smallest size."""
    media = own_made(tmp_path / "media")
    render_at_the_test_quality("QuizQuestion1", media, tmp_path / "out")
    assert [p.name.split("-")[1] for p in (media / "made").iterdir()] == ["384x216"]
    check = (
        "import json, sys; sys.path.insert(0, 'tests')\n"
        "from lesson.model import DEFAULT_LESSON\n"
        "from pipeline.dryrun import dry_run\n"
        "from test_scenes import check_layout\n"
        "run = dry_run('QuizQuestion1', DEFAULT_LESSON, 'id', voice='none', frame_rate=5.0)\n"
        "print(json.dumps({'broken': check_layout(run)}))\n"
    )
    assert fresh_process(check, LECTURE_MEDIA=str(media)) == {"broken": []}
    sizes = sorted(p.name.split("-")[1] for p in (media / "made").iterdir())
    assert sizes == ["384x216", "854x480"]


def test_a_fast_copy_is_the_copy_manim_makes() -> None:
    """Mobjects copied by :func:`scenes.memo.fast_copies` equal manim's own copies: every
    attribute of every part, the arrays shared where manim shares them, the same pickle."""
    import pickle

    from manim import Arrow, DecimalNumber, MathTex, Mobject, Text, VGroup

    from scenes import memo

    manim_adapter.install()  # as a render does: importing the scenes installs nothing
    label = Text("Proyeksi q pada k", font_size=28, color="#FFCC00")
    formula = MathTex(r"q \cdot k", "=", "(1)(3)", font_size=34)
    mobs = [label, formula, Arrow(), DecimalNumber(0.447, num_decimal_places=3)]
    group = VGroup(*mobs, label.copy())
    fast = [pickle.dumps(m.copy()) for m in (*mobs, group)]
    ours = Mobject.__dict__["__deepcopy__"]
    with memo.manim_copies():
        assert Mobject.__dict__["__deepcopy__"] is not ours  # two copies to compare
        manims = [pickle.dumps(m.copy()) for m in (*mobs, group)]
    assert fast == manims
    twin = group.copy()
    assert twin[0].points is not label.points and twin[0].color == label.color
    assert twin.submobjects[0].submobjects[0].fill_rgbas is not label[0].fill_rgbas


def test_an_svg_becomes_the_parts_manim_makes_and_its_named_groups() -> None:
    """:func:`scenes.svgparts.lean_svgs` makes every part manim makes, the same to the
    pickle (each glyph outline parsed once), and the same group for each named element (a
    MathTex finds its substrings' parts by them); only the ``numbered_group`` ones, named by
    nobody, are not made."""
    import pickle

    from manim import MathTex, Tex, Text
    from manim.mobject.svg.svg_mobject import SVG_HASH_TO_MOB_MAP

    from scenes import svgparts

    manim_adapter.install()  # as a render does: importing the scenes installs nothing

    def make() -> list:
        SVG_HASH_TO_MOB_MAP.clear()  # a formula made before is copied, not parsed
        return [
            Text("Proyeksi q pada k: −8.75", font_size=28, color="#FFCC00"),
            MathTex(r"q \cdot k", "=", "(1)(3)", substrings_to_isolate=["k"], font_size=34),
            Tex(r"Sudut $\theta$ antara $\mathbf{q}$ dan $\mathbf{k}$"),
        ]

    lean = make()
    with svgparts.manim_svgs():
        manims = make()
    part = lean[1].get_part_by_tex("k")
    assert pickle.dumps(part) == pickle.dumps(manims[1].get_part_by_tex("k"))
    for mine, theirs in zip(lean, manims, strict=True):
        named = {
            name: group
            for name, group in theirs.id_to_vgroup_dict.items()
            if not name.startswith("numbered_group_")
        }
        assert len(theirs.id_to_vgroup_dict) > len(named)
        assert list(mine.id_to_vgroup_dict) == list(named)
        for name, group in named.items():
            assert pickle.dumps(mine.id_to_vgroup_dict[name]) == pickle.dumps(group), name
        mine.id_to_vgroup_dict = theirs.id_to_vgroup_dict = {}
        assert pickle.dumps(mine) == pickle.dumps(theirs)


def test_boundary_points_are_the_ones_manim_gathers() -> None:
    """:func:`scenes.memo.fast_boundaries` gives every part's anchors in manim's order, so
    each corner, centre and boundary point of a layout is the one manim finds."""
    from manim import (
        Arrow,
        Axes,
        DecimalNumber,
        Dot,
        Line,
        MathTex,
        Text,
        VGroup,
        VMobject,
    )

    from scenes import memo

    manim_adapter.install()  # as a render does: importing the scenes installs nothing
    label = Text("Proyeksi q pada k: −8.75", font_size=28)
    point = VMobject()
    point.set_points_as_corners([[1.0, 2.0, 0.0]])
    point.points = point.points[:1]
    mobs = [
        label,
        MathTex(r"q \cdot k", "=", "(1)(3)", font_size=34),
        Arrow(),
        Dot(),
        Line(),
        DecimalNumber(-8.75, num_decimal_places=2),
        Axes(x_range=[-1, 3], y_range=[-2, 2]),
        VGroup(label.copy(), VGroup(), Dot().shift((3.0, -1.5, 0.0))),
        VGroup(),
        point,
    ]
    fast = [m.get_points_defining_boundary() for m in mobs]
    ours = VMobject.get_points_defining_boundary
    with memo.manim_boundaries():
        assert VMobject.get_points_defining_boundary is not ours  # two ways to compare
        manims = [m.get_points_defining_boundary() for m in mobs]
    import numpy as np

    for mine, theirs in zip(fast, manims, strict=True):
        assert mine.shape == theirs.shape and mine.dtype == theirs.dtype
        assert np.array_equal(mine, theirs)
    assert len(fast[0]) > 100 and fast[-2].shape == (0,)
