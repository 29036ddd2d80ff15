"""The checks of ``mjasp.score`` skip their exact count only where it cannot fail: a win
is refused for too many copies of a tile exactly when the tiles in sight do not fit the
set, counted here tile by tile from what the set holds (four copies of each kind,
``Rules.red_fives`` of the fives red)."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from mjasp.core.hand import Hand, Meld
from mjasp.core.tiles import FIVES, NUM_KINDS
from mjasp.core.win import KINDS, Win, WinError
from mjasp.rules import RULES, Rules
from mjasp.scoring.api import (
    check_hand,
    check_prepared,
    check_winning_tile,
    checked_readings,
    hand_checks,
)
from mjasp.scoring.samples import random_wins

#: A red five is the pair (kind, True); every other tile (kind, False).
Tile = tuple[int, bool]


def the_set(rules: Rules) -> Counter[Tile]:
    """Every tile of the set by (kind, red): four of each kind kept, the fives split."""
    found: Counter[Tile] = Counter()
    for kind in range(NUM_KINDS):
        if kind in rules.removed_kinds:
            continue
        red = rules.red_fives[FIVES.index(kind)] if kind in FIVES else 0
        found[kind, True] += red
        found[kind, False] += 4 - red
    return +found


def in_sight(hand: Hand, win: Win) -> Counter[Tile]:
    """The winner's tiles (concealed, melds, north tiles set aside) and the indicators."""
    found: Counter[Tile] = Counter()
    for kind, n in enumerate(hand.counts):
        red = hand.red[FIVES.index(kind)] if kind in FIVES else 0
        found[kind, True] += red
        found[kind, False] += n - red
    for meld in hand.melds:
        tiles = meld.tiles()
        for i, kind in enumerate(tiles):  # a meld's red fives are among its fives
            fives_before = sum(1 for k in tiles[:i] if k == kind)
            found[kind, kind in FIVES and fives_before < meld.red] += 1
    found[30, False] += win.north_dora
    for name in win.dora_indicators + win.ura_indicators:
        found[KINDS[name], name[0] == "0"] += 1
    return +found


def fits(hand: Hand, win: Win, rules: Rules) -> bool:
    available = the_set(rules)
    sight = in_sight(hand, win)
    # chankan: the kan robbed holds the other three copies, of either colour (a five)
    if win.chankan and sight[win.kind, True] + sight[win.kind, False] > 1:
        return False
    return all(n <= available[tile] for tile, n in sight.items())


RULE_SETS = [RULES["tenhou"], RULES["wrc"], RULES["tenhou-3p"], RULES["mahjongsoul-3p"],
             RULES["tenhou"].replace(name="two red 5p", red_fives=(0, 2, 1))]


def _varied(rng: random.Random, hand: Hand, win: Win, rules: Rules) -> tuple[Hand, Win]:
    """The same win with other red fives, indicators and north tiles: many of them too
    many for the set (every other check still passes)."""
    red = tuple(rng.randint(0, min(2, hand.counts[five])) if rng.random() < 0.6 else r
                for five, r in zip(FIVES, hand.red, strict=True))
    melds = tuple(Meld(m.kind, m.tile, rng.randint(0, 1)) if m.tile in FIVES
                  or (m.tile < 27 and m.kind == 0 and m.tile % 9 in (2, 3, 4)) else m
                  for m in hand.melds)
    varied = Hand(hand.counts, red, melds)  # type: ignore[arg-type]
    if win.tile[0] in "05" and win.tile[1] != "z":  # the winning five keeps a fitting colour
        suit = "mps".index(win.tile[1])
        plain_left = varied.counts[FIVES[suit]] - varied.red[suit]
        tile = f"{'0' if not plain_left else '5'}{win.tile[1]}"
        win = dataclasses.replace(win, tile=tile)
    names = [n for n in KINDS if KINDS[n] not in rules.removed_kinds]
    # tiles the hand holds are the likeliest to be one too many
    held = [n for n in names if varied.counts[KINDS[n]] or n[0] == "0"]
    dora = tuple(rng.choice(held if rng.random() < 0.7 else names)
                 for _ in range(rng.randint(1, 5)))
    ura = tuple(rng.choice(held) for _ in range(rng.randint(0, len(dora)))) \
        if win.riichi else ()
    north = rng.randint(0, 4) if rules.nukidora and not (win.tenhou or win.chiihou) else 0
    return varied, dataclasses.replace(win, dora_indicators=dora, ura_indicators=ura,
                                       north_dora=north, tenhou=False, chiihou=False,
                                       # a north set aside ends a double riichi's ippatsu
                                       ippatsu=win.ippatsu and not (north and win.riichi == 2),
                                       rinshan=win.rinshan and (north > 0 or any(
                                           m.kind >= 2 for m in melds)))


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: r.name)
def test_a_win_is_refused_exactly_when_its_tiles_do_not_fit_the_set(rules: Rules) -> None:
    rng = random.Random(11)
    refused = accepted = 0
    for hand, win in random_wins(300, seed=5, rules=rules):
        try:
            checked_readings(hand, win, rules)
        except WinError:
            continue  # the sampler's red fives may not fit these rules: not varied
        for _ in range(4):
            try:
                varied, other = _varied(rng, hand, win, rules)
            except (WinError, ValueError):
                continue  # a meld that holds no five takes no red one
            expected = fits(varied, other, rules)
            try:
                checked_readings(varied, other, rules)
            except WinError as error:
                assert not expected, (str(varied), other, str(error))
                assert ("copies" in str(error) or "five" in str(error)
                        or "other copy" in str(error)), str(error)
                refused += 1
            else:
                assert expected, (str(varied), other)
                accepted += 1
    # both answers occur often: the gates are tried on either side
    assert refused > 50 and accepted > 50, (refused, accepted)


def _refused(check: object, hand: Hand, win: Win, rules: Rules) -> bool:
    try:
        check(hand, win, rules)  # type: ignore[operator]
    except WinError:
        return True
    return False


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: r.name)
def test_the_hand_checks_read_no_winning_tile(rules: Rules) -> None:
    # a caller checking one hand for several winning tiles checks the hand once: its
    # verdict must be the same whatever tile is named (refused or not, wins varied so
    # that both occur)
    rng = random.Random(3)
    names = sorted(KINDS)
    verdicts: Counter[bool] = Counter()
    for hand, win in random_wins(60, seed=9, rules=rules):
        try:
            varied, other = _varied(rng, hand, win, rules)
        except (WinError, ValueError):
            continue
        for hand_, win_ in ((hand, win), (varied, other)):
            verdict = _refused(check_hand, hand_, win_, rules)
            verdicts[verdict] += 1
            for name in rng.sample(names, 6):
                assert _refused(check_hand, hand_, dataclasses.replace(win_, tile=name),
                                rules) == verdict, (str(hand_), win_, name)
    assert verdicts[True] > 10 and verdicts[False] > 10, verdicts


@pytest.mark.parametrize(("hand", "win", "rules", "words"), [
    ("123456789m11z [777z]", Win("5m"), "tenhou", None),
    ("123456789m11z [777z]", Win("5p"), "tenhou", "not among the concealed tiles"),
    ("123456789m11z [777z]", Win("7z"), "tenhou", "not among the concealed tiles"),  # called
    ("1234506789m11z", Win("0m"), "tenhou", None),
    ("1234506789m11z", Win("5m"), "tenhou", None),     # one red, one plain 5m
    ("1234066789m11z", Win("5m"), "tenhou", "plain five"),  # the only 5m is red
    ("123456789m11z [777z]", Win("0m"), "tenhou", "red five"),  # no red 5m held
    ("11199m111999p11s", Win("9m"), "tenhou-3p", None),
    ("11199m111999p11s", Win("2m"), "tenhou-3p", "not in the three-player set"),
    ("123345678m11z [999s]", Win("3m", chankan=True), "tenhou", "chankan"),  # two 3m held
    ("123456789m11z [456m]", Win("4m", chankan=True), "tenhou", "chankan"),  # one in a chi
    ("123456789m11z [456p]", Win("4m", chankan=True), "tenhou", None),
])
def test_the_winning_tile_checks(hand: str, win: Win, rules: str, words: str | None) -> None:
    # hand-worked: the winning tile is in the set, held concealed, a red or plain five as
    # the hand's fives are, and a robbed kan's tile is the hand's only copy
    if words is None:
        check_winning_tile(Hand.parse(hand), win, RULES[rules])
    else:
        with pytest.raises(WinError, match=words):
            check_winning_tile(Hand.parse(hand), win, RULES[rules])


def test_checks_prepared_once_read_each_hand() -> None:
    # hand_checks is made once for many hands (the advice's wins of one search): what
    # depends on the hand must still be read per hand. Hand-worked: a 9m indicator with
    # four 9m held is a fifth copy, with three it is not; chankan with double riichi and
    # ippatsu robs a closed kan, which only kokushi may do (https://riichi.wiki/Chankan)
    rules = RULES["tenhou"]
    shown = hand_checks((), Win("1m", tsumo=True, dora_indicators=("9m",)), rules)
    with pytest.raises(WinError, match="5 copies of 9m"):
        check_prepared(Hand.parse("789999m234p567s11p"), shown)
    check_prepared(Hand.parse("123999m234p567s11p"), shown)
    robbed = Win("1m", chankan=True, riichi=2, ippatsu=True)
    robs = hand_checks((), robbed, rules)
    check_prepared(Hand.parse("19m19p19s12345677z"), robs)  # kokushi
    with pytest.raises(WinError, match="only kokushi"):
        check_prepared(Hand.parse("123456789m11p234s"), robs)
    # and the same verdicts and messages as check_hand of each hand
    for text in ("19m19p19s12345677z", "123456789m11p234s", "123456789m11p23s"):
        hand = Hand.parse(text)
        try:
            check_hand(hand, robbed, rules)
            expected = None
        except WinError as error:
            expected = str(error)
        try:
            check_prepared(hand, robs)
            got = None
        except WinError as error:
            got = str(error)
        assert got == expected


def test_the_hand_checks_are_a_record_read_by_name() -> None:
    # hand_checks was a 17-field tuple check_prepared unpacked by position (a field added
    # in the wrong place read silently as another); now a record. Hand-worked: riichi with
    # a called red 5m (a chi: an open hand), dora indicators 9m and 4z, ura 9m and 1p
    win = Win("1m", riichi=1, dora_indicators=("9m", "4z"), ura_indicators=("9m", "1p"))
    melds = Hand.parse("123m456p789s11z [406m]").melds
    checks = hand_checks(melds, win, RULES["tenhou"])
    assert not isinstance(checks, tuple)
    assert (checks.melds, checks.win, checks.rules) == (melds, win, RULES["tenhou"])
    assert checks.indicators == ("9m", "4z", "9m", "1p") and checks.shown == 4
    assert checks.plain_shown and not checks.fives_shown   # no five among them
    assert checks.named == ((8, 2), (30, 1), (8, 2), (9, 1))  # (kind, times shown)
    assert (checks.north, checks.north_4z) == (0, 1)       # no north aside, one 4z shown
    assert checks.red_called == 1 and checks.allowed == (1, 1, 1)
    assert checks.three is None and checks.north_error is None and not checks.kokushi_read
    assert checks.after == checks.after_kokushi == (
        "riichi needs a closed hand; this one has an open meld")
    with pytest.raises(WinError, match="riichi needs a closed hand"):
        check_prepared(Hand.parse("123m456p789s11z [406m]"), checks)
