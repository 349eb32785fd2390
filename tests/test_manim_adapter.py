"""manim's internals are changed in one place (pipeline.manim_adapter), explicitly, checked.

Importing the scenes changes nothing of manim's; the dry run and the render worker install
every change before they make a scene, and refuse a manim of another series in one line.
Each probe runs in a fresh process: this one may have them installed already.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from lecture.cli import main
from pipeline import manim_adapter
from pipeline.manim_adapter import ManimMismatch, check_manim

ROOT = Path(__file__).resolve().parent.parent

# Every internal the project replaces, read independently of the adapter, before and after:
# which ones changed at the scenes' import, at the adapter's import, when the dry run or the
# worker makes its scene (a stand-in that stops the run) and renders it, and after.
PROBE = r"""
import importlib, json, pkgutil, sys, types
from pathlib import Path

import manim.mobject.text.tex_mobject as tex_mobject
import svgelements
from manim import ManimColor, Mobject, SVGMobject, VMobject

def state():
    return {
        "SVGMobject.get_mobjects_from": SVGMobject.get_mobjects_from,
        "svgelements.Path.parse": svgelements.Path.parse,
        "svgelements.Path.__deepcopy__": svgelements.Path.__dict__.get("__deepcopy__"),
        "Mobject.__deepcopy__": Mobject.__dict__.get("__deepcopy__"),
        "ManimColor.__deepcopy__": ManimColor.__dict__.get("__deepcopy__"),
        "VMobject.get_points_defining_boundary": VMobject.get_points_defining_boundary,
        "tex_mobject.tex_to_svg_file": tex_mobject.tex_to_svg_file,
    }

manims = state()

def changed():
    now = state()
    return sorted(name for name in manims if now[name] is not manims[name])

import scenes
for module in pkgutil.walk_packages(scenes.__path__, "scenes."):
    importlib.import_module(module.name)
seen = {"scenes imported": changed()}
from pipeline import dryrun, manim_adapter, worker
from pipeline.job import ClipJob
from pipeline.settings import RenderSettings
from lesson.model import DEFAULT_LESSON
seen["adapter imported"] = changed()

class Stop(Exception):
    pass

class Scene:
    renderer = types.SimpleNamespace()
    def construct(self):
        pass
    def render(self):
        seen["rendering"] = changed()
        raise Stop

def make_scene(*args, **kwargs):
    seen["making the scene"] = changed()
    return Scene()

worker.make_scene = make_scene
mode, tmp = sys.argv[1], Path(sys.argv[2])
if mode == "other manim":
    manim_adapter.installed_manim = lambda: "0.23.1"
try:
    if mode == "worker":
        (tmp / "Tex").mkdir()
        job = ClipJob("Hook", DEFAULT_LESSON, RenderSettings(quality="test", voice="none"),
                      tmp / "work", tmp / "log", tmp / "Tex", tmp / "made")
        worker.render(job)
    else:
        dryrun.dry_run("Hook", DEFAULT_LESSON, "id", media=tmp, voice="none", keep=False)
except Stop:
    pass
except manim_adapter.ManimMismatch as e:
    seen["refused"] = str(e)
seen["after"] = changed()
print(json.dumps(seen))
"""

LASTING = [
    "ManimColor.__deepcopy__",
    "Mobject.__deepcopy__",
    "SVGMobject.get_mobjects_from",
    "VMobject.get_points_defining_boundary",
    "svgelements.Path.__deepcopy__",
    "svgelements.Path.parse",
]


def probe(mode: str, tmp: Path) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, mode, str(tmp)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    seen: dict = json.loads(done.stdout.strip().splitlines()[-1])
    return seen


@pytest.mark.manim
@pytest.mark.parametrize("mode", ["dry run", "worker"])
def test_importing_changes_nothing_a_run_installs_every_change(mode: str, tmp_path: Path) -> None:
    seen = probe(mode, tmp_path)
    assert seen["scenes imported"] == [] and seen["adapter imported"] == []
    assert seen["making the scene"] == LASTING
    assert seen["rendering"] == sorted([*LASTING, "tex_mobject.tex_to_svg_file"])
    assert seen["after"] == LASTING  # manim's own typesetting back after the scene's run
    assert "refused" not in seen


@pytest.mark.manim
def test_a_run_refuses_another_manim_and_changes_nothing(tmp_path: Path) -> None:
    seen = probe("other manim", tmp_path)
    assert seen["refused"].startswith("manim 0.23.1 is installed; ")
    assert "making the scene" not in seen and seen["after"] == []


def test_the_check_refuses_another_series_in_one_line() -> None:
    check_manim()  # the installed one
    check_manim("0.22.7")
    for other in ("0.23.0", "0.2.2", "1.22.0", "0.19.1"):
        with pytest.raises(ManimMismatch) as info:
            check_manim(other)
        message = str(info.value)
        assert len(message.splitlines()) == 1
        assert message.startswith(f"manim {other} is installed; ")
        assert "manim>=0.22,<0.23" in message


def test_the_command_refuses_another_manim_before_it_starts(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(manim_adapter, "installed_manim", lambda: "0.23.1")
    # an unknown scene: were the check missing, the command would refuse it instead
    assert main(["render", "--quality", "test", "NoSuchScene"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1
    assert err.startswith("lecture: error: manim 0.23.1 is installed; ")
    assert main(["numbers", "--json"]) == 0  # it runs no scene: manim's version is not its
