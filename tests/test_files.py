"""Atomic writes: a target holds its old content or its whole new content, never a part."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.files import atomic_copy, atomic_write, atomic_writes


def test_atomic_write_replaces_whole_files_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "a.json"
    atomic_write(target, "old")
    atomic_write(target, b"new \xe2\x88\x92", fsync=True)
    assert target.read_text(encoding="utf-8") == "new −"
    atomic_copy(target, tmp_path / "b.json")
    assert (tmp_path / "b.json").read_bytes() == target.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json", "b.json"]


def test_a_failed_write_leaves_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "a.txt"
    atomic_write(target, "old")
    with pytest.raises(TypeError):
        atomic_write(target, 42)  # type: ignore[arg-type]
    assert target.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["a.txt"]


def test_several_files_move_into_place_only_when_all_are_written(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text("old a")
    with pytest.raises(OSError):
        atomic_writes({tmp_path / "a.toml": "new a", tmp_path / "missing" / "b.toml": "b"})
    assert [p.name for p in tmp_path.iterdir()] == ["a.toml"]
    assert (tmp_path / "a.toml").read_text() == "old a"
    made = atomic_writes({tmp_path / "a.toml": "new a", tmp_path / "b.toml": "b"})
    assert [p.read_text() for p in made] == ["new a", "b"]
