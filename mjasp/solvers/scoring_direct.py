"""The direct scoring engine: every reading × every placement of the winning tile, in Python.

Facts are computed at three levels, each once: the hand (situation, tile set, dora),
each reading (its blocks), each placement of the winning tile (wait, pinfu, which
triplets stay concealed). The yaku table ``YAKU`` has one row per yaku in Tenhou id
order, so it reads side by side with ``encodings/scoring/``. For speed, a row is not
even asked where a cheap fact rules it out (``NEEDS_*``: no honor, no situational flag,
fewer than two sets or sequences, another form, another wind); the rows decide the rest.

Rule sources (Tenhou): https://tenhou.net/man/#RULE and the yaku list of
https://riichi.wiki/List_of_yaku (kuisagari, upgrades), fu from
https://riichi.wiki/Fu (pinfu tsumo 20, open pinfu 30, double-wind pair 4 on Tenhou).
Other rules (``mjasp.rules.Rules``) change the table by :func:`yaku_table`: open tanyao
off, double yakuman (26 han), renhou, the local yaku of ``VARIANT_ROWS``; and the fu of a
double-wind pair (``Rules.double_wind_fu``).

>>> from mjasp.core.hand import Hand
>>> from mjasp.rules import find_rules
>>> from mjasp.core.win import Win
>>> found = candidates(Hand.parse("455556m222p888s11z"), Win("5m", seat_wind="S"), find_rules())
>>> [(str(s.reading.win_block), s.points) for s in found if s.reading]  # 555m stays closed
[('456m', 3200), ('555m', 0)]
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import compress

from mjasp.core.blocks import Block, BlockKind, Decomposition, Form, WaitShape
from mjasp.core.hand import Hand, MeldKind
from mjasp.core.tiles import NUM_KINDS, Tile, tile_kind
from mjasp.core.win import KINDS, WINDS, Win
from mjasp.core.yaku import Yaku
from mjasp.rules import RULES_CACHED, Rules
from mjasp.rules.scorecard import Score, ScoredReading, YakuItem, make_score
from mjasp.solvers.lookup import winning_readings

TERMINALS = frozenset((0, 8, 9, 17, 18, 26))
HONORS = frozenset(range(27, 34))
TERMINALS_HONORS = TERMINALS | HONORS
WIND_TILES = frozenset(range(27, 31))
DRAGONS = frozenset((31, 32, 33))
#: ryuuiisou: 2s 3s 4s 6s 8s and the green dragon (6z); Tenhou does not require hatsu
GREEN = frozenset((19, 20, 21, 23, 25, 32))
#: junsei chuuren: the nine-sided wait 1112345678999 of one suit (before the winning tile)
NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


@dataclass(slots=True)
class HandFacts:
    """What every candidate of a hand shares: the situation and the tile set."""

    win: Win
    tile: Tile
    closed: bool  # no open meld (a closed kan keeps the hand closed: menzen)
    kinds: frozenset[Tile]  # every kind in the hand, melds included
    quads: int
    seat: Tile  # the seat wind's kind (27 = East)
    round: Tile
    counts: Sequence[int]  # every tile, melds included (a quad counts four)
    melds_closed: bool  # no meld at all, not even a closed kan (chuuren)
    suits: int  # how many number suits the hand uses (flushes)
    honors: bool  # the hand holds an honor
    flags: bool  # riichi or a situational flag (ippatsu, rinshan, … tenhou, renhou) is set


@dataclass(slots=True)
class ReadingFacts:
    """What every placement in one reading shares."""

    decomposition: Decomposition
    form: Form
    sequences: list[Tile]  # lowest tile of every sequence, concealed and called
    # (tile, is_quad, concealed) of every triplet and quad, before the winning tile's placement
    sets: list[tuple[Tile, bool, bool]]
    pair: Tile | None
    set_tiles: frozenset[Tile]  # the tiles of the triplets and quads
    peikou: int  # pairs of identical sequences (iipeikou 1, ryanpeikou 2)


@dataclass(slots=True)
class Placement:
    """One candidate: a reading and the block the winning tile completes."""

    block: Block
    wait: WaitShape
    concealed_sets: int  # closed triplets and quads (a triplet completed by ron is open)
    pinfu: bool


Rule = Callable[[HandFacts, ReadingFacts, Placement], bool]


def _terminal_or_honor_block(kind: BlockKind, tile: Tile) -> bool:
    if kind is BlockKind.SEQUENCE:
        return tile % 9 in (0, 6)
    return tile in TERMINALS or tile >= 27


# -- reading-level helpers, each used by one or two rows of the table ----------------

def _all_blocks_have(r: ReadingFacts, test: Callable[[BlockKind, Tile], bool]) -> bool:
    if r.pair is None or not test(BlockKind.PAIR, r.pair):
        return False
    return (all(test(BlockKind.SEQUENCE, t) for t in r.sequences)
            and all(test(BlockKind.TRIPLET, t) for t, _, _ in r.sets))


def _chanta(h: HandFacts, r: ReadingFacts) -> bool:
    # needs a sequence (otherwise honroutou) and an honor (otherwise junchan)
    return (bool(r.sequences) and h.honors and not h.kinds.isdisjoint(TERMINALS)
            and _all_blocks_have(r, _terminal_or_honor_block))


def _junchan(h: HandFacts, r: ReadingFacts) -> bool:
    return (bool(r.sequences) and not h.honors and not h.kinds.isdisjoint(TERMINALS)
            and _all_blocks_have(r, _terminal_or_honor_block))


def _ittsu(r: ReadingFacts) -> bool:
    s = r.sequences
    if len(s) < 3:
        return False
    return ((0 in s and 3 in s and 6 in s) or (9 in s and 12 in s and 15 in s)
            or (18 in s and 21 in s and 24 in s))


def _sanshoku(r: ReadingFacts) -> bool:
    s = r.sequences
    return len(s) >= 3 and any(n + 9 in s and n + 18 in s for n in s if n < 9)


def _sanshoku_doukou(r: ReadingFacts) -> bool:
    s = r.set_tiles
    return len(s) >= 3 and any(n + 9 in s and n + 18 in s for n in s if n < 9)


def _chuuren(h: HandFacts) -> bool:
    if not h.melds_closed or h.suits != 1 or h.honors:
        return False
    base = min(h.kinds) // 9 * 9
    return all(h.counts[base + i] >= n for i, n in enumerate(NINE_GATES))


def _junsei(h: HandFacts) -> bool:
    # nine-sided: the hand without the winning tile is exactly 1112345678999
    if not _chuuren(h):
        return False
    base = h.tile // 9 * 9
    return all(h.counts[base + i] - (base + i == h.tile) == n for i, n in enumerate(NINE_GATES))


def _seat(n: int) -> Rule:
    return lambda h, r, p: h.seat == 27 + n and 27 + n in r.set_tiles


def _round(n: int) -> Rule:
    return lambda h, r, p: h.round == 27 + n and 27 + n in r.set_tiles


STANDARD = Form.STANDARD
# enum members as module constants: the hot loops below look them up per block
SEQUENCE, TRIPLET, PAIR = BlockKind.SEQUENCE, BlockKind.TRIPLET, BlockKind.PAIR
RYANMEN = WaitShape.RYANMEN

#: One row per yaku, in Tenhou id order: (yaku, closed han, open han (0 = closed only),
#: level, rule). The level says what the rule reads, so it runs once per hand, per
#: reading or per placement. Upgrades are rows of ``REPLACES``; a yakuman removing
#: ordinary yaku and dora is done by ``mjasp.scoring.api.make_score``.
YAKU: tuple[tuple[Yaku, int, int, str, Rule], ...] = (
    # 門前清自摸和: a closed hand won by tsumo
    (Yaku.MENZEN_TSUMO, 1, 0, "hand", lambda h, r, p: h.win.tsumo),
    # 立直 (double riichi is its own row)
    (Yaku.RIICHI, 1, 0, "hand", lambda h, r, p: h.win.riichi == 1),
    (Yaku.IPPATSU, 1, 0, "hand", lambda h, r, p: h.win.ippatsu),  # 一発
    (Yaku.CHANKAN, 1, 1, "hand", lambda h, r, p: h.win.chankan),  # 槍槓
    (Yaku.RINSHAN, 1, 1, "hand", lambda h, r, p: h.win.rinshan),  # 嶺上開花
    (Yaku.HAITEI, 1, 1, "hand", lambda h, r, p: h.win.haitei),  # 海底摸月
    (Yaku.HOUTEI, 1, 1, "hand", lambda h, r, p: h.win.houtei),  # 河底撈魚
    # 平和: four sequences, a pair of no value, a two-sided wait, closed
    (Yaku.PINFU, 1, 0, "placement", lambda h, r, p: p.pinfu),
    # 断幺九: no terminal or honor anywhere (open tanyao on Tenhou: kuitan ari)
    (Yaku.TANYAO, 1, 1, "hand",
     lambda h, r, p: h.kinds.isdisjoint(TERMINALS) and h.kinds.isdisjoint(HONORS)),
    (Yaku.IIPEIKOU, 1, 0, "reading", lambda h, r, p: r.peikou == 1),  # 一盃口
    # 自風 / 場風: a triplet or quad of the seat wind / the round wind (both for a double wind)
    (Yaku.SEAT_EAST, 1, 1, "reading", _seat(0)),
    (Yaku.SEAT_SOUTH, 1, 1, "reading", _seat(1)),
    (Yaku.SEAT_WEST, 1, 1, "reading", _seat(2)),
    (Yaku.SEAT_NORTH, 1, 1, "reading", _seat(3)),
    (Yaku.ROUND_EAST, 1, 1, "reading", _round(0)),
    (Yaku.ROUND_SOUTH, 1, 1, "reading", _round(1)),
    (Yaku.ROUND_WEST, 1, 1, "reading", _round(2)),
    (Yaku.ROUND_NORTH, 1, 1, "reading", _round(3)),
    # 役牌 白 發 中
    (Yaku.HAKU, 1, 1, "reading", lambda h, r, p: 31 in r.set_tiles),
    (Yaku.HATSU, 1, 1, "reading", lambda h, r, p: 32 in r.set_tiles),
    (Yaku.CHUN, 1, 1, "reading", lambda h, r, p: 33 in r.set_tiles),
    (Yaku.DOUBLE_RIICHI, 2, 0, "hand", lambda h, r, p: h.win.riichi == 2),  # 両立直
    # 七対子: 25 fu, see _fu
    (Yaku.CHIITOITSU, 2, 0, "reading", lambda h, r, p: r.form is Form.CHIITOITSU),
    # 混全帯幺九 / 一気通貫 / 三色同順: one han less when open (kuisagari)
    (Yaku.CHANTA, 2, 1, "reading", lambda h, r, p: _chanta(h, r)),
    (Yaku.ITTSU, 2, 1, "reading", lambda h, r, p: _ittsu(r)),
    (Yaku.SANSHOKU, 2, 1, "reading", lambda h, r, p: _sanshoku(r)),
    (Yaku.SANSHOKU_DOUKOU, 2, 2, "reading", lambda h, r, p: _sanshoku_doukou(r)),  # 三色同刻
    (Yaku.SANKANTSU, 2, 2, "hand", lambda h, r, p: h.quads == 3),  # 三槓子
    # 対々和: four triplets or quads
    (Yaku.TOITOI, 2, 2, "reading", lambda h, r, p: r.form is STANDARD and len(r.sets) == 4),
    # 三暗刻: three concealed triplets or quads (a triplet completed by ron is open)
    (Yaku.SANANKOU, 2, 2, "placement", lambda h, r, p: p.concealed_sets == 3),
    # 小三元: two dragon triplets and a dragon pair
    (Yaku.SHOUSANGEN, 2, 2, "reading",
     lambda h, r, p: len(r.set_tiles & DRAGONS) == 2 and r.pair in DRAGONS),
    # 混老頭: terminals and honors only (toitoi or chiitoitsu beside it)
    (Yaku.HONROUTOU, 2, 2, "hand", lambda h, r, p: h.kinds <= TERMINALS_HONORS),
    (Yaku.RYANPEIKOU, 3, 0, "reading", lambda h, r, p: r.peikou == 2),  # 二盃口
    (Yaku.JUNCHAN, 3, 2, "reading", lambda h, r, p: _junchan(h, r)),  # 純全帯幺九
    # 混一色 / 清一色: one number suit, with / without honors
    (Yaku.HONITSU, 3, 2, "hand",
     lambda h, r, p: h.suits == 1 and h.honors),
    (Yaku.CHINITSU, 6, 5, "hand",
     lambda h, r, p: h.suits == 1 and not h.honors),
    # 人和 (36) is not played on Tenhou: no row
    (Yaku.TENHOU, 13, 13, "hand", lambda h, r, p: h.win.tenhou),  # 天和
    (Yaku.CHIIHOU, 13, 13, "hand", lambda h, r, p: h.win.chiihou),  # 地和
    (Yaku.DAISANGEN, 13, 13, "reading", lambda h, r, p: len(r.set_tiles & DRAGONS) == 3),  # 大三元
    # 四暗刻 / 四暗刻単騎: four concealed triplets; single yakuman on Tenhou even when tanki
    (Yaku.SUUANKOU, 13, 13, "placement", lambda h, r, p: p.concealed_sets == 4),
    (Yaku.SUUANKOU_TANKI, 13, 13, "placement",
     lambda h, r, p: p.concealed_sets == 4 and p.wait is WaitShape.TANKI),
    (Yaku.TSUUIISOU, 13, 13, "hand", lambda h, r, p: h.kinds <= HONORS),  # 字一色
    (Yaku.RYUUIISOU, 13, 13, "hand", lambda h, r, p: h.kinds <= GREEN),  # 緑一色
    (Yaku.CHINROUTOU, 13, 13, "hand", lambda h, r, p: h.kinds <= TERMINALS),  # 清老頭
    # 九蓮宝燈 / 純正九蓮宝燈: closed, no kan, 1112345678999 plus one of the suit
    (Yaku.CHUUREN, 13, 13, "hand", lambda h, r, p: _chuuren(h)),
    (Yaku.JUNSEI_CHUUREN, 13, 13, "hand", lambda h, r, p: _junsei(h)),
    # 国士無双 / 十三面: the thirteen-sided wait is a single yakuman on Tenhou
    (Yaku.KOKUSHI, 13, 13, "reading", lambda h, r, p: r.form is Form.KOKUSHI),
    (Yaku.KOKUSHI_13, 13, 13, "placement", lambda h, r, p: p.wait is WaitShape.KOKUSHI_13),
    # 大四喜 / 小四喜: four wind triplets / three and a wind pair
    (Yaku.DAISUUSHII, 13, 13, "reading", lambda h, r, p: len(r.set_tiles & WIND_TILES) == 4),
    (Yaku.SHOUSUUSHII, 13, 13, "reading",
     lambda h, r, p: len(r.set_tiles & WIND_TILES) == 3 and r.pair in WIND_TILES),
    (Yaku.SUUKANTSU, 13, 13, "hand", lambda h, r, p: h.quads == 4),  # 四槓子
)


def _seven_pairs_run(h: HandFacts, base: Tile) -> bool:
    # 22334455667788 of one suit, no meld: closed only (https://riichi.wiki/Daisharin)
    counts = h.counts
    return h.melds_closed and all(counts[base + i] == 2 for i in range(1, 8))


def _sanrenkou(r: ReadingFacts) -> bool:
    # three triplets or quads of consecutive numbers in one suit (e.g. 333m 444m 555m)
    s = r.set_tiles
    return len(s) >= 3 and any(t + 1 in s and t + 2 in s for t in s if t < 27 and t % 9 < 7)


#: Rows that only some rules play, in ``YAKU``'s format, by ``Rules`` option value:
#: renhou (``Rules.renhou``: "mangan" is a 5-han yaku adding up with the others, as in
#: the WRC rules, https://ooyamaneko.net/en/mahjong/bookcmp/view.php?book=WRC_2015 §6.5.4;
#: or a yakuman; https://riichi.wiki/Renhou) and the local yaku of ``Rules.local_yaku``
#: (https://riichi.wiki/Optional_yaku).
VARIANT_ROWS: dict[str, tuple[Yaku, int, int, str, Rule]] = {
    # 人和: a non-dealer's ron before their first draw (closed: no call came before it)
    "renhou:mangan": (Yaku.RENHOU, 5, 0, "hand", lambda h, r, p: h.win.renhou),
    "renhou:yakuman": (Yaku.RENHOU, 13, 0, "hand", lambda h, r, p: h.win.renhou),
    # 大車輪 / 大竹林 / 大数隣: 22334455667788 in pin / sou / man, a yakuman
    "daisharin": (Yaku.DAISHARIN, 13, 0, "hand", lambda h, r, p: _seven_pairs_run(h, 9)),
    "daichikurin": (Yaku.DAICHIKURIN, 13, 0, "hand", lambda h, r, p: _seven_pairs_run(h, 18)),
    "daisuurin": (Yaku.DAISUURIN, 13, 0, "hand", lambda h, r, p: _seven_pairs_run(h, 0)),
    # 三連刻: 2 han, open or closed
    "sanrenkou": (Yaku.SANRENKOU, 2, 2, "reading", lambda h, r, p: _sanrenkou(r)),
}


@functools.lru_cache(maxsize=RULES_CACHED)
def yaku_table(rules: Rules) -> tuple[tuple[Yaku, int, int, str, Rule], ...]:
    """``YAKU`` under ``rules``: open tanyao off, double yakuman at 26 han, and the rows of
    ``VARIANT_ROWS`` the rules play, in Tenhou id order (local yaku last).

    >>> from mjasp.rules import RULES
    >>> [row[:3] for row in yaku_table(RULES["mahjongsoul"]) if row[0] is Yaku.KOKUSHI_13]
    [(<Yaku.KOKUSHI_13: 48>, 26, 26)]
    """
    extra = [VARIANT_ROWS[name] for name in sorted(rules.local_yaku)]
    if rules.renhou != "none":
        extra.append(VARIANT_ROWS[f"renhou:{rules.renhou}"])
    rows = []
    for yaku, closed_han, open_han, level, rule in (*YAKU, *extra):
        if yaku is Yaku.TANYAO and not rules.open_tanyao:
            open_han = 0  # kuitan nashi
        if yaku.name.lower() in rules.double_yakuman:
            closed_han, open_han = 2 * closed_han, 2 * open_han
        rows.append((yaku, closed_han, open_han, level, rule))
    return tuple(sorted(rows, key=lambda row: row[0].value))

#: Upgrades: the first replaces the second when both hold.
REPLACES: dict[Yaku, Yaku] = {
    Yaku.DOUBLE_RIICHI: Yaku.RIICHI, Yaku.RYANPEIKOU: Yaku.IIPEIKOU,
    Yaku.JUNCHAN: Yaku.CHANTA, Yaku.CHINITSU: Yaku.HONITSU,
    Yaku.SUUANKOU_TANKI: Yaku.SUUANKOU, Yaku.JUNSEI_CHUUREN: Yaku.CHUUREN,
    Yaku.KOKUSHI_13: Yaku.KOKUSHI, Yaku.DAISUUSHII: Yaku.SHOUSUUSHII,
}

#: Speed gates, not rules: these yaku cannot hold in a hand without an honor, or in a
#: situation without its flag, so their rows are not even asked there ...
NEEDS_HONOR = frozenset((Yaku.CHANTA, Yaku.HONITSU, Yaku.TSUUIISOU))
#: ... these a triplet or quad of an honor in the reading ...
NEEDS_HONOR_SET = frozenset((
    Yaku.SEAT_EAST, Yaku.SEAT_SOUTH, Yaku.SEAT_WEST, Yaku.SEAT_NORTH, Yaku.ROUND_EAST,
    Yaku.ROUND_SOUTH, Yaku.ROUND_WEST, Yaku.ROUND_NORTH, Yaku.HAKU, Yaku.HATSU, Yaku.CHUN,
    Yaku.SHOUSANGEN, Yaku.DAISANGEN, Yaku.DAISUUSHII, Yaku.SHOUSUUSHII))
#: ... and a seat (round) wind yaku only the seat (round) wind of the win.
SEAT_YAKU = (Yaku.SEAT_EAST, Yaku.SEAT_SOUTH, Yaku.SEAT_WEST, Yaku.SEAT_NORTH)
ROUND_YAKU = (Yaku.ROUND_EAST, Yaku.ROUND_SOUTH, Yaku.ROUND_WEST, Yaku.ROUND_NORTH)
NEEDS_FLAG = frozenset((
    Yaku.RIICHI, Yaku.IPPATSU, Yaku.CHANKAN, Yaku.RINSHAN, Yaku.HAITEI, Yaku.HOUTEI,
    Yaku.DOUBLE_RIICHI, Yaku.TENHOU, Yaku.CHIIHOU, Yaku.RENHOU))
#: ... and these need a hand of at most one number suit, or three kans.
NEEDS_ONE_SUIT = frozenset((
    Yaku.HONITSU, Yaku.CHINITSU, Yaku.TSUUIISOU, Yaku.RYUUIISOU, Yaku.CHUUREN,
    Yaku.JUNSEI_CHUUREN, Yaku.DAISHARIN, Yaku.DAICHIKURIN, Yaku.DAISUURIN))
NEEDS_KANS = frozenset((Yaku.SANKANTSU, Yaku.SUUKANTSU))
#: ... and these need at least two triplets or quads, or two sequences, in the reading.
NEEDS_SETS = frozenset((
    Yaku.SANSHOKU_DOUKOU, Yaku.TOITOI, Yaku.SANANKOU, Yaku.SHOUSANGEN, Yaku.DAISANGEN,
    Yaku.SUUANKOU, Yaku.SUUANKOU_TANKI, Yaku.DAISUUSHII, Yaku.SHOUSUUSHII, Yaku.SANRENKOU))
NEEDS_SEQUENCES = frozenset((
    Yaku.PINFU, Yaku.IIPEIKOU, Yaku.ITTSU, Yaku.SANSHOKU, Yaku.RYANPEIKOU))
#: ScoredReading and placement rows that belong to one form only (the others: standard only).
FORM_OF = {Yaku.CHIITOITSU: Form.CHIITOITSU, Yaku.KOKUSHI: Form.KOKUSHI,
           Yaku.KOKUSHI_13: Form.KOKUSHI}
_Rows = tuple[tuple[YakuItem, Rule], ...]


@functools.lru_cache(maxsize=RULES_CACHED * 256)
def _rows(rules: Rules, level: str, closed: bool, honors: bool, flags: bool,
          form: Form | None = None, sets: bool = True, sequences: bool = True,
          one_suit: bool = True, kans: bool = True, honor_sets: bool = True, seat: Tile = 27,
          round_wind: Tile = 27) -> _Rows:
    """The rows of a level that can hold under ``rules``, each with its item made once."""
    gates = ((honors, NEEDS_HONOR), (flags, NEEDS_FLAG), (sets, NEEDS_SETS),
             (sequences, NEEDS_SEQUENCES), (one_suit, NEEDS_ONE_SUIT), (kans, NEEDS_KANS),
             (honor_sets, NEEDS_HONOR_SET))
    other_winds = ({y for i, y in enumerate(SEAT_YAKU) if 27 + i != seat}
                   | {y for i, y in enumerate(ROUND_YAKU) if 27 + i != round_wind})
    return tuple(
        (YakuItem(yaku, closed_han if closed else open_han), rule)
        for yaku, closed_han, open_han, at, rule in yaku_table(rules)
        if at == level and (closed_han if closed else open_han)
        and all(open_gate or yaku not in needs for open_gate, needs in gates)
        and (form is None or FORM_OF.get(yaku, STANDARD) is form)
        and (level != "reading" or yaku not in other_winds))


def _upgrade(items: list[YakuItem]) -> list[YakuItem]:
    present = {i.yaku for i in items}
    if present.isdisjoint(REPLACES):
        return items
    dropped = {REPLACES[y] for y in present if y in REPLACES}
    return [i for i in items if i.yaku not in dropped]


# -- facts ------------------------------------------------------------------------------

def _hand_facts(hand: Hand, win: Win) -> HandFacts:
    melds = hand.melds
    closed = True
    quads = 0
    counts: Sequence[int]
    if melds:
        total = list(hand.counts)
        counts = total
        for meld in melds:
            tile, kind = meld.tile, meld.kind
            if kind is MeldKind.CHI:
                total[tile] += 1
                total[tile + 1] += 1
                total[tile + 2] += 1
                closed = False
            elif kind is MeldKind.PON:
                total[tile] += 3
                closed = False
            else:
                total[tile] += 4
                quads += 1
                closed = closed and kind is MeldKind.ANKAN
    else:
        counts = hand.counts  # read only from here on
    kinds = frozenset(compress(range(NUM_KINDS), counts))
    # positional: keyword arguments cost twice as much, and this runs once per hand
    return HandFacts(
        win, win.kind, closed, kinds, quads,
        _WIND_TILE[win.seat_wind], _WIND_TILE[win.round_wind], counts, not melds,
        # set tests on the kinds: cheaper than slicing the counts four times
        (not kinds.isdisjoint(_MAN)) + (not kinds.isdisjoint(_PIN))
        + (not kinds.isdisjoint(_SOU)), not kinds.isdisjoint(HONORS),
        bool(win.riichi or win.ippatsu or win.chankan or win.rinshan or win.haitei
             or win.houtei or win.tenhou or win.chiihou or win.renhou))


_WIND_TILE = {w: 27 + i for i, w in enumerate(WINDS)}
_MAN, _PIN, _SOU = (frozenset(range(base, base + 9)) for base in (0, 9, 18))


def _dora(hand: Hand, win: Win, counts: Sequence[int], rules: Rules) -> list[YakuItem]:
    """Dora, ura dora (with riichi only), red fives and north tiles set aside (three
    players), each item's han its count."""
    found = []
    # kinds not in the set are skipped: with 2m-8m removed a 1m indicator shows 9m
    # (https://riichi.wiki/Sanma)
    dora_of = _dora_table(rules.removed_kinds) if rules.removed_kinds else DORA_OF
    if win.north_dora:
        # north tiles set aside are the winner's tiles: a west indicator makes each a dora
        # too (https://riichi.wiki/Sanma "North tiles": kita counts as two dora)
        counts = list(counts)
        counts[30] += win.north_dora
    # every indicator counts, a repeated one twice; tiles in melds and quads count too
    n = 0
    for t in win.dora_indicators:
        n += counts[dora_of[t] if t in dora_of else _dora_of(t, rules)]
    if n:
        found.append(YakuItem(Yaku.DORA, n))
    if win.riichi:
        n = 0
        for t in win.ura_indicators:
            n += counts[dora_of[t] if t in dora_of else _dora_of(t, rules)]
        if n:
            found.append(YakuItem(Yaku.URA_DORA, n))
    red = sum(hand.red) + (sum(m.red for m in hand.melds) if hand.melds else 0)
    if red:
        found.append(YakuItem(Yaku.AKA_DORA, red))
    if win.north_dora:
        found.append(YakuItem(Yaku.NUKIDORA, win.north_dora))
    return found


def _dora_of(indicator: str, rules: Rules) -> Tile:
    return next_kind(tile_kind(indicator), rules.removed_kinds)


def next_kind(indicator: Tile, removed: tuple[Tile, ...] = ()) -> Tile:
    """The dora an indicator shows: the next kind in the set, cyclically (9→1, N→E,
    Rd→Wh), kinds ``removed`` from the set skipped (three players: 1m shows 9m)."""
    dora = indicator
    while True:
        if dora < 27:
            dora = dora // 9 * 9 + (dora % 9 + 1) % 9
        elif dora < 31:
            dora = 27 + (dora - 27 + 1) % 4
        else:
            dora = 31 + (dora - 31 + 1) % 3
        if dora not in removed or dora == indicator:
            return dora


@functools.cache
def _dora_table(removed: tuple[Tile, ...]) -> dict[str, Tile]:
    """The dora of every usual indicator name when ``removed`` kinds are not in the set."""
    return {name: next_kind(kind, removed) for name, kind in KINDS.items()}


DORA_OF = {name: next_kind(kind) for name, kind in KINDS.items()}


def _reading_facts(decomposition: Decomposition) -> ReadingFacts:
    sequences = []
    sets = []
    pair = None
    for block in decomposition.blocks:
        if block.kind is SEQUENCE:
            sequences.append(block.tile)
        elif block.kind is TRIPLET:
            sets.append((block.tile, False, True))
        elif block.kind is PAIR:
            pair = block.tile
    for meld in decomposition.melds:
        if meld.kind is MeldKind.CHI:
            sequences.append(meld.tile)
        else:
            sets.append((meld.tile, meld.kind >= MeldKind.KAN, meld.kind is MeldKind.ANKAN))
    if decomposition.form is not STANDARD:
        pair = None
    distinct = set(sequences)
    peikou = 0 if len(distinct) == len(sequences) else sum(
        sequences.count(t) // 2 for t in distinct)
    return ReadingFacts(decomposition, decomposition.form, sequences, sets, pair,
                        frozenset([t for t, _, _ in sets]), peikou)


def _shape(block: Block, tile: Tile) -> WaitShape:
    """The wait of a standard-form block completed by ``tile``."""
    if block.kind is TRIPLET:
        return WaitShape.SHANPON
    if block.kind is PAIR:
        return WaitShape.TANKI
    if tile == block.tile + 1:
        return WaitShape.KANCHAN
    # 12 waiting on 3 and 89 waiting on 7 are edge waits; the rest two-sided
    if (tile == block.tile + 2 and block.tile % 9 == 0) or (
            tile == block.tile and block.tile % 9 == 6):
        return WaitShape.PENCHAN
    return WaitShape.RYANMEN


def _value_of_pair(h: HandFacts, tile: Tile) -> int:
    """Fu of a pair: 2 for a dragon, 2 for the seat wind, 2 for the round wind (4 if both)."""
    return 2 * ((tile in DRAGONS) + (tile == h.seat) + (tile == h.round))


def _placements(h: HandFacts, r: ReadingFacts) -> list[Placement]:
    tile = h.tile
    if r.form is Form.KOKUSHI:
        pair = next(b.tile for b in r.decomposition.blocks if b.kind is BlockKind.PAIR)
        wait = WaitShape.KOKUSHI_13 if pair == tile else WaitShape.KOKUSHI
        return [Placement(Block(BlockKind.SINGLE, tile), wait, 0, False)]
    if r.form is Form.CHIITOITSU:
        return [Placement(Block(BlockKind.PAIR, tile), WaitShape.TANKI, 0, False)]
    concealed = [c for _, _, c in r.sets].count(True)
    # pinfu's hand-level part: closed without any meld, four sequences, a pair of no value
    pinfu_shape = (h.melds_closed and len(r.sequences) == 4 and r.pair is not None
                   and not _value_of_pair(h, r.pair))
    found = []
    previous = None
    # the blocks are in canonical order, so equal blocks are neighbours
    for block in r.decomposition.blocks:
        # cheap test first: most blocks do not hold the winning tile
        if not (block.tile <= tile <= block.tile + 2 if block.kind is SEQUENCE
                else block.tile == tile) or block == previous:
            continue
        previous = block
        wait = _shape(block, tile)
        # a triplet completed by a discard counts as open (minkou) for fu and sanankou
        opened = block.kind is TRIPLET and not h.win.tsumo
        found.append(Placement(block, wait, concealed - opened,
                               pinfu_shape and wait is RYANMEN))
    return found


def _fu(h: HandFacts, r: ReadingFacts, p: Placement,
        double_wind_fu: int = 4) -> list[tuple[str, int]]:
    """The fu parts of a candidate (reasons from ``mjasp.scoring.api.FU_REASONS``);
    ``double_wind_fu``: a pair of the seat and round wind at once (``Rules.double_wind_fu``)."""
    if r.form is not STANDARD:
        return [("chiitoitsu", 25)] if r.form is Form.CHIITOITSU else []
    parts = [("base", 20)]
    if h.closed and not h.win.tsumo:
        parts.append(("menzen ron", 10))
    if h.win.tsumo and not p.pinfu:
        parts.append(("tsumo", 2))  # rinshan kaihou keeps it on Tenhou
    if p.wait in _WAIT_FU:
        parts.append((_WAIT_FU[p.wait], 2))
    if r.pair is not None and _value_of_pair(h, r.pair):
        # 4 only for a double wind (a dragon is no wind): some rules give it 2
        parts.append(("yakuhai pair", min(_value_of_pair(h, r.pair), double_wind_fu)))
    # a triplet completed by a discard counts as open (minkou)
    by_ron = p.block.tile if p.block.kind is BlockKind.TRIPLET and not h.win.tsumo else None
    for tile, quad, concealed in r.sets:
        closed = concealed and tile != by_ron
        parts.append(_SET_FU[quad, closed, tile in TERMINALS or tile >= 27])
    if not h.closed and len(parts) == 1:
        parts.append(("open pinfu", 10))  # an open hand with nothing but the base 20
    return parts


def _set_fu(quad: bool, closed: bool, edge: bool) -> tuple[str, int]:
    """Reason and fu of a triplet or quad: 2, doubled for closed, for a terminal or honor,
    and twice more for a quad (2 to 32)."""
    reason = (f"{'closed' if closed else 'open'} {'quad' if quad else 'triplet'}"
              f"{' terminal/honor' if edge else ''}")
    return reason, 2 << (2 * quad + closed + edge)


_SET_FU = {(q, c, e): _set_fu(q, c, e) for q in (False, True) for c in (False, True)
           for e in (False, True)}


_WAIT_FU = {WaitShape.KANCHAN: "kanchan wait", WaitShape.PENCHAN: "penchan wait",
            WaitShape.TANKI: "tanki wait"}


#: the reading and placement rows of each reading's gates (``candidates``), one lookup,
#: by rules
_READING_ROWS: dict[Rules, dict[tuple[object, ...], tuple[_Rows, _Rows]]] = {}
#: the hand rows of each hand's gates: a plain dict of a short key, not functools' wrapper
_HAND_ROWS: dict[Rules, dict[tuple[bool, ...], _Rows]] = {}


def cached_rules() -> int:
    """How many rule sets the caches keyed by ``Rules`` hold now (at most RULES_CACHED).

    >>> 0 <= cached_rules() <= RULES_CACHED
    True
    """
    return max(len(_HAND_ROWS), len(_READING_ROWS), yaku_table.cache_info().currsize)


def candidates(hand: Hand, win: Win, rules: Rules,
               readings: Sequence[Decomposition] | None = None) -> list[Score]:
    """Every candidate score of a checked hand and situation (see ``mjasp.score``);
    ``readings``: the hand's readings when the caller has them already."""
    h = _hand_facts(hand, win)
    hand_cache = _HAND_ROWS.get(rules)
    if hand_cache is None:
        if len(_HAND_ROWS) >= RULES_CACHED:  # a caller making new Rules per hand: stay small
            _HAND_ROWS.clear()
            _READING_ROWS.clear()
        hand_cache = _HAND_ROWS[rules] = {}
        _READING_ROWS[rules] = {}
    reading_cache = _READING_ROWS[rules]
    double_wind_fu = rules.double_wind_fu
    hand_key = (h.closed, h.honors, h.flags, h.suits <= 1, h.quads >= 3)
    hand_rows = hand_cache.get(hand_key)
    if hand_rows is None:
        hand_rows = hand_cache[hand_key] = _rows(rules, "hand", h.closed, h.honors, h.flags,
                                                 None, True, True, h.suits <= 1, h.quads >= 3)
    # the rules of hand rows read no reading or placement
    hand_items = [item for item, rule in hand_rows if rule(h, None, None)]  # type: ignore[arg-type]
    hand_items += _dora(hand, win, h.counts, rules)
    found = []
    if readings is None:
        readings = winning_readings(hand, rules)
    for decomposition in readings:
        r = _reading_facts(decomposition)
        # what picks the rows: two sets, two sequences, an honor set (and the hand's gates)
        honor_set = h.honors and max(r.set_tiles, default=0) >= 27
        # Form is a StrEnum: it hashes as its str, in C
        key = (h.closed, h.honors, h.flags, r.form, len(r.sets) >= 2,
               len(r.sequences) >= 2, honor_set, h.seat, h.round)
        both = reading_cache.get(key)
        if both is None:
            # positional, in _rows' order: the hand-level gates left open
            gates = (h.closed, h.honors, h.flags, r.form, len(r.sets) >= 2,
                     len(r.sequences) >= 2, True, True, honor_set, h.seat, h.round)
            both = reading_cache[key] = (_rows(rules, "reading", *gates),
                                         _rows(rules, "placement", *gates))
        reading_rows, placement_rows = both
        reading_items = hand_items + [item for item, rule in reading_rows
                                      if rule(h, r, None)]  # type: ignore[arg-type]
        for p in _placements(h, r):
            items = _upgrade(reading_items + [item for item, rule in placement_rows
                                              if rule(h, r, p)])
            found.append(make_score(items, _fu(h, r, p, double_wind_fu),
                                    ScoredReading(decomposition, p.block, p.wait), win, rules))
    return found


__all__ = ["FORM_OF", "NEEDS_FLAG", "NEEDS_HONOR", "NEEDS_HONOR_SET", "NEEDS_KANS",
           "NEEDS_ONE_SUIT", "NEEDS_SEQUENCES", "NEEDS_SETS", "REPLACES", "VARIANT_ROWS", "YAKU",
           "candidates", "yaku_table"]
