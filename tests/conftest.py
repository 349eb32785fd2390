"""Shared fixtures: scenes run with rendering skipped, once per (scene, lesson)."""

from __future__ import annotations

import fcntl
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from cachedir import cache_root, clip_store, run_media, share_render_caches  # noqa: E402

# Everything the suite renders, plans and reads goes to a media folder of the run's own
# (``LECTURE_MEDIA``, read when pipeline.settings is imported: before any project import),
# with its own LaTeX folder (``Tex/``, and manim's, see ManimIntoTheRunMedia), never the
# checkout's media/, which holds what the user rendered: the author may render there while
# the suite runs.
MEDIA = run_media()
os.environ["LECTURE_MEDIA"] = str(MEDIA)
# nor the author's recorded takes (voice/): a test that plays recordings names its own folder
os.environ["LECTURE_RECORDINGS"] = str(MEDIA / "no-recordings")
# NumPy's huge-page advice off, as the `lecture` command has it (see lecture/__init__.py), for
# the dry runs in these processes too: set before anything here imports NumPy
os.environ.setdefault("NUMPY_MADVISE_HUGEPAGE", "0")
from drycache import cached_dry_run  # noqa: E402
from variants import EDITS, EVERY_KIND, variant  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
# Scenes for the render tests, imported by workers; not a doctest module (it imports manim).
collect_ignore = ["fixture_scenes.py"]
SEED_SCENES = ["ProjectionDrop", "AngleSignRegions", "SoftmaxBarMorph"]
# Renders made to be checked, not watched: a real render, small and at 5 frames a second.
QUALITY = "test"
# Dry runs check what each step shows at its end, what the scene reads and its subtitles'
# rules; none of that depends on the frame rate, so they run at 5 fps (2.5× faster than 15).
DRY_FPS = 5.0


def lecture(*args: str, env: dict[str, str] | None = None, **kw) -> subprocess.CompletedProcess:
    """Run the `lecture` command in a fresh process."""
    return subprocess.run(
        [sys.executable, "-m", "lecture.cli", *args],
        cwd=ROOT,
        text=True,
        capture_output=True,
        env={**os.environ, **(env or {})},
        **kw,
    )


def shared(factory: pytest.TempPathFactory, name: str, make: Callable[[Path], None]) -> Path:
    """The folder `make` fills, made once per test run and shared by the pytest-xdist workers.

    The first process to ask makes it under a lock in the run's base folder; the others wait
    for it and read it. A failed attempt is removed, so the next to ask tries again.
    """
    base = factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # the run's base folder, common to all workers
    folder = base / "shared" / name
    folder.parent.mkdir(parents=True, exist_ok=True)
    with open(folder.with_name(f"{name}.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = folder.with_name(f"{name}.done")
        if not done.is_file():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            make(folder)
            done.touch()
    return folder


@pytest.fixture(scope="session")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The three seed scenes rendered once at the test quality with two jobs (read-only).

    Under pytest-xdist the workers share one render: the first renders it under a lock, the
    others find it done. The clips come from the suite's clip store when their inputs were
    rendered before (its files are hard links into the store: read them, never write them).
    """

    def render(folder: Path) -> None:
        out = folder / QUALITY
        r = lecture(
            "render", *SEED_SCENES, "--quality", QUALITY, "--jobs", "2", "--out", str(out),
            "--store", str(clip_store()), "--quiet",
        )  # fmt: skip
        assert r.returncode == 0, r.stderr

    return shared(tmp_path_factory, "seed-render", render) / QUALITY


def reordered_quiz(folder: Path, source: Path | None = None) -> Path:
    """A lesson (the default one unless `source`) with its projection question first and its
    cosine question dropped, written into `folder` as ``reordered-quiz.toml``."""
    import tomlkit

    from lesson.model import DEFAULT_LESSON

    doc = tomlkit.parse((source or DEFAULT_LESSON).read_text(encoding="utf-8"))
    quiz = doc["quiz"]
    entries = [quiz[i] for i in range(len(quiz))]
    kinds = [e["kind"] for e in entries]
    moved = [entries[kinds.index("projection")]]
    moved += [e for e in entries if e["kind"] not in ("projection", "cosine")]
    table = tomlkit.aot()
    for e in moved:
        table.append(e)
    doc["quiz"] = table
    path = folder / "reordered-quiz.toml"
    path.write_text(tomlkit.dumps(doc), encoding="utf-8")
    return path


@dataclass(frozen=True)
class Build:
    """A `lecture build` of a whole lesson: its lesson file, output folder and what it said."""

    lesson: Path
    out: Path
    returncode: int
    stderr: str


@pytest.fixture(scope="session")
def whole_lesson(rendered: Path, tmp_path_factory: pytest.TempPathFactory) -> Build:
    """`lecture build` of the default lesson at the test quality, once per run (shared).

    It starts from a copy of the seed render (those clips read no quiz and stay as they are);
    the other clips come from the suite's clip store (:func:`cachedir.clip_store`) when their
    inputs were rendered before, so a warm run joins and does not render. The whole-lesson
    test checks it; the pages (``test_page.py``) take every clip of the default lesson from
    the store it filled.
    """

    from lesson.model import DEFAULT_LESSON

    def build(folder: Path) -> None:
        out = folder / QUALITY
        shutil.copytree(rendered, out)
        r = lecture(
            "build", "--lesson", str(DEFAULT_LESSON), "--quality", QUALITY, "--jobs", "2",
            "--out", str(out), "--store", str(clip_store()), "--quiet",
        )  # fmt: skip
        (folder / "build.json").write_text(json.dumps([r.returncode, r.stderr]), encoding="utf-8")

    folder = shared(tmp_path_factory, "whole-lesson", build)
    returncode, stderr = json.loads((folder / "build.json").read_text(encoding="utf-8"))
    return Build(DEFAULT_LESSON, folder / QUALITY, returncode, stderr)


@pytest.fixture(scope="session")
def pages(tmp_path_factory: pytest.TempPathFactory, whole_lesson: Build) -> Path:
    """`lecture page --lessons` of the default lesson and a reordered variant, made once per run.

    Every clip comes from the suite's clip store when its inputs were seen before (a warm
    run: the pages are joined and written, nothing renders). It starts after the whole-lesson
    build of the default lesson, whose clips are then all in the store, the variant's lecture
    clips included (a lesson that varies only its quiz shares them): a cold run renders the
    variant's questions only.
    """

    from lesson.model import DEFAULT_LESSON

    def build(folder: Path) -> None:
        # the variant is drawn from the default lesson with every kind asked (the two it
        # leaves commented out too), so the page judges every kind of question
        every = folder / "every-kind.toml"
        every.write_text(EVERY_KIND, encoding="utf-8")
        r = lecture(
            "variants", "--lesson", str(every), "--count", "1", "--vary", "quiz", "--seed", "5",
            "--out", str(folder / "drawn"),
        )  # fmt: skip
        assert r.returncode == 0, r.stderr
        (drawn,) = sorted((folder / "drawn").glob("*.toml"))
        (folder / "variants").mkdir()
        reordered_quiz(folder / "variants", drawn)
        files = [DEFAULT_LESSON, *sorted((folder / "variants").glob("*.toml"))]
        r = lecture(
            "page", "--lessons", *map(str, files), "--quality", QUALITY, "--jobs", "2",
            "--out", str(folder / "render"), "--store", str(clip_store()),
            "--pages", str(folder / "pages"), "--scorm", "--quiet",
        )  # fmt: skip
        (folder / "page.json").write_text(json.dumps([r.returncode, r.stdout, r.stderr]))

    folder = shared(tmp_path_factory, "pages", build)
    code, out, err = json.loads((folder / "page.json").read_text())
    assert code == 0, err
    return folder


@pytest.fixture(scope="session")
def lesson_paths(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("lessons")
    return {name: variant(name, folder) for name in EDITS}


_runs: dict[tuple[str, str, str], object] = {}


@pytest.fixture(scope="session")
def dry_scene(lesson_paths: dict[str, Path]):
    """A scene's dry run (what it showed, when, and what it read), made once per machine.

    The results are kept in the suite's cache (:mod:`drycache`), keyed by the code, the
    lesson's bytes and everything else that makes them: under pytest-xdist the first worker
    to need one makes it under a lock, the others read it, and a later run reads it back.
    """

    def run(scene: str, lesson: str, lang: str = "id"):
        key = (scene, lesson, lang)
        if key not in _runs:
            _runs[key] = cached_dry_run(scene, lesson_paths[lesson], lang, frame_rate=DRY_FPS)
        return _runs[key]

    return run


# The longest tests start first, one on each test process, so the parallel run is not left
# waiting on one of them at the end. Longest first on a cold run, when the whole-lesson build
# (shared through `whole_lesson`) and the pages render into the suite's clip store; on a warm
# run they take seconds, and the tests the last run measured at POLE_S or more follow them,
# longest first (:func:`long_poles`).
LONG_POLES = (
    "test_whole_lesson_builds_with_a_chapter_per_scene",
    "test_each_lesson_gets_a_folder_that_works_offline",  # builds the pages (clip store)
    # Chromium records three cues in real time, then a render: 55 to 90 s warm or cold
    # (collected near the end, it could start when the other processes have little left)
    "test_an_author_records_three_cues_by_keyboard_and_the_render_plays_them",
    "test_a_real_recording_of_a_number_goes_stale_when_the_lesson_changes",
    "test_verify_reads_every_label_of_a_medium_quality_clip",
    "test_a_recording_replaces_one_cue_and_goes_stale_when_the_numbers_change",
    "test_local_cluster_renders_real_scenes_once_for_two_lessons",
    "test_a_learners_run_through_the_quiz_is_recorded_and_resumes",  # SCORM, 25 s
)
POLE_S = 8.0  # a test the last run measured this long (setup, call, teardown) starts early
# Seconds each test took (setup, call and teardown), by node id, as the last run that ran it
# measured: kept in the suite's cache; each run reads the copy its first process took at its
# start (in the run's media folder), so every test process orders the same collection.
DURATIONS = "durations.json"
_took: dict[str, float] = {}


def measured(path: Path) -> dict[str, float]:
    """The durations file at `path`, or nothing when it is missing or unreadable."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): float(v) for k, v in data.items() if isinstance(v, int | float)}


def long_poles(items: Sequence[pytest.Item], took: dict[str, float]) -> list[pytest.Item]:
    """The tests to start first, in order: :data:`LONG_POLES`, then every other test `took`
    says lasted :data:`POLE_S` or more, longest first.

    A test that uses a module- or class-scoped fixture stays with its module (pulled ahead
    alone, it would make the fixture twice: a second browser, a second deck).

    Parameters
    ----------
    items : sequence of pytest.Item
        The collection.
    took : dict of str to float
        Seconds by node id (:data:`DURATIONS`).

    Returns
    -------
    list of pytest.Item
    """
    named = [i for name in LONG_POLES for i in items if i.name == name]

    def alone(item: pytest.Item) -> bool:
        info = getattr(item, "_fixtureinfo", None)
        defs = info.name2fixturedefs.values() if info is not None else ()
        return all(not d or d[-1].scope not in ("module", "class", "package") for d in defs)

    timed = sorted(
        (i for i in items if took.get(i.nodeid, 0.0) >= POLE_S and i not in named and alone(i)),
        key=lambda i: -took[i.nodeid],
    )
    return named + timed


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """The run's first process adds up each test's setup, call and teardown."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        _took[report.nodeid] = _took.get(report.nodeid, 0.0) + report.duration


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """The run's first process keeps what it measured for the next run (:data:`DURATIONS`)."""
    if os.environ.get("PYTEST_XDIST_WORKER") or not _took:
        return
    path = cache_root() / DURATIONS
    took = measured(path) | {k: round(v, 2) for k, v in _took.items()}
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_text(json.dumps(took, sort_keys=True, indent=0), encoding="utf-8")
    os.replace(tmp, path)


def pytest_configure(config: pytest.Config) -> None:
    """The run's renders share the suite's LaTeX, voice and made caches (:mod:`cachedir`);
    the run's first process copies the last runs' durations (:data:`DURATIONS`) for its
    test processes."""
    share_render_caches(MEDIA)
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        kept = cache_root() / DURATIONS
        if kept.is_file():
            shutil.copyfile(kept, MEDIA / DURATIONS)


class ManimIntoTheRunMedia(importlib.abc.MetaPathFinder):
    """Points manim at the run's media folder the moment manim is imported in this process.

    The checkout's manim.cfg sets ``media_dir`` to the author's ``media/``, where manim
    writes the LaTeX (``Tex/``) and the texts (``texts/``) of every formula and text made
    outside a render or a dry run (which name their own folders): a test or a doctest that
    imports manim, in its module or in its body, makes them in the run's folder instead.
    """

    def find_spec(
        self, name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if name != "manim":
            return None
        sys.meta_path.remove(self)  # once; the finders after it find manim
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None:
            return spec
        loader = spec.loader
        run = loader.exec_module

        def exec_module(module: ModuleType) -> None:
            run(module)
            module.config.media_dir = str(MEDIA)

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


if "manim" in sys.modules:  # imported before this file (a plugin's doing)
    sys.modules["manim"].config.media_dir = str(MEDIA)
else:
    sys.meta_path.insert(0, ManimIntoTheRunMedia())


@pytest.fixture(autouse=True)
def manim_writes_into_the_run_media() -> None:
    """Each test starts with manim's ``media_dir`` the run's, had a test before changed it."""
    if "manim" in sys.modules:
        from manim import config

        if config.media_dir != str(MEDIA):
            config.media_dir = str(MEDIA)


def pytest_unconfigure(config: pytest.Config) -> None:
    """The first process of the run removes the run's media folder when the run is over."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        shutil.rmtree(MEDIA, ignore_errors=True)


def ordered(
    items: Sequence[pytest.Item], took: dict[str, float], workers: int
) -> list[pytest.Item]:
    """`items` with each long pole (:func:`long_poles`) at the head of a process's first batch.

    pytest-xdist (``--dist load``) gives each of its N processes a first batch of consecutive
    tests, a quarter of its share (``len(items) // N // 4``), then more as they finish: the
    long poles go first in those batches, in turn, so no process runs two before the others
    run one, and none is left to start near the end of the run.

    Parameters
    ----------
    items : sequence of pytest.Item
        The collection, in collection order.
    took : dict of str to float
        Seconds by node id (:data:`DURATIONS`).
    workers : int
        Test processes (N).

    Returns
    -------
    list of pytest.Item
        The same items, reordered.
    """
    batch = max(2, len(items) // workers // 4)
    poles = long_poles(items, took)[: workers * (batch // 2)]  # the first half of each batch
    chosen = set(map(id, poles))
    rest = [i for i in items if id(i) not in chosen]
    # the k-th pole is the (k // N)-th test of process k % N's batch; inserted in order of
    # place, each lands where it is meant to
    places = [(k % workers) * batch + k // workers for k in range(len(poles))]
    for place, pole in sorted(zip(places, poles, strict=True), key=lambda pair: pair[0]):
        rest.insert(min(place, len(rest)), pole)
    return rest


@pytest.hookimpl(trylast=True)  # after -m and -k deselected: the collection xdist hands out
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The collection in the order of :func:`ordered`, from the durations the run copied."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    items[:] = ordered(items, measured(MEDIA / DURATIONS), workers)
