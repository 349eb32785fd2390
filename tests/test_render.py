"""lecture render for real: MP4s, subtitles, posters, manifest, skipping, safety."""

from __future__ import annotations

import fcntl
import filecmp
import itertools
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import srt
from audio_checks import check_clip_narration, streams
from cachedir import clip_store
from conftest import QUALITY, Build, lecture
from conftest import SEED_SCENES as SCENES
from procs import cmdline, descendants, parent, wait_gone
from video_checks import decoded_frames, packets, shown

from lesson.model import load_lesson
from lesson.sheet import scene_sheet
from pipeline.manifest import Manifest
from pipeline.media import probe
from pipeline.settings import QUALITIES

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.render
# the test quality's picture: its size and frame rate; one frame lasts 1 / FPS seconds
SIZE = (QUALITIES[QUALITY]["pixel_width"], QUALITIES[QUALITY]["pixel_height"])
FPS = QUALITIES[QUALITY]["frame_rate"]


def manifest(out: Path) -> dict:
    return json.loads((out / "manifest.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("scene", SCENES)
def test_clip_is_a_real_video_with_subtitles(rendered: Path, scene: str) -> None:
    clip = manifest(rendered)["clips"][scene]
    info = probe(rendered / clip["video"])
    assert (info.width, info.height, info.fps) == (*SIZE, FPS)
    assert 20 <= info.duration <= 180  # every step of the computation said aloud
    assert abs(info.frames - info.duration * info.fps) <= 1
    assert clip["duration"] == pytest.approx(info.duration, abs=1e-3)
    cues = list(srt.parse((rendered / clip["subtitles"]).read_text(encoding="utf-8")))
    assert len(cues) >= 4
    for a, b in itertools.pairwise(cues):
        assert a.start <= a.end <= b.start
    assert cues[-1].end.total_seconds() <= info.duration + 1e-6
    assert all(c.content.strip() for c in cues)


@pytest.mark.parametrize("scene", SCENES)
def test_clip_speaks_its_captions(rendered: Path, scene: str) -> None:
    """AAC narration as long as the video: speech inside every cue, silence between
    captions, −16 LUFS ±1 LU and true peak ≤ −1 dBTP (measured on the decoded MP4)."""
    check_clip_narration(rendered, scene)
    clip = manifest(rendered)["clips"][scene]
    assert clip["voice"] == "espeak" and (rendered / clip["audio"]).is_file()
    said = clip["narration"]
    assert [c["start"] for c in said] == sorted(c["start"] for c in said)
    assert all(c["voice"].startswith("espeak-ng id ") for c in said)
    assert not any(ch.isdigit() for c in said for ch in c["words"])  # numbers in words
    assert not any(sym in c["words"] for c in said for sym in "·√θ‖=≈")  # notation too


@pytest.mark.parametrize("scene", SCENES)
def test_poster_and_sections(rendered: Path, scene: str) -> None:
    from PIL import Image

    clip = manifest(rendered)["clips"][scene]
    with Image.open(rendered / clip["poster"]) as im:
        assert im.size == SIZE
        assert len(im.convert("L").getcolors(256) or []) > 10  # a picture, not a blank frame
    files = [s["file"] for s in clip["sections"]]
    assert len(files) >= 4
    assert not any("autocreated" in f for f in files)
    assert [s["index"] for s in clip["sections"]] == list(range(len(files)))
    total = sum(probe(rendered / f).duration for f in files)
    assert total == pytest.approx(clip["duration"], abs=0.2)
    for f in files:  # each section clip is cut with its sound
        kinds = streams(rendered / f)
        assert kinds["audio"][0] == "aac" and abs(kinds["audio"][1] - kinds["video"][1]) <= 1 / FPS


def test_manifest_lists_the_numbers_each_clip_shows(rendered: Path) -> None:
    data = manifest(rendered)
    lesson = load_lesson()
    assert data["lesson"] == "inner-product" and list(data["clips"]) == SCENES
    for scene, clip in data["clips"].items():
        assert clip["numbers"] == {k: v.text for k, v in scene_sheet(lesson, scene).items()}
        shown = {lab["key"] for snap in clip["snapshots"] for lab in snap["labels"]}
        assert shown == set(clip["numbers"])
        for snap in clip["snapshots"]:
            for lab in snap["labels"]:
                x0, y0, x1, y1 = lab["box"]
                assert 0 <= x0 < x1 <= clip["width"] and 0 <= y0 < y1 <= clip["height"]


def test_a_clip_depends_on_no_layer_above_the_pipeline(rendered: Path) -> None:
    """Each worker has the CLI loaded (multiprocessing imports the parent's main module into
    its children), but an edit of the command line or of publishing re-renders no clip."""
    for scene, clip in manifest(rendered)["clips"].items():
        sources = clip["sources"]
        assert "pipeline/worker.py" in sources and "lesson/model.py" in sources, scene
        assert any(s.startswith("scenes/") for s in sources), scene
        above = [s for s in sources if s.split("/")[0] in ("lecture", "publish")]
        assert above == [], (scene, above)


def test_no_change_rerun_renders_nothing_and_skips_manim(rendered: Path) -> None:
    before = {p: p.stat().st_mtime_ns for p in rendered.glob("*.mp4")}
    code = (
        "import sys; from lecture.cli import main; "
        f"rc = main(['render', *{SCENES!r}, '--quality', {QUALITY!r}, '--out', {str(rendered)!r}, "
        "'--quiet']); "
        "assert 'manim' not in sys.modules, 'manim imported'; sys.exit(rc)"
    )
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "up to date: " + ", ".join(SCENES) in r.stderr
    assert {p: p.stat().st_mtime_ns for p in rendered.glob("*.mp4")} == before


def test_editing_attention_rerenders_only_softmax(rendered: Path, lesson_paths, tmp_path) -> None:
    out = tmp_path / "edit"
    subprocess.run(["cp", "-r", str(rendered), str(out)], check=True)
    r = lecture(
        "render",
        *SCENES,
        "--quality",
        QUALITY,
        "--out",
        str(out),
        "--quiet",
        "--lesson",
        str(lesson_paths["masked"]),
    )
    assert r.returncode == 0, r.stderr
    assert "up to date: ProjectionDrop, AngleSignRegions" in r.stderr
    assert "SoftmaxBarMorph: rendered" in r.stderr
    numbers = manifest(out)["clips"]["SoftmaxBarMorph"]["numbers"]
    assert numbers["logit2"] == "−∞" and numbers["weight2"] == "0"  # exact zero is 0
    check_clip_narration(out, "SoftmaxBarMorph")  # an edited lesson speaks where it shows


def test_second_concurrent_render_is_refused(rendered: Path, tmp_path: Path) -> None:
    out = tmp_path / "locked"  # a copy: other test processes render into `rendered`
    shutil.copytree(rendered, out)
    with open(out / ".render.lock", "a+") as held:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        r = lecture("render", "--quality", QUALITY, "--out", str(out), "--quiet")
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and "being rendered by another process" in r.stderr
    assert "Traceback" not in r.stderr


def test_killed_render_leaves_the_old_clip_playable(rendered: Path, tmp_path) -> None:
    out = tmp_path / "killed"
    subprocess.run(["cp", "-r", str(rendered), str(out)], check=True)
    video = out / "SoftmaxBarMorph.mp4"
    old = video.read_bytes()
    p = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "lecture.cli",
            "render",
            "SoftmaxBarMorph",
            "--quality",
            QUALITY,
            "--out",
            str(out),
            "--force",
            "--quiet",
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    # inside the worker's render: manim has written a partial movie file
    work = out / ".work" / "SoftmaxBarMorph" / "media"
    deadline = time.monotonic() + 180
    while p.poll() is None and time.monotonic() < deadline:
        if work.is_dir() and any(work.rglob("*.mp4")):
            break
        time.sleep(0.1)
    assert p.poll() is None, "the render finished before it could be killed"
    server = [k for k in descendants(p.pid) if "forkserver" in cmdline(k)]
    workers = [k for k in descendants(p.pid) if parent(k) in server]
    assert workers, "no worker process renders"
    os.killpg(p.pid, signal.SIGKILL)
    p.wait()
    assert wait_gone(workers) == []  # the worker died with the command, mid-render
    assert video.read_bytes() == old
    assert probe(video).frames > 0
    assert manifest(out)["clips"]["SoftmaxBarMorph"]["input_hash"]
    r = lecture(
        "render", "SoftmaxBarMorph", "--quality", QUALITY, "--out", str(out), "--force", "--quiet"
    )
    assert r.returncode == 0, r.stderr
    assert probe(video).frames > 0


def test_latex_error_in_one_scene_does_not_stop_the_others(tmp_path) -> None:
    out = tmp_path / "broken"
    env = {"LECTURE_EXTRA_SCENES": "tests.fixture_scenes:BrokenTex,tests.fixture_scenes:Pause"}
    r = lecture(
        "render",
        "BrokenTex",
        "Pause",
        "--quality",
        QUALITY,
        "--out",
        str(out),
        "--quiet",
        env=env,
    )
    assert r.returncode == 1
    fail = [ln for ln in r.stderr.splitlines() if "BrokenTex: FAILED" in ln]
    assert len(fail) == 1 and "log: " in fail[0]
    assert "LaTeX" in fail[0] or "! " in fail[0]
    assert "Pause: rendered" in r.stderr and probe(out / "Pause.mp4").duration > 0
    assert not (out / "BrokenTex.mp4").exists()
    assert list(manifest(out)["clips"]) == ["Pause"]


def test_unknown_scene_is_a_one_line_error(tmp_path) -> None:
    r = lecture("render", "NoSuchScene", "--out", str(tmp_path / "x"))
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "unknown scene" in r.stderr


def test_bad_lesson_touches_nothing(rendered: Path, tmp_path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(
        (ROOT / "lessons/inner-product.toml").read_text().replace("key = [1, 2]", "key = [0, 0]", 1)
    )
    before = {p.name: p.stat().st_mtime_ns for p in rendered.iterdir()}
    r = lecture("render", "--lesson", str(bad), "--quality", QUALITY, "--out", str(rendered))
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    assert "projection.key" in r.stderr
    assert {p.name: p.stat().st_mtime_ns for p in rendered.iterdir()} == before


def test_joined_lesson_has_chapters_and_shifted_subtitles(rendered: Path, tmp_path) -> None:
    import av

    from publish.assemble import assemble

    out = tmp_path / "joined"
    subprocess.run(["cp", "-r", str(rendered), str(out)], check=True)
    loaded = Manifest.load(out)
    assert loaded is not None
    typed = list(loaded.clips.values())
    entry = assemble(out, typed, "id")
    clips = list(manifest(out)["clips"].values())
    info = probe(out / "lesson.mp4")
    total = sum(c["duration"] for c in clips)
    assert abs(info.duration - total) <= 1 / FPS  # within one frame
    check_joined_audio(out / "lesson.mp4", [c["duration"] for c in clips])
    assert info.frames == sum(c["frames"] for c in clips)
    with av.open(str(out / "lesson.mp4")) as c:
        marks = c.chapters()
    # every packet decodes, and what they show lasts as long as the clips' frames
    assert decoded_frames(out / "lesson.mp4") == packets(out / "lesson.mp4")
    assert len(shown(out / "lesson.mp4")) == info.frames
    assert [m["metadata"]["title"] for m in marks] == [
        "Proyeksi",
        "Tanda dan keselarasan",
        "Dari skor ke bobot softmax",
    ]
    starts = [float(m["start"] * m["time_base"]) for m in marks]
    assert starts == pytest.approx(
        [0, clips[0]["duration"], clips[0]["duration"] + clips[1]["duration"]], abs=1e-3
    )
    cues = list(srt.parse((out / "lesson.srt").read_text(encoding="utf-8")))
    per_clip = [list(srt.parse((out / c["subtitles"]).read_text(encoding="utf-8"))) for c in clips]
    assert len(cues) == sum(map(len, per_clip))
    first_of_second = cues[len(per_clip[0])]
    assert first_of_second.start.total_seconds() == pytest.approx(
        clips[0]["duration"] + per_clip[1][0].start.total_seconds(), abs=1e-3
    )
    assert cues[-1].end.total_seconds() <= total + 1e-3
    vtt = (out / "lesson.vtt").read_text(encoding="utf-8")
    assert vtt.startswith("WEBVTT\n") and vtt.count(" --> ") == len(cues)
    chapters = (out / "chapters.vtt").read_text(encoding="utf-8")
    assert chapters.count(" --> ") == 3 and "Tanda dan keselarasan" in chapters
    assert entry.duration == pytest.approx(total, abs=1 / FPS)


def check_joined_audio(video: Path, durations: list[float]) -> None:
    """One continuous AAC track, ending with the video, no gap and no jump at the joins."""
    import av
    import numpy as np

    from pipeline.voice.audio import read_audio
    from pipeline.voice.targets import RATE

    kinds = streams(video)
    assert kinds["audio"][0] == "aac"
    assert abs(kinds["audio"][1] - kinds["video"][1]) <= 1 / FPS
    with av.open(str(video)) as c:
        packets = [p for p in c.demux(audio=0) if p.size]
    for a, b in itertools.pairwise(packets):
        assert b.pts == a.pts + a.duration  # no gap anywhere in the track
    x = read_audio(video)
    for join in itertools.accumulate(durations[:-1]):
        i = round(join * RATE)
        assert float(np.max(np.abs(np.diff(x[i - 480 : i + 480])))) < 0.1  # no click


def test_whole_lesson_builds_with_a_chapter_per_scene(
    whole_lesson: Build, rendered: Path, tmp_path: Path
) -> None:
    """`lecture build` of the default lesson at the test quality: every scene once, joined in
    lesson order. It starts from a folder with the three seed clips (they read no quiz), which
    stay as they are. Built again into a fresh folder with the same clip store, it renders
    nothing and joins nothing. (A lesson that asks its quiz in its own order is built whole
    for its page: ``test_page.py``.)
    """
    import av

    from lesson.scenelist import LECTURE, lesson_order

    path, out = whole_lesson.lesson, whole_lesson.out
    order = lesson_order(load_lesson(path))
    asked = len(load_lesson().quiz)
    assert len(order) == len(LECTURE) + asked and order[-1] == f"QuizQuestion{asked}"
    assert whole_lesson.returncode == 0, whole_lesson.stderr
    # the seed clips stay; the others come from the store or render
    assert f"{len(order)} clips in 1 lesson(s): {len(SCENES)} up to date, " in whole_lesson.stderr
    data = manifest(out)
    seed = manifest(rendered)["clips"]
    for scene in SCENES:  # the seed render's clips, untouched
        assert data["clips"][scene]["input_hash"] == seed[scene]["input_hash"], scene
        assert filecmp.cmp(out / f"{scene}.mp4", rendered / f"{scene}.mp4", shallow=False)
    assert list(data["clips"]) == order
    lesson = data["lesson_video"]
    info = probe(out / "lesson.mp4")
    total = sum(c["duration"] for c in data["clips"].values())
    assert abs(info.duration - total) <= 1 / FPS
    with av.open(str(out / "lesson.mp4")) as c:
        titles = [ch["metadata"]["title"] for ch in c.chapters()]
    assert len(titles) == len(order) == len(lesson["chapters"])
    assert titles[:2] == ["Satu angka", "Judul dan tujuan pembelajaran"]
    assert titles[-1] == f"Uji pemahaman: pertanyaan {asked}"
    cues = list(srt.parse((out / "lesson.srt").read_text(encoding="utf-8")))
    assert len(cues) >= 3 * len(order)
    assert all(a.start <= b.start for a, b in itertools.pairwise(cues))
    check_joined_audio(out / "lesson.mp4", [c["duration"] for c in data["clips"].values()])
    r = lecture("build", "--lesson", str(path), "--quality", QUALITY, "--out", str(out), "--quiet")
    assert r.returncode == 0 and "rendered in" not in r.stderr and "joined" not in r.stderr
    # a fresh folder, same clips: every clip and the joined lesson come from the store
    again = tmp_path / "again"
    r = lecture(
        "build", "--lesson", str(path), "--quality", QUALITY, "--out", str(again), "--store",
        str(clip_store()), "--quiet",
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "inner-product: joined before, linked from the store" in r.stderr.splitlines()
    assert f"{len(order)} clips in 1 lesson(s): 0 up to date, {len(order)} in the store" in r.stderr
    assert manifest(again)["lesson_video"] == lesson
    for name in ("lesson.mp4", "lesson.srt", "lesson.vtt", "chapters.vtt"):
        assert filecmp.cmp(again / name, out / name, shallow=False), name


def test_english_render_has_english_subtitles(tmp_path: Path) -> None:
    out = tmp_path / "en"
    r = lecture(
        "render",
        "SoftmaxBarMorph",
        "--quality",
        QUALITY,
        "--lang",
        "en",
        "--out",
        str(out),
        "--store",
        str(clip_store()),
        "--quiet",
    )
    assert r.returncode == 0, r.stderr
    text = (out / "SoftmaxBarMorph.srt").read_text(encoding="utf-8")
    assert "raw compatibility score" in text and "skor" not in text
    clip = manifest(out)["clips"]["SoftmaxBarMorph"]
    assert clip["lang"] == "en"
    check_clip_narration(out, "SoftmaxBarMorph", "en")
    assert all(c["voice"].startswith("espeak-ng en ") for c in clip["narration"])
    assert "by root d k" in " ".join(c["words"] for c in clip["narration"])


PROBE_SCENE = """
from manim import FadeIn, Square

from scenes.base import LessonScene
{imports}


class {name}(LessonScene):
    def construct(self) -> None:
        self.step("one")
        self.play(FadeIn(Square(color={colour})), run_time=0.2)
"""


def test_a_new_helper_module_invalidates_only_the_scene_that_imports_it(tmp_path: Path) -> None:
    """The hash covers what a render imported: no hand-kept list of shared files to forget."""
    import uuid

    pkg = ROOT / "tests" / f"_probe_{uuid.uuid4().hex[:8]}"
    mod = f"tests.{pkg.name}"
    env = {"LECTURE_EXTRA_SCENES": f"{mod}.scene_a:ProbeA,{mod}.scene_b:ProbeB"}
    out = tmp_path / "probe"

    def render() -> str:
        r = lecture(
            "render",
            "ProbeA",
            "ProbeB",
            "--quality",
            QUALITY,
            "--out",
            str(out),
            "--quiet",
            env=env,
        )
        assert r.returncode == 0, r.stderr
        return r.stderr

    pkg.mkdir()
    try:
        (pkg / "scene_a.py").write_text(
            PROBE_SCENE.format(imports="", name="ProbeA", colour='"#E69F00"')
        )
        (pkg / "scene_b.py").write_text(
            PROBE_SCENE.format(imports="", name="ProbeB", colour='"#56B4E9"')
        )
        first = render()
        assert "ProbeA: rendered" in first and "ProbeB: rendered" in first
        # ProbeA starts using a helper module that did not exist before
        (pkg / "helper.py").write_text('COLOUR = "#009E73"\n')
        (pkg / "scene_a.py").write_text(
            PROBE_SCENE.format(
                imports=f"from {mod}.helper import COLOUR", name="ProbeA", colour="COLOUR"
            )
        )
        second = render()
        assert "ProbeA: rendered" in second and "up to date: ProbeB" in second
        sources = manifest(out)["clips"]["ProbeA"]["sources"]
        assert f"tests/{pkg.name}/helper.py" in sources
        assert f"tests/{pkg.name}/helper.py" not in manifest(out)["clips"]["ProbeB"]["sources"]
        # editing only the helper re-renders only the scene that imports it
        (pkg / "helper.py").write_text('COLOUR = "#D55E00"\n')
        third = render()
        assert "ProbeA: rendered" in third and "up to date: ProbeB" in third
        assert "rendered" not in render()
    finally:
        shutil.rmtree(pkg, ignore_errors=True)


def test_captions_check_passes_on_an_edited_lesson_in_english(lesson_paths) -> None:
    """`lecture captions --check` lints what the scenes would show, without rendering."""
    r = lecture(
        "captions",
        "--check",
        "SoftmaxBarMorph",
        "--lesson",
        str(lesson_paths["masked"]),
        "--lang",
        "en",
    )
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.startswith("all within the rules: ") and "in 1 scene(s)" in r.stdout
    longest = int(r.stdout.split("longest line ")[1].split()[0])
    assert longest <= 42


def test_captions_check_needs_a_known_scene() -> None:
    r = lecture("captions", "--check", "NoSuchScene")
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "unknown scene" in r.stderr
