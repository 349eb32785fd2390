"""lecture verify: the numbers read back from the rendered MP4 equal the sheet, and it can fail."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from cachedir import clip_store
from conftest import lecture
from PIL import Image

from publish.verify import LabelCheck, normalise


@pytest.mark.render
@pytest.mark.ocr
def test_verify_reads_every_label_of_a_medium_quality_clip(tmp_path: Path) -> None:
    out = tmp_path / "medium"
    r = lecture(
        "render", "SoftmaxBarMorph", "--quality", "medium", "--out", str(out), "--store",
        str(clip_store()), "--quiet",
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    r = lecture("verify", str(out))
    assert r.returncode == 0, r.stdout + r.stderr
    row = next(line for line in r.stdout.splitlines() if line.startswith("SoftmaxBarMorph"))
    labels, ok, wrong = map(int, row.split()[1:])
    assert labels == ok >= 20 and wrong == 0
    assert "all" in r.stdout and "labels match" in r.stdout


@pytest.mark.render
@pytest.mark.ocr
def test_verify_reports_exactly_the_wrong_label(tmp_path: Path) -> None:
    out = tmp_path / "wrong"
    env = {"LECTURE_EXTRA_SCENES": "tests.fixture_scenes:WrongLabel"}
    r = lecture(
        "render", "WrongLabel", "--quality", "medium", "--out", str(out), "--quiet", env=env
    )
    assert r.returncode == 0, r.stderr
    r = lecture("verify", str(out), env=env)
    assert r.returncode == 1
    mismatches = [line for line in r.stdout.splitlines() if line.startswith("MISMATCH")]
    assert len(mismatches) == 1
    # the wrong label is reported, where it is and what it should say; what OCR reads of the
    # wrong glyph is not asserted (a clean "5" crop has been read as ")")
    assert mismatches[0].startswith("MISMATCH WrongLabel [salah @ ")
    assert " dot: expected '4', read " in mismatches[0]
    assert not mismatches[0].endswith("read '4'")
    crops = list((out / "verify").glob("*.png"))
    assert [c.name for c in crops] == ["WrongLabel_salah_dot.png"]


def test_verify_without_a_render_is_a_one_line_error(tmp_path: Path) -> None:
    r = lecture("verify", str(tmp_path))
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "render first" in r.stderr


@pytest.mark.parametrize(
    "expected, read, ok",
    [
        ("(1.2, −0.6)", "(1.2, —0.6)", True),
        ("≈ 1.79", "~ 1.79", True),
        ("4/√5", "4/V5", True),
        ("36.9°", "36.9°", True),
        ("−4.00", "4.00", False),  # a lost minus sign is a mismatch
        ("0.330", "0.380", False),
        ("(1, 2)", "(1. 2)", True),
        ("√(2² + 1²)", "V22+12", True),  # TeX draws the radicand's brackets as a bar
        ("√(2² + 1²)", "V22+11", False),
        ("x = np.dot(q, k)\nprint(x_y)", "x = np.dot(q, k)\nprint(x y)", True),  # a listing
        ("x = np.dot(q, k)\nprint(x)", "x = np.dot(q, h)\nprint(x)", False),
    ],
)
def test_normalisation(expected: str, read: str, ok: bool) -> None:
    assert LabelCheck("S", "s", 0, "k", expected, read).ok is ok
    assert normalise(expected) == normalise(expected)


@pytest.mark.manim
@pytest.mark.ocr
def test_runs_of_brackets_and_digits_read_as_written() -> None:
    """``(−1)(2) + (−1)(1)``, a second query's product terms, drawn as a 720p frame shows it:
    Tesseract reads the tight run as ``(-D(@) + (-)C)``; the reading with air between the
    glyphs matches, and a wrong term still does not."""
    from publish.verify import check_label

    frame, box = _drawn("(-1)(2) + (-1)(1)")
    right = LabelCheck("S", "s", 0.0, "k", "(−1)(2) + (−1)(1)", box=box, kind="part")
    wrong = LabelCheck("S", "s", 0.0, "k", "(−1)(2) + (−1)(7)", box=box, kind="part")
    check_label(right, frame)
    check_label(wrong, frame)
    assert right.ok, right.read
    assert not wrong.ok, wrong.read


def _drawn(tex: str) -> tuple[Image.Image, list[int]]:
    """A 720p frame showing `tex` as the scenes set a formula, and the formula's pixel box."""
    from manim import MathTex, Scene, tempconfig

    options = {"pixel_width": 1280, "pixel_height": 720, "background_color": "#101418"}
    with tempconfig({**options, "media_dir": os.environ["LECTURE_MEDIA"]}):  # the run's media
        scene = Scene()
        formula = MathTex(tex, font_size=30)
        scene.add(formula)
        scene.renderer.update_frame(scene)
        frame = Image.fromarray(scene.renderer.get_frame()).convert("RGB")
    (x0, y0), (x1, y1) = (formula.get_corner(c)[:2] for c in ((-1, 1, 0), (1, -1, 0)))
    box = [round(640 + x0 * 90) - 2, round(360 - y0 * 90) - 2]
    box += [round(640 + x1 * 90) + 2, round(360 - y1 * 90) + 2]
    return frame, box


@pytest.mark.manim
@pytest.mark.ocr
@pytest.mark.parametrize(
    "tex, right, wrong",
    [
        ("k_1", "k₁", "k₂"),
        (r"\sqrt{2^2 + 1^2}", "√(2² + 1²)", "√(2² + 7²)"),
    ],
)
def test_scripts_read_as_the_digits_they_are(tex: str, right: str, wrong: str) -> None:
    """A key's subscript and a norm's squares: Tesseract reads ``k₁`` as ``ky`` and ``2²`` as
    ``2?`` in one line; one glyph at a time they read as written, and a wrong digit still
    does not match."""
    from publish.verify import check_label

    frame, box = _drawn(tex)
    checks = [LabelCheck("S", "s", 0.0, "k", text, box=box, kind="part") for text in (right, wrong)]
    for check in checks:
        check_label(check, frame)
    assert checks[0].ok, checks[0].read
    assert not checks[1].ok, checks[1].read
