"""The HTML the publishing layer writes, from the Jinja2 templates in ``publish/templates/``.

One environment for every page: the lesson page (``page.html``), the HTML deck
(``deck.html``) and the watch preview (``preview.html``). Every value is escaped as HTML
unless a template marks it ``safe`` (only the lesson page's data, JSON made safe for a script
element by :func:`publish.page.page_data`'s writer); undefined names fail loudly.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined

__all__ = ["TEMPLATES", "render"]

TEMPLATES = Path(__file__).resolve().parent / "templates"


@functools.cache
def _environment() -> Environment:
    return Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=True,
        keep_trailing_newline=True,
        undefined=StrictUndefined,
    )


def render(name: str, **context: Any) -> str:
    """The template `name` of :data:`TEMPLATES` rendered with `context`.

    Parameters
    ----------
    name : str
        The template's file name (``page.html``).
    **context
        Its values; plain strings are escaped as HTML.

    Returns
    -------
    str
        The document.

    Examples
    --------
    >>> render("preview.html", lang="en", title="A <b>", version="v.json").count("A &lt;b&gt;")
    3
    """
    return _environment().get_template(name).render(**context)
