"""``lecture numbers``: the proof-reading sheet an author checks after editing a lesson.

Expected figures are worked out here independently (fractions and numpy), never by asking
the sheet, so a wrong formula in the sheet shows up as a wrong number.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from variants import SEED_ORDER

from lecture.cli import main
from lesson.model import DEFAULT_LESSON

ROOT = Path(__file__).resolve().parent.parent
SEED = DEFAULT_LESSON.read_text(encoding="utf-8")
MINUS = "\u2212"


# --------------------------------------------------------------------------------------
# Independent expectations
# --------------------------------------------------------------------------------------


def signed(body: str, negative: bool) -> str:
    return MINUS + body if negative else body


def exact(x: Fraction | int) -> str:
    """A terminating decimal as the viewer reads it: ``4``, ``0.8``, ``−0.6``."""
    x = Fraction(x)
    d = Decimal(abs(x.numerator)) / Decimal(x.denominator)
    body = format(d.normalize(), "f") if d else "0"
    return signed(body, x < 0)


def rounded(x: float, places: int) -> str:
    body = f"{abs(x):.{places}f}"
    return signed(body, x < 0 and float(body) != 0)


def approx(x: float, places: int = 2) -> str:
    return "≈ " + rounded(x, places)


def vector(xs: list[Fraction]) -> str:
    return "(" + ", ".join(exact(x) for x in xs) + ")"


def projection_figures(q: tuple[int, ...], k: tuple[int, ...]) -> dict[str, str]:
    qf, kf = [Fraction(x) for x in q], [Fraction(x) for x in k]
    dot = sum(a * b for a, b in zip(qf, kf, strict=True))
    kk = sum(b * b for b in kf)
    coef = dot / kk
    proj = [coef * b for b in kf]
    residual = [a - p for a, p in zip(qf, proj, strict=True)]
    comp = float(dot) / math.sqrt(kk)
    root = math.isqrt(int(kk))  # integer coordinates here
    if root * root == kk:  # |k| rational: the component is exact
        comp_text = exact(dot / root)
    else:
        comp_text = approx(comp)
    return {
        "q": vector(qf),
        "k": vector(kf),
        "dot": exact(dot),
        "proj": vector(proj),
        "residual": vector(residual),
        "residual_dot": exact(sum(r * b for r, b in zip(residual, kf, strict=True))),
        "comp": comp_text,
    }


def softmax_figures(
    q: tuple[int, ...], keys: list[tuple[int, ...]], mask: list[bool] | None = None
) -> dict[str, str]:
    Q, K = np.array(q, dtype=float), np.array(keys, dtype=float)
    keep = np.array(mask if mask is not None else [True] * len(keys))
    logits = K @ Q / np.sqrt(len(q))
    z = np.where(keep, logits, -np.inf)
    w = np.exp(z - z[keep].max())
    w /= w.sum()
    out = {"d_k": str(len(q))}
    for i, (key, on) in enumerate(zip(keys, keep, strict=True), start=1):
        out[f"k{i}"] = vector([Fraction(x) for x in key])
        out[f"score{i}"] = exact(sum(a * b for a, b in zip(q, key, strict=True)))
        out[f"logit{i}"] = rounded(logits[i - 1], 3) if on else MINUS + "∞"
        out[f"weight{i}"] = rounded(w[i - 1], 3) if on else "0"
    return out


# --------------------------------------------------------------------------------------
# Running the command
# --------------------------------------------------------------------------------------


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    status = main(["numbers", "--json", *args])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert err == ""
    return json.loads(out)


def lesson_file(tmp_path: Path, *edits: tuple[str, str, str]) -> Path:
    """The seed with `edits` = (section header, old, new) applied inside that section."""
    text = SEED
    for section, old, new in edits:
        i = text.index(old, text.index(section))
        text = text[:i] + new + text[i + len(old) :]
    p = tmp_path / "edited.toml"
    p.write_text(text, encoding="utf-8")
    return p


def subset(sheet: dict[str, str], expected: dict[str, str]) -> dict[str, str]:
    return {k: sheet.get(k) for k in expected}


# --------------------------------------------------------------------------------------
# The default lesson
# --------------------------------------------------------------------------------------


@pytest.fixture()
def seed_json(capsys: pytest.CaptureFixture[str]) -> dict:
    return run_json(capsys)


def test_json_shape(seed_json: dict) -> None:
    assert set(seed_json) == {"lesson", "scenes"}
    assert seed_json["lesson"] == "inner-product"
    assert list(seed_json["scenes"]) == SEED_ORDER  # every scene, in lesson order
    for values in seed_json["scenes"].values():
        assert values and all(isinstance(v, str) for v in values.values())


def test_seed_projection_figures(seed_json: dict) -> None:
    p = seed_json["scenes"]["ProjectionDrop"]
    assert p["dot"] == "4"
    assert p["proj"] == "(0.8, 1.6)"
    assert p["residual"] == "(1.2, \u22120.6)"
    assert p["comp"] == "≈ 1.79"
    assert p["comp_ratio"] == "4/√5"
    assert p["dot_terms"] == "2(1) + 1(2)"
    assert p["proj_coef"] == "4/5"
    assert p["residual_dot"] == "0"
    # and the same figures from the independent computation
    assert subset(p, projection_figures((2, 1), (1, 2))) == projection_figures((2, 1), (1, 2))


def test_seed_softmax_figures(seed_json: dict) -> None:
    s = seed_json["scenes"]["SoftmaxBarMorph"]
    assert (s["logit1"], s["logit2"]) == ("0.707", "1.414")
    assert (s["weight1"], s["weight2"]) == ("0.330", "0.670")
    assert (s["score1"], s["score2"], s["sqrt_d_k"], s["sum"]) == ("1", "2", "√2", "1")
    want = softmax_figures((1, 2), [(1, 0), (0, 1)])
    assert subset(s, want) == want


def test_seed_angle_figures(seed_json: dict) -> None:
    a = seed_json["scenes"]["AngleSignRegions"]
    # a stop ends on the exact form every scene uses (live readouts keep places while moving)
    assert a["acute_dot"] == "6"
    assert a["right_dot"] == "0"
    assert a["obtuse_dot"] == MINUS + "2"
    assert a["right_theta"] == "90°"
    assert "scaled_q" not in a and "scale" not in a  # no [angle] scale: no scaling steps
    theta = math.degrees(math.acos(6 / (math.sqrt(17) * math.sqrt(5))))
    assert a["acute_theta"] == f"≈ {theta:.1f}°"
    obtuse = math.degrees(math.acos(-2 / (2 * math.sqrt(5))))
    assert a["obtuse_theta"] == f"≈ {obtuse:.1f}°"


def test_default_is_the_seed_file(capsys: pytest.CaptureFixture[str], seed_json: dict) -> None:
    assert run_json(capsys, "--lesson", str(DEFAULT_LESSON)) == seed_json


def test_plain_text_listing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["numbers"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    lines = out.splitlines()
    assert lines[0].startswith("Hasil Kali Dalam Mengukur Keselarasan dalam Attention")
    assert "[inner-product]" in lines[0] and str(DEFAULT_LESSON) in lines[0]
    for scene in ("ProjectionDrop", "AngleSignRegions", "SoftmaxBarMorph"):
        assert scene in lines
    rows = {tuple(line.split(None, 1)) for line in lines if line.startswith("  ")}
    assert ("comp", "≈ 1.79") in rows
    assert ("weight1", "0.330") in rows


# --------------------------------------------------------------------------------------
# Edited copies: recomputed values
# --------------------------------------------------------------------------------------

P = "[projection]"


@pytest.mark.parametrize(
    "query, key, comp_ratio",
    [
        ((3, 1), (1, 2), "5/√5"),
        ((-2, -1), (1, 2), f"{MINUS}4/√5"),  # obtuse: the component is negative
        ((2, 1), (3, 4), None),  # |k| = 5: the component is exact, 2; no ratio step
        ((1, 0), (0, 1), None),  # orthogonal: nothing projects; no ratio step
    ],
    ids=["query-3-1", "obtuse", "exact-norm", "orthogonal"],
)
def test_edited_projection_is_recomputed(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    query: tuple[int, int],
    key: tuple[int, int],
    comp_ratio: str | None,
) -> None:
    path = lesson_file(
        tmp_path,
        (P, "query = [2, 1]", f"query = [{query[0]}, {query[1]}]"),
        (P, "key = [1, 2]", f"key = [{key[0]}, {key[1]}]"),
    )
    p = run_json(capsys, "--lesson", str(path))["scenes"]["ProjectionDrop"]
    want = projection_figures(query, key)
    assert subset(p, want) == want
    assert p.get("comp_ratio") == comp_ratio


def test_obtuse_projection_literal_figures(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = lesson_file(tmp_path, (P, "query = [2, 1]", "query = [-2, -1]"))
    p = run_json(capsys, "--lesson", str(path))["scenes"]["ProjectionDrop"]
    assert p["dot"] == "\u22124"
    assert p["comp"] == "≈ \u22121.79"
    assert p["proj"] == "(\u22120.8, \u22121.6)"
    assert p["residual"] == "(\u22121.2, 0.6)"
    assert p["dot_terms"] == "(\u22122)(1) + (\u22121)(2)"


def test_masked_third_key(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = lesson_file(
        tmp_path,
        (
            "[attention]",
            "keys = [[1, 0], [0, 1]]\nvalues = [[4, 1], [-1, 2]]",
            "keys = [[1, 0], [0, 1], [1, 1]]\nmask = [true, false, true]",
        ),
    )
    s = run_json(capsys, "--lesson", str(path))["scenes"]["SoftmaxBarMorph"]
    want = softmax_figures((1, 2), [(1, 0), (0, 1), (1, 1)], [True, False, True])
    assert subset(s, want) == want
    assert (s["logit2"], s["weight2"]) == ("\u2212∞", "0")
    assert (s["logit1"], s["logit3"]) == ("0.707", "2.121")
    assert "k4" not in s


def test_three_d_attention(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = lesson_file(
        tmp_path,
        (
            "[attention]",
            "query = [1, 2]\nkeys = [[1, 0], [0, 1]]\nvalues = [[4, 1], [-1, 2]]",
            "query = [1, 2, 2]\nkeys = [[1, 0, 0], [0, 1, 0], [0, 0, -1]]",
        ),
        ("[scores]", "queries = [[-1, 2], [0, 0], [1, 2]]", "queries = [[1, 2, 2]]"),
    )
    s = run_json(capsys, "--lesson", str(path))["scenes"]["SoftmaxBarMorph"]
    want = softmax_figures((1, 2, 2), [(1, 0, 0), (0, 1, 0), (0, 0, -1)])
    assert subset(s, want) == want
    assert s["sqrt_d_k"] == "√3"
    assert s["logit3"] == MINUS + "1.155"


def test_format_places_apply(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = lesson_file(
        tmp_path,
        ("[format]", "approx = 2", "approx = 4"),
        ("[format]", "weight = 3", "weight = 1"),
    )
    scenes = run_json(capsys, "--lesson", str(path))["scenes"]
    assert scenes["ProjectionDrop"]["comp"] == approx(4 / math.sqrt(5), 4) == "≈ 1.7889"
    assert scenes["SoftmaxBarMorph"]["weight1"] == "0.3"


def test_edited_angle_stops(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    A = "[angle]"
    path = lesson_file(
        tmp_path,
        (A, "key = [1, 2]", "key = [1, 0]"),
        (A, "acute = [4, 1]", "acute = [1, 1]"),
        (A, "right = [-2, 1]", "right = [0, 2]"),
        (A, "obtuse = [-2, 0]", "obtuse = [-1, 1]"),
        (A, "# scale = 2", "scale = 3"),
    )
    a = run_json(capsys, "--lesson", str(path))["scenes"]["AngleSignRegions"]
    assert a["acute_theta"] == "45°" and a["obtuse_theta"] == "135°"  # textbook angles, exact
    assert a["acute_cos"] == "≈ 0.71"  # an irrational cosine is rounded, as in LengthAndAngle
    assert a["scaled_q"] == "(3, 3)" and a["scaled_dot"] == "3"
    assert a["flipped_q"] == f"({MINUS}3, {MINUS}3)" and a["flipped_dot"] == MINUS + "3"
    assert a["right_dot"] == "0" and a["right_theta"] == "90°"


# --------------------------------------------------------------------------------------
# A bad file: exit 2, one line on stderr, nothing on stdout, no traceback
# --------------------------------------------------------------------------------------


def bad_lesson(tmp_path: Path) -> Path:
    return lesson_file(tmp_path, (P, "query = [2, 1]", "qurey = [2, 1]"))


def test_bad_file_in_process(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = bad_lesson(tmp_path)
    for args in (["numbers", "--lesson", str(path)], ["numbers", "--json", "--lesson", str(path)]):
        assert main(args) == 2
        out, err = capsys.readouterr()
        assert out == ""
        assert err == (
            f"lecture: error: {path}: projection.qurey: unknown key (did you mean 'query'?)\n"
        )


def test_missing_file_in_process(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "missing.toml"
    assert main(["numbers", "--lesson", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"lecture: error: {path}: (file): no such file\n"


def test_bad_arguments_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["numbers", "--no-such-option"])
    assert info.value.code == 2
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize("kind", ["misspelt-key", "missing-file", "syntax-error"])
def test_bad_file_subprocess(tmp_path: Path, kind: str) -> None:
    if kind == "misspelt-key":
        path, key = bad_lesson(tmp_path), "projection.qurey"
    elif kind == "missing-file":
        path, key = tmp_path / "missing.toml", "(file)"
    else:
        path, key = lesson_file(tmp_path, (P, "query = [2, 1]", "query = [2, 1")), "(syntax)"
    proc = subprocess.run(
        [sys.executable, "-m", "lecture.cli", "numbers", "--json", "--lesson", str(path)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        timeout=60,
    )
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert proc.stderr.endswith("\n")
    assert lines[0].startswith(f"lecture: error: {path}: {key}: ")


def test_good_file_subprocess() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "lecture.cli", "numbers", "--json"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    data = json.loads(proc.stdout)
    assert data["scenes"]["ProjectionDrop"]["residual"] == "(1.2, \u22120.6)"


def test_deeply_nested_array_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = lesson_file(tmp_path, (P, "query = [2, 1]", "query = " + "[" * 600 + "]" * 600))
    assert main(["numbers", "--lesson", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1
