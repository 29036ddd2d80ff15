"""The page of ``mjasp serve`` in a real browser: Playwright drives the system's chromium
(Debian's ``chromium`` package, never a browser Playwright downloads) against a uvicorn
server on a free loopback port (the fixtures: ``tests/web/pagekit.py``).
Expected values are worked by hand in the comments or read from the CLI.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from click.testing import CliRunner

from mjasp.cli import main
from tests.web.pagekit import REASON, page_marks, query_of, rows, settle, visit

if REASON is None:
    from playwright.sync_api import expect
if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = page_marks()
DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_page_loads_with_an_empty_form(page: Page) -> None:
    visit(page, "")
    expect(page).to_have_title("mjasp — hand analyser")
    assert page.locator("#hand").input_value() == ""
    assert page.locator("#result").is_hidden() and page.locator("#error").is_hidden()


def test_tenhou_link_shows_the_discard_table(page: Page) -> None:
    # nine gates + 5z: discarding 5z waits on 1m-9m, 1 + 7*3 + 1 = 23 unseen tiles
    visit(page, "?q=1112345678999m5z")
    first = rows(page)[0]
    assert first["discard"] == "5z" and first["kinds"] == 9 and first["total"] == 23
    assert first["tenhou"] == "打5z 摸[1m2m3m4m5m6m7m8m9m 23枚]"
    assert first["draws"] == [f"{n}m" for n in range(1, 10)]


def test_tenhou_path_with_only_the_host_swapped(page: Page) -> None:
    # tenhou.net/2/?q=... on this host: the same page, the same table
    page.goto(page.base + "/2/?q=123m456p789s11223z")  # type: ignore[attr-defined]
    settle(page)
    assert rows(page)[0]["tenhou"] == "打3z 摸[1z2z 4枚]"  # 1z, 2z: 2 unseen copies each
    page.locator("#hand-tiles button[data-tile='3z']").click()
    settle(page)
    assert page.url.split("?")[0].endswith("/2/") and query_of(page)["q"] == "123m456p789s1122z"


def test_table_reads_as_the_api_answers(page: Page) -> None:
    visit(page, "?q=123m456p789s11223z")
    import json
    result = CliRunner().invoke(main, ["shanten", "123m456p789s11223z", "--json"])
    expected = json.loads(result.output)["discards"]
    assert [(r["discard"], r["total"], r["draws"]) for r in rows(page)] == [
        (d["discard"], d["total"], [w["tile"] for w in d["waits"]]) for d in expected]


def test_shanten_per_form(page: Page) -> None:
    # 13 orphans one short: 19m19p19s1234567z + 1m is complete as kokushi, so every
    # tile is there: -1 for kokushi; chiitoitsu needs 7 pairs (has one: 1m): 6 - 1 = 5
    visit(page, "?q=119m19p19s1234567z")
    forms = {li.get_attribute("data-form"): li.inner_text()
             for li in page.locator("#forms li").all()}
    assert "complete" in forms["kokushi"]
    assert "5-shanten" in forms["chiitoitsu"]


def test_typing_a_hand_updates_the_url_and_result(page: Page) -> None:
    visit(page, "")
    page.fill("#hand", "123m456p789s1122z")
    page.click("#go")
    settle(page)
    assert query_of(page)["q"] == "123m456p789s1122z"
    # 11z 22z shanpon: tenpai, waits on 1z and 2z with 2 copies each unseen
    assert "tenpai" in page.locator("#summary").inner_text()
    assert page.locator("#effective").inner_text().startswith("摸[1z2z 4枚]")


def test_visible_tiles_lower_the_counts(page: Page) -> None:
    # waits 1z and 2z, two unseen copies each; with one 1z seen elsewhere: 1 + 2 = 3
    visit(page, "?q=123m456p789s1122z&visible=1z")
    assert page.locator("#effective .tenhou").inner_text() == "摸[1z2z 3枚]"
    assert page.locator("#visible").input_value() == "1z"


def test_clicking_a_hand_tile_discards_it(page: Page) -> None:
    visit(page, "?q=1112345678999m5z")
    page.locator("#hand-tiles button[data-tile='5z']").click()
    settle(page)
    assert query_of(page)["q"] == "1112345678999m"
    assert page.locator("#hand-tiles img").count() == 13
    assert "摸[1m2m3m4m5m6m7m8m9m 23枚]" in page.locator("#effective").inner_text()


def test_back_button_restores_the_hand(page: Page) -> None:
    visit(page, "?q=1112345678999m5z")
    page.locator("#hand-tiles button[data-tile='5z']").click()
    settle(page)
    page.go_back()
    settle(page)
    assert query_of(page)["q"] == "1112345678999m5z"
    assert page.locator("#hand").input_value() == "1112345678999m5z"


def test_keyboard_tab_and_enter_discard(page: Page) -> None:
    visit(page, "?q=1112345678999m5z")
    page.locator("#go").focus()
    page.keyboard.press("Tab")  # the first tile of the hand follows the Analyse button
    focused = page.evaluate("document.activeElement.dataset.tile")
    assert focused == "1m"
    page.keyboard.press("Enter")
    settle(page)
    assert query_of(page)["q"] == "112345678999m5z"


def test_drawing_from_the_table_makes_the_next_hand(page: Page) -> None:
    visit(page, "?q=1112345678999m5z")
    page.locator("#discards tbody tr[data-discard='5z'] td.draw button[data-tile='5m']").click()
    settle(page)
    # discard 5z, draw 5m: nine gates won on 5m, a complete hand with its score
    assert query_of(page)["q"] == "11123455678999m" and query_of(page)["win"] == "5m"
    assert "complete" in page.locator("#summary").inner_text()
    assert page.locator("#score").is_visible()


def test_complete_hand_shows_score_yaku_fu_and_payments(page: Page) -> None:
    # red dragon 1 + aka 1 = 2 han; 20 + tsumo 2 + open honor triplet 4 = 26 -> 30 fu;
    # a non-dealer (west) 30 fu 2 han tsumo pays 500/1000
    visit(page, "?q=05m678p678s&melds=[234p]+[777z]&seat=W&dora=7m")
    card = page.locator("#score .score-card").first
    assert card.locator(".headline").inner_text() == "30 fu 2 han: 2000"
    assert card.locator(".payments").inner_text() == "tsumo: 500/1000"
    yaku = card.locator(".yaku li").all_inner_texts()
    assert any("Red dragon" in y for y in yaku) and any("Aka dora" in y for y in yaku)
    assert "tsumo 2" in card.locator(".fu").inner_text()


def test_every_reading_is_listed(page: Page) -> None:
    # 111222333m: three triplets or three 123m runs; won on 7p by ron, both readings score
    visit(page, "?q=111222333m45677p&win=7p&winby=ron")
    summary = page.locator("#score details.candidates summary").inner_text()
    count = int(summary.split("(")[1].split()[0])
    assert count >= 2
    page.locator("#score details.candidates summary").click()
    readings = page.locator("#score details.candidates .reading").all_inner_texts()
    assert any("111m 222m 333m" in r for r in readings)
    assert any("123m 123m 123m" in r for r in readings)


def test_tenpai_hand_shows_each_wait_with_its_score(page: Page) -> None:
    # dealer (E seat, E round), tsumo: menzen tsumo 1 + double east 2 = 3 han;
    # 1m: 20 + tsumo 2 + closed honor triplet 8 = 30 fu -> 2000 all = 6000;
    # 4m read as tanki: +2 fu = 32 -> 40 fu -> 2600 all = 7800 (the best reading)
    visit(page, "?q=2344m456p789s111z")
    waits = {w.get_attribute("data-tile"): w.inner_text()
             for w in page.locator("#waits .wait").all()}
    assert set(waits) == {"1m", "4m"}
    assert "30 fu 3 han: 6000" in waits["1m"]
    assert "40 fu 3 han: 7800" in waits["4m"]


def test_invalid_hand_shows_the_cli_message(page: Page) -> None:
    result = CliRunner().invoke(main, ["shanten", "123x"])
    visit(page, "?q=123x")
    expect(page.locator("#error")).to_be_visible()
    assert page.locator("#error").inner_text() == result.output.strip()
    assert page.locator("#result").is_hidden()


def test_standard_form_only_link(page: Page) -> None:
    # 113355m113355p1s is chiitoitsu tenpai; in the standard form four blocks of pairs or
    # partial runs plus a head give 8 - 4 - 1 = 3-shanten: ?p= shows that one
    visit(page, "?q=113355m113355p1s")
    assert "tenpai" in page.locator("#summary").inner_text()
    visit(page, "?p=113355m113355p1s")
    assert "3-shanten" in page.locator("#summary").inner_text()
    assert "p" in query_of(page)


def test_switching_rules_to_three_players(page: Page) -> None:
    # a lone 1m: 2m and 3m would make a partial run, but three players have no 2m-8m
    visit(page, "?q=1m123p456p789s11z2z")
    four = page.locator("#effective button").evaluate_all("bs => bs.map(b => b.dataset.tile)")
    assert "2m" in four and "3m" in four
    page.locator("#situation summary").click()
    page.select_option("#rules", "tenhou-3p")
    page.click("#go")
    settle(page)
    assert query_of(page)["rules"] == "tenhou-3p"
    three = page.locator("#effective button").evaluate_all("bs => bs.map(b => b.dataset.tile)")
    assert "2m" not in three and "3m" not in three and "1m" in three


def test_phone_viewport_fits(page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    visit(page, "?q=1112345678999m5z")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px screen"
    assert page.locator("#hand-tiles button").first.is_visible()
    assert page.locator("#discards tbody tr").count() == 10


def test_expected_value_columns_follow_advise(page: Page) -> None:
    import mjasp
    visit(page, "?q=123m456p789s11223z")
    columns = page.locator("#discards thead th.ev").count()
    assert (columns > 0) == hasattr(mjasp, "advise")


#: Share of pixels that may differ (a channel by more than 48 of 255) before the picture in
#: the docs counts as out of date: font hinting and anti-aliasing move a few edge pixels
#: between machines and chromium builds; a changed table, column or hand moves thousands.
MEANINGFUL = 0.002

_DIFFERENCE_JS = """async ([a, b]) => {
  const load = (src) => new Promise((ok, bad) => {
    const image = new Image(); image.onload = () => ok(image); image.onerror = bad;
    image.src = src; });
  const [x, y] = await Promise.all([load(a), load(b)]);
  if (x.width !== y.width || x.height !== y.height) return 1;
  const pixels = (image) => {
    const canvas = document.createElement("canvas");
    canvas.width = image.width; canvas.height = image.height;
    const g = canvas.getContext("2d"); g.drawImage(image, 0, 0);
    return g.getImageData(0, 0, image.width, image.height).data; };
  const p = pixels(x), q = pixels(y);
  let differ = 0;
  for (let i = 0; i < p.length; i += 4)
    if (Math.abs(p[i] - q[i]) > 48 || Math.abs(p[i + 1] - q[i + 1]) > 48 ||
        Math.abs(p[i + 2] - q[i + 2]) > 48) differ++;
  return differ / (p.length / 4);
}"""


def difference(page: Page, a: bytes, b: bytes) -> float:
    """The share of pixels that differ between two PNG pictures (1: other sizes), read
    by the browser itself (no image library needed)."""
    import base64

    urls = ["data:image/png;base64," + base64.b64encode(x).decode() for x in (a, b)]
    return float(page.evaluate(_DIFFERENCE_JS, urls))


def test_screenshot_for_the_docs(page: Page) -> None:
    # docs/web.png is rewritten only when the page looks different (MEANINGFUL), so a
    # test run leaves the work tree clean unless the picture in the docs is out of date
    visit(page, "?q=2234m456p789s1122z&dora=1z")
    shot = page.screenshot(full_page=True)
    assert len(shot) > 10_000
    path = DOCS / "web.png"
    if not path.exists() or difference(page, shot, path.read_bytes()) > MEANINGFUL:
        path.write_bytes(shot)
    # the comparison can tell: another hand's page differs meaningfully, the same does not
    visit(page, "?q=1112345678999m5z")
    other = page.screenshot(full_page=True)
    assert difference(page, shot, other) > MEANINGFUL
    assert difference(page, shot, shot) == 0


def test_explanation_on_demand(page: Page) -> None:
    import mjasp
    if not hasattr(mjasp, "advise"):
        pytest.skip("mjasp.advise is not installed: no expected-value columns to explain")
    visit(page, "?q=123m456p789s11223z")
    # the tenpai discard (3z, waiting on 1z/2z) is explained with its expected points
    row = page.locator("#discards tbody tr[data-discard='3z']")
    row.locator("td.ev button").click()
    expect(page.locator("#explain")).to_be_visible(timeout=30_000)
    assert "discard 3z" in page.locator("#explain .body").inner_text()


def test_one_search_per_hand_and_one_per_explanation(page: Page) -> None:
    # the page asks for a hand's table once and for its expected values once (the
    # search); the explanation is asked only when "why?" is clicked, once
    import mjasp
    if not hasattr(mjasp, "advise"):
        pytest.skip("mjasp.advise is not installed: no search to count")
    from urllib.parse import parse_qsl, urlsplit

    asked: list[tuple[str, dict[str, str]]] = []
    page.on("request", lambda request: asked.append(
        (urlsplit(request.url).path, dict(parse_qsl(urlsplit(request.url).query))))
        if urlsplit(request.url).path.startswith("/api/") else None)
    visit(page, "?q=123m456p789s11223z")
    assert "3z" in [r["discard"] for r in rows(page)]  # the table is there
    commands = [path for path, _ in asked if path != "/api/info"]
    assert sorted(commands) == ["/api/advise", "/api/shanten"]
    assert all("explain" not in params for _, params in asked)
    page.locator("#discards tbody tr[data-discard='3z'] td.ev button").click()
    expect(page.locator("#explain")).to_be_visible(timeout=30_000)
    explained = [params for path, params in asked if "explain" in params]
    assert [p["explain"] for p in explained] == ["3z"]
    assert len([path for path, _ in asked if path == "/api/advise"]) == 2
