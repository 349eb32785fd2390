"""The suite's dry-run cache: a result is read back only for exactly the inputs that made it."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from drycache import IN_USE_S, DryRunCache, dry_key, dry_sources, generation, tool_versions
from variants import variant

import pipeline.job

SCENE = "ProjectionDrop"


@pytest.fixture(scope="module")
def lesson(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return variant("default", tmp_path_factory.mktemp("lesson"))


@pytest.fixture(scope="module")
def sources() -> dict[str, str]:
    return dry_sources()


def key(lesson: Path, sources: dict[str, str], **change) -> str:
    """The key of a dry run of `lesson` with `sources`, one argument changed by `change`."""
    args = {"scene": SCENE, "lang": "id", "voice": "none", "recordings": True, "frame_rate": 5}
    args |= {k: v for k, v in change.items() if k in args}
    tools = change.get("tools", tool_versions())
    return dry_key(lesson=lesson, digests=sources, tools=tools, **args)


class Maker:
    """Counts its calls; returns a fresh list each time (what a dry run would return)."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self) -> list[int]:
        self.calls += 1
        return [self.calls]


def test_a_stored_run_is_read_back_by_a_later_process(tmp_path: Path, lesson, sources) -> None:
    make = Maker()
    assert DryRunCache(tmp_path).get(key(lesson, sources), make) == [1]
    # a later test run: a new cache object, nothing in memory
    assert DryRunCache(tmp_path).get(key(lesson, sources), make) == [1]
    assert make.calls == 1


def test_a_changed_source_digest_misses_the_cache(tmp_path: Path, lesson, sources) -> None:
    make = Maker()
    DryRunCache(tmp_path).get(key(lesson, sources), make)
    edited = {**sources, "scenes/projection.py": "0" * 64}
    again = DryRunCache(tmp_path)
    assert again.get(key(lesson, edited), make) == [2]
    assert again.made == 1 and make.calls == 2


def test_every_input_of_a_dry_run_is_in_its_key(tmp_path: Path, lesson, sources) -> None:
    other = tmp_path / "other.toml"
    other.write_text(lesson.read_text(encoding="utf-8") + "\n# a comment\n", encoding="utf-8")
    tools = tool_versions()
    base = key(lesson, sources)
    changed = {
        "source": key(lesson, {**sources, "manim.cfg": "0" * 64}),
        "a source added": key(lesson, {**sources, "scenes/new.py": "0" * 64}),
        "lesson bytes": key(other, sources),
        "scene": key(lesson, sources, scene="AngleSignRegions"),
        "language": key(lesson, sources, lang="en"),
        "voice": key(lesson, sources, voice="espeak"),
        "frame rate": key(lesson, sources, frame_rate=15),
        "manim or another package": key(lesson, sources, tools={**tools, "packages": "x"}),
        "TeX": key(lesson, sources, tools={**tools, "latex": "pdfTeX 0"}),
    }
    assert key(lesson, dict(sources)) == base  # the same inputs, the same key
    assert [name for name, k in changed.items() if k == base] == []
    assert len(set(changed.values())) == len(changed)


def test_the_digests_cover_the_code_a_dry_run_imports(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Any edit under mathcore/, lesson/, scenes/, pipeline/ or of manim.cfg changes the
    generation (the key's first part); an edit of the tests does not."""
    for rel in ("manim.cfg", "scenes/a.py", "lesson/text/id.toml", "tests/test_x.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("x = 1\n")
    monkeypatch.setattr(pipeline.job, "ROOT", tmp_path)
    assert sorted(dry_sources()) == ["lesson/text/id.toml", "manim.cfg", "scenes/a.py"]
    tools = tool_versions()
    before = generation(dry_sources(), tools)
    (tmp_path / "tests" / "test_x.py").write_text("x = 2\n")
    assert generation(dry_sources(), tools) == before
    (tmp_path / "scenes" / "a.py").write_text("x = 2\n")
    assert generation(dry_sources(), tools) != before


def test_an_unreadable_entry_is_made_again(tmp_path: Path, lesson, sources) -> None:
    make = Maker()
    k = key(lesson, sources)
    DryRunCache(tmp_path).get(k, make)
    (tmp_path / f"{k}.pickle").write_bytes(b"\x80\x05trunc")  # a run killed mid-write
    assert DryRunCache(tmp_path).get(k, make) == [2]


def test_a_failed_run_stores_nothing(tmp_path: Path, lesson, sources) -> None:
    def fail() -> list[int]:
        raise RuntimeError("LaTeX failed")

    k = key(lesson, sources)
    with pytest.raises(RuntimeError):
        DryRunCache(tmp_path).get(k, fail)
    assert not (tmp_path / f"{k}.pickle").exists()


def test_only_the_most_recently_used_generations_are_kept(tmp_path: Path) -> None:
    cache = DryRunCache(tmp_path, keep=2)
    for n, gen in enumerate(["a", "b", "c"]):
        cache.get(f"{gen}/run", Maker())
        stamp = 1_000_000 + n * 100
        os.utime(tmp_path / gen, (stamp, stamp))
    cache = DryRunCache(tmp_path, keep=2)  # a later run
    cache.get("a/run", Maker())  # uses a again: now the most recent
    assert sorted(p.name for p in cache.prune()) == ["b"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "c"]


def test_a_generation_another_run_is_reading_is_not_removed(tmp_path: Path) -> None:
    """Five working copies in use at once (each edit its own generation): a run's entries
    stay while any run still reads them, and go once nobody has for an hour."""
    now = time.time()
    for n, gen in enumerate(["a", "b", "c", "d", "e"]):
        DryRunCache(tmp_path).get(f"{gen}/run", Maker())
        os.utime(tmp_path / gen, (now - 60 * (5 - n),) * 2)  # a read 5, 4, ... 1 min ago
    assert DryRunCache(tmp_path, keep=2).prune() == []  # a, the oldest: read 5 min ago
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "b", "c", "d", "e"]
    made = Maker()
    assert DryRunCache(tmp_path).get("a/run", made) == [1] and made.calls == 0  # read back
    hour_ago = now - IN_USE_S - 1
    for gen in ("b", "c"):
        os.utime(tmp_path / gen, (hour_ago, hour_ago))
    assert sorted(p.name for p in DryRunCache(tmp_path, keep=2).prune()) == ["b", "c"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "d", "e"]
