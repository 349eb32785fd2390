"""A live preview for ``lecture watch``: the HTML deck in a page that reloads itself.

The preview folder holds ``index.html`` (this page), ``deck/`` (the offline HTML deck of
:func:`publish.slides.write_html_deck`) and ``version.json``. The page shows the deck in a
frame and asks for ``version.json`` twice a second; when its number changes it shows the
status line and, after a re-render, reloads the deck at the first slide of the scene that
changed. :func:`serve` serves the folder on the loopback interface from a thread.
"""

from __future__ import annotations

import functools
import http.server
import json
import threading
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from pipeline.files import atomic_write
from publish.templates import render

__all__ = ["PreviewServer", "Version", "read_version", "serve", "write_page", "write_version"]

VERSION = "version.json"


@dataclass(frozen=True)
class Version:
    """What the preview page shows: a counter that moves on every change, and the deck's.

    Attributes
    ----------
    version : int
        Moves on after every build or loader error (the page then shows `status`).
    deck : int
        Moves on when the deck was written again (the page then reloads it); 0: no deck yet.
    slide : int
        The deck's slide to show after a reload, from 1 (0: stay on the slide shown).
    status : str
        One line: what the last build did, or the loader's error.
    failed : bool
        The last build or load failed (the page marks the line).
    """

    version: int = 0
    deck: int = 0
    slide: int = 0
    status: str = ""
    failed: bool = False


def write_page(folder: Path, title: str, lang: str) -> Path:
    """Write the preview page (``index.html``) into `folder`.

    Parameters
    ----------
    folder : Path
        The preview folder (made if missing).
    title : str
        The page's title.
    lang : str
        Its language.

    Returns
    -------
    Path
        The page.
    """
    folder.mkdir(parents=True, exist_ok=True)
    page = render("preview.html", lang=lang, title=title, version=VERSION)
    return atomic_write(folder / "index.html", page)


def read_version(folder: Path) -> Version:
    """The version in `folder` (a fresh one when there is none or it cannot be read)."""
    try:
        data: dict[str, Any] = json.loads((folder / VERSION).read_text(encoding="utf-8"))
        return Version(**data)
    except (OSError, ValueError, TypeError):
        return Version()


def write_version(folder: Path, version: Version) -> Path:
    """Write `version` as ``version.json`` in `folder` (atomically: the page never reads half)."""
    text = json.dumps(asdict(version), ensure_ascii=False)
    return atomic_write(folder / VERSION, text)


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Files of the preview folder, never cached, without a log line per request."""

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base's name
        pass


class PreviewServer(http.server.ThreadingHTTPServer):
    """An HTTP server of one folder; :attr:`url` is its address."""

    daemon_threads = True

    @property
    def url(self) -> str:
        """``http://127.0.0.1:PORT/``."""
        host, port = self.server_address[:2]
        return f"http://{host!s}:{port}/"


def serve(folder: Path, port: int = 0) -> PreviewServer:
    """Serve `folder` on 127.0.0.1 from a daemon thread.

    Parameters
    ----------
    folder : Path
        The preview folder.
    port : int
        The port (0: any free one).

    Returns
    -------
    PreviewServer
        The running server (``shutdown()`` stops it).

    Raises
    ------
    OSError
        When the port cannot be bound.
    """
    handler = functools.partial(_Handler, directory=str(folder))
    server = PreviewServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, name="preview", daemon=True).start()
    return server
