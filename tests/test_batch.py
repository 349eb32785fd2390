"""Many lessons in one run: the clip store, the plan, the local pool and a Dask LocalCluster."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import QUALITY, lecture
from procs import alive, cmdline, descendants, parent, wait_gone

from lesson.model import load_lesson
from lesson.scenelist import lesson_order
from lesson.variants import generate
from pipeline.batch import plan
from pipeline.job import ClipJob, ClipResult
from pipeline.manifest import Clip, Label, SpokenCue, StepSnapshot
from pipeline.settings import RenderSettings
from pipeline.store import ClipStore
from pipeline.worker import FINISHING_NICE

ROOT = Path(__file__).resolve().parent.parent
LOW = RenderSettings("low", "id")
FIXTURES = {"LECTURE_EXTRA_SCENES": "tests.fixture_scenes:Pause,tests.fixture_scenes:Slow"}


@pytest.fixture(scope="module")
def two_lessons(tmp_path_factory) -> list[Path]:
    """The default lesson and one variant whose [projection] has fresh numbers."""
    folder = tmp_path_factory.mktemp("two")
    (v,) = generate(load_lesson(), 1, seed=2, vary=["projection"])
    path = folder / v.filename
    path.write_text(v.text, encoding="utf-8")
    return [load_lesson().path, path]


def fake_clip(scene: str) -> Clip:
    return Clip(scene, f"{scene}.mp4", f"{scene}.srt", f"{scene}.png", (), 1.0, 2, 2, 15, 15,
                "h", "low", "id", {}, ())  # fmt: skip


# --------------------------------------------------------------------------------------
# Fast: the store and the plan (no render)
# --------------------------------------------------------------------------------------


def test_store_entry_appears_whole_or_not_at_all(tmp_path: Path) -> None:
    store = ClipStore(tmp_path / "store")

    def broken(folder: Path) -> Clip:
        (folder / "A.mp4").write_bytes(b"half")
        raise OSError("disk full")

    with pytest.raises(OSError):
        store.put("ab" * 32, broken)
    assert not store.has("ab" * 32) and not (tmp_path / "store" / "ab").exists()
    assert not any((tmp_path / "store" / "tmp").iterdir())

    def fill(folder: Path) -> Clip:
        for ext in ("mp4", "srt", "png"):
            (folder / f"A.{ext}").write_text(ext)
        return fake_clip("A")

    assert store.put("ab" * 32, fill).scene == "A"
    assert store.put("ab" * 32, broken).scene == "A"  # already there: nothing rendered again
    out = tmp_path / "out"
    store.link_into("ab" * 32, out)
    stored = store.entry("ab" * 32) / "A.mp4"
    assert (out / "A.mp4").stat().st_ino == stored.stat().st_ino  # a hard link, not a copy


def test_link_falls_back_to_a_copy(tmp_path: Path, monkeypatch) -> None:
    from pipeline import store as store_mod

    src = tmp_path / "a.mp4"
    src.write_bytes(b"clip")

    def no_link(*_: object) -> None:
        raise OSError("cross-device link")

    monkeypatch.setattr(store_mod.os, "link", no_link)
    store_mod.link_file(src, tmp_path / "out" / "a.mp4")
    assert (tmp_path / "out" / "a.mp4").read_bytes() == b"clip"


def test_a_joined_lesson_is_keyed_by_its_clips_in_order_its_language_and_the_joiner(
    tmp_path: Path, monkeypatch
) -> None:
    """The store keeps a joined lesson under join_key: same clips, same key; any change, not."""
    import dataclasses

    from publish import assemble

    clips = [dataclasses.replace(fake_clip(s), input_hash=s * 8) for s in ("Hook", "LessonTitle")]
    key = assemble.join_key(clips, "id")
    assert key == assemble.join_key([dataclasses.replace(c) for c in clips], "id")
    assert key != assemble.join_key(clips[::-1], "id")  # another order
    other = [clips[0], dataclasses.replace(clips[1], input_hash="0" * 64)]
    assert key != assemble.join_key(other, "id")  # a clip rendered again differently
    assert key != assemble.join_key(clips, "en")  # other titles
    # an edit of the joiner's code: a copy of the project whose assemble.py differs
    root = tmp_path / "project"
    for d in assemble.JOINER_DIRS:
        shutil.copytree(ROOT / d, root / d, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(assemble, "ROOT", root)
    assert assemble.join_key(clips, "id") == key
    with open(root / "publish" / "assemble.py", "a", encoding="utf-8") as f:
        f.write("# edited\n")
    assert assemble.join_key(clips, "id") != key


def test_plan_renders_each_distinct_hash_once(two_lessons, tmp_path: Path) -> None:
    lessons = [load_lesson(p) for p in two_lessons]
    outs = [tmp_path / "a", tmp_path / "b"]
    scenes = ["LessonTitle", "ProjectionDrop", "QuizQuestion3"]
    p = plan(lessons, scenes, LOW, outs, ClipStore(tmp_path / "store"))
    assert p.total == len(p.wanted) == 6 and p.up_to_date == 0
    per_scene = sorted(t.job.scene for t in p.tasks.values())
    # the title card and quiz 3 read nothing the variant changed; ProjectionDrop differs
    assert per_scene == ["LessonTitle", "ProjectionDrop", "ProjectionDrop", "QuizQuestion3"]


def test_plan_without_a_store_renders_into_the_lessons_folder(tmp_path: Path) -> None:
    """`lecture render` of one lesson: each stale clip is a job whose files land in its folder."""
    lesson, out = load_lesson(), tmp_path / "out"
    p = plan([lesson], ["LessonTitle", "Recap"], LOW, [out], None)
    assert [(i, s) for i, s, _ in p.wanted] == [(0, "LessonTitle"), (0, "Recap")]
    (task, _) = p.tasks.values()
    job = task.job
    assert (job.scene, job.settings, job.lesson) == ("LessonTitle", LOW, lesson.path.resolve())
    assert job.work == out / ".work" / "LessonTitle" and job.log == out / "logs" / "LessonTitle.log"
    assert task.out == str(out) and not task.store
    every = plan([lesson], [], LOW, [out], None)
    assert [s for _, s, _ in every.wanted] == lesson_order(lesson)
    with pytest.raises(ValueError, match="clip store"):
        plan([lesson, lesson], [], LOW, [out, tmp_path / "b"], None)


def test_a_job_and_its_result_cross_a_process_as_json(tmp_path: Path) -> None:
    """The worker reads the job it was handed and the scheduler its result: same objects."""
    settings = RenderSettings("low", "en", "webm-alpha", voice="none")
    job = ClipJob("Recap", tmp_path / "l.toml", settings, tmp_path / "w", tmp_path / "w.log")
    assert ClipJob.load(job.save(tmp_path / "job.json")) == job
    result = ClipResult(
        video="w/Recap.mp4",
        poster="w/poster.png",
        subtitles="w/Recap.srt",
        sections=("w/s/Recap_0000_a.mp4",),
        sources=("scenes/recap.py",),
        lesson_keys=("intro.mml_section",),
        snapshots=(StepSnapshot("a", 1.5, (Label("dot", "−4", (1, 2, 30, 40), "part"),)),),
        audio="w/narration.wav",
        narration=(SpokenCue("c1", "re_sub", "kata", 0.0, 1.25, "espeak-ng id 1.51"),),
        stale=("c2.wav",),
        rejected=(("c3.wav", "silent"),),
        loudness=(-16.0, -1.5),
        narration_seconds=0.25,
    )
    assert ClipResult.load(result.save(tmp_path / "result.json")) == result
    assert result.recording_notes() == (
        "recording c2.wav is stale (its words changed); the synthetic voice says it",
        "recording c3.wav is rejected: silent; the synthetic voice says it",
    )
    bad = json.loads((tmp_path / "job.json").read_text())
    bad["settings"]["voice"] = "robot"
    with pytest.raises(ValueError, match="unknown voice 'robot'"):
        ClipJob.from_dict(bad)


def test_unreachable_cluster_is_one_line(tmp_path: Path) -> None:
    t0 = time.monotonic()
    r = lecture("build", "--cluster", "tcp://127.0.0.1:9", "--quality", "low",
                "--out", str(tmp_path / "o"), "--store", str(tmp_path / "s"))  # fmt: skip
    assert r.returncode == 2, r.stderr
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in r.stderr
    assert time.monotonic() - t0 < 30


@pytest.mark.parametrize(
    "args, message",
    [
        (["--cluster", "local:0"], "say local:N"),
        (["--lessons", "missing.toml"], "missing.toml: (file): no such file"),
        (["--lessons", "lessons/inner-product.toml", "lessons/inner-product.toml"], "share the"),
    ],
    ids=["local-0", "missing-lesson", "same-id"],
)
def test_bad_batch_input_is_one_line(args, message, tmp_path: Path) -> None:
    r = lecture("build", *args, "--out", str(tmp_path / "o"), "--store", str(tmp_path / "s"))
    assert r.returncode == 2, r.stderr
    assert r.stderr.count("\n") == 1 and message in r.stderr and "Traceback" not in r.stderr


# --------------------------------------------------------------------------------------
# Real renders
# --------------------------------------------------------------------------------------


def manifest(out: Path) -> dict:
    return json.loads((out / "manifest.json").read_text(encoding="utf-8"))


@pytest.mark.render
def test_local_pool_renders_a_shared_clip_once(two_lessons, tmp_path: Path) -> None:
    out, store = tmp_path / "out", tmp_path / "store"
    args = ["render", "Pause", "--quality", QUALITY, "--store", str(store), "--out", str(out)]
    r = lecture(*args, "--lessons", *map(str, two_lessons), "--quiet", env=FIXTURES)
    assert r.returncode == 0, r.stderr
    assert "clips: 1 rendered, 1 reused from the store" in r.stdout
    a, b = out / "inner-product" / QUALITY, out / "inner-product-v01" / QUALITY
    for folder in (a, b):
        assert manifest(folder)["clips"]["Pause"]["video"] == "Pause.mp4"
    assert (a / "Pause.mp4").stat().st_ino == (b / "Pause.mp4").stat().st_ino
    again = lecture(*args, "--lessons", *map(str, two_lessons), env=FIXTURES)
    assert "clips: 0 rendered, 0 reused from the store (" in again.stdout
    assert "2 up to date" in again.stdout
    # a fresh folder takes the clip from the store: a link, no render
    r3 = lecture("render", "Pause", "--quality", QUALITY, "--store", str(store),
                 "--out", str(tmp_path / "third"), env=FIXTURES)  # fmt: skip
    assert "clips: 0 rendered, 1 reused from the store" in r3.stdout, r3.stderr


@pytest.mark.render
def test_local_cluster_renders_real_scenes_once_for_two_lessons(two_lessons, tmp_path) -> None:
    """Two short real scenes that read nothing the variant changed: 2 renders serve 4 clips."""
    out, store = tmp_path / "out", tmp_path / "store"
    r = lecture("render", "LessonTitle", "Pause", "--quality", QUALITY,
                "--lessons", *map(str, two_lessons), "--cluster", "local:2",
                "--store", str(store), "--out", str(out), env=FIXTURES)  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "clips: 2 rendered, 2 reused from the store" in r.stdout
    assert "[2/2]" in r.stderr and "[3/" not in r.stderr  # progress across both lessons
    assert "(inner-product, inner-product-v01): rendered" in r.stderr
    a, b = out / "inner-product" / QUALITY, out / "inner-product-v01" / QUALITY
    ca, cb = manifest(a)["clips"], manifest(b)["clips"]
    for scene in ("LessonTitle", "Pause"):
        assert ca[scene]["input_hash"] == cb[scene]["input_hash"]
        assert (a / f"{scene}.mp4").stat().st_ino == (b / f"{scene}.mp4").stat().st_ino
        assert ClipStore(store).has(ca[scene]["input_hash"])
    assert not list((store / "tmp").iterdir())  # every attempt cleaned up


@pytest.mark.render
def test_worker_killed_mid_render_is_retried_elsewhere(tmp_path: Path) -> None:
    out, store = tmp_path / "out", tmp_path / "store"
    # at low quality: Slow's rotation takes long enough to render that it is killed mid-render
    cmd = [sys.executable, "-m", "lecture.cli", "render", "Slow", "--quality", "low",
           "--cluster", "local:2", "--store", str(store), "--out", str(out)]  # fmt: skip
    p = subprocess.Popen(cmd, cwd=ROOT, env={**os.environ, **FIXTURES}, text=True,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    render, job = None, None
    deadline = time.monotonic() + 60
    while render is None and time.monotonic() < deadline and p.poll() is None:
        for k in descendants(p.pid):
            words = cmdline(k).split()
            if "pipeline.worker" in words and "/tmp/Slow-" in words[-1]:
                render, job = k, Path(words[-1])  # python -m pipeline.worker JOB.json
        time.sleep(0.1)
    assert render is not None and job is not None, "the render never started"
    # mid-render: manim has written a partial movie file into the job's work folder
    media = job.parent / "media"
    while time.monotonic() < deadline and alive(render):
        if media.is_dir() and any(media.rglob("*.mp4")):
            break
        time.sleep(0.1)
    os.kill(parent(render), signal.SIGKILL)  # the Dask worker process running the task
    assert wait_gone([render]) == []  # the orphaned render dies with its worker
    stdout, stderr = p.communicate(timeout=120)
    assert p.returncode == 0, stderr
    assert "clips: 1 rendered" in stdout
    # its 14 s of rotation, then the scene's closing silence ([timing] scene_end, as the
    # lesson's default says: a fixture reads no lesson keys)
    closing = float(load_lesson().scene_end)
    assert manifest(out)["clips"]["Slow"]["duration"] == pytest.approx(14 + closing, abs=0.1)
    leftovers = list((store / "tmp").iterdir())
    assert len(leftovers) == 1 and leftovers[0].name.startswith("Slow-")  # the killed attempt


FINISHING = """
import os, threading
from pipeline.worker import finish_in_background

def nice():
    return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

stop = threading.Event()
seen = {}
def before():  # a thread started before (manim's encoder, say)
    stop.wait()
    seen["before"] = nice()
old = threading.Thread(target=before)
old.start()
finish_in_background()
seen["main"] = nice()
after = threading.Thread(target=lambda: seen.__setitem__("after", nice()))
after.start()
after.join()
stop.set()
old.join()
print(seen["before"], seen["main"], seen["after"])
"""


def test_a_render_finishes_its_clip_at_a_lower_priority_in_every_thread() -> None:
    done = subprocess.run(
        [sys.executable, "-c", FINISHING], capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == [str(FINISHING_NICE)] * 3


@pytest.mark.render
def test_the_next_render_starts_while_the_last_puts_its_sound_under_its_clip(
    tmp_path: Path,
) -> None:
    """``--jobs 1``: one render draws at a time, but the second starts as soon as the first
    has written its frames, while the first still encodes and muxes its narration."""
    from pipeline.executors import LocalExecutor
    from pipeline.job import Rendered

    events: list[tuple[str, int]] = []
    nice_then: list[int] = []  # the CPU priority of the renders running when one starts

    class Watched(set):  # the executor's running processes, each start and end recorded
        def add(self, proc) -> None:
            events.append(("start", proc.pid))
            for other in self:
                with contextlib.suppress(OSError):  # it may have ended just now
                    nice_then.append(os.getpriority(os.PRIO_PROCESS, other.pid))
            super().add(proc)

        def discard(self, proc) -> None:
            events.append(("end", proc.pid))
            super().discard(proc)

    settings = RenderSettings(QUALITY, "id")
    scenes = ["LessonTitle", "Hook"]
    p = plan([load_lesson()], scenes, settings, [tmp_path / "out"], None)
    tasks = sorted(p.tasks.values(), key=lambda t: scenes.index(t.job.scene))
    pool = LocalExecutor(jobs=1)
    pool.running = Watched()
    try:
        outcomes = [f.result() for f in [pool.submit(t) for t in tasks]]
    finally:
        pool.close()
    assert all(isinstance(o, Rendered) for o in outcomes), outcomes
    (_, first), (kind, second) = events[0], events[1]
    assert kind == "start" and second != first  # before the first render's process ended
    assert events.index(("end", first)) > 1
    # the first finishes at a lower priority than the second draws
    assert nice_then == [FINISHING_NICE]
    # and the first clip has its whole narration under it, as a clip rendered alone has
    for o in outcomes:
        clip = o.clip
        assert clip.audio and clip.loudness is not None
