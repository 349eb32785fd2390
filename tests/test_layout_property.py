"""Every scene's layout holds for lessons drawn from the whole space the loader accepts.

For each scene, hypothesis draws lessons whose tables the scene reads take any accepted
values (``lesson_space``: decimals, negative values, the largest coordinates, 2 to 6 keys and
coordinates, every ``[format]`` setting, every quiz kind, generated variants), dry-runs the
scene on each and checks every step's end with :func:`test_scenes.check_layout`: texts inside
the title-safe area, apart, clear of arrow heads and at least the floor size.

It runs in the full tier (dry runs import manim): ``LAYOUT_EXAMPLES`` lessons per scene
(default 2, so 42 dry runs; the draws are derandomized, so a run is repeatable, and not
shrunk, which takes minutes of dry runs). ``LAYOUT_EXAMPLES=50 LAYOUT_RANDOM=1`` searches
further with fresh draws, and shrinks a failing lesson to a small example. A failing lesson
is written to ``tests/layout_cases/<Scene>-<digest>.toml``: commit it, and
:func:`test_kept_case` dry-runs it in every later run.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest
from drycache import cached_dry_run
from hypothesis import HealthCheck, Phase, given, reject, settings
from lesson_space import lessons
from test_scenes import check_layout
from variants import EVERY_KIND_ORDER

from lesson.model import LessonError, load_lesson
from lesson.scenelist import ORDER

pytestmark = pytest.mark.manim
CASES = Path(__file__).parent / "layout_cases"
EXAMPLES = int(os.environ.get("LAYOUT_EXAMPLES", "2"))
SEARCH = bool(os.environ.get("LAYOUT_RANDOM"))  # a search: fresh draws, failures shrunk
PHASES = tuple(Phase) if SEARCH else (Phase.explicit, Phase.reuse, Phase.generate)
FPS = 5.0


def _dry_layout(scene: str, path: Path) -> list[str]:
    return check_layout(cached_dry_run(scene, path, "id", voice="none", frame_rate=FPS))


@pytest.mark.parametrize("scene", EVERY_KIND_ORDER)
def test_layout_holds_for_drawn_lessons(scene: str, tmp_path: Path) -> None:
    path = tmp_path / "drawn.toml"
    failed: list[tuple[str, list[str]]] = []

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=not SEARCH,
        phases=PHASES,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(lessons(ORDER[scene].reads))
    def check(text: str) -> None:
        path.write_text(text, encoding="utf-8")
        try:
            load_lesson(path)
        except LessonError:
            reject()
        try:
            broken = _dry_layout(scene, path)
        except Exception as e:  # a scene that cannot show an accepted lesson is a failure too
            broken = [f"the dry run failed: {type(e).__name__}: {e}"]
        if broken:
            failed.append((text, broken))  # the last one run is the one hypothesis reports
        assert not broken, "\n".join(broken[:12])

    try:
        check()
    except AssertionError:
        text, broken = failed[-1]
        digest = hashlib.sha256(text.encode()).hexdigest()[:8]
        CASES.mkdir(exist_ok=True)
        kept = CASES / f"{scene}-{digest}.toml"
        kept.write_text(text, encoding="utf-8")
        how = "shrunk and kept" if SEARCH else "kept (search with LAYOUT_RANDOM=1 to shrink it)"
        lines = "\n".join(broken[:12])
        message = f"{scene}: the failing lesson is {how} as {kept.name}\n{lines}"
        raise AssertionError(message) from None


KEPT = sorted(CASES.glob("*.toml")) if CASES.is_dir() else []


@pytest.mark.parametrize("case", KEPT, ids=[p.stem for p in KEPT])
def test_kept_case(case: Path) -> None:
    """A lesson a property run once found breaking the layout now lays out cleanly."""
    scene = case.stem.rsplit("-", 1)[0]
    broken = _dry_layout(scene, case)
    assert not broken, "\n".join(broken[:12])
