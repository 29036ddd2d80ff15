"""A user's own variant file (``mjasp score WIN.lp VARIANT.lp``): every mistake in it is one
line ``mjasp: error: ...`` and exit code 2, never a traceback nor an option silently played
or dropped (docs/rules.md, "Options as files").

- an ``option/2`` atom that holds only for some wins (a rule whose body is the situation,
  a choice, a yaku of the model) is refused: the rules are fixed before a win is solved,
  so such an option was played for every win whatever its condition said;
- an ``option/2`` written as a rule whose body is facts only is a fact and is played;
- unknown options, values, local yaku and double yakuman names, conflicts and syntax
  errors each name what is wrong.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjasp.cli import main

pytest.importorskip("clingo")

ROOT = Path(__file__).resolve().parents[2]
# 234m 567p 234s 678s 55m, ron on 2m, South seat, riichi, indicator 4p: riichi 1 + pinfu 1
# + tanyao 1 + dora 1 = 4 han 30 fu: 7700 for a non-dealer's ron, 8000 with kiriage
# (4 han 30 fu rounded up to mangan, https://riichi.wiki/Kiriage_mangan)
WIN = str(ROOT / "examples" / "scoring" / "kiriage_hand.lp")


def _run(tmp_path: Path, text: str, *extra: str, before: Sequence[str] = (WIN,),
         name: str = "variant.lp") -> tuple[int, str]:
    """``mjasp score`` of ``before`` (the win file, or a hand and its situation) with
    ``text`` written as the variant file ``name``, then ``extra``: exit code and output."""
    variant = tmp_path / name
    variant.write_text(text)
    result = CliRunner().invoke(main, ["score", *before, str(variant), *extra])
    return result.exit_code, result.output


def _assert_one_line_error(code: int, out: str, message: str) -> None:
    """Exit code 2 and one line ``mjasp: error: ...`` that holds ``message``."""
    assert code == 2 and out.startswith("mjasp: error: ") and message in out, out
    assert len(out.strip().splitlines()) == 1 and "Traceback" not in out


@pytest.mark.parametrize("text", [
    # the win file says riichi(1): this condition is false, yet kiriage was played (8000)
    "option(kiriage,on) :- riichi(2).\n",
    "{ option(kiriage,on) }.\n",
    "option(kiriage,on) :- found(pinfu,1).\n",
])
def test_an_option_that_is_not_a_fact_is_refused(tmp_path: Path, text: str) -> None:
    code, out = _run(tmp_path, text)
    _assert_one_line_error(code, out, "option(kiriage,on) is not a fact")
    assert out.startswith("mjasp: error: option(kiriage,on) is not a fact")


@pytest.mark.parametrize("text", [
    "option(kiriage,on).\n",
    "option(K,on) :- K = kiriage.\n",         # grounded to a fact
    "option(kiriage,on) :- riichi(1).\n",     # riichi(1) is a fact of the win file
])
def test_an_option_that_is_a_fact_is_played(tmp_path: Path, text: str) -> None:
    code, out = _run(tmp_path, text)
    assert (code, out.splitlines()[0]) == (0, "30 fu 4 han mangan: 8000 (ron)")


@pytest.mark.parametrize(("text", "message"), [
    ("option(kiriag,on).\n", "unknown option 'kiriag'"),
    ("option(kiriage,maybe).\n", "kiriage is one of on, off"),
    ('option(kiriage,"on").\n', "kiriage is one of on, off"),
    ("option(local_yaku,suurenkou).\n", "local_yaku is one of daichikurin, daisharin"),
    ("option(double_yakuman,kokushi).\n", "double_yakuman is one of kokushi_13"),
    ("option(yakuman_cap,-1).\n", "the cap is a number of yakuman"),
    ("option(red_fives,(3,0,0)).\n", "tuple (M,P,S) of 0-2 each"),
    ("option(double_wind_fu,3).\n", "double_wind_fu is one of 2, 4"),
    ("option(kiriage,on).\noption(kiriage,off).\n", "conflicts with another option(kiriage,_)"),
    ("option(kazoe,sanbaiman).\noption(kazoe,multiple).\n",
     "conflicts with another option(kazoe,_)"),
    ("option(kiriage,on\n", "syntax error"),
    # a pool splits the arguments: option(local_yaku,sanrenkou) and option(daisharin), the
    # second silently dropped
    ("option(local_yaku,sanrenkou;daisharin).\n", "option(daisharin): an option is "
     "option(Name,Value)"),
    ("option(local_yaku,Sanrenkou).\n", "unsafe variables"),
    ('#include "no_such_file.lp".\n', "file could not be opened"),
    ("found(foo,2).\n", "foo is not declared by custom_yaku/4"),
    ('custom_yaku(riichi,"R","R",yaku).\nfound(riichi,5).\n', "riichi is a built-in yaku"),
])
def test_a_mistake_in_a_variant_file_is_one_line(tmp_path: Path, text: str, message: str) -> None:
    _assert_one_line_error(*_run(tmp_path, text), message)


def test_a_file_option_against_the_rules_chosen(tmp_path: Path) -> None:
    # the WRC rules round up (kiriage on): a file turning it off contradicts them
    code, out = _run(tmp_path, "option(kiriage,off).\n", "--rules", "wrc")
    assert (code, out.strip()) == (
        2, "mjasp: error: option(kiriage,off) conflicts with rules 'wrc' (kiriage=True)")
    # and one that agrees with them changes nothing
    code, out = _run(tmp_path, "option(kazoe,sanbaiman).\n", "--rules", "wrc")
    assert (code, out.splitlines()[0]) == (0, "30 fu 4 han mangan: 8000 (ron)")


@pytest.mark.parametrize(("extra", "expected"), [
    ((), "30 fu 4 han mangan: 8000 (ron)"),           # the preset file alone: played as wrc
    (("--rules", "wrc"), "30 fu 4 han mangan: 8000 (ron)"),
    # --rules tenhou said on the command line was dropped for the file's wrc (8000)
    (("--rules", "tenhou"), "mjasp: error: presets/wrc.lp (the rules 'wrc') conflicts "
     "with --rules tenhou (they differ in red_fives, kazoe, kiriage, double_wind_fu, renhou, "
     "pao_whole_hand, riichi_kan): give one of them"),
    (("--option", "kazoe=multiple"), "mjasp: error: presets/wrc.lp (the rules 'wrc') "
     "conflicts with --option kazoe=multiple, a change of the default --rules tenhou (they "
     "differ in red_fives, kazoe, kiriage, double_wind_fu, renhou, pao_whole_hand, "
     "riichi_kan): give one of them"),
])
def test_a_preset_file_beside_rules_chosen(extra: tuple[str, ...], expected: str) -> None:
    result = CliRunner().invoke(main, ["score", WIN, "presets/wrc.lp", *extra])
    assert result.output.splitlines()[0] == expected
    assert result.exit_code == (2 if expected.startswith("mjasp: error") else 0)


def test_a_preset_file_beside_a_hand_and_rules_chosen() -> None:
    args = ["score", "234m567p234678s55m", "presets/wrc.lp", "--win", "2m", "--seat", "s",
            "--riichi", "--dora", "4p"]
    assert CliRunner().invoke(main, args).output.startswith("30 fu 4 han mangan: 8000")
    result = CliRunner().invoke(main, [*args, "--rules", "tenhou"])
    assert result.exit_code == 2
    assert "presets/wrc.lp (the rules 'wrc') conflicts with --rules tenhou" in result.output


# 123m 456p 789s 111z 55z, ron on 3m (penchan), South seat: round east 1 = 1 han; fu 20 +
# menzen ron 10 + closed honor triplet 8 + penchan 2 + dragon pair 2 = 42 -> 50
YAKU_HAND = ["123m456p789s11155z", "--win", "3m", "--seat", "s"]


def _yaku_file(tmp_path: Path, text: str, hand: list[str] = YAKU_HAND) -> tuple[int, str]:
    return _run(tmp_path, 'custom_yaku(mine,"Mine","M",yaku).\n' + text, before=hand,
                name="my_yaku.lp")


@pytest.mark.parametrize(("text", "message"), [
    # was 50 fu -1 han: 400 points
    ("found(mine,-2) :- hold(27,3).\n", "found(mine,-2): a custom yaku is found with a "
     "positive number of han"),
    ("found(mine,0) :- hold(27,3).\n", "found(mine,0): a custom yaku"),
    # both held: was counted twice, 1 + 2 + 3 = 6 han, haneman 12000
    ("found(mine,2) :- hold(27,3).\nfound(mine,3) :- hold(27,3).\n",
     "found(mine,_) holds with two han values in one candidate"),
    # a second declaration of the name with other texts: was one of them, silently
    ('custom_yaku(mine,"Other","O",yaku).\nfound(mine,1).\n', "one custom_yaku fact a name"),
])
def test_a_custom_yaku_mistake_is_one_line(tmp_path: Path, text: str, message: str) -> None:
    _assert_one_line_error(*_yaku_file(tmp_path, text), message)


def test_a_custom_yakuman_is_found_with_13_han_each(tmp_path: Path) -> None:
    code, out = _run(tmp_path, 'custom_yaku(big,"Big","B",yakuman).\n'
                     "found(big,2) :- hold(27,3).\n", before=YAKU_HAND, name="my_yakuman.lp")
    assert code == 2 and "found(big,2)" in out
    assert "13 per yakuman" in out  # was scored as a 2-han yaku


def test_a_custom_yaku_worth_less_open_is_not_two_values(tmp_path: Path) -> None:
    text = ("found(mine,2) :- hold(27,3), not melded.\n"
            "found(mine,1) :- hold(27,3), melded.\n")
    # closed: east 1 + mine 2 = 3 han 50 fu: 50 * 2^5 * 4 = 6400
    code, out = _yaku_file(tmp_path, text)
    assert (code, out.splitlines()[0]) == (0, "50 fu 3 han: 6400 (ron)")
    # open (789s called): east 1 + mine 1 = 2 han; fu 20 + 8 + 2 + 2 = 32 -> 40:
    # 40 * 2^4 * 4 = 2560 -> 2600
    open_hand = ["123m456p11155z [789s]", *YAKU_HAND[1:]]
    code, out = _yaku_file(tmp_path, text, open_hand)
    assert (code, out.splitlines()[0]) == (0, "40 fu 2 han: 2600 (ron)")


@pytest.mark.parametrize(("options", "message"), [
    # the last one won: daisharin was dropped and the hand paid 24000, not a yakuman
    (["local_yaku=daisharin", "local_yaku=sanrenkou"],
     "mjasp: error: --option local_yaku given twice; name them in one: local_yaku=a,b"),
    (["kiriage=true", "kiriage=false"], "mjasp: error: --option kiriage given twice"),
])
def test_an_option_given_twice_is_refused(options: list[str], message: str) -> None:
    args = ["score", "22334455667788p", "--win", "5p", "--seat", "s"]
    for option in options:
        args += ["--option", option]
    result = CliRunner().invoke(main, args)
    assert (result.exit_code, result.output.strip()) == (2, message)


def test_two_local_yaku_in_one_option() -> None:
    # 22334455667788p, ron on 5p, South seat: daisharin, one yakuman: 4 * 8000 = 32000
    result = CliRunner().invoke(main, ["score", "22334455667788p", "--win", "5p", "--seat", "s",
                                       "--option", "local_yaku=daisharin,sanrenkou"])
    assert result.output.splitlines()[0] == "yakuman: 32000 (ron)"


def test_the_example_variant_is_the_shipped_one() -> None:
    # examples/scoring/variants/no_open_tanyao.lp says it is "the same as" mjasp's own file:
    # their rules (every line but the comments) are kept equal here; encodings/ itself is a
    # link to mjasp/encodings, one copy
    def rules_of(path: Path) -> list[str]:
        return [line for line in path.read_text().splitlines()
                if line.strip() and not line.startswith("%")]

    example = ROOT / "examples" / "scoring" / "variants" / "no_open_tanyao.lp"
    shipped = ROOT / "mjasp" / "encodings" / "scoring" / "variants" / "no_open_tanyao.lp"
    assert rules_of(example) == rules_of(shipped) and rules_of(shipped)
    assert (ROOT / "encodings").resolve() == (ROOT / "mjasp" / "encodings").resolve()


# 111z 222z 333z 444z 55m, ron on 5m, South seat: daisuushii + suuankou tanki (each a single
# yakuman on Tenhou, and they add up) = two yakuman, a non-dealer's ron 2 * 32000 = 64000;
# capped at one yakuman 32000 (https://riichi.wiki/Yakuman#Multiple_yakuman)
CAP_HAND = ["111222333444z55m", "--win", "5m", "--seat", "s"]


@pytest.mark.parametrize(("text", "extra", "expected"), [
    ("option(yakuman_cap,1).\n", (), "yakuman: 32000 (ron)"),
    ("option(yakuman_cap,2).\n", (), "2x yakuman: 64000 (ron)"),
    ("", ("--option", "yakuman_cap=1"), "yakuman: 32000 (ron)"),
])
def test_the_cap_file_with_its_number_caps(tmp_path: Path, text: str, extra: tuple[str, ...],
                                           expected: str) -> None:
    code, out = _run(tmp_path, text, *extra, before=[*CAP_HAND, "yakuman_cap.lp"],
                     name="cap.lp")
    assert (code, out.splitlines()[0]) == (0, expected)


@pytest.mark.parametrize(("text", "before"), [
    ("", CAP_HAND),                         # was 64000: the file alone capped nothing
    ("option(yakuman_cap,0).\n", CAP_HAND),  # 0 is no cap
    ("", [WIN]),                            # a win file's facts beside it
])
def test_the_cap_file_without_its_number_is_one_line(tmp_path: Path, text: str,
                                                     before: list[str]) -> None:
    code, out = _run(tmp_path, text, before=[*before, "yakuman_cap.lp"], name="cap.lp")
    _assert_one_line_error(code, out, "yakuman_cap.lp needs its cap: an "
                           "option(yakuman_cap,N) fact with N >= 1")


def test_the_cap_file_through_the_api(tmp_path: Path) -> None:
    from mjasp import Hand, RulesError, Win
    from mjasp.scoring.api import score_files
    from mjasp.solvers.scoring_variants import VARIANTS

    cap = str(VARIANTS / "yakuman_cap.lp")
    hand, win = Hand.parse("111222333444z55m"), Win("5m", seat_wind="S")
    with pytest.raises(RulesError, match=r"^yakuman_cap\.lp needs its cap"):
        score_files([cap], hand=hand, win=win)
    number = tmp_path / "cap.lp"
    number.write_text("option(yakuman_cap,1).\n")
    *_, found, played = score_files([cap, str(number)], hand=hand, win=win)
    assert (found[0].points, played.yakuman_cap) == (32000, 1)
