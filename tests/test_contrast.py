"""WCAG 2.x contrast (fast tier, no manim): the formula on known pairs, and the palette.

The scenes' own colours and opacities, composited over what is behind them, are checked
at every step's end by ``test_every_text_and_graphic_is_legible`` in ``test_scenes.py``.
"""

from __future__ import annotations

import colorsys
import configparser
from pathlib import Path

import pytest

from scenes.palette import (
    BACKGROUND,
    GRAPHIC_MIN,
    TEXT_MIN,
    TEXT_ROLES,
    C,
    composite,
    contrast,
    hex_rgb,
    luminance,
    rgb_hex,
)

ROOT = Path(__file__).resolve().parent.parent
# The roles that keep their Okabe–Ito colour (Okabe & Ito 2008, "Color Universal Design").
# The weight and the output are not Okabe–Ito colours: its blue sat beside k's sky blue and
# its yellow is the highlight's; their colours are measured in tests/test_palette.py.
OKABE_ITO = {
    "QUERY": "#E69F00",
    "KEY": "#56B4E9",
    "VALUE": "#CC79A7",
    "PROJECTION": "#009E73",
    "RESIDUAL": "#D55E00",
    "POSITIVE": "#009E73",
    "NEGATIVE": "#CC79A7",  # reddish purple: apart from q's orange and the residual
    "ACCENT": "#F0E442",  # the highlight, and no role
}


class TestLuminance:
    def test_black_white_and_the_primaries(self) -> None:
        assert luminance("#000000") == 0.0
        assert luminance("#FFFFFF") == pytest.approx(1.0)
        assert luminance("#FF0000") == pytest.approx(0.2126)
        assert luminance("#00FF00") == pytest.approx(0.7152)
        assert luminance("#0000FF") == pytest.approx(0.0722)

    def test_the_srgb_curve_has_its_linear_toe(self) -> None:
        # 10/255 = 0.0392 is under the 0.04045 knee: divided by 12.92, not raised to 2.4
        assert luminance("#0A0A0A") == pytest.approx(10 / 255 / 12.92)
        assert luminance("#808080") == pytest.approx(((128 / 255 + 0.055) / 1.055) ** 2.4)


class TestContrast:
    def test_white_on_black_is_21(self) -> None:
        assert contrast("#FFFFFF", "#000000") == pytest.approx(21.0)

    def test_same_colour_is_1_and_order_does_not_matter(self) -> None:
        assert contrast(C.KEY, C.KEY) == pytest.approx(1.0)
        assert contrast("#0072B2", BACKGROUND) == contrast(BACKGROUND, "#0072B2")

    def test_known_wcag_pairs(self) -> None:
        # #767676 is the darkest grey that passes 4.5:1 on white, #777777 just fails
        assert contrast("#767676", "#FFFFFF") == pytest.approx(4.54, abs=0.005)
        assert contrast("#777777", "#FFFFFF") == pytest.approx(4.48, abs=0.005)
        # the figure: Okabe–Ito blue on the frame background
        assert contrast("#0072B2", "#101418") == pytest.approx(3.57, abs=0.01)


class TestComposite:
    def test_opacity_zero_and_one(self) -> None:
        assert composite([(C.KEY, 0.0)]) == hex_rgb(BACKGROUND)
        assert composite([(C.KEY, 1.0)]) == pytest.approx(hex_rgb(C.KEY))

    def test_half_white_on_black_and_layers_in_order(self) -> None:
        assert rgb_hex(composite([("#FFFFFF", 0.5)], "#000000")) == "#808080"
        # a layer painted later shows more of itself
        a = composite([("#FF0000", 0.5), ("#0000FF", 0.5)], "#000000")
        assert rgb_hex(a) == "#400080"

    def test_a_faded_colour_loses_contrast(self) -> None:
        full = contrast(composite([(C.VALUE, 1.0)]), BACKGROUND)
        faded = contrast(composite([(C.VALUE, 0.35)]), BACKGROUND)
        assert faded < GRAPHIC_MIN < full


def test_background_is_the_rendered_one() -> None:
    cfg = configparser.ConfigParser()
    cfg.read(ROOT / "manim.cfg")
    assert cfg["CLI"]["background_color"].upper() == BACKGROUND.upper()


@pytest.mark.parametrize("role", TEXT_ROLES)
def test_every_role_colour_can_write_text(role: str) -> None:
    """Each colour that writes text reads at 4.5:1 on the background (the weight did not: 3.6)."""
    ratio = contrast(getattr(C, role), BACKGROUND)
    assert ratio >= TEXT_MIN, f"C.{role} {getattr(C, role)} is {ratio:.2f}:1 on {BACKGROUND}"


@pytest.mark.parametrize("role", sorted(OKABE_ITO))
def test_roles_keep_their_okabe_ito_hue(role: str) -> None:
    """A role's colour is its Okabe–Ito colour or a lighter tint of it (mixed with white)."""
    ours, theirs = hex_rgb(getattr(C, role)), hex_rgb(OKABE_ITO[role])
    h1, s1, v1 = colorsys.rgb_to_hsv(*ours)
    h0, s0, v0 = colorsys.rgb_to_hsv(*theirs)
    assert abs(h1 - h0) * 360 < 2, f"C.{role} changed hue"
    assert v1 >= v0 - 1 / 255 and s1 <= s0 + 1 / 255, f"C.{role} is not a tint of {theirs}"


def test_roles_stay_one_colour_each() -> None:
    """The seven vector and weight roles and the highlight are eight colours."""
    roles = ("QUERY", "KEY", "VALUE", "PROJECTION", "RESIDUAL", "WEIGHT", "OUTPUT", "ACCENT")
    colours = [getattr(C, r) for r in roles]
    assert len(set(colours)) == len(roles)
