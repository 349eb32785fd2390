"""``lecture watch``: a save re-renders what it touched; a bad save waits; Ctrl-C stops it."""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from browser import chromium

from lesson.model import DEFAULT_LESSON
from lesson.scenelist import registry
from publish.preview import Version, read_version, serve, write_page, write_version

ROOT = Path(__file__).resolve().parent.parent
# a fixture scene that writes projection.query and declares it as what it reads
SHOW_QUERY = {"LECTURE_EXTRA_SCENES": "tests.fixture_scenes:ShowQuery=projection.query"}
WAIT = 240  # seconds to wait for a line at most (a deadline under load, not a timing)


def get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=10) as r:  # noqa: S310 - a loopback address
        return r.status, r.read().decode("utf-8")


# --------------------------------------------------------------------------------------
# Fast: the preview page and its version over HTTP; extra scenes that declare their reads
# --------------------------------------------------------------------------------------


def test_the_preview_page_and_its_version_answer_over_http(tmp_path: Path) -> None:
    write_page(tmp_path, "Hasil Kali Dalam", "id")
    write_version(tmp_path, Version(3, 2, 5, "12:00:00 1 rendered", False))
    server = serve(tmp_path)
    try:
        assert server.url.startswith("http://127.0.0.1:")
        status, page = get(server.url)
        assert status == 200 and "<title>Hasil Kali Dalam</title>" in page
        assert 'fetch("version.json' in page and "deck/index.html" in page  # it polls, reloads
        status, text = get(server.url + "version.json")
        assert json.loads(text) == {
            "version": 3, "deck": 2, "slide": 5, "status": "12:00:00 1 rendered", "failed": False,
        }  # fmt: skip
        assert read_version(tmp_path) == Version(3, 2, 5, "12:00:00 1 rendered", False)
    finally:
        server.shutdown()
        server.server_close()


def test_an_extra_scene_declares_the_lesson_keys_it_reads(monkeypatch) -> None:
    monkeypatch.setenv(
        "LECTURE_EXTRA_SCENES", "tests.fixture_scenes:Pause,tests.fixture_scenes:X=a.b+quiz[2]"
    )
    known = registry()
    assert known["Pause"].reads == () and known["Pause"].extra
    assert known["X"].reads == ("a.b", "quiz[2]") and known["X"].module == "tests.fixture_scenes"


def test_watch_refuses_an_unknown_scene() -> None:
    r = subprocess.run(
        [sys.executable, "-m", "lecture.cli", "watch", "NoSuchScene", "--no-browser"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 2
    assert r.stderr.strip() == "lecture: error: unknown scene 'NoSuchScene'"


# --------------------------------------------------------------------------------------
# Render: the loop, end to end
# --------------------------------------------------------------------------------------


class Session:
    """A running ``lecture watch``: its output lines, read as they come."""

    def __init__(self, *args: str, env: dict[str, str]) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "lecture.cli", "watch", *args],
            cwd=ROOT,
            env={**os.environ, **env},
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            # a pytest-xdist worker ignores SIGINT, and an ignored signal is inherited: give
            # the watcher the default, so Ctrl-C reaches it as it reaches a user's command
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def expect(self, pattern: str) -> re.Match[str]:
        """The next line matching `pattern` (the lines before it are kept in `seen`)."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=1)
            except queue.Empty:
                continue
            if line is None:
                raise AssertionError("watch ended; it said:\n" + "\n".join(self.seen))
            self.seen.append(line)
            if m := re.search(pattern, line):
                return m
        raise AssertionError(f"no line like {pattern!r}; it said:\n" + "\n".join(self.seen))

    def rest(self) -> list[str]:
        """Every line still to come (after the process ended)."""
        out = []
        while (line := self.lines.get(timeout=WAIT)) is not None:
            out.append(line)
        return out


MINE_CHANGED = r"changed: (?:.+, )?mine\.toml(?:, |$)"
# what the watcher says when test_render.py writes a probe module into the project
PROBE_CHANGED = r"changed: tests/_probe_\w+/\w+\.py(?:, tests/_probe_\w+/\w+\.py)*$"


def save(path: Path, text: str) -> None:
    """Save like an editor: write a temporary file beside it, then rename it over."""
    tmp = path.with_name(f".{path.name}.swp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def clip(out: Path) -> dict:
    return json.loads((out / "manifest.json").read_text(encoding="utf-8"))["clips"]["ShowQuery"]


def version_after(out: Path, seen: int) -> Version:
    """The preview's version once it has moved past `seen` (it moves after the line)."""
    deadline = time.monotonic() + WAIT
    while (v := read_version(out / "preview")).version <= seen and time.monotonic() < deadline:
        time.sleep(0.1)
    return v


@pytest.mark.render
def test_watch_re_renders_on_save_waits_after_a_bad_edit_and_stops_on_ctrl_c(
    tmp_path: Path,
) -> None:
    lesson = tmp_path / "lesson" / "mine.toml"
    lesson.parent.mkdir()
    text = DEFAULT_LESSON.read_text(encoding="utf-8")
    assert "query = [2, 1]" in text  # [projection] query, the first one in the file
    lesson.write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    w = Session(
        "ShowQuery", "--lesson", str(lesson), "--out", str(out), "--no-browser",
        "--voice", "none", "--jobs", "1", env=SHOW_QUERY,
    )  # fmt: skip
    try:
        url = w.expect(r"^preview: (http://127\.0\.0\.1:\d+/)$").group(1)
        w.expect(r"^ShowQuery: rendered in \d+\.\d s$")
        first = clip(out)
        v1 = version_after(out, 0)
        assert v1.deck >= 1 and v1.slide == 1 and not v1.failed
        status, page = get(url)
        assert status == 200 and "version.json" in page
        assert json.loads(get(url + "version.json")[1])["version"] == v1.version
        status, deck = get(url + "deck/index.html")
        assert status == 200 and "clips/inner-product_ShowQuery_00-query.mp4" in deck

        # an edit of the number the scene reads: one line, a new clip, the preview moves on
        save(lesson, text.replace("query = [2, 1]", "query = [3, 1]", 1))
        # the line names every file that changed since the last one: another test may be
        # writing a probe module into the project (tests/_probe_*) at the same moment
        w.expect(MINE_CHANGED)
        w.expect(r"^ShowQuery: rendered in \d+\.\d s$")
        second = clip(out)
        assert second["input_hash"] != first["input_hash"]
        assert (out / second["video"]).stat().st_size > 0
        v2 = version_after(out, v1.version)
        assert v2.deck == v1.deck + 1 and v2.slide == 1

        # a bad edit: the loader's one-line error, and the watcher keeps running
        save(lesson, text.replace("query = [2, 1]", "query = [3, oops]", 1))
        w.expect(MINE_CHANGED)
        error = w.expect(r"^lecture: error: ").string
        assert str(lesson) in error and "not valid TOML" in error
        v3 = version_after(out, v2.version)
        assert v3.failed and v3.deck == v2.deck and "not valid TOML" in v3.status
        assert w.proc.poll() is None

        # fixed: it renders again
        save(lesson, text.replace("query = [2, 1]", "query = [4, 1]", 1))
        w.expect(r"^ShowQuery: rendered in \d+\.\d s$")
        assert clip(out)["input_hash"] not in (first["input_hash"], second["input_hash"])
        assert not version_after(out, v3.version).failed  # the deck is written: idle again

        # Ctrl-C while it waits for a save: exit status 130, one line, no half-written file
        time.sleep(0.5)
        w.proc.send_signal(signal.SIGINT)
        assert w.proc.wait(timeout=WAIT) == 130
        *before, last = w.rest()
        assert last == "lecture: interrupted"
        # only what another test's probe module (tests/_probe_*) written meanwhile may say
        assert all(re.search(PROBE_CHANGED, line) or line == "ShowQuery: up to date"
                   for line in before), before  # fmt: skip
        leftovers = [p for p in out.rglob("*") if p.name.startswith(".") and p.name != ".work"]
        assert [p for p in leftovers if p.name != ".render.lock"] == []
    finally:
        if w.proc.poll() is None:
            w.proc.kill()
            w.proc.wait()


@pytest.mark.slides
def test_the_preview_page_reloads_the_deck_in_chromium_when_the_version_moves(
    tmp_path: Path,
) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    def deck(text: str) -> None:
        (tmp_path / "deck").mkdir(exist_ok=True)
        (tmp_path / "deck" / "index.html").write_text(f"<p id=t>{text}</p>", encoding="utf-8")

    write_page(tmp_path, "watch", "id")
    deck("first deck")
    write_version(tmp_path, Version(1, 1, 2, "first build", False))
    server = serve(tmp_path)
    driver = chromium(tmp_path / "chromium")
    try:
        driver.get(server.url)
        wait = WebDriverWait(driver, 30)

        def shows(text: str, slide: str, status: str) -> bool:
            frame = driver.find_element("id", "deck")
            here = driver.find_element("id", "status").text
            driver.switch_to.frame(frame)
            try:
                inside = driver.find_element("id", "t").text
                at = driver.execute_script("return location.hash")
            except Exception:
                return False
            finally:
                driver.switch_to.default_content()
            return (inside, at, here) == (text, slide, status)

        wait.until(lambda _: shows("first deck", "#2", "first build"))
        # a loader error moves the version, not the deck: the status says so, the deck stays
        write_version(tmp_path, Version(2, 1, 0, "mine.toml: not valid TOML", True))
        wait.until(lambda _: shows("first deck", "#2", "mine.toml: not valid TOML"))
        assert driver.find_element("id", "status").get_attribute("class") == "failed"
        # a re-render: the page reloads the new deck at the slide of the scene that changed
        deck("second deck")
        write_version(tmp_path, Version(3, 2, 5, "rendered", False))
        wait.until(lambda _: shows("second deck", "#5", "rendered"))
    finally:
        driver.quit()
        server.shutdown()
        server.server_close()
