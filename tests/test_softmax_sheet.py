"""Softmax computed on the sheet: the exponentials, their sum and one fraction, as the lesson
writes them, checked against values computed here independently (no manim)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from variants import variant

from lesson.model import load_lesson
from lesson.sheet import scene_sheet
from mathcore.spoken import spoken


def _sheet(name: str, tmp_path: Path, scene: str = "SoftmaxBarMorph"):
    return scene_sheet(load_lesson(variant(name, tmp_path)), scene)


def test_default_lesson_computes_softmax_as_the_seed_writes_it(tmp_path: Path) -> None:
    s = _sheet("default", tmp_path)
    # e^(1/√2) = 2.0281…, e^(√2) = 4.1133…; their sum 6.1414…; the first weight 0.3302…
    assert s["scores"].text == "(1, 2)"
    assert s["logits"].text == "(0.707, 1.414)"
    assert (s["exp1"].text, s["exp2"].text) == ("2.028", "4.113")
    assert s["exp_sum"].text == "6.141"
    assert s["frac"].text == "2.028/6.141"
    assert s["first_weight"].text == "0.330"
    assert s["weights"].text == "(0.330, 0.670)"
    assert s.decisions["exp"] == "less"
    # every rounded value is stated with ≈ on screen, never with =
    assert not any(s[k].exact for k in ("logits", "exp1", "exp2", "exp_sum", "frac", "weights"))
    assert spoken(s["frac"], "id") == "dua koma nol dua delapan per enam koma satu empat satu"


def test_the_written_fraction_gives_the_weight_shown(tmp_path: Path) -> None:
    """Dividing the two numbers on screen gives the weight on screen (to its places)."""
    for name in ("default", "masked"):
        s = _sheet(name, tmp_path)
        num, den = (float(x) for x in s["frac"].text.split("/"))
        assert f"{num / den:.3f}" == s["first_weight"].text, name


def test_exponentials_against_an_independent_computation(tmp_path: Path) -> None:
    lesson = load_lesson(variant("masked", tmp_path))
    s = scene_sheet(lesson, "SoftmaxBarMorph")
    At = lesson.attention
    keep = At.mask or (True,) * len(At.keys)
    d = len(At.query)
    logits = [
        sum(float(a) * float(b) for a, b in zip(At.query, k, strict=True)) / math.sqrt(d)
        for k in At.keys
    ]
    exps = [math.exp(v) for v, on in zip(logits, keep, strict=True) if on]
    # the masked key contributes e^(−∞) = 0: it is not a term of the sum
    kept = [i for i, on in enumerate(keep, start=1) if on]
    assert [s[f"exp{i}"].text for i in kept] == [f"{e:.3f}" for e in exps]
    # e^(−∞) = 0 exactly, on the masked bar (and said), not a term of the sum
    masked_exps = [s[f"exp{i}"] for i in range(1, len(keep) + 1) if i not in kept]
    assert masked_exps and all(e.text == "0" and e.exact for e in masked_exps)
    assert s["exp_sum"].text == f"{sum(exps):.3f}"
    assert "−∞" in s["logits"].text
    masked = keep.index(False) + 1
    assert s[f"weight{masked}"].text == "0"  # exact zero is 0
    assert math.isclose(sum(exps) * float(s["first_weight"].text), exps[0], rel_tol=2e-3)


def test_large_logits_subtract_the_largest_first(tmp_path: Path) -> None:
    """Logits of 114.551 would make e^ℓ 50 digits long: softmax(ℓ − m) is written instead."""
    s = _sheet("largest", tmp_path)
    assert s.decisions["exp"] == "greater"
    assert s["max_logit"].text == "114.551"
    terms = [float(v.text) for k, v in s.items() if k.startswith("exp") and k[3:].isdigit()]
    assert max(terms) == 1.0 and all(0 <= t <= 1 for t in terms)
    assert "max_logit" in s.outcomes


@pytest.mark.parametrize("name", ["default", "masked", "largest"])
def test_attention_row_is_the_matrix_row(name: str, tmp_path: Path) -> None:
    s = _sheet(name, tmp_path, "AttentionScores")
    nk = sum(1 for k in s if k.startswith("k") and k[1:].isdigit())
    assert (
        s["row_scores"].text
        == "(" + ", ".join(s[f"score1_{j}"].text for j in range(1, nk + 1)) + ")"
    )
    row = [s.get(f"logit1_{j}", s["neg_inf"]).text for j in range(1, nk + 1)]
    assert s["row_logits"].text == "(" + ", ".join(row) + ")"
    assert (
        s["row_weights"].text
        == "(" + ", ".join(s[f"weight1_{j}"].text for j in range(1, nk + 1)) + ")"
    )
    said = {"row_scores", "first_out"} | ({"row_logits", "row_weights"} if nk <= 3 else set())
    assert said <= s.outcomes  # a longer list stays on screen: a cue break would cut it
