"""NumpyCheck: the seed's snippet, run on the lesson, prints what the exact sheet says (fast)."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from variants import EDITS, variant

from lesson.model import load_lesson
from lesson.sheet import scene_sheet
from lesson.sheets.numpy_check import snippet
from mathcore.exact import exact_comp, exact_cosine, exact_dot, exact_project


@pytest.mark.parametrize("name", sorted(EDITS))
def test_printed_output_is_the_exact_values_up_to_rounding(name: str, tmp_path: Path) -> None:
    lesson = load_lesson(variant(name, tmp_path))
    q, k = lesson.projection.query, lesson.projection.key
    sheet = scene_sheet(lesson, "NumpyCheck")
    # the listing on screen is the program that ran: run it again, in a fresh interpreter
    printed = subprocess.run(
        [sys.executable, "-c", sheet["code"].text], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert printed == [
        sheet[f"out_{n}"].text
        for n in ("dot", "scalar_projection", "vector_projection", "cosine_similarity")
    ]
    dot, comp, proj, cos = printed
    assert float(dot) == pytest.approx(float(exact_dot(q, k)), abs=1e-12)
    assert float(comp) == pytest.approx(float(exact_comp(q, k)), rel=1e-12, abs=1e-12)
    values = np.array(proj.strip("[]").split(), dtype=float)
    # NumPy prints an array's items with 8 decimals
    assert values == pytest.approx([float(c) for c in exact_project(q, k)], abs=5.1e-9)
    assert float(cos) == pytest.approx(float(exact_cosine(q, k)), rel=1e-12, abs=1e-12)
    # and the exact side of each line is the sheet the other scenes show
    assert sheet["dot"].text == scene_sheet(lesson, "ProjectionDrop")["dot"].text


def test_the_listing_is_the_seeds_snippet() -> None:
    code = snippet([Fraction(2), Fraction(1)], [Fraction(1), Fraction(2)])
    assert "q = np.array([2.0, 1.0])" in code and "k = np.array([1.0, 2.0])" in code
    assert "cosine_similarity = dot / (np.linalg.norm(q) * np.linalg.norm(k))" in code


@pytest.mark.manim
@pytest.mark.parametrize("factor", [1.0, 0.5, 1.3])
def test_a_code_listing_is_one_text_measured_at_its_scaled_size(factor: float) -> None:
    """The snapshot reads a listing's lines (the Paragraph inside Code) as one text: its box,
    and its font size after the listing was scaled (Code drops glyphs from its first and last
    lines after making them, so their Text alone would not tell)."""
    from manim import Code, VGroup

    from scenes.snapshot import font_size, is_text, text_mobjects

    code = Code(
        code_string=snippet([Fraction(2), Fraction(1)], [Fraction(1), Fraction(2)]),
        language="python",
        add_line_numbers=False,
        paragraph_config={"font": "DejaVu Sans Mono", "font_size": 24},
    )
    VGroup(code).scale(factor)
    (text,) = text_mobjects([VGroup(code)])
    assert text is code.code_lines and is_text(text)
    assert font_size(text) == pytest.approx(24 * factor, rel=1e-6)
