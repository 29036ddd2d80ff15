"""The page in a real browser (``tests/web/pagekit.py``: Debian's chromium through
Playwright against uvicorn): a result is always the state the URL holds, whatever order
the answers of two quick inputs come back in.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest
from click.testing import CliRunner

from mjasp.cli import main
from tests.web.pagekit import page_marks, query_of, settle, visit

pytestmark = page_marks()

if TYPE_CHECKING:  # only a name for the annotations: playwright may be missing
    from playwright.sync_api import Page, Route

FIRST = "1112345678999m5z"   # 14 tiles: a discard table (and expected values)
SECOND = "123m456p789s1122z"  # 13 tiles, tenpai on 1z 2z: 摸[1z2z 4枚]


def _hold_first(page: Page) -> list[Route]:
    """Hold the first hand's table answer back until the test lets it go."""
    held: list[Route] = []
    page.route(lambda url: "/api/shanten?" in url and f"q={FIRST}" in url,
               lambda route: held.append(route))
    return held


def _screen(page: Page) -> dict[str, object]:
    return {"summary": page.locator("#summary").inner_text(),
            "hand": [t.get_attribute("alt") for t in page.locator("#hand-tiles img").all()],
            "forms": page.locator("#forms li").count(),
            "table": page.locator("#discards tbody tr").count(),
            "table shown": page.locator("#discards").is_visible(),
            "draws": page.locator("#effective .tenhou").inner_text(),
            "error": page.locator("#error").is_visible()}


def _second_screen() -> dict[str, object]:
    # worked from the hand: 13 tiles drawn, no table, the draws of a shanpon on 1z 2z
    # (two unseen copies of each), the three forms listed
    return {"summary": f"{SECOND}: tenpai 聴牌",
            "hand": ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "2z",
                     "2z"],
            "forms": 3, "table": 0, "table shown": False, "draws": "摸[1z2z 4枚]",
            "error": False}


def _let_go(page: Page, held: list[Route]) -> None:
    """The held answer arrives, after the second hand was drawn; then the page settles
    (the first render, were it still drawing, would ask for waits or advice next)."""
    with page.expect_response(lambda r: f"q={FIRST}" in r.url):
        held[0].continue_()
    page.wait_for_timeout(500)
    settle(page)


def test_a_late_answer_for_the_hand_before_is_not_shown(page: Page) -> None:
    visit(page, "")
    held = _hold_first(page)
    page.fill("#hand", FIRST)
    page.click("#go")
    while not held:
        page.wait_for_timeout(20)
    page.fill("#hand", SECOND)
    page.click("#go")
    page.wait_for_selector("#effective:not([hidden])")
    settle(page)
    assert _screen(page) == _second_screen()
    _let_go(page, held)
    # before: the first hand's answer was drawn over the second's screen (its summary,
    # its 14 tiles after the 13, its table) while the URL held the second hand
    assert query_of(page) == {"q": SECOND}
    assert _screen(page) == _second_screen()


def test_back_before_the_answer_came_shows_the_state_gone_back_to(page: Page) -> None:
    visit(page, f"?q={SECOND}")
    held = _hold_first(page)
    page.fill("#hand", FIRST)
    page.click("#go")
    while not held:
        page.wait_for_timeout(20)
    page.go_back()
    page.wait_for_selector("#effective:not([hidden])")
    settle(page)
    _let_go(page, held)
    assert query_of(page) == {"q": SECOND}
    assert _screen(page) == _second_screen()


def test_a_link_written_tile_by_tile_as_tenhou_writes_its_own_shows_the_same(page: Page) -> None:
    # tenhou.net/2's own links to a next hand write each tile with its suit (?q=1m2m3m...);
    # the page reads them as the grouped text. Expected: the second hand's screen above
    visit(page, "2/?q=1m2m3m4p5p6p7s8s9s1z1z2z2z")
    assert _screen(page) == _second_screen()


def test_late_expected_values_of_the_hand_before_are_not_added_to_the_next_table(
        page: Page) -> None:
    # the expected values come last and may take seconds: a draw clicked from the table
    # meanwhile makes the next hand, whose table gets its own columns, once
    held: list[Route] = []
    page.route(lambda url: "/api/advise?" in url and f"q={FIRST}" in url,
               lambda route: held.append(route))
    page.goto(page.base + f"/?q={FIRST}")  # type: ignore[attr-defined]
    while not held:
        page.wait_for_timeout(20)
    # discard 5z, draw 5m: 11123455678999m, nine gates complete (its score, its advice)
    page.locator("#discards tbody tr[data-discard='5z'] td.draw button[data-tile='5m']").click()
    page.wait_for_selector("#score:not([hidden])")
    settle(page)
    with page.expect_response(lambda r: "/api/advise?" in r.url and f"q={FIRST}" in r.url):
        held[0].continue_()
    page.wait_for_timeout(500)
    settle(page)
    assert query_of(page) == {"q": "11123455678999m", "win": "5m"}
    # one set of columns: points, win %, tenpai %, riichi, and the "why?" buttons
    assert page.locator("#discards-head th.ev").count() == 5
    rows = page.locator("#discards tbody tr").all()
    assert rows and all(r.locator("td.ev").count() == 5 for r in rows)


def test_the_row_of_a_red_five_held_alone_shows_its_expected_values(page: Page) -> None:
    # 068m...: the only 5m is red. The table names the row by kind (打5m) and its button
    # discards the red five; the advice names that discard 0m. Expected: the command
    # line's values for 0m, and "why?" explains 0m (before: blank cells, and the
    # explanation of a plain 5m the hand does not hold)
    if "advise" not in main.all_commands():
        pytest.skip("mjasp advise is not installed")
    hand = "068m123p456s11123z"
    printed = CliRunner().invoke(main, ["advise", "--json", "--draws", "3", hand])
    red = next(c for c in json.loads(printed.output)["candidates"] if c["discard"] == "0m")
    visit(page, f"?q={hand}&draws=3")
    row = page.locator("#discards tbody tr[data-discard='5m']")
    assert row.locator("td.discard button").get_attribute("data-tile") == "0m"
    assert row.locator("td.points").inner_text() == f"{red['expected_points'][0]:.1f}"
    assert row.locator("td.win").inner_text() == f"{100 * red['win_prob'][0]:.2f}"
    row.locator("td.ev button").click()
    page.wait_for_selector("#explain:not([hidden])")
    assert page.locator("#explain .body").inner_text().startswith(
        f"{hand}: discard 0m — expected ")
