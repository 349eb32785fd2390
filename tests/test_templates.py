"""The HTML comes from templates (publish/templates), autoescaped; no markup in Python (fast)."""

from __future__ import annotations

import ast
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from jinja2 import Environment, meta

from publish.page import json_in_html
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


EVIL = '<script>alert("x")</script>'
ESCAPED = "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;"


class Tags(HTMLParser):
    """The elements of a document, in order, with their attribute names."""

    def __init__(self, document: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, tuple[str, ...]]] = []
        self.feed(document)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, tuple(name for name, _ in attrs)))


class Anything(dict[str, str]):
    """A table of words (the page's ``ui``) holding `value` under every key."""

    def __init__(self, value: str) -> None:
        super().__init__()
        self.value = value

    def __missing__(self, key: str) -> str:
        return self.value


def context(source: str, value: str) -> dict[str, Any]:
    """Every name the template reads, each holding `value` (a table, a slide, JSON as needed)."""
    names = meta.find_undeclared_variables(Environment().parse(source))
    shaped: dict[str, Any] = {
        "ui": Anything(value),
        "slides": [{"title": value, "stem": value, "vtt": value}],
        "data": json_in_html({"title": value, "cues": [{"words": value}]}),
    }
    return {name: shaped.get(name, value) for name in names}


@pytest.mark.parametrize("path", sorted(TEMPLATES.glob("*.html")), ids=lambda p: p.name)
def test_every_template_escapes_what_it_is_given(path: Path) -> None:
    # every name a template reads holds markup: none of it reaches the page as markup, each
    # value shown is escaped where the template shows it, and the page has the same elements
    # as with harmless words
    source = path.read_text(encoding="utf-8")
    page = render(path.name, **context(source, EVIL))
    assert EVIL not in page and "<script>alert" not in page
    shown = len(re.findall(r"{{(?![^}]*\|\s*safe)(?![^}]*loop\.)", source))
    assert page.count(ESCAPED) == shown > 0
    assert Tags(page).tags == Tags(render(path.name, **context(source, "x"))).tags


def test_the_lesson_data_reads_back_whole_from_the_page() -> None:
    page = render("page.html", **context((TEMPLATES / "page.html").read_text("utf-8"), EVIL))
    data = re.search(r'<script id="lesson-data" type="application/json">(.*?)</script>', page)
    assert data is not None and "<" not in data[1]
    assert json.loads(data[1]) == {"title": EVIL, "cues": [{"words": EVIL}]}


def test_the_templates_are_found() -> None:
    assert sorted(p.name for p in TEMPLATES.glob("*.html")) == [
        "deck.html",
        "page.html",
        "preview.html",
        "studio.html",
    ]
