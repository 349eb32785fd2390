"""A colour per role, told apart by everyone: measured, not eyeballed (fast tier, no manim).

Two colours are compared as a viewer sees them: converted to CAM02-UCS (a colour space in
which distance follows perceived difference; ΔE' about 1 is a just-noticeable difference),
for normal vision and as simulated for the three dichromacies (deuteranopia, protanopia,
tritanopia: Machado et al. 2009 at full severity, as colorspacious implements it).

The thresholds (:data:`scenes.palette.DISTINCT`, :data:`scenes.palette.DISTINCT_CVD`):

- two roles in one scene differ by 20 or more for normal vision. The pair the issue found
  too close, k's sky blue against the weight's steel blue (a darker tint of the same hue),
  measures 15.9; q's orange against the highlight's yellow, two Okabe–Ito colours nobody
  confuses, 20.8.
- the same two differ by 10 or more under each simulated dichromacy: Okabe–Ito's palette,
  made for colour-blind readers, keeps its colours 11.0 apart or more here at its worst
  (q's orange and v's purple, tritanopia), while the old weight and v were 7.7 apart
  (protanopia).
- any two roles, in one scene or not, differ by 10 or more for normal vision: no two roles
  share a colour, except the signs that borrow one (:data:`scenes.palette.BORROWED`).
"""

from __future__ import annotations

import re
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest
from colorspacious import cspace_convert

from scenes.palette import (
    BACKGROUND,
    BORROWED,
    DISTINCT,
    DISTINCT_CVD,
    TEXT_MIN,
    TOGETHER,
    C,
    contrast,
    hex_rgb,
)

ROOT = Path(__file__).resolve().parent.parent
DICHROMACIES = ("deuteranomaly", "protanomaly", "tritanomaly")  # at severity 100: dichromacy
ROLES = sorted({role for group in TOGETHER for role in group})
# the palette before issue 54: the weight a tint of Okabe–Ito blue, the output the highlight's
OLD = {**{r: getattr(C, r) for r in ROLES}, "WEIGHT": "#2989BE", "OUTPUT": "#F0E442"}


def seen(color: str, vision: str = "normal") -> np.ndarray:
    """CAM02-UCS coordinates of `color` as seen with `vision` (a simulated dichromacy)."""
    rgb = np.array(hex_rgb(color))
    if vision != "normal":
        cvd = {"name": "sRGB1+CVD", "cvd_type": vision, "severity": 100}
        rgb = np.clip(cspace_convert(rgb, cvd, "sRGB1"), 0, 1)
    return np.asarray(cspace_convert(rgb, "sRGB1", "CAM02-UCS"))


def delta(a: str, b: str, vision: str = "normal") -> float:
    """ΔE' in CAM02-UCS between `a` and `b` as seen with `vision`."""
    return float(np.linalg.norm(seen(a, vision) - seen(b, vision)))


def too_close(palette: dict[str, str]) -> list[str]:
    """Every pair of roles in `palette` closer than the thresholds, with its distance."""
    close = []
    for group in TOGETHER:
        for a, b in combinations(group, 2):
            d = delta(palette[a], palette[b])
            if d < DISTINCT:
                close.append(f"{a}/{b} {d:.1f} < {DISTINCT} (normal vision)")
            for vision in DICHROMACIES:
                d = delta(palette[a], palette[b], vision)
                if d < DISTINCT_CVD:
                    close.append(f"{a}/{b} {d:.1f} < {DISTINCT_CVD} ({vision})")
    for a, b in combinations(ROLES, 2):
        if (a, b) in BORROWED or (b, a) in BORROWED:
            continue
        d = delta(palette[a], palette[b])
        if d < DISTINCT_CVD:
            close.append(f"{a}/{b} {d:.1f} < {DISTINCT_CVD} (two roles, normal vision)")
    return close


def test_distance_is_perceptual() -> None:
    """Known anchors: a colour from itself 0; black from white the whole lightness scale."""
    assert delta(C.KEY, C.KEY) == 0.0
    assert delta("#000000", "#FFFFFF") == pytest.approx(100, abs=1)
    # a dichromat sees red and green alike far more than a trichromat does
    red, green = "#D55E00", "#4C9A2A"
    assert delta(red, green, "deuteranomaly") < delta(red, green) / 2


def test_every_two_roles_are_told_apart() -> None:
    """In every scene, for normal vision and the three simulated dichromacies."""
    palette = {r: getattr(C, r) for r in ROLES}
    assert too_close(palette) == []


def test_the_old_palette_fails_where_the_issue_said() -> None:
    """The same check on the palette before: the weight too near k, the output the highlight."""
    close = too_close(OLD)
    assert any(c.startswith("KEY/WEIGHT") and "(normal vision)" in c for c in close), close
    assert any(c.startswith("OUTPUT/ACCENT 0.0") for c in close), close
    assert any(c.startswith("VALUE/WEIGHT") and "protanomaly" in c for c in close), close


def test_yellow_is_only_the_highlight() -> None:
    """No role is the highlight's yellow, nor near it: the closest is q's orange."""
    others = [r for r in ROLES if r != "ACCENT"]
    assert all(getattr(C, r) != C.ACCENT for r in others)
    nearest = min(others, key=lambda r: delta(getattr(C, r), C.ACCENT))
    assert delta(getattr(C, nearest), C.ACCENT) >= DISTINCT, nearest


@pytest.mark.parametrize("role", ROLES)
def test_every_role_writes_legible_text(role: str) -> None:
    assert contrast(getattr(C, role), BACKGROUND) >= TEXT_MIN


def test_every_scene_shows_roles_of_one_group() -> None:
    """The groups checked are the scenes' own: each scene module's role colours fall in one
    group of :data:`TOGETHER` (a scene that puts two new roles side by side fails here)."""
    loose = {}
    for path in sorted((ROOT / "scenes").rglob("*.py")):
        used = set(re.findall(r"\bC\.([A-Z_]+)\b", path.read_text())) & set(ROLES)
        if not any(used <= set(group) for group in TOGETHER):
            loose[path.relative_to(ROOT).as_posix()] = sorted(used)
    assert not loose, loose
