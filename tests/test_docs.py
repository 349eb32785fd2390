"""The docs: a README read in five minutes, the rest a MkDocs site that builds strictly."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_readme_is_short_and_says_the_two_commands() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme.count("\n") <= 250
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    assert "make video" in quick and "make test" in quick
    for page in re.findall(r"\]\((docs/[^)#]+)", readme):  # every page it sends a reader to
        assert (ROOT / page).is_file(), page


def test_the_docs_build_strictly_with_every_page(tmp_path: Path) -> None:
    """``mkdocs build --strict``: a broken link, a missing anchor or a page left out of the
    navigation fails it; the home page is the README."""
    site = tmp_path / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    r = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT, capture_output=True, text=True, env=env, check=False,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    home = (site / "index.html").read_text(encoding="utf-8")
    assert "Quick start" in home and 'src="frames/ProjectionDrop-after.png"' in home
    for page in (ROOT / "docs").glob("*.md"):
        assert (site / page.stem / "index.html").is_file(), page.name


PACKAGES = ("mathcore", "lesson", "scenes", "pipeline", "publish", "lecture")


def test_the_per_line_type_ignores_are_as_many_as_the_docs_say() -> None:
    # strict typing holds everywhere but where a comment says so: docs/tests.md gives their
    # count, and each names the one error it lets through
    said = re.findall(
        r"(\d+) per-line `# type: ignore`", (ROOT / "docs/tests.md").read_text("utf-8")
    )
    ignores = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"#\s*type:\s*ignore", line)
    ]
    assert said == [str(len(ignores))], ignores
    assert all(re.search(r"#\s*type:\s*ignore\[[a-z-]+(, [a-z-]+)*\]", i) for i in ignores), ignores
