"""The command as installed: its version, from the package's metadata; a new lesson folder."""

from __future__ import annotations

import json
import os
import shutil
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


def test_a_command_takes_the_lesson_of_the_current_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "mine"
    assert main(["new", str(folder)]) == 0
    capsys.readouterr()
    monkeypatch.chdir(folder)
    assert main(["numbers"]) == 0  # no --lesson: lesson.toml here
    assert capsys.readouterr().out.splitlines()[0].endswith(f"({folder / 'lesson.toml'})")
    monkeypatch.chdir(tmp_path)
    assert main(["numbers"]) == 0  # none here: the default lesson
    assert capsys.readouterr().out.splitlines()[0].endswith(f"({DEFAULT_LESSON})")


# The wheel is built from a copy of what `pip wheel .` reads (the packages, pyproject.toml,
# README.md), so that setuptools' build/ and egg-info never land in the checkout.
PACKAGES = ("mathcore", "lesson", "lessons", "scenes", "pipeline", "publish", "lecture")
SCENE = "Hook"  # short (32 s), with formulas, texts and narration
LESSON_ID = "installed-check"  # a lesson of the author's own: its id appears nowhere else
# the author's own sentence for one of the scene's cues (words.toml), in place of the lecture's
SENTENCE = "Dengan memisahkan dua pengaruh itu, skor attention jadi lebih jelas."


def _files(root: Path) -> set[str]:
    """Every file under `root` but Python's bytecode caches (the environment's own)."""
    if not root.is_dir():
        return set()
    return {
        str(p.relative_to(root))
        for p in root.rglob("*")
        if not p.is_dir() and "__pycache__" not in p.parts
    }


@pytest.mark.render
def test_the_wheel_installed_anywhere_renders_into_the_lesson_folder_only(
    tmp_path: Path,
) -> None:
    """pip wheel, a fresh environment, `lecture new`, one scene rendered from elsewhere.

    The environment is made without pip or dependencies: its site-packages gets the wheel
    (installed by pip, --no-deps) and a .pth line naming the project's environment, whose
    packages (manim, numpy...) it reads, but whose editable install of this project it does
    not load (a .pth file in a folder a .pth line adds is not read).
    """
    import sysconfig

    src, dist, venv = tmp_path / "src", tmp_path / "dist", tmp_path / "venv"
    for name in PACKAGES:
        shutil.copytree(
            ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info")
        )
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, src / name)

    def run(*cmd: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
        proc = subprocess.run(
            [str(c) for c in cmd], cwd=cwd, env=env, capture_output=True, text=True, timeout=600
        )
        assert proc.returncode == 0, f"{cmd}: {proc.stderr[-2000:]}"
        return proc.stdout

    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", dist, src, cwd=tmp_path)
    (wheel,) = dist.glob("inner_product_lecture-*.whl")
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    python = venv / "bin" / "python"
    site = Path(run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])",
                    cwd=tmp_path).strip())  # fmt: skip
    (site / "project-environment.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    run(python, "-m", "pip", "install", "--no-deps", "--no-index", "-q", wheel, cwd=tmp_path)
    assert (site / "lessons" / "inner-product.toml").read_bytes() == DEFAULT_LESSON.read_bytes()

    # the author's machine: a home, a temporary folder and a working folder of their own, none
    # of the suite's variables (where it renders, its recordings)
    home, tmp, work = tmp_path / "home", tmp_path / "tmp", tmp_path / "work"
    for folder in (home, tmp, work):
        folder.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LECTURE_", "XDG_"))}
    env.update(HOME=str(home), TMPDIR=str(tmp), PATH=f"{venv / 'bin'}{os.pathsep}{env['PATH']}")
    where = run(python, "-c", "import lecture, manim; print(lecture.__file__, manim.__file__)",
                cwd=work, env=env).split()  # fmt: skip
    assert Path(where[0]).is_relative_to(site)  # the wheel's, not the checkout's
    assert not Path(where[1]).is_relative_to(site)  # the project environment's

    installed_before = _files(venv)
    lecture_cmd = venv / "bin" / "lecture"
    assert run(lecture_cmd, "--version", cwd=work, env=env) == f"lecture {declared_version()}\n"
    run(lecture_cmd, "new", "L", cwd=work, env=env)
    lesson = work / "L" / "lesson.toml"
    text = lesson.read_text(encoding="utf-8")
    lesson.write_text(text.replace('id = "inner-product"', f'id = "{LESSON_ID}"', 1))
    words = work / "L" / "words.toml"  # an author's edit: one line uncommented and reworded
    line = next(ln for ln in words.read_text(encoding="utf-8").splitlines() if "hk_sub_goal" in ln)
    words.write_text(
        words.read_text(encoding="utf-8").replace(line, f'hk_sub_goal = "{SENTENCE}"', 1)
    )
    numbers = run(lecture_cmd, "numbers", cwd=work / "L", env=env)  # the lesson of the folder
    assert numbers.splitlines()[0].endswith(f"[{LESSON_ID}]  ({lesson})")
    # rendered from the folder above, naming the lesson
    out = run(lecture_cmd, "render", SCENE, "--lesson", "L/lesson.toml", "--quality", "test",
              "--jobs", "1", "--quiet", cwd=work, env=env)  # fmt: skip
    render = work / "L" / "media" / LESSON_ID / "test"
    assert out.splitlines()[0].startswith(f"{SCENE}: {render / (SCENE + '.mp4')}  ")
    subtitles = " ".join((render / f"{SCENE}.srt").read_text(encoding="utf-8").split())
    assert SENTENCE in subtitles  # the lesson's own words, said and shown

    # everything it wrote is in the lesson's folder: the render, its caches
    assert {p.name for p in work.iterdir()} == {"L"}
    made = _files(work / "L")
    for name in (f"{SCENE}.mp4", f"{SCENE}.srt", f"{SCENE}.png", "manifest.json"):
        assert f"media/{LESSON_ID}/test/{name}" in made
    for cache in ("Tex", "voice-cache", "made"):
        assert any(f.startswith(f"media/{cache}/") for f in made), cache
    assert _files(tmp) == set()  # its temporary files removed
    # nothing in the package or the environment (but bytecode), nothing under the home but
    # caches (dvisvgm keeps its font cache there)
    assert _files(venv) == installed_before
    assert all(f.startswith(".cache/") for f in _files(home)), _files(home)
    # nor in the checkout's renders and recordings, nor the project's environment
    for folder in (ROOT / "media", ROOT / "voice", Path(sysconfig.get_paths()["purelib"])):
        assert not list(folder.glob(f"**/{LESSON_ID}")), folder

    # the frame's colour is the lecture's, as in the checkout (whose manim.cfg is not read)
    from PIL import Image

    from scenes.palette import BACKGROUND

    with Image.open(render / f"{SCENE}.png") as poster:
        corner = poster.convert("RGB").getpixel((0, 0))
    want = [int(BACKGROUND[i : i + 2], 16) for i in (1, 3, 5)]
    assert all(abs(a - b) <= 3 for a, b in zip(corner, want, strict=True)), corner


@pytest.mark.voice
def test_synthetic_takes_go_to_the_media_folder_the_command_names_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The command names its lesson (LECTURE_MEDIA) after the voice modules are imported (the
    --voice choices read their registry): a take made then goes to that lesson's media."""
    from pipeline.voice import narrator, synthesis

    monkeypatch.setenv("LECTURE_MEDIA", str(tmp_path / "media"))
    assert synthesis.voice_cache() == tmp_path / "media" / "voice-cache"
    narrator.take("satu dua tiga", "id")
    made = list((tmp_path / "media" / "voice-cache").rglob("*.wav"))
    assert len(made) == 1 and made[0].stat().st_size > 1000
