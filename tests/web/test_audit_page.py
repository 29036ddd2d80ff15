"""The page's state in the URL and tenhou.net/2 links, in a real browser (the fixtures and
helpers of ``tests/web/pagekit.py``: Debian's chromium driven by Playwright against uvicorn).

A shared link must give the same screen: every choice (rules, dora, winds, the standard
form only of ``?p=``) survives a click on a discard and a reload. Expected values are
worked by hand in the comments.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest
from click.testing import CliRunner

from mjasp.cli import main
from tests.web.pagekit import page_marks, query_of, rows, settle, visit

pytestmark = page_marks()

if TYPE_CHECKING:  # only a name for the annotations: playwright may be missing
    from playwright.sync_api import Page


def _screen(page: Page) -> dict[str, object]:
    """What the user reads: the summary, the shanten per form, the table or the draws,
    and the situation's fields."""
    return {"summary": page.locator("#summary").inner_text(),
            "forms": page.locator("#forms li").all_inner_texts(),
            "rows": rows(page),
            "effective": page.locator("#effective").inner_text()
            if page.locator("#effective").is_visible() else "",
            "fields": {f: page.locator(f"#{f}").input_value()
                       for f in ("hand", "dora", "seat", "round", "rules", "form")}}


def test_a_discard_keeps_the_situation_and_a_reload_gives_the_same_screen(page: Page) -> None:
    link = "?q=1112345678999m5z&dora=1m&seat=S&round=S&rules=mahjongsoul"
    visit(page, link)
    page.locator("#hand-tiles button[data-tile='5z']").click()
    settle(page)
    query = query_of(page)
    assert query == {"q": "1112345678999m", "dora": "1m", "seat": "S", "round": "S",
                     "rules": "mahjongsoul"}
    before = _screen(page)
    page.reload()
    settle(page)
    assert _screen(page) == before
    # nine gates waits on all nine manzu; unseen: 1m 4 - 3 held - 1 face up as the dora
    # indicator = 0, 2m-8m 3 each = 21, 9m 4 - 3 = 1: 22 (23 without the indicator)
    assert "摸[1m2m3m4m5m6m7m8m9m 22枚]" in str(before["effective"])


def test_a_standard_form_only_link_stays_one_after_a_discard(page: Page) -> None:
    # 113355m113355p1s + 9s: chiitoitsu tenpai after 9s, standard form 3-shanten
    # (a head and four pairs as partial blocks: 8 - 4 - 1 = 3); ?p= reads the latter
    visit(page, "?p=113355m113355p19s")
    assert "3-shanten" in page.locator("#summary").inner_text()
    page.locator("#hand-tiles button[data-tile='9s']").click()
    settle(page)
    assert query_of(page) == {"p": "113355m113355p1s"}
    # standard form only: 1m 3m 5m 1p 3p 5p (2 left each) and 2m 4m 2p 4p (4 each) = 28;
    # 1s, the chiitoitsu wait, improves nothing in the standard form
    assert page.locator("#effective .tenhou").inner_text() == \
        "摸[1m2m3m4m5m1p2p3p4p5p 28枚]"
    before = _screen(page)
    page.reload()
    settle(page)
    assert _screen(page) == before


def test_the_table_row_of_a_five_discards_a_plain_five_not_the_red_one(page: Page) -> None:
    # 0556m: the row 打5m shows and discards a plain 5m; the red five, worth a han, stays
    visit(page, "?q=0556m123p456s1122z")
    row = page.locator("#discards tbody tr[data-discard='5m']")
    assert row.locator("td.discard button").get_attribute("data-tile") == "5m"
    row.locator("td.discard button").click()
    settle(page)
    concealed = query_of(page)["q"]
    assert sorted(concealed[:concealed.index("m")]) == ["0", "5", "6"]


def test_a_draw_from_the_row_of_a_five_keeps_the_red_one(page: Page) -> None:
    # 0556m123p456s1122z, discard 5m then draw 4m: 0456m, the red five kept
    visit(page, "?q=0556m123p456s1122z")
    page.locator("#discards tbody tr[data-discard='5m'] td.draw button[data-tile='4m']").click()
    settle(page)
    concealed = query_of(page)["q"]
    assert sorted(concealed[:concealed.index("m")]) == ["0", "4", "5", "6"]


def test_the_hand_keeps_the_red_five_clicked_or_not(page: Page) -> None:
    # clicking the red five itself in the hand discards that one: 556m remains
    visit(page, "?q=0556m123p456s1122z")
    page.locator("#hand-tiles button[data-tile='0m']").click()
    settle(page)
    assert query_of(page)["q"].startswith("556m")


def test_typing_a_new_hand_after_a_draw_scores_it_on_its_own_last_tile(page: Page) -> None:
    # after a draw from the table the URL holds win=5m; a new hand typed in the box is
    # not won on 5m (it has none): its winning tile is its own last tile, 2z, as for any
    # typed hand. 123m456p789s111z22z won on 2z by tsumo: a closed hand, menzen tsumo 1 +
    # double east 2 (dealer, east round) = 3 han; 20 + tsumo 2 + closed honor triplet 8
    # + a single wait on 2z 2 = 32 -> 40 fu: 2600 all = 7800
    visit(page, "?q=1112345678999m5z")
    page.locator("#discards tbody tr[data-discard='5z'] td.draw button[data-tile='5m']").click()
    settle(page)
    assert query_of(page)["win"] == "5m"
    page.fill("#hand", "123m456p789s11122z")
    page.click("#go")
    settle(page)
    assert page.locator("#error").is_hidden(), page.locator("#error").inner_text()
    assert "win" not in query_of(page)
    card = page.locator("#score .score-card").first
    assert card.locator(".headline").inner_text() == "40 fu 3 han: 7800"


def test_situation_changed_in_the_form_survives_a_reload(page: Page) -> None:
    # 2344m456p789s111z waits on 1m and 4m. Changed in the form: seat S (not the dealer),
    # dora indicator 1m (dora 2m, one held), mahjongsoul rules. Won on 1m by tsumo:
    # menzen tsumo 1 + east (the round's wind) 1 + dora 1 = 3 han; 20 + tsumo 2 + closed
    # honor triplet 8 = 30 fu: 1000/2000 = 4000. On 4m as a single wait 2 fu more, 40 fu:
    # 1300/2600 = 5200.
    visit(page, "?q=2344m456p789s111z")
    page.locator("#situation summary").click()
    page.select_option("#seat", "S")
    page.fill("#dora", "1m")
    page.select_option("#rules", "mahjongsoul")
    page.click("#go")
    settle(page)
    assert query_of(page) == {"q": "2344m456p789s111z", "seat": "S", "dora": "1m",
                              "rules": "mahjongsoul"}
    waits = {w.get_attribute("data-tile"): w.inner_text()
             for w in page.locator("#waits .wait").all()}
    assert "30 fu 3 han: 4000" in waits["1m"] and "40 fu 3 han: 5200" in waits["4m"]
    before = _screen(page), page.locator("#waits").inner_text()
    page.reload()
    settle(page)
    assert (_screen(page), page.locator("#waits").inner_text()) == before


def test_the_advice_says_why_it_has_no_columns(page: Page) -> None:
    # 99 draws left: the advice refuses with the command line's message, the table stays
    if "advise" not in main.all_commands():
        pytest.skip("mjasp.advise is not installed")
    printed = CliRunner().invoke(main, ["advise", "--json", "--draws", "99", "1234m456p789s1122z"])
    message = json.loads(printed.output)["error"]["message"]
    visit(page, "?q=1234m456p789s1122z&draws=99")
    assert len(rows(page)) > 0
    assert page.locator(".advice-error").inner_text() == \
        f"expected values: mjasp: error: {message}"
    # a good value again: the columns, and no note left over
    visit(page, "?q=1234m456p789s1122z&draws=9")
    assert page.locator(".advice-error").count() == 0


def test_a_lowercase_wind_in_a_link_survives_the_analyse_button(page: Page) -> None:
    # seat=s (the API takes either case): the form shows S, and Analyse keeps it. Not
    # the dealer: 1m by tsumo is menzen tsumo 1 + east (the round's) 1 = 2 han, 30 fu:
    # 500/1000 = 2000 (as the dealer, with double east, 6000)
    visit(page, "?q=2344m456p789s111z&seat=s")
    assert page.locator("#seat").input_value() == "S"
    page.click("#go")
    settle(page)
    assert query_of(page)["seat"] == "S"
    one = page.locator("#waits .wait[data-tile='1m']").inner_text()
    assert "30 fu 2 han: 2000" in one


@pytest.mark.parametrize("separator", [",", " ", "", ", "])
def test_two_dora_indicators_however_written_reach_score_and_advice(page: Page,
                                                                   separator: str) -> None:
    # the form's example is "7m,3z"; advise took only "7m3z" and score only "7m,3z"
    if "advise" not in main.all_commands():
        pytest.skip("mjasp.advise is not installed")
    dora = separator.join(["1z", "9s"]).replace(" ", "+")
    visit(page, f"?q=1234m456p789s1122z&draws=5&dora={dora}")
    assert page.locator(".advice-error").count() == 0
    assert page.locator("#discards-head th.ev").count() > 0
    # indicators 1z and 9s: dora 2z (two held) and 1s (none). 123m456p789s111z22z won on
    # 2z by tsumo: the score card lists dora 2
    visit(page, f"?q=123m456p789s11122z&win=2z&dora={dora}")
    assert page.locator("#error").is_hidden()
    yaku = page.locator("#score .score-card").first.locator(".yaku li").all_inner_texts()
    assert [y for y in yaku if y.startswith("Dora ")] == ["Dora (ドラ) 2 han"], yaku


def test_a_fifth_copy_made_by_the_dora_indicators_names_them(page: Page) -> None:
    # 1122z in the hand and four 1z as indicators: six 1z. The command line's words for
    # the same copies as visible tiles, naming the indicators too
    printed = CliRunner().invoke(main, ["shanten", "123m456p789s1122z", "--visible", "1111z"])
    said = printed.output.strip()
    assert "the visible tiles;" in said
    visit(page, "?q=123m456p789s1122z&dora=1z,1z,1z,1z")
    assert page.locator("#error").inner_text() == \
        said.replace("the visible tiles", "the visible tiles and dora indicators")
    # the hand's own mistake is said as the command line says it
    visit(page, "?q=123m456p789s11222z2z&dora=1z")
    error = CliRunner().invoke(main, ["shanten", "123m456p789s11222z2z"]).output.strip()
    assert page.locator("#error").inner_text() == error


def _forms(page: Page) -> dict[str | None, str]:
    return {li.get_attribute("data-form"): li.inner_text()
            for li in page.locator("#forms li").all()}


def test_a_standard_form_only_link_lists_the_standard_form_alone(page: Page) -> None:
    # 113355m113355p19s: standard form 3-shanten (a head and four pairs as partial blocks:
    # 8 - 4 - 1 = 3), chiitoitsu tenpai (six pairs: 6 - 6 = 0), kokushi 8-shanten (four
    # kinds 1m 1p 1s 9s and a pair: 13 - 4 - 1). tenhou.net/2's ?p= heads its table
    # "標準形N向聴" and names no other form: the page lists the standard form alone.
    visit(page, "?p=113355m113355p19s")
    assert _forms(page) == {"standard": "standard 一般形: 3-shanten 3向聴"}
    # ?q= names every form, each with its own count
    visit(page, "?q=113355m113355p19s")
    assert _forms(page) == {"standard": "standard 一般形: 3-shanten 3向聴",
                            "chiitoitsu": "chiitoitsu 七対子: tenpai 聴牌",
                            "kokushi": "kokushi 国士無双: 8-shanten 8向聴"}
    # a form chosen in the form is the table's too: listed alone
    visit(page, "?q=113355m113355p19s&form=chiitoitsu")
    assert _forms(page) == {"chiitoitsu": "chiitoitsu 七対子: tenpai 聴牌"}


@pytest.mark.parametrize("name", ["bogus", "it's"])
def test_an_unknown_preset_is_the_command_lines_error(page: Page, name: str) -> None:
    # the command line's one line for the same --rules, which names every known preset;
    # the select stays on a real choice (the first, standard) instead of a blank
    said = CliRunner().invoke(main, ["shanten", "123m456p789s1122z", "--rules", name])
    assert said.exit_code == 2 and "'tenhou'" in said.output
    for query in (f"?rules={name}", f"?q=123m456p789s1122z&rules={name}"):
        visit(page, query)
        assert page.locator("#error").inner_text() == said.output.strip(), query
        assert page.locator("#result").is_hidden()
        assert page.locator("#rules").input_value() == ""
        assert page.locator("#rules option:checked").inner_text() == "standard"
    # Analyse then plays the select's rules: the error goes, the hand is analysed (13
    # tiles, 123m 456p 789s and 11z 22z: tenpai on the shanpon)
    page.click("#go")
    settle(page)
    assert page.locator("#error").is_hidden() and "rules" not in query_of(page)
    assert page.locator("#summary").inner_text() == "123m456p789s1122z: tenpai 聴牌"


def test_a_preset_named_in_capitals_is_chosen_in_the_select(page: Page) -> None:
    # the API takes a preset in any case (--rules Tenhou-3p is tenhou-3p). Nine gates in
    # pin and a 5z (no 2m-8m, so a three-player hand): tenpai once 5z goes
    visit(page, "?q=1112345678999p5z&rules=Tenhou-3p")
    assert page.locator("#error").is_hidden(), page.locator("#error").inner_text()
    assert page.locator("#rules").input_value() == "tenhou-3p"
    assert page.locator("#summary").inner_text() == "1112345678999p5z: tenpai 聴牌"
