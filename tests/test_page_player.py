"""The lesson page as a learner meets it on any screen: its own player and full screen, the
timeline's question markers, phones, and accessibility measured (axe-core, the focus ring).

Driven in headless Chromium on the pages the suite builds once (tests/test_page.py).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from answer_forms import right_forms
from browser import axe_violations, chromium
from PIL import Image
from test_page import FAST, SCREENSHOTS, answer, open_page, play_to_question, wait

from lesson.model import load_lesson
from lesson.quizkinds import quiz_answers

pytestmark = [pytest.mark.render, pytest.mark.slides]

PHONES = {"390x844": (390, 844), "320x640": (320, 640)}


SIZES = {"desktop": (1366, 768), **PHONES}


@pytest.fixture(scope="module")
def screens(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[str], Any]]:
    """Chromium at each size the module's tests ask for, each started once: a desktop window,
    or a phone of that size (a touch screen, no hover, a mobile viewport)."""
    drivers: dict[str, Any] = {}

    def screen(size: str) -> Any:
        if size not in drivers:
            width, height = SIZES[size]
            folder = tmp_path_factory.mktemp(f"chromium-{size}")
            driver = chromium(folder, f"{width},{height}", "--mute-audio")
            drivers[size] = driver
            if size in PHONES:
                driver.execute_cdp_cmd(
                    "Emulation.setDeviceMetricsOverride",
                    {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True},
                )
                driver.execute_cdp_cmd(
                    "Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5}
                )
            driver.size = size
        return drivers[size]

    yield screen
    for driver in drivers.values():
        driver.quit()


@pytest.fixture
def desktop(screens: Callable[[str], Any]) -> Any:
    return screens("desktop")


@pytest.fixture(params=sorted(PHONES))
def phone(request: pytest.FixtureRequest, screens: Callable[[str], Any]) -> Any:
    """Chromium as a phone of that size: a touch screen, no hover, a mobile viewport."""
    return screens(request.param)


def visible(driver: Any, selector: str) -> bool:
    return bool(
        driver.execute_script(
            "const e = document.querySelector(arguments[0]); if (!e) return false;"
            "const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0"
            " && getComputedStyle(e).display !== 'none';",
            selector,
        )
    )


def in_view(driver: Any, selector: str) -> bool:
    """Whether the element is wholly inside the viewport."""
    return bool(
        driver.execute_script(
            "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
            "return r.top >= -1 && r.left >= -1 && r.bottom <= innerHeight + 1"
            " && r.right <= innerWidth + 1;",
            selector,
        )
    )


def test_the_quiz_is_asked_over_the_video_in_the_pages_full_screen(
    desktop: Any, pages: Path
) -> None:
    open_page(desktop, pages, "inner-product")
    data = desktop.execute_script("return lessonPage.data")
    desktop.find_element("id", "fullscreen").click()  # a click: the gesture full screen needs
    wait(desktop, "return document.fullscreenElement && document.fullscreenElement.id === 'player'")
    q = data["questions"][0]
    play_to_question(desktop, q, FAST)
    assert visible(desktop, "#quiz") and in_view(desktop, "#quiz")
    # the question is drawn over the video, inside the element shown full screen
    over = desktop.execute_script(
        "const v = document.getElementById('video').getBoundingClientRect();"
        "const p = document.getElementById('quiz').getBoundingClientRect();"
        "const x = (p.left + p.right) / 2, y = p.top + 20;"
        "return [x > v.left && x < v.right && y > v.top && y < v.bottom,"
        " document.getElementById('quiz').contains(document.elementFromPoint(x, y))];"
    )
    assert over == [True, True]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    desktop.save_screenshot(str(SCREENSHOTS / "page-fullscreen.png"))
    answer(desktop, q, [right_forms(p)[0] for p in quiz_answers(load_lesson(), "id")[0].parts])
    wait(desktop, "return document.body.dataset.verdict === 'right'")
    wait(desktop, "return !document.getElementById('video').paused")
    assert desktop.execute_script("return document.fullscreenElement.id") == "player"
    desktop.find_element("id", "fullscreen").click()
    wait(desktop, "return document.fullscreenElement === null")


def test_the_videos_own_full_screen_never_lets_a_question_pass_unasked(
    desktop: Any, pages: Path
) -> None:
    open_page(desktop, pages, "inner-product")
    data = desktop.execute_script("return lessonPage.data")
    controls = desktop.execute_script(
        "const v = document.getElementById('video');"
        "return [v.getAttribute('controlslist'), v.disablePictureInPicture];"
    )
    assert controls == ["nofullscreen", True]  # not offered where the browser honours it
    # where a browser offers it anyway: the video alone in full screen when the question comes
    desktop.execute_cdp_cmd(
        "Runtime.evaluate",
        {
            "expression": "document.getElementById('video').requestFullscreen()",
            "userGesture": True,
            "awaitPromise": True,
        },
    )
    wait(desktop, "return document.fullscreenElement === document.getElementById('video')")
    q = data["questions"][1]
    play_to_question(desktop, q, FAST)  # asked, and paused at the question
    wait(desktop, "return document.fullscreenElement === null")
    assert visible(desktop, "#quiz") and desktop.execute_script(
        "return document.getElementById('video').paused"
    )


def test_the_timeline_marks_each_question_and_the_page_says_how_many_stop_it(
    desktop: Any, pages: Path
) -> None:
    open_page(desktop, pages, "inner-product")
    data = desktop.execute_script("return lessonPage.data")
    n = len(data["questions"])
    assert desktop.find_element("id", "stops").text == data["ui"]["stops"].replace(
        "{count}", str(n)
    )
    places = desktop.execute_script(
        "const t = document.getElementById('timeline').getBoundingClientRect();"
        "return [...document.querySelectorAll('#timeline .marker')].map((m) => {"
        " const r = m.getBoundingClientRect(); return [(r.left + r.right) / 2 - t.left, t.width,"
        " m.dataset.verdict]; });"
    )
    duration = desktop.execute_script("return document.getElementById('video').duration")
    assert len(places) == n
    for (centre, width, verdict), q in zip(places, data["questions"], strict=True):
        assert abs(centre - width * q["pause_at"] / duration) < 1.5, q["number"]
        assert verdict == "open"


def test_a_question_right_on_a_retry_and_a_skipped_one_are_marked_as_they_stand(
    desktop: Any, pages: Path
) -> None:
    """On the timeline a question right on a retry is green over red (its first answer
    scores), not the wrong answer's red; a skipped one is hollow, not an open one's ink."""
    from selenium.webdriver.common.keys import Keys

    open_page(desktop, pages, "inner-product")
    data = desktop.execute_script("return lessonPage.data")
    first, second = data["questions"][:2]
    play_to_question(desktop, first, FAST)
    desktop.find_element("id", "skip").click()
    wait(desktop, "return document.body.dataset.verdict === 'skipped'")
    play_to_question(desktop, second, FAST)  # cosine: u · v and cos θ
    answer(desktop, second, ["24", "0.9"])
    wait(desktop, "return document.body.dataset.verdict === 'wrong'")
    desktop.switch_to.active_element.send_keys(Keys.ENTER)  # Try again
    field = desktop.switch_to.active_element
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("24/25", Keys.ENTER)
    wait(desktop, "return document.body.dataset.verdict === 'right'")
    desktop.execute_script("document.getElementById('video').pause()")
    standing = desktop.execute_script(
        "return [...document.querySelectorAll('#timeline .marker')].map(m => m.dataset.verdict)"
    )
    assert standing[:3] == ["skipped", "right-later", "open"]
    desktop.execute_script("document.getElementById('timeline').scrollIntoView({block: 'center'})")
    shot = Image.open(io.BytesIO(desktop.get_screenshot_as_png())).convert("RGB")

    def ink(i: int, down: float) -> tuple[int, ...]:
        """The colour inside marker i, `down` of the way from its top."""
        box = desktop.execute_script(
            "const r = document.querySelectorAll('#timeline .marker')[arguments[0]]"
            ".getBoundingClientRect(); return [r.left, r.top, r.width, r.height];",
            i,
        )
        return tuple(shot.getpixel((round(box[0] + box[2] / 2), round(box[1] + box[3] * down))))

    right, wrong = (27, 110, 42), (164, 38, 27)  # page.css: --right, --wrong
    assert ink(1, 0.3) == right and ink(1, 0.9) == wrong  # right later; the first answer
    assert contrast(ink(0, 0.5), ink(2, 0.5)) > 3  # skipped is not drawn as open


def test_the_playback_speed_is_chosen_on_the_bar_and_kept_with_the_answers(
    desktop: Any, pages: Path
) -> None:
    from selenium.webdriver.support.ui import Select

    open_page(desktop, pages, "inner-product")
    offered = desktop.execute_script(
        "return [...document.querySelectorAll('#speed option')].map(o => [o.value, o.text])"
    )
    assert offered == [["0.75", "0.75×"], ["1", "1×"], ["1.25", "1.25×"], ["1.5", "1.5×"]]
    assert desktop.find_element("id", "speed").accessible_name == "Kecepatan"
    Select(desktop.find_element("id", "speed")).select_by_value("1.25")
    rate = "const v = document.getElementById('video'); return [v.playbackRate, v.preservesPitch];"
    assert desktop.execute_script(rate) == [1.25, True]
    desktop.execute_script("document.getElementById('video').play()")
    wait(desktop, "return document.getElementById('video').currentTime > 0.5")
    desktop.execute_script("document.getElementById('video').pause()")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    desktop.save_screenshot(str(SCREENSHOTS / "page-speed.png"))
    desktop.refresh()  # the next visit: the speed comes back with the answers
    wait(desktop, "return document.body.dataset.ready === 'true'")
    assert desktop.execute_script(rate) == [1.25, True]
    assert desktop.find_element("id", "speed").get_attribute("value") == "1.25"


def test_a_phone_answers_with_the_video_in_sight_and_nothing_scrolls_sideways(
    phone: Any, pages: Path
) -> None:
    open_page(phone, pages, "inner-product")
    data = phone.execute_script("return lessonPage.data")
    assert phone.execute_script("return matchMedia('(hover: none) and (pointer: coarse)').matches")
    assert visible(phone, ".touch") and not visible(phone, ".keys")  # touch hints, not keys
    wide = phone.execute_script("return [document.documentElement.scrollWidth, innerWidth]")
    assert wide[0] <= wide[1], f"{phone.size}: the page scrolls sideways ({wide})"
    asked = quiz_answers(load_lesson(), "id")
    q = data["questions"][2]  # projection: two text fields
    play_to_question(phone, q, FAST)
    assert in_view(phone, "#video")
    answer(phone, q, [right_forms(p)[0] for p in asked[2].parts], submit=False)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    phone.save_screenshot(str(SCREENSHOTS / f"page-phone-{phone.size}.png"))
    from selenium.webdriver.common.keys import Keys

    phone.switch_to.active_element.send_keys(Keys.ENTER)
    wait(phone, "return document.body.dataset.verdict === 'right'")
    wait(phone, "return !document.getElementById('video').paused")
    # the solution plays in sight, with its verdict
    assert in_view(phone, "#video"), phone.size
    wide = phone.execute_script("return [document.documentElement.scrollWidth, innerWidth]")
    assert wide[0] <= wide[1], f"{phone.size}: the page scrolls sideways ({wide})"


def _axe_states(driver: Any, pages: Path) -> Iterator[str]:
    """The page at load, with a question open, after a wrong answer, and on the summary."""
    open_page(driver, pages, "inner-product")
    yield "load"
    data = driver.execute_script("return lessonPage.data")
    q = data["questions"][1]
    play_to_question(driver, q, FAST)
    yield "question open"
    answer(driver, q, ["24", "0.9"])
    wait(driver, "return document.body.dataset.verdict === 'wrong'")
    yield "wrong answer"
    driver.find_element("id", "solution").click()
    wait(driver, "return document.getElementById('answer-form').dataset.verdict === 'wrong'")
    driver.execute_script("document.getElementById('video').pause()")
    driver.execute_script("document.getElementById('summary').scrollIntoView()")
    yield "summary"


@pytest.mark.parametrize("size", ["desktop", *sorted(PHONES)])
def test_axe_finds_no_violation_at_load_asked_wrong_and_on_the_summary(
    size: str, pages: Path, screens: Callable[[str], Any]
) -> None:
    driver = screens(size)
    found = {state: axe_violations(driver) for state in _axe_states(driver, pages)}
    assert found == dict.fromkeys(found, []), found
    assert list(found) == ["load", "question open", "wrong answer", "summary"]


def _luminance(rgb: tuple[int, ...]) -> float:
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """WCAG's contrast ratio of two sRGB colours."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_the_focus_ring_is_at_least_three_to_one_and_never_clipped(
    desktop: Any, pages: Path
) -> None:
    """Measured on screenshots: the ring's pixels against the pixels just beside it, for a
    control on the page, one on the quiz panel, a chapter and the current transcript line
    (inside their scrolling lists)."""
    from selenium.webdriver.common.keys import Keys

    open_page(desktop, pages, "inner-product")
    data = desktop.execute_script("return lessonPage.data")
    play_to_question(desktop, data["questions"][0], FAST)
    checked = {}
    for selector, inset in (
        ("#fullscreen", False),
        ("#quiz input[type=text]", False),
        ("#skip", False),
        ("#chapters button", True),
        ("#transcript button[tabindex='0']", True),
    ):
        element = desktop.find_element("css selector", selector)
        desktop.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        # focused from the keyboard, as :focus-visible draws it: Shift+Tab back onto it
        desktop.execute_script(
            "const e = arguments[0]; const all = [...document.querySelectorAll("
            "'button, input, a[href], [tabindex=\"0\"]')]"
            ".filter((x) => !x.disabled && x.offsetParent && x.tabIndex >= 0);"
            "const next = all[all.indexOf(e) + 1]; (next || e).focus();",
            element,
        )
        desktop.switch_to.active_element.send_keys(Keys.SHIFT, Keys.TAB)
        assert desktop.switch_to.active_element == element, selector
        box = desktop.execute_script(
            "const r = arguments[0].getBoundingClientRect();"
            "return [r.left, r.top, r.right, r.bottom];",
            element,
        )
        shot = Image.open(io.BytesIO(desktop.get_screenshot_as_png())).convert("RGB")
        left, top, _, bottom = box
        y = round((top + bottom) / 2)
        if inset:  # drawn on the element's outer 3 px, inside the list that scrolls
            ring, beside = (
                shot.getpixel((round(left + 1.5), y)),
                shot.getpixel((round(left + 9), y)),
            )
        else:  # 2 px off the element, 3 px wide
            ring, beside = (
                shot.getpixel((round(left - 3.5), y)),
                shot.getpixel((round(left - 9), y)),
            )
        checked[selector] = round(contrast(ring, beside), 2)
    assert all(c >= 3 for c in checked.values()), checked
