"""WhySqrtDk's words follow its draws: it claims a widening spread, a spread of about one after
dividing by √dₖ, or one key taking nearly all the weight only where the numbers show it."""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from variants import SEED, set_key, variant

import mathcore as mc
from lesson.catalogue import file_catalogue
from lesson.model import load_lesson, load_lesson_text
from lesson.scenelist import scene_spec
from lesson.sheets.spread import DOMINANT, NEAR, why_sqrt_dk
from mathcore.draws import sign_products, sign_vectors

TEXT = scene_spec("WhySqrtDk").text_file


def spread_lesson(dims: list[int], samples: int, seed: int, keys: int = 4):
    """The default lesson with its ``[spread]`` table edited."""
    text = SEED
    for key, value in (("dims", str(dims)), ("samples", str(samples)), ("seed", str(seed))):
        text = set_key(text, "spread", key, value)
    return load_lesson_text(set_key(text, "spread", "keys", str(keys)))


def mean_squares(dims: list[int], samples: int, seed: int) -> list[Fraction]:
    """Each dimension's mean squared dot product, from the draws themselves (exact)."""
    return [
        Fraction(sum(s * s for s in sign_products(d, samples, (seed, d))), samples) for d in dims
    ]


def top_weights(dims: list[int], keys: int, seed: int) -> tuple[float, float]:
    """Softmax's largest weight for the largest dimension's query, raw and divided by √dₖ."""
    d = dims[-1]
    q, *ks = sign_vectors(d, 1 + keys, (seed, d, 1))
    scores = np.array([np.dot(q, k) for k in ks], dtype=float)
    return float(mc.softmax(scores).max()), float(mc.softmax(scores / math.sqrt(d)).max())


def said(lesson, key: str) -> str:
    """The Indonesian caption `key` picks for `lesson`'s decisions (as the scene does)."""
    sheet = why_sqrt_dk(lesson)
    n = len(lesson.spread.dims)
    chosen = {
        "trend": f"ws_sub_rms{n}_if_{sheet.decisions['trend']}",
        "near": f"ws_sub_scaled{n}_if_{sheet.decisions['near']}",
        "raw": f"ws_sub_raw_if_{sheet.decisions['raw']}",
        "scaled": f"ws_sub_scaled_if_{sheet.decisions['scaled']}",
    }[key]
    return file_catalogue(TEXT, "id")[chosen]


def test_two_dimensions_whose_spread_does_not_widen_are_not_said_to(tmp_path: Path) -> None:
    """dₖ = 2 and 4 drawn 8 times: the spread shrinks, and the words say it does not widen."""
    lesson = load_lesson(variant("spread-flat", tmp_path))
    squares = mean_squares([2, 4], 8, 227)
    assert squares[1] <= squares[0]  # the draw really does not widen
    sheet = why_sqrt_dk(lesson)
    assert sheet.decisions["trend"] == "uneven"
    assert float(sheet["rms2"].text) <= float(sheet["rms1"].text)
    assert "tidak melebar" in said(lesson, "trend")
    assert "melebar:" not in said(lesson, "trend")


@settings(max_examples=40, deadline=None)
@given(
    dims=st.sampled_from([[2, 4], [1, 2], [2, 16, 64], [1, 3, 5], [4, 8, 9], [16, 256]]),
    samples=st.integers(8, 64),
    seed=st.integers(0, 10**6),
    keys=st.integers(2, 6),
)
def test_words_follow_the_numbers_of_any_draw(
    dims: list[int], samples: int, seed: int, keys: int
) -> None:
    """Computed here from the draws, apart from the sheet: each claim holds exactly when the
    numbers show it (weights compared away from the threshold, where floats are sure)."""
    lesson = spread_lesson(dims, samples, seed, keys)
    squares = mean_squares(dims, samples, seed)
    rising = all(a < b for a, b in zip(squares, squares[1:], strict=False))
    assert ("tidak melebar" not in said(lesson, "trend")) == rising
    lo, hi = NEAR
    near = all(lo**2 <= m / d <= hi**2 for m, d in zip(squares, dims, strict=True))
    assert ("meleset" not in said(lesson, "near")) == near
    raw, scaled = top_weights(dims, keys, seed)
    if abs(raw - float(DOMINANT)) > 1e-9:
        assert ("gradiennya nyaris nol" in said(lesson, "raw")) == (raw >= DOMINANT)
    if abs(scaled - float(DOMINANT)) > 1e-9:
        assert ("masih" in said(lesson, "scaled")) == (scaled >= DOMINANT)
    assert scaled <= raw + 1e-12  # dividing by √dₖ ≥ 1 never sharpens softmax


@pytest.mark.manim
def test_the_scene_says_no_widening_its_draws_lack(dry_scene) -> None:
    """End to end: what the narrator of the flat draw is asked to say."""
    words = " ".join(
        w for snap in dry_scene("WhySqrtDk", "spread-flat").snapshots for w in snap.words
    )
    assert "tidak melebar" in words and "melebar:" not in words
    assert "meleset" in words and "nyaris nol" not in words
