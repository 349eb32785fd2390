"""The palette (one colour per role) and WCAG 2.x contrast, without manim.

Contrast follows WCAG 2.x: the relative luminance of an sRGB colour, and the ratio
``(L1 + 0.05) / (L2 + 0.05)`` of the lighter to the darker. Text must reach
:data:`TEXT_MIN` (success criterion 1.4.3) and graphics that carry meaning (arrows, bars,
regions) :data:`GRAPHIC_MIN` (1.4.11) against what is behind them, which
:func:`composite` works out from the colours and opacities drawn in order.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = [
    "BACKGROUND",
    "BORROWED",
    "C",
    "DISTINCT",
    "DISTINCT_CVD",
    "GRAPHIC_MIN",
    "TEXT_MIN",
    "TEXT_ROLES",
    "TOGETHER",
    "composite",
    "contrast",
    "hex_rgb",
    "luminance",
    "rgb_hex",
]

BACKGROUND = "#101418"  # the frame (manim.cfg background_color)
TEXT_MIN = 4.5  # WCAG 1.4.3: text and formulas
GRAPHIC_MIN = 3.0  # WCAG 1.4.11: graphical objects that carry meaning

RGB = tuple[float, float, float]


class C:
    """One colour per role, the same in every scene; one colour for the highlight.

    Roles: query, key, value, projection, residual, weight, output; scores and logits, which
    are not yet weights, are neutral; the highlight (:attr:`ACCENT`, yellow) marks only what
    is being said now, and no role is yellow. Five roles keep their Okabe–Ito colours (Okabe
    & Ito 2008, "Color Universal Design"): q orange, k sky blue, v reddish purple, projection
    bluish green, residual vermillion. Okabe–Ito has too few colours for the rest: its blue,
    tinted to be legible here, sat beside k's sky blue as a darker copy of it (ΔE 15.9), and
    its yellow served both the output and the highlight. The weight is violet and the output
    aquamarine, chosen by measurement (``tests/test_palette.py``): every two roles that
    share a scene (:data:`TOGETHER`) differ by :data:`DISTINCT` in CAM02-UCS for normal
    vision and by :data:`DISTINCT_CVD` under simulated deuteranopia, protanopia and
    tritanopia, and any two roles by :data:`DISTINCT_CVD` for normal vision. The signs of
    AngleSignRegions borrow projection's and value's colours (that scene draws neither; its
    negative side is neither q's orange nor the residual's vermillion). Every role colour
    reads at 4.5:1 or more on the background, so it can write text. ``GRID`` is decoration
    (the plane's lines, dividers, a countdown's track): it carries no meaning, so it is not
    held to a contrast.
    """

    QUERY = "#E69F00"  # orange (Okabe–Ito)
    KEY = "#56B4E9"  # sky blue (Okabe–Ito)
    VALUE = "#CC79A7"  # reddish purple (Okabe–Ito)
    PROJECTION = "#009E73"  # bluish green (Okabe–Ito)
    RESIDUAL = "#D55E00"  # vermillion (Okabe–Ito)
    WEIGHT = "#9A70FF"  # violet: apart from k's sky blue and v's purple, also without red-green
    OUTPUT = "#3CF5B4"  # aquamarine: not yellow, which is the highlight's
    SCORE = "#B8C0CC"  # neutral: a raw score or a logit
    POSITIVE = "#009E73"  # the positive side (projection's bluish green, unlike k's sky blue)
    NEGATIVE = "#CC79A7"  # the negative side (value's purple: not q's orange, nor the residual's)
    ACCENT = "#F0E442"  # the highlight, and only it: what is being said now (yellow)
    MUTED = "#8A8F98"
    TEXT = "#F2F2F2"
    GRID = "#3A4250"


# Roles that appear in one scene together, each group checked pair by pair: the attention
# scenes (SoftmaxBarMorph, AttentionScores, WhySqrtDk, the Hook, the quiz's attention
# questions), ProjectionDrop, AngleSignRegions, and the Recap.
TOGETHER = (
    ("QUERY", "KEY", "VALUE", "WEIGHT", "OUTPUT", "SCORE", "ACCENT"),
    ("QUERY", "KEY", "PROJECTION", "RESIDUAL", "ACCENT"),
    ("QUERY", "KEY", "POSITIVE", "NEGATIVE", "ACCENT"),
    ("PROJECTION", "WEIGHT"),
)
# Roles that share a colour on purpose: they are never in one scene (see :class:`C`).
BORROWED = (("POSITIVE", "PROJECTION"), ("NEGATIVE", "VALUE"))
DISTINCT = 20.0  # CAM02-UCS ΔE', normal vision, between two roles in one scene
DISTINCT_CVD = 10.0  # the same under simulated colour blindness; and any two roles, normal


# The colours that write text or formulas (GRID draws only decoration).
TEXT_ROLES = (
    "QUERY",
    "KEY",
    "VALUE",
    "PROJECTION",
    "RESIDUAL",
    "WEIGHT",
    "OUTPUT",
    "SCORE",
    "POSITIVE",
    "NEGATIVE",
    "ACCENT",
    "MUTED",
    "TEXT",
)


def hex_rgb(color: str) -> RGB:
    """``"#RRGGBB"`` (or ``#RGB``) as three channels in ``[0, 1]``.

    >>> hex_rgb("#FF8000")
    (1.0, 0.5019607843137255, 0.0)
    """
    h = color.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    if len(h) not in (6, 8):
        raise ValueError(f"not a hex colour: {color!r}")
    r, g, b = (int(h[i : i + 2], 16) / 255 for i in (0, 2, 4))
    return r, g, b


def rgb_hex(rgb: Iterable[float]) -> str:
    """Channels in ``[0, 1]`` as ``"#RRGGBB"``.

    >>> rgb_hex((1.0, 0.5, 0.0))
    '#FF8000'
    """
    return "#" + bytes(round(min(max(c, 0.0), 1.0) * 255) for c in rgb).hex().upper()


def luminance(color: str | RGB) -> float:
    """WCAG 2.x relative luminance of an sRGB colour (0 black, 1 white).

    >>> luminance("#FFFFFF"), luminance("#000000")
    (1.0, 0.0)
    """
    rgb = hex_rgb(color) if isinstance(color, str) else color

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str | RGB, b: str | RGB) -> float:
    """WCAG 2.x contrast ratio of two colours, from 1 (same) to 21 (white on black).

    >>> round(contrast("#FFFFFF", "#000000"), 1)
    21.0
    >>> round(contrast("#0072B2", "#101418"), 1)
    3.6
    """
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def composite(layers: Iterable[tuple[str | RGB, float]], base: str | RGB = BACKGROUND) -> RGB:
    """The colour seen where `layers` (colour, opacity; bottom first) are painted over `base`.

    Source-over blending in sRGB, as the renderer (cairo) composites.

    >>> rgb_hex(composite([("#FFFFFF", 0.5)], "#000000"))
    '#808080'
    """
    out = hex_rgb(base) if isinstance(base, str) else base
    for color, alpha in layers:
        rgb = hex_rgb(color) if isinstance(color, str) else color
        a = min(max(float(alpha), 0.0), 1.0)
        out = (
            out[0] + a * (rgb[0] - out[0]),
            out[1] + a * (rgb[1] - out[1]),
            out[2] + a * (rgb[2] - out[2]),
        )
    return out
