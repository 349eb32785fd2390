"""The HTML comes from templates (publish/templates), autoescaped; no markup in Python (fast)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from publish.templates import TEMPLATES, render

ROOT = Path(__file__).resolve().parent.parent
TAG = re.compile(
    r"<(html|head|body|div|section|p|a|button|script|style|video|track|h[1-6]|li|ol)[\s>]"
)


def markup_in(source: str) -> list[tuple[int, str]]:
    """String constants (docstrings aside) that hold an HTML tag."""
    tree = ast.parse(source)
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        (node.lineno, node.value[:60])
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docs
        and TAG.search(node.value)
    ]


@pytest.mark.parametrize(
    "path",
    sorted([*(ROOT / "publish").glob("*.py"), *(ROOT / "lecture").glob("*.py")]),
    ids=lambda p: p.name,
)
def test_no_markup_is_left_in_python_strings(path: Path) -> None:
    assert markup_in(path.read_text(encoding="utf-8")) == []


def test_the_check_finds_markup() -> None:
    assert markup_in('PAGE = "<html lang=x>"') == [(1, "<html lang=x>")]
    assert markup_in('def f():\n    """Writes <html> pages."""') == []


def test_every_template_escapes_what_it_is_given() -> None:
    assert sorted(p.name for p in TEMPLATES.glob("*.html")) == [
        "deck.html",
        "page.html",
        "preview.html",
        "studio.html",
    ]
    evil = '<script>alert("x")</script>'
    page = render("preview.html", lang="en", title=evil, version="version.json")
    assert evil not in page and "&lt;script&gt;" in page
    studio = render("studio.html", lang="id", title=evil, token=evil, max_bytes=1)
    assert evil not in studio and studio.count("&lt;script&gt;") == 4
    deck = render(
        "deck.html", lang="en", title=evil, goal=evil, hint=evil, hint_auto=evil,
        captions=evil, slides=[{"title": evil, "stem": "s", "vtt": "data:,"}],
    )  # fmt: skip
    assert evil not in deck and deck.count("&lt;script&gt;") == 7
