"""The opening scenes, the NumPy check and the recap fit the widest lessons the loader accepts."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import DRY_FPS
from drycache import cached_dry_run
from test_scenes import check_layout
from variants import variant

from lesson.model import load_lesson

pytestmark = pytest.mark.manim

SCENES = ["Hook", "LessonTitle", "CoordinateProducts", "LengthAndAngle", "NumpyCheck", "Recap"]
SIX = "[-8.99, -8.99, -8.99, -8.99, -8.99, -8.99]"
# As wide as the loader allows where these scenes read: a 120-character title, labels of 12
# characters, six keys of six coordinates with two decimals, six places for every rounded
# value and exact decimals of up to eight places; and the other way round, a few short ones.
LESSONS: dict[str, list[tuple[str, str, str]]] = {
    "widest": [
        ("intro", "prior_lesson", '"017-ABCDEFGH"'),
        ("intro", "mml_section", '"3.2.1-appx.Z"'),
        ("projection", "query", "[-8.99, 8.75]"),
        ("projection", "key", "[8.51, -0.01]"),
        ("attention", "query", "[-8.99, 8.75, -7.77, 6.66, -5.55, 4.44]"),
        (
            "attention",
            "keys",
            f"[{SIX}, [9, -9, 9, -9, 9, -9], [0.01, 0.02, 0.03, 0.04, 0.05, 0.06], "
            "[-1.11, 2.22, -3.33, 4.44, -5.55, 6.66], [8.88, 8.88, 8.88, 8.88, 8.88, 8.88], "
            "[-0.01, 0, 0, 0, 0, 0.01]]",
        ),
        # one 2-D value per key (the default lesson gives values of its own)
        (
            "attention",
            "values",
            "[[-8.99, 8.75], [9, -9], [0.01, 0.02], [-1.11, 2.22], [8.88, 8.88], [-0.01, 0]]",
        ),
        ("scores", "queries", f"[{SIX}]"),
        *(("format", name, "6") for name in ("approx", "logit", "weight", "angle")),
        ("format", "exact_max", "8"),
    ],
    "short": [
        ("intro", "prior_lesson", '"WWWWWWWWWWWW"'),
        ("intro", "mml_section", '"MMMMMMMMMMMM"'),
        ("projection", "query", "[0.01, -0.03]"),
        ("projection", "key", "[-7.33, 0.07]"),
        ("attention", "keys", "[[1, 0], [0.01, -0.01], [0, 1]]"),
        ("attention", "values", "[[1, 0], [0.01, -0.01], [0, 1]]"),
        ("attention", "mask", "[true, false, true]"),
        ("format", "approx", "0"),
        ("format", "weight", "1"),
        ("format", "exact_max", "0"),
    ],
}
TITLE = (
    "Hasil Kali Dalam Mengukur Keselarasan dalam Attention, dengan Contoh Numerik, "
    "Penelusuran Skor, Softmax, dan Uji Lengkap"
)


def _lesson(name: str, folder: Path) -> Path:
    path = variant("default", folder, LESSONS[name])
    if name == "widest":
        assert len(TITLE) == 120
        text = path.read_text(encoding="utf-8")
        default = f'title = "{load_lesson(path).title}"'
        path.write_text(text.replace(default, f'title = "{TITLE}"', 1), encoding="utf-8")
    load_lesson(path)  # the loader accepts it
    return path


@pytest.mark.parametrize("lesson", sorted(LESSONS))
@pytest.mark.parametrize("scene", SCENES)
def test_every_text_inside_apart_and_legible(scene: str, lesson: str, tmp_path: Path) -> None:
    path = _lesson(lesson, tmp_path)
    obj = cached_dry_run(scene, path, "id", voice="none", frame_rate=DRY_FPS)
    broken = check_layout(obj)
    assert not broken, "\n".join(broken)
