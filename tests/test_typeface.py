"""One type family: the words on screen are set in Latin Modern, the family of LaTeX's formulas.

A learner sees a sentence and a formula side by side; set in two families, the same √ or
digit is drawn two ways. The fast tests check that this machine draws the family the scenes
name (fontconfig gives Latin Modern for each name, not a fallback) and that ``make setup``
installs it; the scene tests read, at every step's end of every scene's dry run, the font of
each text on screen (:attr:`scenes.legibility.Ink.font`) and whether the family has a glyph
for each of its characters (a character it lacks is drawn from another family).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from functools import cache
from pathlib import Path

import pytest
from variants import SEED_ORDER

from scenes.typeface import MONO_FONT, TEXT_FAMILIES, TEXT_FONT

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "fonts-lmodern"  # Debian's Latin Modern: the roman, the math and the mono
LATEX = "LaTeX"  # the font of a formula's Ink: LaTeX's Computer Modern
# Characters no Latin Modern font has: Unicode's letter subscripts and superscripts. Pango
# draws them from another family; where a scene still writes one in prose, it is listed
# here (the prose of WhySqrtDk writes dₖ, and so does the dimension question, which the
# default lesson does not ask; as a formula it would be LaTeX's). A scene not listed, or
# another character, fails.
NO_GLYPH = {"WhySqrtDk": "ₖ"}

needs_fontconfig = pytest.mark.skipif(not shutil.which("fc-match"), reason="no fontconfig")


def fc_match(name: str, fmt: str) -> str:
    """``fc-match --format FMT NAME``: what fontconfig gives Pango for the family `name`."""
    return subprocess.run(
        ["fc-match", "--format", fmt, name], capture_output=True, text=True, check=True
    ).stdout


@cache
def coverage(name: str) -> list[tuple[int, int]]:
    """The code point ranges the font fontconfig gives for `name` has glyphs for."""
    ranges = []
    for part in fc_match(name, "%{charset}").split():
        lo, _, hi = part.partition("-")
        ranges.append((int(lo, 16), int(hi or lo, 16)))
    return ranges


def drawn(char: str) -> bool:
    """Whether one of the text families (in Pango's order) has a glyph for `char`."""
    return char.isspace() or any(
        lo <= ord(char) <= hi for family in TEXT_FAMILIES for lo, hi in coverage(family)
    )


@needs_fontconfig
@pytest.mark.parametrize("family", [*TEXT_FAMILIES, MONO_FONT])
def test_fontconfig_gives_each_family_itself(family: str) -> None:
    """Pango draws a family it cannot find in a fallback (DejaVu) without a word: each name
    must be found as itself, from Latin Modern's files."""
    found = fc_match(family, "%{family}")
    path = fc_match(family, "%{file}")
    assert family in found.split(","), f"{family!r} is drawn as {found!r} ({path})"
    assert re.search(r"/(lm|lm-math)/", path), f"{family!r} comes from {path}, not Latin Modern"


def test_setup_installs_the_family() -> None:
    """``make setup`` on a fresh machine installs the package that holds the family."""
    setup = (ROOT / "scripts" / "setup.sh").read_text()
    debs = re.search(r"DEBS=\((.*?)\)", setup, re.S)
    assert debs and PACKAGE in debs.group(1).split(), f"scripts/setup.sh does not install {PACKAGE}"


@needs_fontconfig
@pytest.mark.skipif(not shutil.which("dpkg"), reason="not Debian")
def test_the_package_holds_the_files_fontconfig_gives() -> None:
    for family in (*TEXT_FAMILIES, MONO_FONT):
        path = fc_match(family, "%{file}")
        owner = subprocess.run(["dpkg", "-S", path], capture_output=True, text=True).stdout
        assert owner.startswith(f"{PACKAGE}:"), f"{path} ({family}) is from {owner or 'no package'}"


@pytest.mark.manim
@pytest.mark.parametrize("scene", SEED_ORDER)
def test_every_text_on_screen_is_in_the_type_family(dry_scene, scene: str) -> None:
    """At every step's end each text is set in the lesson's family: a Text in
    :data:`TEXT_FONT`, a code listing in :data:`MONO_FONT`, a formula by LaTeX."""
    wrong = [
        f"{snap.section}: {ink.label} in {ink.font or 'the default font'!r}"
        for snap in dry_scene(scene, "default").snapshots
        for ink in snap.inks
        if ink.kind == "text" and ink.font not in (TEXT_FONT, MONO_FONT, LATEX)
    ]
    assert not wrong, "\n".join(wrong)


@needs_fontconfig
@pytest.mark.manim
@pytest.mark.parametrize("lang", ["id", "en"])
@pytest.mark.parametrize("scene", SEED_ORDER)
def test_every_character_is_drawn_by_the_family(dry_scene, scene: str, lang: str) -> None:
    """Each character a scene writes in prose has a glyph in Latin Modern Roman or Math, so
    none is drawn from another family (the scenes' own gaps, :data:`NO_GLYPH`, excepted)."""
    missing = {
        char: ink.text
        for snap in dry_scene(scene, "default", lang).snapshots
        for ink in snap.inks
        if ink.font == TEXT_FONT
        for char in ink.text
        if not drawn(char) and char not in NO_GLYPH.get(scene, "")
    }
    assert not missing, "\n".join(f"{c!r} (U+{ord(c):04X}) in {t!r}" for c, t in missing.items())
