"""The text catalogues and the scene sources, read without manim: no typed numbers, every
string translated."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from lesson.catalogue import LANGUAGES, catalogue, step_titles

SCENE_DIR = Path(__file__).resolve().parent.parent / "scenes"
# Not lesson numbers: the Euclidean norm's subscript, colour codes, the text encoding.
ALLOWED = re.compile(r"\\\|_2(\^2)?|^#[0-9A-Fa-f]{6}$|^utf-8$")


def typed_digits(source: str) -> list[tuple[int, str]]:
    """String constants (f-string text included, docstrings not) that contain a digit."""
    tree = ast.parse(source)
    docstrings = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    found = []
    for node in ast.walk(tree):
        if id(node) in docstrings:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if any(c.isdigit() for c in ALLOWED.sub("", node.value)):
                found.append((node.lineno, node.value))
    return found


@pytest.mark.parametrize("path", sorted(SCENE_DIR.glob("*.py")), ids=lambda p: p.name)
def test_no_digit_typed_in_scene_strings(path: Path) -> None:
    assert typed_digits(path.read_text(encoding="utf-8")) == []


def test_catalogues_translate_every_string_without_numbers() -> None:
    ids, ens = catalogue("id"), catalogue("en")
    assert set(ids) == set(ens), f"untranslated: {sorted(set(ids) ^ set(ens))}"
    for lang, table in (("id", ids), ("en", ens)):
        for key, text in table.items():
            assert text.strip(), f"{lang}.{key} is blank"
            assert not any(c.isdigit() for c in text), f"{lang}.{key} types a number: {text!r}"


def test_digit_check_catches_a_typed_number() -> None:
    assert typed_digits('label = MathTex(r"q \\cdot k = 4")') == [(1, "q \\cdot k = 4")]
    assert typed_digits('x = f"k_{{{i}}} = (0.8, {y})"') != []
    assert typed_digits('norm = r"\\|k\\|_2^2"; c = "#E69F00"') == []
    assert typed_digits('def f():\n    """Docs may say 90 degrees."""') == []


def step_identifiers(source: str) -> set[str]:
    """Step identifiers a scene module names: ``self.step("…")``, ``Step("…", …)`` and the
    strings of a module table of step names (``SECTION_NAMES`` values, ``…_STEPS``)."""
    tree = ast.parse(source)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            f = node.func
            name = getattr(f, "attr", getattr(f, "id", ""))
            if name in ("step", "Step") and isinstance(node.args[0].value, str):
                found.add(node.args[0].value)
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and (t.id == "SECTION_NAMES" or t.id.endswith("_STEPS"))
            for t in node.targets
        ):
            value = node.value
            items = value.values if isinstance(value, ast.Dict) else getattr(value, "elts", [])
            found |= {v.value for v in items if isinstance(v, ast.Constant)}
    return found


@pytest.mark.parametrize("path", sorted(SCENE_DIR.glob("*.py")), ids=lambda p: p.name)
def test_every_step_has_a_title_in_both_languages(path: Path) -> None:
    """Slides and decks title a step from the catalogue, never from its identifier."""
    text_file = path.parent.parent / "lesson" / "text" / f"{path.stem}.toml"
    steps = step_identifiers(path.read_text(encoding="utf-8"))
    if not text_file.exists():
        assert not steps
        return
    for lang in LANGUAGES:
        titles = step_titles(text_file, lang)
        assert steps <= set(titles), f"{lang}: no title for {sorted(steps - set(titles))}"
        assert set(titles) <= steps, f"{lang}: titles of no step {sorted(set(titles) - steps)}"
        for step, title in titles.items():
            assert title[0].isupper(), f"{lang}.steps.{step}: {title!r}"


def test_step_scan_finds_dynamic_names() -> None:
    src = 'SECTION_NAMES = {"acute": "lancip"}\nself.step("wilayah")\nStep("kesimpulan", "k", [])'
    src += '\nPAIR_STEPS = ("langkah-satu", "langkah-dua")'
    want = {"lancip", "wilayah", "kesimpulan", "langkah-satu", "langkah-dua"}
    assert step_identifiers(src) == want


@pytest.mark.parametrize("lang", ["id", "en"])
def test_each_question_invites_the_pause_in_its_own_words(lang: str) -> None:
    """Eight identical "pause and try it yourself" sentences told the listener nothing: each
    kind of question names what to work out before its solution."""
    from lesson.quizkinds import KINDS

    texts = catalogue(lang)
    said = [texts[f"qz_{kind.code}_sub_pause"] for kind in KINDS.values()]
    assert len(set(said)) == len(KINDS) and "qz_sub_pause" not in texts
