"""Charts and planes of SoftmaxBarMorph, AttentionScores, ScaleIsNotCosine, MagnitudeVsDirection
hold their layout on lessons at the edge of what the loader accepts."""

from __future__ import annotations

from pathlib import Path

import pytest
from drycache import cached_dry_run
from test_scenes import check_layout, check_numbers
from variants import variant

from lesson.model import load_lesson
from lesson.sheet import scene_sheet

pytestmark = pytest.mark.manim

SIX = "[[1.25, -3.33], [-8.99, 8.99], [0.01, -0.01], [7.77, 6.66], [-5.55, -4.44], [2.22, 9]]"
SIX_D = "[-8.99, 7.37, 0.01, 2.57, -1.25, 3.33]"
PLACES = [("format", k, v) for k, v in (("logit", "6"), ("weight", "6"), ("approx", "6"))]
STRESS = {
    # six 2-D keys and four queries with two decimals
    "six-keys": [
        ("attention", "query", "[-8.99, 7.37]"),
        ("attention", "keys", SIX),
        ("attention", "values", SIX),
        ("scores", "queries", "[[-8.99, 7.37], [0.01, 0.02], [9, 9], [-3.33, 1.11]]"),
        ("magnitude", "pairs", "[[[8.88, 0], [0.5, 0]], [[2.22, 2.22], [1, 1]]]"),
    ],
    # logits, weights and rounded values at six places; six-dimensional scale vectors
    "six-places": [
        *PLACES,
        ("format", "exact_max", "8"),
        ("attention", "query", "[-8.99, 7.37]"),
        ("attention", "keys", "[[1.25, -3.33], [-8.99, 8.99], [0.01, -0.01]]"),
        ("attention", "values", "[[1.25, -3.33], [-8.99, 8.99], [0.01, -0.01]]"),
        ("scores", "queries", "[[-8.99, 7.37], [0.01, 0.02]]"),
        ("scale", "query", SIX_D),
        ("scale", "key", "[1.11, -2.22, 3.33, -4.44, 5.55, -6.66]"),
    ],
    # six-dimensional attention (no plane), a y longer than its x along one line
    "six-d": [
        ("attention", "query", SIX_D),
        (
            "attention",
            "keys",
            "[[1.11, -2.22, 3.33, -4.44, 5.55, -6.66], [9, 9, 9, 9, 9, 9],"
            " [-0.01, 0, 0, 0, 0, 0.01], [-8.99, -8.99, -8.99, -8.99, -8.99, -8.99]]",
        ),
        ("attention", "values", "[[1.11, -2.22], [9, 9], [-0.01, 0], [-8.99, -8.99]]"),
        ("scores", "queries", f"[{SIX_D}, [0, 0, 0, 0, 0, 0], [9, -9, 9, -9, 9, -9]]"),
        ("magnitude", "pairs", "[[[-0.5, 0], [-8.88, 0]], [[2.22, 2.22], [1, 1]]]"),
    ],
}
SCENES = ["SoftmaxBarMorph", "AttentionScores", "ScaleIsNotCosine", "MagnitudeVsDirection"]


@pytest.fixture(scope="module")
def stress_paths(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("stress")
    return {name: variant("default", folder, edits) for name, edits in STRESS.items()}


@pytest.mark.parametrize("lesson", list(STRESS))
@pytest.mark.parametrize("scene", SCENES)
def test_layout_at_the_edges(stress_paths: dict[str, Path], scene: str, lesson: str) -> None:
    """Six keys, four queries, six places, six dimensions: inside, apart, at 20 points or more."""
    path = stress_paths[lesson]
    obj = cached_dry_run(scene, path, "id", voice="none", frame_rate=5)
    broken = check_layout(obj)
    assert not broken, "\n".join(broken)
    full = scene_sheet(load_lesson(path), scene)
    check_numbers(obj, {k: v.text for k, v in full.items()})
