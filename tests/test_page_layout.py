"""The lesson page's layout where it used to fail a learner: the answered question's box in
the page's full screen (over the solution on a desktop, one word a line on a phone), question
7's heading at 320x640 under the pinned video, and the timeline's markers there.

One headless Chromium for the module (1366x768; phones emulated in it), on the pages the suite
builds once (tests/test_page.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from answer_forms import right_forms
from browser import chromium, shown_text
from test_page import SCREENSHOTS, answer, open_page, play_to_question, wait

from lesson.model import load_lesson
from lesson.quizkinds import quiz_answers

pytestmark = [pytest.mark.render, pytest.mark.slides]

# the picture inside the video element (object-fit: contain), and the question's box
PICTURE_AND_BOX = """
const v = document.getElementById('video'), r = v.getBoundingClientRect();
const scale = Math.min(r.width / v.videoWidth, r.height / v.videoHeight);
const w = v.videoWidth * scale, h = v.videoHeight * scale;
const left = r.left + (r.width - w) / 2, top = r.top + (r.height - h) / 2;
const b = document.getElementById('quiz').getBoundingClientRect();
return [[left, top, left + w, top + h], [b.left, b.top, b.right, b.bottom]];
"""


@pytest.fixture(scope="module")
def driver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    d = chromium(tmp_path_factory.mktemp("chromium-layout"), "1366,768", "--mute-audio")
    yield d
    d.quit()


def as_phone(driver: Any, width: int, height: int) -> None:
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True},
    )
    driver.execute_cdp_cmd(
        "Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5}
    )


def as_desktop(driver: Any) -> None:
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def overlap(a: list[float], b: list[float]) -> float:
    """The area two boxes (left, top, right, bottom) share."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return max(0.0, w) * max(0.0, h)


def answered_in_full_screen(driver: Any, pages: Path) -> dict[str, Any]:
    """Question 1 asked and answered right in the page's full screen, its solution playing."""
    open_page(driver, pages, "inner-product")
    q = driver.execute_script("return lessonPage.data.questions[0]")
    driver.find_element("id", "fullscreen").click()
    wait(driver, "return document.fullscreenElement && document.fullscreenElement.id === 'player'")
    play_to_question(driver, q)
    answer(driver, q, [right_forms(p)[0] for p in quiz_answers(load_lesson(), "id")[0].parts])
    wait(driver, "return document.body.dataset.verdict === 'right'")
    wait(driver, "return !document.getElementById('video').paused")
    return dict(q)


def leave_full_screen(driver: Any) -> None:
    driver.execute_script("document.getElementById('video').pause()")
    driver.execute_script("document.exitFullscreen()")
    wait(driver, "return document.fullscreenElement === null")


def test_in_full_screen_the_answered_question_leaves_the_solution_uncovered(
    driver: Any, pages: Path
) -> None:
    answered_in_full_screen(driver, pages)
    picture, box = driver.execute_script(PICTURE_AND_BOX)
    assert overlap(picture, box) == 0, (picture, box)
    assert box[2] - box[0] >= 250  # still a readable box, beside the picture
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SCREENSHOTS / "page-fullscreen-answered.png"))
    leave_full_screen(driver)


def test_on_a_phone_the_answered_question_in_full_screen_is_readable(
    driver: Any, pages: Path
) -> None:
    as_phone(driver, 390, 844)
    try:
        answered_in_full_screen(driver, pages)
        width, scroll, inner = driver.execute_script(
            "const p = document.getElementById('player');"
            "return [document.getElementById('quiz').getBoundingClientRect().width,"
            " p.scrollWidth, p.clientWidth];"
        )
        assert width >= 0.9 * 390 - 20, width  # not one word a line
        assert scroll <= inner, (scroll, inner)  # nothing scrolls sideways
        height, line = driver.execute_script(
            "const t = document.getElementById('quiz-prompt');"
            "return [t.getBoundingClientRect().height, parseFloat(getComputedStyle(t).lineHeight)];"
        )
        words = len(shown_text(driver.find_element("id", "quiz-prompt")).split())
        assert round(height / line) < words / 3, (height, line, words)  # several words a line
        # the box scrolls under the pinned video: the picture is on top wherever one looks
        picture, _ = driver.execute_script(PICTURE_AND_BOX)
        left, top, right, bottom = picture
        points = [(x, y) for x in (left + 2, (left + right) / 2, right - 2)
                  for y in (top + 2, (top + bottom) / 2, bottom - 2)]  # fmt: skip
        on_top = driver.execute_script(
            "return arguments[0].map(([x, y]) => document.elementFromPoint(x, y).id);", points
        )
        assert set(on_top) == {"video"}, on_top
        hit = driver.execute_script(
            "const b = document.getElementById('fullscreen');"
            "b.scrollIntoView({block: 'nearest'}); const r = b.getBoundingClientRect();"
            "return document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2).id;"
        )
        assert hit == "fullscreen"  # the exit button is not covered
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(SCREENSHOTS / "page-fullscreen-answered-390x844.png"))
        leave_full_screen(driver)
    finally:
        as_desktop(driver)


def test_at_320_question_7_opens_below_the_pinned_video_and_the_markers_stay_apart(
    driver: Any, pages: Path
) -> None:
    as_phone(driver, 320, 640)
    try:
        open_page(driver, pages, "inner-product")
        data = driver.execute_script("return lessonPage.data")
        boxes = driver.execute_script(
            "return [...document.querySelectorAll('#timeline .marker')].map((m) => {"
            " const r = m.getBoundingClientRect(); return [r.left, r.right]; });"
        )
        assert len(boxes) == len(data["questions"]) == 8
        gaps = [b[0] - a[1] for a, b in zip(boxes, boxes[1:], strict=False)]
        assert min(gaps) >= 2, gaps  # a marker per question, none touching the next
        q = data["questions"][6]
        play_to_question(driver, q)
        pinned, heading = driver.execute_script(
            "return [document.querySelector('.screen').getBoundingClientRect().bottom,"
            " document.getElementById('quiz-title').getBoundingClientRect().top];"
        )
        assert pinned - 1 <= heading < 640, (pinned, heading)
        hit = driver.execute_script(
            "const r = document.getElementById('quiz-title').getBoundingClientRect();"
            "return document.elementFromPoint(r.left + 5, (r.top + r.bottom) / 2).id;"
        )
        assert hit == "quiz-title"
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(SCREENSHOTS / "page-q7-320x640.png"))
        driver.execute_script("document.getElementById('video').pause()")
    finally:
        as_desktop(driver)
