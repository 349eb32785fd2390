"""MkDocs hook: the site's home page is README.md, its links made relative to ``docs/``.

The README is written for the repository's front page, where the pages are ``docs/*.md``;
on the site they sit beside the home page. One text, so the two never disagree.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files


def on_files(files: Files, config: Any) -> Files:
    """Add ``index.md``, generated from the README (``docs/x`` links become ``x``)."""
    readme = Path(config["config_file_path"]).parent / "README.md"
    text = readme.read_text(encoding="utf-8").replace("](docs/", "](")
    files.append(File.generated(config, "index.md", content=text))
    return files
