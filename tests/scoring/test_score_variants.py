"""Rule variants as files (encodings/scoring/variants/, presets/, mjasp.solvers.scoring_variants).

- The table from options to files is whole: every file is in it, every file declares the
  option fact the table says, and says in its header what it changes, where, and a source.
- Each preset's entry file includes exactly the variants of its Rules.
- Each variant changes the ASP engine's value of a hand whose value before and after is
  worked out by hand in the comment (the encoding's own points: its first cost).
- mjasp score FILE.lp VARIANT.lp, --rules NAME, conflicts and unknown options; a custom
  yaku from one file (examples/local_yaku/).
"""

from __future__ import annotations

import json
from pathlib import Path

import clingo
import pytest
from click.testing import CliRunner

from mjasp.cli import main
from mjasp.core.hand import Hand
from mjasp.core.win import Win
from mjasp.rules import RULES, Rules, find_rules
from mjasp.solvers import scoring_variants as sv
from mjasp.solvers.scoring_asp import ScoringProgram

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = Path(str(sv.VARIANTS))
EXAMPLES = ROOT / "examples"


def _options_of(path: Path) -> set[tuple[str, str]]:
    ctl = clingo.Control(["--warn=none"])
    ctl.load(str(path))
    ctl.ground([("base", [])])
    return {(str(a.symbol.arguments[0]), str(a.symbol.arguments[1]))
            for a in ctl.symbolic_atoms.by_signature("option", 2)}


def test_every_variant_file_is_in_the_table() -> None:
    shipped = {p.name for p in VARIANTS.glob("*.lp")}
    assert shipped == {*sv.VARIANT_FILES.values(), sv.CAP_FILE}


@pytest.mark.parametrize(("option", "value"), list(sv.VARIANT_FILES),
                         ids=list(sv.VARIANT_FILES.values()))
def test_a_variant_file_declares_its_option(option: str, value: object) -> None:
    path = VARIANTS / sv.VARIANT_FILES[option, value]
    # the option fact spells the value the table maps to this file
    (declared,) = _options_of(path)
    assert declared[0] == option and sv.OPTION_TERMS[option][declared[1]] == value
    # and the Rules with that value load exactly this file
    sets = ("double_yakuman", "local_yaku")
    changed = Rules().replace(**{option: frozenset({value}) if option in sets else value})
    assert sv.variant_files(changed) == [path.name]
    header = path.read_text().split("option(")[0]
    assert "Rules." in header and "Source: https://" in header and "Rulesets:" in header


@pytest.mark.parametrize("name", ["tenhou", "mahjongsoul", "wrc"])
def test_a_preset_file_includes_the_variants_of_its_rules(name: str) -> None:
    assert sv.preset_includes(name) == sv.variant_files(RULES[name])


def _best_points(rules: Rules | str, hand: str, win: Win,
                 files: tuple[str, ...] = ()) -> tuple[int, tuple[object, ...]]:
    """The ASP engine's best candidate: its own points (first cost) and its yaku values."""
    program = ScoringProgram(rules, list(files))
    cost, best = program.ranked(Hand.parse(hand), win)[0]
    return -cost[0], tuple(v for v, han in best.value[5] if han)


# (label, rules change from tenhou, hand, win, (tenhou points, variant points))
CASES = [
    # 234m 567p 234s 678s 55m, ron on 2m (34m: ryanmen), South seat, riichi, indicator 4p
    # (5p dora, held once): riichi 1 + pinfu 1 + tanyao 1 + dora 1 = 4 han, 20 + menzen
    # ron 10 = 30 fu: 30 * 2^6 = 1920, a non-dealer's ron 4 * 1920 = 7680 -> 7700.
    # Kiriage rounds 4 han 30 fu up to mangan: 8000.
    ("kiriage", {"kiriage": True}, "234m567p234678s55m",
     Win("2m", seat_wind="S", riichi=1, dora_indicators=("4p",)), (7700, 8000)),
    # 22334455667788m, a non-dealer's tsumo on 8m: as 234 234 678 678 55 with 67m+8m
    # (ryanmen): riichi 1 + tsumo 1 + pinfu 1 + tanyao 1 + ryanpeikou 3 + chinitsu 6 = 13
    # han: a counted yakuman, 16000 + 2 * 8000 = 32000. Capped at sanbaiman:
    # 12000 + 2 * 6000 = 24000.
    ("kazoe sanbaiman", {"kazoe": "sanbaiman"}, "22334455667788m",
     Win("8m", tsumo=True, seat_wind="S", riichi=1), (32000, 24000)),
    # the same with indicators 1m-5m as dora and as ura (2m-6m each held twice): 13 + 10 +
    # 10 = 33 han: one counted yakuman on Tenhou (32000); by multiples 33 // 13 = 2: 64000.
    ("kazoe multiple", {"kazoe": "multiple"}, "22334455667788m",
     Win("8m", tsumo=True, seat_wind="S", riichi=1,
         dora_indicators=("1m", "2m", "3m", "4m", "5m"),
         ura_indicators=("1m", "2m", "3m", "4m", "5m")), (32000, 64000)),
    # 222m 345p 678p 123s 11z, the dealer's tsumo on 2s (kanchan), East round: menzen
    # tsumo 1 han; fu 20 + tsumo 2 + closed simple triplet 4 + kanchan 2 + the East pair
    # (seat and round) 4 = 32 -> 40: 40 * 2^3 = 320, 2 * 320 = 640 -> 700 from each: 2100.
    # With a double-wind pair of 2 fu: 30 -> 30: 2 * 240 = 480 -> 500 each: 1500.
    ("double wind 2 fu", {"double_wind_fu": 2}, "222m345678p123s11z",
     Win("2s", tsumo=True), (2100, 1500)),
    # thirteen orphans on the 13-sided wait (won on 1m, all thirteen held before), a
    # non-dealer's ron: one yakuman 4 * 8000 = 32000; double: 64000.
    ("double kokushi", {"double_yakuman": frozenset({"kokushi_13"})}, "119m19p19s1234567z",
     Win("1m", seat_wind="S"), (32000, 64000)),
    # 111m 333p 555s 777z 22z, ron on 2z (tanki): suuankou tanki, 32000; double: 64000.
    ("double suuankou tanki", {"double_yakuman": frozenset({"suuankou_tanki"})},
     "111m333p555s22777z", Win("2z", seat_wind="S"), (32000, 64000)),
    # 1112345678999m + 5m, ron on 5m (the nine-sided wait): 32000; double: 64000.
    ("double junsei chuuren", {"double_yakuman": frozenset({"junsei_chuuren"})},
     "11123455678999m", Win("5m", seat_wind="S"), (32000, 64000)),
    # 222z 333z 444z 55m + pon 111z, ron on 5m: daisuushii, 32000; double: 64000.
    ("double daisuushii", {"double_yakuman": frozenset({"daisuushii"})},
     "55m222333444z [111z]", Win("5m", seat_wind="S"), (32000, 64000)),
    # 111z 222z 333z 444z 55m all concealed, ron on 5m (tanki): daisuushii + suuankou
    # tanki = 2 yakuman, 64000; without stacking only one is paid: 32000.
    ("no stacking", {"yakuman_stacking": False}, "55m111222333444z",
     Win("5m", seat_wind="S"), (64000, 32000)),
    ("cap 1", {"yakuman_cap": 1}, "55m111222333444z", Win("5m", seat_wind="S"),
     (64000, 32000)),
    # 123m 456p 789s 123s 11m, a non-dealer's ron on 3s (12s: penchan) before their
    # first draw: no yaku on Tenhou (0); renhou as a yakuman 32000; as a 5 han yaku:
    # mangan 8000.
    ("renhou yakuman", {"renhou": "yakuman"}, "11123m456p123789s",
     Win("3s", seat_wind="S", renhou=True), (0, 32000)),
    ("renhou mangan", {"renhou": "mangan"}, "11123m456p123789s",
     Win("3s", seat_wind="S", renhou=True), (0, 8000)),
    # renhou as a 5 han yaku adds up: 234m 567p 234s 678s 55m, a non-dealer's ron on 2m
    # (ryanmen) before the first draw: pinfu 1 + tanyao 1 = 2 han 30 fu, 4 * 480 = 1920 ->
    # 2000 on Tenhou; with renhou 7 han: haneman 4 * 3000 = 12000.
    ("renhou mangan adds up", {"renhou": "mangan"}, "234m567p234678s55m",
     Win("2m", seat_wind="S", renhou=True), (2000, 12000)),
    # renhou as the WRC's mangan the other yaku do not add to: the same hand, renhou alone
    # (a mangan, 8000) pays more than pinfu and tanyao (2000)
    ("renhou mangan alone", {"renhou": "mangan_alone"}, "234m567p234678s55m",
     Win("2m", seat_wind="S", renhou=True), (2000, 8000)),
    # with a 4m indicator (the 55m pair: dora 2) Tenhou pays 4 han 30 fu, 7680 -> 7700;
    # renhou alone sets the dora aside with the yaku: 8000, not 7 han (12000)
    ("renhou mangan alone sets the dora aside", {"renhou": "mangan_alone"},
     "234m567p234678s55m", Win("2m", seat_wind="S", renhou=True, dora_indicators=("4m",)),
     (7700, 8000)),
    # 22334455667788p, a non-dealer's ron on 8p: best as 234 234 678 678 55 (67p+8p,
    # ryanmen): pinfu 1 + tanyao 1 + ryanpeikou 3 + chinitsu 6 = 11 han, sanbaiman
    # 4 * 6000 = 24000; daisharin is a yakuman: 32000.
    ("daisharin", {"local_yaku": frozenset({"daisharin"})}, "22334455667788p",
     Win("8p", seat_wind="S"), (24000, 32000)),
    ("daichikurin", {"local_yaku": frozenset({"daichikurin"})}, "22334455667788s",
     Win("8s", seat_wind="S"), (24000, 32000)),
    ("daisuurin", {"local_yaku": frozenset({"daisuurin"})}, "22334455667788m",
     Win("8m", seat_wind="S"), (24000, 32000)),
    # 222m 333m 678p 55s + pon 444m, ron on 5s (tanki): tanyao 1 han (open tanyao); fu 20
    # + two closed simple triplets 4 + 4 + an open one 2 + tanki 2 = 32 -> 40: 40 * 2^3 =
    # 320, 4 * 320 = 1280 -> 1300. Sanrenkou (222 333 444m) adds 2: 3 han 40 fu:
    # 4 * 1280 = 5120 -> 5200.
    ("sanrenkou", {"local_yaku": frozenset({"sanrenkou"})}, "222333m678p55s [444m]",
     Win("5s", seat_wind="S"), (1300, 5200)),
    # 234m 678m 345p 55s + chi 456s, ron on 5s (tanki), South seat: open tanyao 1 han, fu
    # 20 + tanki 2 = 22 -> 30: 4 * 240 = 960 -> 1000; without open tanyao: no yaku, 0.
    ("no open tanyao", {"open_tanyao": False}, "234m678m345p55s [456s]",
     Win("5s", seat_wind="S"), (1000, 0)),
]


@pytest.mark.parametrize(("change", "hand", "win", "expected"),
                         [case[1:] for case in CASES], ids=[case[0] for case in CASES])
def test_a_variant_changes_the_value(change: dict[str, object], hand: str, win: Win,
                                     expected: tuple[int, int]) -> None:
    before, after = expected
    assert _best_points("tenhou", hand, win)[0] == before
    assert _best_points(find_rules("tenhou").replace(**change), hand, win)[0] == after


def test_presets_play_their_variants() -> None:
    # the kiriage hand of CASES under the wrc preset, and a double yakuman under mahjongsoul
    win = Win("2m", seat_wind="S", riichi=1, dora_indicators=("4p",))
    assert _best_points("wrc", "234m567p234678s55m", win)[0] == 8000
    assert _best_points("mahjongsoul", "119m19p19s1234567z", Win("1m", seat_wind="S")) \
        == (64000, (48,))


def _win_file(tmp_path: Path, facts: str) -> str:
    path = tmp_path / "win.lp"
    path.write_text(facts)
    return str(path)


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["score", *args])
    return result.exit_code, result.output


def test_a_variant_file_and_a_preset_agree(tmp_path: Path) -> None:
    # the kazoe hand of CASES (a counted yakuman, 32000) with kazoe_sanbaiman.lp, under
    # the wrc preset, and with a file that only states option(kazoe,sanbaiman): 24000
    fact = tmp_path / "fact.lp"
    fact.write_text("option(kazoe,sanbaiman).")
    hand, win = "22334455667788m", Win("8m", tsumo=True, seat_wind="S", riichi=1)
    runs = [("tenhou", ()), ("tenhou", (str(VARIANTS / "kazoe_sanbaiman.lp"),)),
            ("wrc", ()), ("tenhou", (str(fact),))]
    assert [_best_points(r, hand, win, files)[0] for r, files in runs] \
        == [32000, 24000, 24000, 24000]
    assert ScoringProgram("tenhou", [str(fact)]).rules.kazoe == "sanbaiman"


@pytest.mark.parametrize(("files", "rules", "message"), [
    (("kazoe_multiple.lp",), "wrc", "option(kazoe,multiple) conflicts with rules 'wrc'"),
    (("kazoe_multiple.lp", "kazoe_sanbaiman.lp"), "tenhou", "conflicts with another"),
    (("renhou_mangan.lp", "renhou_yakuman.lp"), "tenhou", "conflicts with another"),
])
def test_a_conflicting_variant_is_one_line(tmp_path: Path, files: tuple[str, ...],
                                           rules: str, message: str) -> None:
    win = _win_file(tmp_path, 'hand("22334455667788m"). win_tile("8m"). seat_wind(s).')
    code, output = _run(win, *(str(VARIANTS / f) for f in files), "--rules", rules)
    assert code == 2 and message in output and len(output.strip().splitlines()) == 1


def test_red_fives_from_a_file(tmp_path: Path) -> None:
    # 234m 456p 456p 345s 88s with both 5p red, ron on 2m (ryanmen), South seat: pinfu 1 +
    # tanyao 1 + iipeikou 1 + aka 2 = 5 han: mangan, 8000. Tenhou's set has one red 5p:
    # without the variant the hand is refused in one line
    win = _win_file(tmp_path, 'hand("234m440066p345s88s"). win_tile("2m"). seat_wind(s).')
    code, output = _run(win)
    assert code == 2 and "two red fives (0p)" in output and len(output.strip().splitlines()) == 1
    fact = tmp_path / "aka4.lp"
    fact.write_text("option(red_fives,(1,2,1)).")
    for extra in ("red_fives_aka4.lp", str(fact)):
        code, output = _run(win, extra, "--json")
        assert code == 0, output
        assert (json.loads(output)["points"], json.loads(output)["han"]) == (8000, 5)
    # the wrc preset has no red fives: the variant conflicts with it
    code, output = _run(win, "red_fives_aka4.lp", "--rules", "wrc")
    assert code == 2 and "option(red_fives,(1,2,1)) conflicts with rules 'wrc'" in output


@pytest.mark.parametrize(("fact", "message"), [
    ("option(red_fives,(3,0,0)).", "a tuple (M,P,S) of 0-2 each"),
    ("option(kirage,on).", "unknown option 'kirage'"),
    ("option(kazoe,double).", "kazoe is one of yakuman, sanbaiman, multiple"),
    ("option(local_yaku,shiisanpuutaa).", "local_yaku is one of"),
    ("option(yakuman_cap,many).", "the cap is a number"),
])
def test_an_unknown_option_is_one_line(tmp_path: Path, fact: str, message: str) -> None:
    win = _win_file(tmp_path, 'hand("22334455667788m"). win_tile("8m"). seat_wind(s). '
                    + fact)
    code, output = _run(win)
    assert code == 2 and message in output and len(output.strip().splitlines()) == 1


def test_a_custom_yaku_is_one_file() -> None:
    # worked in examples/local_yaku/five_gates_win.lp: no yaku (0) without uumensai.lp,
    # 2 han 50 fu, 3200 with it
    win = str(EXAMPLES / "local_yaku" / "five_gates_win.lp")
    yaku = str(EXAMPLES / "local_yaku" / "uumensai.lp")
    code, output = _run(win, "--json")
    assert code == 0 and json.loads(output)["points"] == 0
    code, output = _run(win, yaku, "--json")
    assert code == 0, output
    data = json.loads(output)
    assert (data["points"], data["han"], data["fu"]) == (3200, 2, 50)
    assert data["yaku"] == [{"id": None, "name": "Uumensai (five gates)",
                             "japanese": "五門斉", "han": 2}]


def test_a_custom_yakuman_counts_as_one(tmp_path: Path) -> None:
    # ishi no ue ni mo sannen (double riichi and a win on the last tile) as a custom
    # yakuman: 234m 567p 234s 678s 55m, a non-dealer's tsumo (haitei) on 2m after double
    # riichi: one yakuman, 8000 + 2 * ... = 16000 from the dealer and 8000 from each other
    yakuman = tmp_path / "ishi.lp"
    yakuman.write_text('custom_yaku(ishi,"Ishi no ue ni mo sannen","石の上にも三年",yakuman).\n'
                       "found(ishi,13) :- riichi(2), haitei.\n")
    win = _win_file(tmp_path, 'hand("234m567p234678s55m"). win_tile("2m"). tsumo. '
                    "haitei. riichi(2). seat_wind(s).")
    code, output = _run(win, str(yakuman), "--json")
    assert code == 0, output
    data = json.loads(output)
    assert (data["points"], data["yakuman"]) == (32000, 1)
    assert [y["name"] for y in data["yaku"]] == ["Ishi no ue ni mo sannen"]


def test_a_bad_custom_yaku_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.lp"
    bad.write_text('custom_yaku(x,1,"X",yaku).')
    code, output = _run(str(EXAMPLES / "local_yaku" / "five_gates_win.lp"), str(bad))
    assert code == 2 and "custom_yaku(x,1" in output and len(output.strip().splitlines()) == 1


def test_a_preset_entry_file_runs_in_plain_clingo() -> None:
    # tests/data/score_asp/kokushi_13.lp: the dealer's ron on the 13-sided wait, 48000 on
    # Tenhou; Mahjong Soul's preset makes it a double yakuman: 2 * 48000 = 96000
    def best(*extra: Path) -> set[str]:
        ctl = clingo.Control(["0", "--opt-mode=optN"])
        for path in (VARIANTS.parent / "score.lp", *extra,
                     ROOT / "tests" / "data" / "score_asp" / "kokushi_13.lp"):
            ctl.load(str(path))
        ctl.ground([("base", [])])
        found: list[set[str]] = []
        ctl.solve(on_model=lambda m: found.append(
            {str(s) for s in m.symbols(shown=True) if s.name in ("points", "yaku")})
            if m.optimality_proven else None)
        return found[-1]

    assert best() == {"points(48000)", "yaku(48,13)"}
    assert best(Path(str(sv.PRESETS)) / "mahjongsoul.lp") == {"points(96000)", "yaku(48,26)"}


@pytest.mark.parametrize(("extra", "points"), [
    ((), 7700),
    ((str(VARIANTS / "kiriage.lp"),), 8000),
    (("--rules", "wrc"), 8000),
    ((str(Path(str(sv.PRESETS)) / "wrc.lp"),), 8000),
    (("kiriage.lp",), 8000),  # a file mjasp ships, named alone
    (("presets/wrc.lp",), 8000),
])
def test_the_cli_scores_a_file_with_variants(extra: tuple[str, ...], points: int) -> None:
    # examples/scoring/kiriage_hand.lp (worked in its comment): 4 han 30 fu, 7700 on
    # Tenhou, 8000 with kiriage: the variant file, the wrc preset, or its entry file
    code, output = _run(str(EXAMPLES / "scoring" / "kiriage_hand.lp"), *extra, "--json")
    assert code == 0, output
    assert json.loads(output)["points"] == points


@pytest.mark.parametrize(("extra", "rules", "options"), [
    ((), "tenhou", {}),
    (("kiriage.lp",), "tenhou", {"kiriage": True}),
    (("kiriage.lp", "renhou_mangan.lp"), "tenhou", {"kiriage": True, "renhou": "mangan"}),
    (("presets/wrc.lp",), "wrc", {}),  # a preset file is played as its rules
    (("--rules", "wrc"), "wrc", {}),
])
def test_the_json_reports_the_rules_played(extra: tuple[str, ...], rules: str,
                                           options: dict[str, object]) -> None:
    code, output = _run(str(EXAMPLES / "scoring" / "kiriage_hand.lp"), *extra, "--json")
    assert code == 0, output
    data = json.loads(output)
    assert (data["rules"], data["options"]) == (rules, options)


def test_a_three_player_preset_file_pays_three_players() -> None:
    # examples/scoring/sanma_north.lp (worked there, 12000 with tsumo loss) with the preset's
    # entry file instead of --rules: the same rules, the same payments
    win = str(EXAMPLES / "scoring" / "sanma_north.lp")
    for extra in (("--rules", "tenhou-3p"), ("presets/tenhou-3p.lp",)):
        code, output = _run(win, *extra, "--json")
        assert code == 0, output
        data = json.loads(output)
        assert (data["rules"], data["points"]) == ("tenhou-3p", 12000)
    code, output = _run(win, "presets/tenhou-3p.lp", "--rules", "wrc")
    assert code == 2
    assert "presets/tenhou-3p.lp (the rules 'tenhou-3p') conflicts with --rules wrc" in output
    assert len(output.strip().splitlines()) == 1


def test_the_headline_pays_by_the_files_options(tmp_path: Path) -> None:
    # 234m 567p 234s 678s 55m, a non-dealer's tsumo on 3m (kanchan), riichi, indicator 4p:
    # riichi 1 + menzen tsumo 1 + tanyao 1 + dora 1 = 4 han; fu 20 + tsumo 2 + kanchan 2 =
    # 24 -> 30: 1920 base, 3900 from the dealer and 2000 from each other (7900); with
    # kiriage.lp a mangan, 4000 and 2000 (8000), as the headline then says
    win = _win_file(tmp_path, 'hand("234m567p234678s55m"). win_tile("3m"). tsumo. '
                              'seat_wind(s). riichi(1). dora_indicator("4p").')
    code, output = _run(win)
    assert code == 0 and output.splitlines()[0] == "30 fu 4 han: 7900 (2000/3900 tsumo)"
    code, output = _run(win, str(VARIANTS / "kiriage.lp"))
    assert code == 0 and output.splitlines()[0] == "30 fu 4 han mangan: 8000 (2000/4000 tsumo)"
