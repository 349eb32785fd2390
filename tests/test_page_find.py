"""Find and resume on the lesson page: a search over the transcript that jumps to the line, the
chapters marked as watched, and a reopened page (or SCORM package) that offers to continue at
the step where the learner stopped, at the speed and pace the learner chose.

One headless Chromium for the module, on the pages the suite builds once (tests/test_page.py),
and the SCORM package inside scorm-again on 127.0.0.1 (tests/test_scorm.py).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import chromium, shown_text
from test_page import SCREENSHOTS, open_page, wait
from test_scorm import lms, open_in_lms, recorded  # noqa: F401 (lms: the fixture)

pytestmark = [pytest.mark.render, pytest.mark.slides]


@pytest.fixture(scope="module")
def driver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    d = chromium(tmp_path_factory.mktemp("chromium-find"), "1366,768", "--mute-audio")
    yield d
    d.quit()


def video_at(driver: Any) -> float:
    return float(driver.execute_script("return document.getElementById('video').currentTime"))


def test_the_transcript_search_jumps_to_each_line_and_never_to_a_held_solution(
    driver: Any, pages: Path
) -> None:
    from selenium.webdriver.common.keys import Keys

    open_page(driver, pages, "inner-product")
    data = driver.execute_script("return lessonPage.data")
    box = driver.find_element("id", "find")
    assert box.accessible_name == "Cari di transkrip"
    hits = [i for i, c in enumerate(data["cues"]) if "softmax" in c["text"].lower()]
    box.send_keys("Softmax", Keys.ENTER)
    wait(driver, "return Math.abs(document.getElementById('video').currentTime - arguments[0])"
         " < 0.05", data["cues"][hits[0]]["start"])  # fmt: skip
    current = driver.find_element("css selector", "#transcript .cue[aria-current]")
    assert current.get_attribute("data-index") == str(hits[0])
    note = driver.find_element("id", "find-note").text
    assert note.startswith("Baris 1 dari ") and driver.switch_to.active_element == box
    found = int(note.split()[3])
    box.send_keys(Keys.ENTER)  # the next line
    second = driver.find_element("css selector", "#transcript .cue.found")
    assert (
        abs(video_at(driver) - data["cues"][int(second.get_attribute("data-index"))]["start"])
        < 0.05
    )
    assert int(second.get_attribute("data-index")) > hits[0]
    assert "softmax" in shown_text(second).lower()
    assert 0 < found <= len(hits)  # fewer when a held-back solution says it
    # an open question's solution is not searched: its answer is not found
    box.clear()
    box.send_keys("(0.707, 2.121)", Keys.ENTER)  # question 6's logits, said in its solution
    assert driver.find_element("id", "find-note").text.startswith("Tidak ada baris")
    assert driver.find_elements("css selector", "#transcript .cue.found") == []


def test_a_chapter_played_to_its_end_is_marked_watched_and_stays_so(
    driver: Any, pages: Path
) -> None:
    open_page(driver, pages, "inner-product")
    data = driver.execute_script("return lessonPage.data")
    end = data["chapters"][1]["start"]
    driver.execute_script(
        "const v = document.getElementById('video'); v.currentTime = arguments[0];"
        "v.addEventListener('seeked', () => v.play(), {once: true});",
        end - 1.0,
    )
    wait(driver, "return document.getElementById('video').currentTime > arguments[0]", end + 0.2)
    driver.execute_script("document.getElementById('video').pause()")
    marks = (
        "return [...document.querySelectorAll('#chapters .chapter')].map(b => b.dataset.watched)"
    )
    assert driver.execute_script(marks)[:3] == ["true", None, None]
    first = driver.find_elements("css selector", "#chapters .chapter")[0]
    assert first.accessible_name.endswith("sudah ditonton")
    driver.refresh()  # kept with the answers
    wait(driver, "return document.body.dataset.ready === 'true'")
    assert driver.execute_script(marks)[:2] == ["true", None]


def test_a_reopened_page_offers_to_continue_at_the_step_and_speed(driver: Any, pages: Path) -> None:
    from selenium.webdriver.support.ui import Select

    open_page(driver, pages, "inner-product")
    data = driver.execute_script("return lessonPage.data")
    assert driver.find_element("id", "resume").get_attribute("hidden")  # nothing to resume
    Select(driver.find_element("id", "speed")).select_by_value("1.25")
    driver.find_element("id", "step-mode").click()
    i = next(i for i, s in enumerate(data["steps"]) if s["end"] > 200)  # inside ProjectionDrop
    start = data["steps"][i - 1]["end"]
    driver.execute_script("document.getElementById('video').currentTime = 200")
    wait(driver, "return Math.abs((lessonPage.state().time || 0) - 200) < 0.5")
    driver.refresh()  # the next visit
    wait(driver, "return document.body.dataset.ready === 'true'")
    wait(driver, "return !document.getElementById('resume').hidden")
    note = shown_text(driver.find_element("id", "resume-note"))
    assert note == f"Kamu berhenti di 3:20: bab Proyeksi, langkah {data['steps'][i]['title']}."
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SCREENSHOTS / "page-resume.png"))
    driver.find_element("id", "resume-go").click()
    wait(driver, "return !document.getElementById('video').paused")
    assert start - 0.05 <= video_at(driver) < start + 1.5  # from the step's start
    rate = "const v = document.getElementById('video'); return [v.playbackRate, v.preservesPitch];"
    assert driver.execute_script(rate) == [1.25, True]
    assert driver.find_element("id", "step-mode").is_selected()
    assert driver.execute_script("return document.getElementById('resume').hidden")
    driver.execute_script("document.getElementById('video').pause()")


def test_a_scorm_session_reloaded_mid_lesson_resumes_at_the_same_step_and_speed(
    driver: Any,
    lms: tuple[str, Path],  # noqa: F811
) -> None:
    """In scorm-again: the learner stops inside a step at 1.5x, step by step on; the next
    session (the LMS's suspend data and lesson_location) offers that step at that speed."""
    from selenium.webdriver.support.ui import Select

    base, _ = lms
    url = f"{base}/inner-product/harness.html"
    try:
        open_in_lms(driver, url)  # the video in the browser's cache: the server takes no ranges
        open_in_lms(driver, url + "?new")
        data = driver.execute_script("return lessonPage.data")
        Select(driver.find_element("id", "speed")).select_by_value("1.5")
        driver.find_element("id", "step-mode").click()
        driver.execute_script("document.getElementById('video').currentTime = 100")
        wait(driver, "return Math.abs((lessonPage.state().time || 0) - 100) < 0.5")
        kept = recorded(driver)
        suspend = json.loads(kept["suspend"])
        assert kept["location"] == "100" and (suspend["s"], suspend["m"]) == (1.5, 1)
        assert len(kept["suspend"]) <= 4096
        open_in_lms(driver, url)  # reloaded: the next session
        wait(driver, "return !document.getElementById('resume').hidden")
        i = next(i for i, s in enumerate(data["steps"]) if s["end"] > 100)
        note = shown_text(driver.find_element("id", "resume-note"))
        assert note.endswith(f"langkah {data['steps'][i]['title']}.")
        driver.find_element("id", "resume-go").click()
        wait(driver, "return !document.getElementById('video').paused")
        start = data["steps"][i - 1]["end"]
        assert start - 0.05 <= video_at(driver) < start + 1.5
        assert driver.execute_script("return document.getElementById('video').playbackRate") == 1.5
        assert driver.find_element("id", "step-mode").is_selected()
        driver.execute_script("document.getElementById('video').pause()")
    finally:
        driver.switch_to.default_content()
