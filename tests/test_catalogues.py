"""The text catalogues and the scene sources, read without manim: no typed numbers, every
string translated."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from lesson.catalogue import catalogue

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
