"""The suite's own order: the tests the last run measured long start first, one per process."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from conftest import LONG_POLES, POLE_S, long_poles, ordered


@dataclass(eq=False)
class Item:
    """What the ordering reads of a collected test: its name, node id and fixtures' scopes."""

    name: str
    scopes: tuple[str, ...] = ()
    nodeid: str = ""
    _fixtureinfo: Any = field(init=False)

    def __post_init__(self) -> None:
        self.nodeid = self.nodeid or f"tests/test_x.py::{self.name}"
        defs = {f"f{n}": [SimpleNamespace(scope=s)] for n, s in enumerate(self.scopes)}
        self._fixtureinfo = SimpleNamespace(name2fixturedefs=defs)


def collection() -> list[Item]:
    """300 short tests, a cold-run pole, and three tests the last run measured long."""
    items = [Item(f"test_short_{n}", ("function", "session")) for n in range(300)]
    items.insert(150, Item("test_export_long", ("session",)))  # measured 40 s
    items.insert(200, Item("test_in_a_browser", ("module",)))  # 50 s, with its module's browser
    items.append(Item("test_render_long"))  # measured 20 s, collected last
    items.append(Item(LONG_POLES[0]))  # the whole lesson's build: long when cold
    return items


TOOK = {
    "tests/test_x.py::test_export_long": 40.0,
    "tests/test_x.py::test_in_a_browser": 50.0,
    "tests/test_x.py::test_render_long": 20.0,
    "tests/test_x.py::test_short_7": POLE_S - 0.5,
}


def test_the_tests_measured_long_follow_the_cold_runs_poles_longest_first() -> None:
    poles = [i.name for i in long_poles(collection(), TOOK)]
    # the browser test keeps to its module (its module's browser is made once)
    assert poles == [LONG_POLES[0], "test_export_long", "test_render_long"]
    assert [i.name for i in long_poles(collection(), {})] == [LONG_POLES[0]]  # a first run


def test_each_long_test_heads_the_first_batch_of_a_process_of_its_own() -> None:
    items = collection()
    order = [i.name for i in ordered(items, TOOK, workers=3)]
    batch = len(items) // 3 // 4  # pytest-xdist's first batch per process (--dist load)
    assert sorted(order) == sorted(i.name for i in items)  # every test, once
    heads = [order[k * batch] for k in range(3)]
    assert heads == [LONG_POLES[0], "test_export_long", "test_render_long"]
    # the rest keep their collection order; the browser test stays among its neighbours
    rest = [n for n in order if n not in heads]
    assert rest == [i.name for i in items if i.name not in heads]
    # without durations (a first run), only the cold run's pole moves: the 20 s render
    # collected last would start when the other processes have little left
    first = [i.name for i in ordered(collection(), {}, workers=3)]
    assert first[0] == LONG_POLES[0] and first[-1] == "test_render_long"
