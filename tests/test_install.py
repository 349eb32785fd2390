"""The command as installed: its version, from the package's metadata; a new lesson folder."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from lecture.cli import main
from lesson.catalogue import LANGUAGES, catalogue
from lesson.model import DEFAULT_LESSON, load_lesson

ROOT = Path(__file__).resolve().parent.parent


def declared_version() -> str:
    """The version pyproject.toml declares (the installed metadata is made from it)."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return str(data["project"]["version"])


def test_version_in_process(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    out, err = capsys.readouterr()
    assert (out, err) == (f"lecture {declared_version()}\n", "")


def test_version_subprocess(tmp_path: Path) -> None:
    # from a folder of the author's own, not the checkout
    proc = subprocess.run(
        [sys.executable, "-m", "lecture.cli", "--version"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == f"lecture {declared_version()}\n"


def test_new_writes_a_starter_lesson_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "my lesson"
    assert main(["new", str(folder)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    names = ["lesson.toml", "words.toml", "README.md"]
    assert out.splitlines() == [str(folder / n) for n in names]
    assert sorted(p.name for p in folder.iterdir()) == sorted(names)
    assert (folder / "lesson.toml").read_bytes() == DEFAULT_LESSON.read_bytes()
    readme = (folder / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(readme) == 3 and readme[0] == f"# {load_lesson(DEFAULT_LESSON).title}"
    # the lesson is one the command reads
    assert main(["numbers", "--json", "--lesson", str(folder / "lesson.toml")]) == 0
    assert json.loads(capsys.readouterr().out)["lesson"] == "inner-product"


def test_new_lists_every_sentence_commented_out(tmp_path: Path) -> None:
    assert main(["new", str(tmp_path / "l")]) == 0
    text = (tmp_path / "l" / "words.toml").read_text(encoding="utf-8")
    assert tomllib.loads(text) == {lang: {} for lang in LANGUAGES}  # nothing set
    tables = text.split("\n[")[1:]
    assert [t.split("]")[0] for t in tables] == list(LANGUAGES)
    for lang, table in zip(LANGUAGES, tables, strict=True):
        uncommented = [
            line[2:] for line in table.splitlines() if line.startswith("# ") and " = " in line
        ]
        # each line, uncommented, is the catalogue's own text (quotes, braces, newlines)
        assert tomllib.loads("\n".join(uncommented)) == catalogue(lang)


@pytest.mark.parametrize("kind", ["not empty", "a file"])
def test_new_refuses_a_folder_in_use(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, kind: str
) -> None:
    target = tmp_path / "taken"
    if kind == "a file":
        target.write_text("mine\n")
    else:
        target.mkdir()
        (target / "notes.txt").write_text("mine\n")
    before = sorted(tmp_path.rglob("*"))
    assert main(["new", str(target)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1
    assert err.startswith(f"lecture: error: {target}: not ")
    assert sorted(tmp_path.rglob("*")) == before
