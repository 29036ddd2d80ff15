"""The direct scoring engine: every reading × every placement of the winning tile, in Python.

Facts are computed at three levels, each once: the hand (situation, tile set, dora),
each reading (its blocks), each placement of the winning tile (wait, pinfu, which
triplets stay concealed). A yaku is one record of ``YAKU`` (:class:`YakuRule`: its han
closed and open, the level it reads, the forms it applies to, what it replaces, its
gates, the option that plays it, its predicate), in Tenhou id order, so the table reads
side by side with ``encodings/scoring/``. Everything else about yaku is derived from the
records: the upgrades (``REPLACES``), the speed gates (``NEEDS``: a record is not even
asked where a cheap fact rules it out), the local yaku (``LOCAL_YAKU_RULES``), and the
ASP id table (:func:`yaku_ids_program`). Adding a local yaku is one record here and one
``encodings/scoring/variants/NAME.lp``. Fu are :func:`_fu`; limits, points and payments
are ``mjasp.rules.scorecard.make_score`` and ``mjasp.rules.points``, shared with the ASP engine.

Rule sources (Tenhou): https://tenhou.net/man/#RULE and the yaku list of
https://riichi.wiki/List_of_yaku (kuisagari, upgrades), fu from
https://riichi.wiki/Fu (pinfu tsumo 20, open pinfu 30, double-wind pair 4 on Tenhou).
Other rules (``mjasp.rules.Rules``) change the table by :func:`yaku_table`: open tanyao
off, double yakuman (26 han), renhou and the local yaku (records with an ``option``);
and the fu of a double-wind pair (``Rules.double_wind_fu``).

>>> from mjasp.core.hand import Hand
>>> from mjasp.rules import find_rules
>>> from mjasp.core.win import Win
>>> found = candidates(Hand.parse("455556m222p888s11z"), Win("5m", seat_wind="S"), find_rules())
>>> [(str(s.reading.win_block), s.points) for s in found if s.reading]  # 555m stays closed
[('456m', 3200), ('555m', 0)]
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import compress
from typing import Any

from mjasp.core.blocks import Block, BlockKind, Decomposition, Form, WaitShape, wait_shape
from mjasp.core.errors import HandError
from mjasp.core.hand import Hand, MeldKind, with_melds
from mjasp.core.tiles import NUM_KINDS, Tile, tile_kind
from mjasp.core.win import KINDS, WINDS, Win
from mjasp.core.yaku import CustomYaku, Yaku
from mjasp.rules import RULES_CACHED, Rules, scorecard
from mjasp.rules.scorecard import (
    Score,
    YakuItem,
    count_items,
    fu_rounded,
    han_fu,
    make_score_merged,
)
from mjasp.solvers import kernel
from mjasp.solvers.lookup import PAIR_BLOCKS, SINGLE_BLOCKS, winning_readings

TERMINALS = frozenset((0, 8, 9, 17, 18, 26))
HONORS = frozenset(range(27, 34))
TERMINALS_HONORS = TERMINALS | HONORS
WIND_TILES = frozenset(range(27, 31))
DRAGONS = frozenset((31, 32, 33))
#: ryuuiisou: 2s 3s 4s 6s 8s and the green dragon (6z); Tenhou does not require hatsu
GREEN = frozenset((19, 20, 21, 23, 25, 32))
#: junsei chuuren: the nine-sided wait 1112345678999 of one suit (before the winning tile)
NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


# The three fact classes are dataclasses with their slots named (not ``slots=True``):
# compiled, scoring_direct.pxd makes each a typed extension type, whose fields the
# engine's compiled code reads as C fields (Cython's dataclasses take no ``slots``).


@dataclass
class HandFacts:
    """What every candidate of a hand shares: the situation and the tile set."""

    __slots__ = ("closed", "counts", "flags", "honors", "kinds", "melds_closed", "quads", "round",
                 "seat", "suits", "tile", "win")
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
    # the situational flags (``FLAG_FIELDS``' values: riichi, ippatsu, … renhou), () when
    # none is set (most wins)
    flags: tuple[object, ...]


@dataclass
class ReadingFacts:
    """What every placement in one reading shares."""

    __slots__ = ("concealed", "decomposition", "form", "pair", "sequences", "set_tiles", "sets")
    decomposition: Decomposition
    form: Form
    sequences: list[Tile]  # lowest tile of every sequence, concealed and called
    # (tile, is_quad, concealed) of every triplet and quad, before the winning tile's placement
    sets: list[tuple[Tile, bool, bool]]
    pair: Tile | None
    set_tiles: frozenset[Tile]  # the tiles of the triplets and quads
    concealed: int  # the concealed ones of ``sets``


@dataclass
class Placement:
    """One candidate: a reading and the block the winning tile completes."""

    __slots__ = ("block", "concealed_sets", "pinfu", "wait")
    block: Block
    wait: WaitShape
    concealed_sets: int  # closed triplets and quads (a triplet completed by ron is open)
    pinfu: bool


Rule = Callable[[HandFacts, ReadingFacts, Placement], bool]


# -- reading-level helpers, each used by one or two records of the table ----------------

def _peikou(r: ReadingFacts) -> int:
    """Pairs of identical sequences in the reading: one for iipeikou, two for ryanpeikou."""
    sequences = sorted(r.sequences)  # equal sequences side by side
    pairs = 0
    at = 1
    while at < len(sequences):  # (loops here and below, not generators: no generator frame)
        if sequences[at] == sequences[at - 1]:  # a pair: neither is paired again
            pairs += 1
            at += 2
        else:
            at += 1
    return pairs


def _outside(h: HandFacts, r: ReadingFacts, p: Placement) -> bool:
    """Chanta's shape: a sequence, and every block holds a terminal or honor (sequences
    123 and 789; triplets, quads and the pair of a terminal or honor)."""
    if not r.sequences or r.pair not in TERMINALS_HONORS:  # (None is not in it)
        return False
    for t in r.sequences:  # a loop, not all(): no generator frame
        if t % 9 not in (0, 6):
            return False
    return r.set_tiles <= TERMINALS_HONORS


# (the helpers of one record take its rule's arguments: the record holds the helper itself,
# not a lambda around it, one call less)

def _ittsu(h: HandFacts, r: ReadingFacts, p: Placement) -> bool:
    s = r.sequences
    if len(s) < 3:
        return False
    return ((0 in s and 3 in s and 6 in s) or (9 in s and 12 in s and 15 in s)
            or (18 in s and 21 in s and 24 in s))


def _sanshoku(h: HandFacts, r: ReadingFacts, p: Placement) -> bool:
    s = r.sequences
    if len(s) >= 3:
        for low in s:  # a loop, not any(): no generator frame
            if low < 9 and low + 9 in s and low + 18 in s:
                return True
    return False


def _sanshoku_doukou(h: HandFacts, r: ReadingFacts, p: Placement) -> bool:
    s = r.set_tiles
    if len(s) >= 3:
        for n in s:  # a loop, not any(): no generator frame
            if n < 9 and n + 9 in s and n + 18 in s:
                return True
    return False


def _chuuren(h: HandFacts) -> bool:
    if not h.melds_closed or h.suits != 1 or h.honors:
        return False
    base = min(h.kinds) // 9 * 9
    counts = h.counts
    for i, n in enumerate(NINE_GATES):  # noqa: SIM110 (all() of a generator: a frame more)
        if counts[base + i] < n:
            return False
    return True


def _junsei(h: HandFacts) -> bool:
    # nine-sided: the hand without the winning tile is exactly 1112345678999
    if not _chuuren(h):
        return False
    base = h.tile // 9 * 9
    counts = h.counts
    for i, n in enumerate(NINE_GATES):  # noqa: SIM110 (as in _chuuren)
        if counts[base + i] - (base + i == h.tile) != n:
            return False
    return True


@dataclass(frozen=True, slots=True)
class YakuRule:
    """One yaku as data: the direct engine's whole statement of it.

    ``yaku`` names it (a :class:`~mjasp.core.yaku.Yaku`, or a :class:`~mjasp.core.yaku.CustomYaku`
    for a local yaku that has no Tenhou id); ``closed``/``opened`` are its han with a
    closed / an open hand (0: not played open); ``level`` says what ``rule`` reads — the
    hand alone ("hand"), the hand and the kind of its winning tile ("tile"), a reading, or
    one placement of the winning tile — so it runs once per hand, per winning tile, per
    reading or per placement; ``forms`` the forms of the reading it applies to
    (reading and placement rows); ``replaces`` the yaku it upgrades (both hold: this one
    scores); ``needs`` the cheap facts without which it cannot hold (``GATES``: the rule
    is not even asked there); ``seat``/``round_wind`` the wind a seat or round wind yaku
    is for; ``option`` the ``Rules`` field and value that play it (a local yaku,
    renhou), None for a yaku of every rule set.

    >>> rule = next(r for r in YAKU if r.yaku is Yaku.RYANPEIKOU)
    >>> rule.closed, rule.opened, rule.level, rule.replaces
    (3, 0, 'reading', <Yaku.IIPEIKOU: 9>)
    """

    yaku: Yaku | CustomYaku
    closed: int
    opened: int
    level: str
    rule: Rule
    needs: frozenset[str] = frozenset()
    forms: tuple[Form, ...] = (Form.STANDARD,)
    replaces: Yaku | None = None
    seat: Tile | None = None
    round_wind: Tile | None = None
    option: tuple[str, str] | None = None


#: The speed gates a rule may name in ``YakuRule.needs``: a fact of the hand or reading
#: without which the rule cannot hold. They decide nothing the rule does not: a gate
#: only spares asking it (the agreement tests run every rule against ASP).
#: The fields of a Win that the flag gates read, in the order of ``HandFacts.flags``.
FLAG_FIELDS = ("riichi", "ippatsu", "chankan", "rinshan", "haitei", "houtei", "tenhou",
               "chiihou", "renhou")
GATES = {
    "honor": "the hand holds an honor",
    "honor_set": "the reading has a triplet or quad of an honor",
    **{field: f"Win.{field} is set (riichi: 1 or 2)" for field in FLAG_FIELDS},
    "one_suit": "the hand uses at most one number suit",
    "kans": "the hand has three quads or more",
    "sets": "the reading has at least two triplets or quads",
    "sequences": "the reading has at least two sequences",
    "three_sets": "the reading has at least three triplets or quads",
    "four_sets": "the reading has four triplets or quads",
    "three_sequences": "the reading has at least three sequences",
    "dragon_set": "the reading has a triplet or quad of a dragon",
    "outside_pair": "the reading's pair is a terminal or honor",
    "all_simples": "the hand holds no terminal or honor",
    "no_simple": "the hand holds no simple (2 to 8 of a suit)",
    "no_honor": "the hand holds no honor",
}

STANDARD = Form.STANDARD
# enum members as module constants: the hot loops below look them up per block
# (in CPython 3.11 reading a member from its class runs EnumType's slow __getattr__ hook)
SEQUENCE, TRIPLET, PAIR = BlockKind.SEQUENCE, BlockKind.TRIPLET, BlockKind.PAIR
RYANMEN, TANKI = WaitShape.RYANMEN, WaitShape.TANKI
KOKUSHI_WAIT, KOKUSHI_13_WAIT = WaitShape.KOKUSHI, WaitShape.KOKUSHI_13
CHIITOITSU, KOKUSHI = Form.CHIITOITSU, Form.KOKUSHI
CHI, PON, KAN, ANKAN = MeldKind.CHI, MeldKind.PON, MeldKind.KAN, MeldKind.ANKAN
_HONOR, _HONOR_SET = frozenset({"honor"}), frozenset({"honor_set"})
_SETS, _SEQUENCES = frozenset({"sets"}), frozenset({"sequences"})
_ONE_SUIT, _KANS = frozenset({"one_suit"}), frozenset({"kans"})
_THREE_SETS, _THREE_SEQUENCES = frozenset({"three_sets"}), frozenset({"three_sequences"})
_DRAGON_SET, _OUTSIDE_PAIR = frozenset({"dragon_set"}), frozenset({"outside_pair"})
_ALL_SIMPLES, _NO_SIMPLE = frozenset({"all_simples"}), frozenset({"no_simple"})
_FOUR_SETS, _NO_HONOR = frozenset({"four_sets"}), frozenset({"no_honor"})
_WINDS = ("EAST", "SOUTH", "WEST", "NORTH")


def _holds_set(tile: Tile) -> Rule:
    """A triplet or quad of ``tile`` in the reading (a wind yaku: whose wind, the record
    says)."""
    return lambda h, r, p: tile in r.set_tiles


def _seven_pairs_run(h: HandFacts, base: Tile) -> bool:
    # 22334455667788 of one suit, no meld: closed only (https://riichi.wiki/Daisharin)
    counts = h.counts
    return h.melds_closed and all(counts[base + i] == 2 for i in range(1, 8))


def _sanrenkou(h: HandFacts, r: ReadingFacts, p: Placement) -> bool:
    # three triplets or quads of consecutive numbers in one suit (e.g. 333m 444m 555m)
    s = r.set_tiles
    return len(s) >= 3 and any(t + 1 in s and t + 2 in s for t in s if t < 27 and t % 9 < 7)


#: Every yaku mjasp plays, one record each, in Tenhou id order (local yaku last). The
#: upgrades are the ``replaces`` of the records; a yakuman removing ordinary yaku and
#: dora is done by ``mjasp.rules.scorecard.make_score``. Rows of ``option`` are played only
#: where the rules say so: renhou (``Rules.renhou``: "mangan" is a 5-han yaku adding up
#: with the others, as the WRC's 2014 errata had it; "mangan_alone" the same item, which
#: make_score keeps alone or drops, the WRC's later rules; or a yakuman;
#: https://riichi.wiki/Renhou) and the local yaku of ``Rules.local_yaku``
#: (https://riichi.wiki/Local_yaku).
YAKU: tuple[YakuRule, ...] = (
    # 門前清自摸和: a closed hand won by tsumo
    YakuRule(Yaku.MENZEN_TSUMO, 1, 0, "hand", lambda h, r, p: h.win.tsumo),
    # 立直 (double riichi is its own row: riichi is 1 or 2, never both)
    YakuRule(Yaku.RIICHI, 1, 0, "hand", lambda h, r, p: h.win.riichi == 1,
             frozenset({"riichi"})),
    YakuRule(Yaku.IPPATSU, 1, 0, "hand", lambda h, r, p: h.win.ippatsu,
             frozenset({"ippatsu"})),  # 一発
    YakuRule(Yaku.CHANKAN, 1, 1, "hand", lambda h, r, p: h.win.chankan,
             frozenset({"chankan"})),  # 槍槓
    YakuRule(Yaku.RINSHAN, 1, 1, "hand", lambda h, r, p: h.win.rinshan,
             frozenset({"rinshan"})),  # 嶺上開花
    YakuRule(Yaku.HAITEI, 1, 1, "hand", lambda h, r, p: h.win.haitei,
             frozenset({"haitei"})),  # 海底摸月
    YakuRule(Yaku.HOUTEI, 1, 1, "hand", lambda h, r, p: h.win.houtei,
             frozenset({"houtei"})),  # 河底撈魚
    # 平和: four sequences, a pair of no value, a two-sided wait, closed
    YakuRule(Yaku.PINFU, 1, 0, "placement", lambda h, r, p: p.pinfu,
             _THREE_SEQUENCES),
    # 断幺九: no terminal or honor anywhere (open tanyao on Tenhou: kuitan ari)
    YakuRule(Yaku.TANYAO, 1, 1, "hand", lambda h, r, p: h.kinds.isdisjoint(TERMINALS_HONORS),
             _ALL_SIMPLES),
    # 一盃口: two identical sequences (ryanpeikou, two such pairs, replaces it)
    YakuRule(Yaku.IIPEIKOU, 1, 0, "reading", lambda h, r, p: _peikou(r) >= 1, _SEQUENCES),
    # 自風 / 場風: a triplet or quad of the seat wind / the round wind (both for a double wind)
    *(YakuRule(Yaku[f"SEAT_{name}"], 1, 1, "reading", _holds_set(27 + n), _HONOR_SET,
               seat=27 + n) for n, name in enumerate(_WINDS)),
    *(YakuRule(Yaku[f"ROUND_{name}"], 1, 1, "reading", _holds_set(27 + n), _HONOR_SET,
               round_wind=27 + n) for n, name in enumerate(_WINDS)),
    # 役牌 白 發 中
    YakuRule(Yaku.HAKU, 1, 1, "reading", lambda h, r, p: 31 in r.set_tiles, _DRAGON_SET),
    YakuRule(Yaku.HATSU, 1, 1, "reading", lambda h, r, p: 32 in r.set_tiles, _DRAGON_SET),
    YakuRule(Yaku.CHUN, 1, 1, "reading", lambda h, r, p: 33 in r.set_tiles, _DRAGON_SET),
    YakuRule(Yaku.DOUBLE_RIICHI, 2, 0, "hand", lambda h, r, p: h.win.riichi == 2,  # 両立直
             frozenset({"riichi"})),
    # 七対子: 25 fu, see _fu
    YakuRule(Yaku.CHIITOITSU, 2, 0, "reading", lambda h, r, p: True,
             forms=(Form.CHIITOITSU,)),
    # 混全帯幺九 / 一気通貫 / 三色同順: one han less when open (kuisagari). Chanta: every
    # block holds a terminal or honor, with a sequence (junchan, without honors, replaces it)
    YakuRule(Yaku.CHANTA, 2, 1, "reading", _outside, _OUTSIDE_PAIR),
    YakuRule(Yaku.ITTSU, 2, 1, "reading", _ittsu, _THREE_SEQUENCES),
    YakuRule(Yaku.SANSHOKU, 2, 1, "reading", _sanshoku, _THREE_SEQUENCES),
    YakuRule(Yaku.SANSHOKU_DOUKOU, 2, 2, "reading",  # 三色同刻
             _sanshoku_doukou, _THREE_SETS),
    YakuRule(Yaku.SANKANTSU, 2, 2, "hand", lambda h, r, p: h.quads == 3, _KANS),  # 三槓子
    # 対々和: four triplets or quads
    YakuRule(Yaku.TOITOI, 2, 2, "reading", lambda h, r, p: len(r.sets) == 4, _FOUR_SETS),
    # 三暗刻: three concealed triplets or quads (a triplet completed by ron is open)
    YakuRule(Yaku.SANANKOU, 2, 2, "placement", lambda h, r, p: p.concealed_sets == 3,
             _THREE_SETS),
    # 小三元: two dragon triplets and a dragon pair
    YakuRule(Yaku.SHOUSANGEN, 2, 2, "reading",
             lambda h, r, p: len(r.set_tiles & DRAGONS) == 2 and r.pair in DRAGONS,
             _SETS | _DRAGON_SET),
    # 混老頭: terminals and honors only (toitoi or chiitoitsu beside it)
    YakuRule(Yaku.HONROUTOU, 2, 2, "hand", lambda h, r, p: h.kinds <= TERMINALS_HONORS,
             _NO_SIMPLE),
    YakuRule(Yaku.RYANPEIKOU, 3, 0, "reading", lambda h, r, p: _peikou(r) == 2,  # 二盃口
             _THREE_SEQUENCES, replaces=Yaku.IIPEIKOU),
    YakuRule(Yaku.JUNCHAN, 3, 2, "reading",  # 純全帯幺九
             lambda h, r, p: not h.honors and _outside(h, r, p), _NO_HONOR | _OUTSIDE_PAIR,
             replaces=Yaku.CHANTA),
    # 混一色 / 清一色: one number suit, with honors / without (chinitsu replaces honitsu)
    YakuRule(Yaku.HONITSU, 3, 2, "hand", lambda h, r, p: h.suits == 1, _ONE_SUIT),
    YakuRule(Yaku.CHINITSU, 6, 5, "hand", lambda h, r, p: h.suits == 1 and not h.honors,
             _ONE_SUIT | _NO_HONOR, replaces=Yaku.HONITSU),
    # 人和: a non-dealer's ron before their first draw (closed: no call came before it);
    # not played on Tenhou
    YakuRule(Yaku.RENHOU, 5, 0, "hand", lambda h, r, p: h.win.renhou,
             frozenset({"renhou"}),
             option=("renhou", "mangan")),
    # the WRC's: a mangan alone or the hand without it (make_score chooses)
    YakuRule(Yaku.RENHOU, 5, 0, "hand", lambda h, r, p: h.win.renhou,
             frozenset({"renhou"}),
             option=("renhou", "mangan_alone")),
    YakuRule(Yaku.RENHOU, 13, 0, "hand", lambda h, r, p: h.win.renhou,
             frozenset({"renhou"}),
             option=("renhou", "yakuman")),
    YakuRule(Yaku.TENHOU, 13, 13, "hand", lambda h, r, p: h.win.tenhou,
             frozenset({"tenhou"})),  # 天和
    YakuRule(Yaku.CHIIHOU, 13, 13, "hand", lambda h, r, p: h.win.chiihou,
             frozenset({"chiihou"})),  # 地和
    YakuRule(Yaku.DAISANGEN, 13, 13, "reading",  # 大三元
             lambda h, r, p: len(r.set_tiles & DRAGONS) == 3, _THREE_SETS | _DRAGON_SET),
    # 四暗刻 / 四暗刻単騎: four concealed triplets; single yakuman on Tenhou even when tanki
    YakuRule(Yaku.SUUANKOU, 13, 13, "placement", lambda h, r, p: p.concealed_sets == 4,
             _FOUR_SETS),
    YakuRule(Yaku.SUUANKOU_TANKI, 13, 13, "placement",
             lambda h, r, p: p.concealed_sets == 4 and p.wait is WaitShape.TANKI, _FOUR_SETS,
             replaces=Yaku.SUUANKOU),
    YakuRule(Yaku.TSUUIISOU, 13, 13, "hand", lambda h, r, p: h.kinds <= HONORS,  # 字一色
             _HONOR | _ONE_SUIT | _NO_SIMPLE),
    YakuRule(Yaku.RYUUIISOU, 13, 13, "hand", lambda h, r, p: h.kinds <= GREEN,  # 緑一色
             _ONE_SUIT),
    YakuRule(Yaku.CHINROUTOU, 13, 13, "hand", lambda h, r, p: h.kinds <= TERMINALS,  # 清老頭
             _NO_SIMPLE | _NO_HONOR),
    # 九蓮宝燈 / 純正九蓮宝燈: closed, no kan, 1112345678999 plus one of the suit
    YakuRule(Yaku.CHUUREN, 13, 13, "hand", lambda h, r, p: _chuuren(h),
             _ONE_SUIT | _NO_HONOR),
    YakuRule(Yaku.JUNSEI_CHUUREN, 13, 13, "tile", lambda h, r, p: _junsei(h),
             _ONE_SUIT | _NO_HONOR,
             replaces=Yaku.CHUUREN),
    # 国士無双 / 十三面: the thirteen-sided wait is a single yakuman on Tenhou
    YakuRule(Yaku.KOKUSHI, 13, 13, "reading", lambda h, r, p: True, forms=(Form.KOKUSHI,)),
    YakuRule(Yaku.KOKUSHI_13, 13, 13, "placement",
             lambda h, r, p: p.wait is WaitShape.KOKUSHI_13, forms=(Form.KOKUSHI,),
             replaces=Yaku.KOKUSHI),
    # 大四喜 / 小四喜: four wind triplets / three and a wind pair (never both: a wind pair
    # beside four wind triplets would be a fifth copy)
    YakuRule(Yaku.DAISUUSHII, 13, 13, "reading",
             lambda h, r, p: len(r.set_tiles & WIND_TILES) == 4, _FOUR_SETS | _HONOR_SET),
    YakuRule(Yaku.SHOUSUUSHII, 13, 13, "reading",
             lambda h, r, p: len(r.set_tiles & WIND_TILES) == 3 and r.pair in WIND_TILES,
             _THREE_SETS | _HONOR_SET),
    YakuRule(Yaku.SUUKANTSU, 13, 13, "hand", lambda h, r, p: h.quads == 4, _KANS),  # 四槓子
    # local yaku (Rules.local_yaku)
    # 大車輪 / 大竹林 / 大数隣: 22334455667788 in pin / sou / man, a yakuman
    YakuRule(Yaku.DAISHARIN, 13, 0, "hand", lambda h, r, p: _seven_pairs_run(h, 9), _ONE_SUIT,
             option=("local_yaku", "daisharin")),
    YakuRule(Yaku.DAICHIKURIN, 13, 0, "hand", lambda h, r, p: _seven_pairs_run(h, 18),
             _ONE_SUIT, option=("local_yaku", "daichikurin")),
    YakuRule(Yaku.DAISUURIN, 13, 0, "hand", lambda h, r, p: _seven_pairs_run(h, 0), _ONE_SUIT,
             option=("local_yaku", "daisuurin")),
    # 三連刻: 2 han, open or closed
    YakuRule(Yaku.SANRENKOU, 2, 2, "reading", _sanrenkou, _THREE_SETS,
             option=("local_yaku", "sanrenkou")),
    # 三風刻: three triplets or quads of winds, 2 han, open or closed (with a wind pair or a
    # fourth wind set it is shousuushii or daisuushii, a yakuman that removes it)
    YakuRule(CustomYaku("sanpuukou", "Three wind triplets", "三風刻"), 2, 2, "reading",
             lambda h, r, p: len(r.set_tiles & WIND_TILES) >= 3, _THREE_SETS | _HONOR_SET,
             option=("local_yaku", "sanpuukou")),
)


def _played(row: YakuRule, rules: Rules) -> bool:
    """Whether ``rules`` play the record: always, or where its option is set."""
    if row.option is None:
        return True
    field, value = row.option
    chosen = getattr(rules, field)
    return value in chosen if isinstance(chosen, frozenset) else bool(chosen == value)


@functools.lru_cache(maxsize=RULES_CACHED)
def yaku_table(rules: Rules) -> tuple[YakuRule, ...]:
    """The records ``rules`` play, each with its han under them: open tanyao off, double
    yakuman at 26 han, renhou and the local yaku where the rules name them.

    >>> from mjasp.rules import RULES
    >>> [(r.closed, r.opened) for r in yaku_table(RULES["mahjongsoul"])
    ...  if r.yaku is Yaku.KOKUSHI_13]
    [(26, 26)]
    """
    rows = []
    for row in YAKU:
        if not _played(row, rules):
            continue
        if row.yaku is Yaku.TANYAO and not rules.open_tanyao:
            row = dataclasses.replace(row, opened=0)  # kuitan nashi
        if row.yaku.name.lower() in rules.double_yakuman:
            row = dataclasses.replace(row, closed=2 * row.closed, opened=2 * row.opened)
        rows.append(row)
    return tuple(rows)


#: Upgrades, from the records: the first replaces the second when both hold.
REPLACES: dict[Yaku | CustomYaku, Yaku] = {
    row.yaku: row.replaces for row in YAKU if row.replaces is not None}
#: The yaku each gate of ``GATES`` rules out, from the records.
NEEDS: dict[str, frozenset[Yaku | CustomYaku]] = {
    gate: frozenset(row.yaku for row in YAKU if gate in row.needs) for gate in GATES}
#: The local yaku mjasp plays (``Rules.local_yaku``), from the records.
LOCAL_YAKU_RULES = {row.option[1]: row for row in YAKU
                    if row.option is not None and row.option[0] == "local_yaku"}


@dataclass
class Row:
    """A record as the engine asks it under one rules and one set of gates (``_rows``):
    its item, its rule, whether the item upgrades another (a key of ``REPLACES``: only a
    candidate holding one is handed to ``_upgrade``), and the item's ``_counted`` (han,
    yakuman han, an ordinary yaku). (Compiled, scoring_direct.pxd makes it an extension
    type: the loops read its fields as C fields, no tuple unpacked per row.)"""

    __slots__ = ("han", "item", "rule", "upgrades", "yaku", "yakuman")
    item: YakuItem
    rule: Rule
    upgrades: bool
    han: int
    yakuman: int
    yaku: bool


#: Rows of a level, in the records' order.
_Rows = tuple[Row, ...]


#: ASP names of the yaku whose name is not the member's name in lower case.
_ASP_NAMES = {Yaku.URA_DORA: "ura", Yaku.AKA_DORA: "aka"}


def yakuman_values_line() -> str:
    """The line of ``mjasp.core.yaku`` that says which yaku are yakuman (``Yaku.is_yakuman``),
    generated from the records: every yaku some record of which scores 13 han or more.

    >>> "47,48" in yakuman_values_line()
    True
    """
    values = sorted({row.yaku.value for row in YAKU
                     if isinstance(row.yaku, Yaku) and max(row.closed, row.opened) >= 13})
    return f"YAKUMAN_VALUES = frozenset({{{','.join(map(str, values))}}})"


def yaku_ids_program() -> str:
    """The text of ``encodings/scoring/yaku_ids.lp``, generated from ``mjasp.core.yaku.Yaku``
    and the records: every yaku's ASP name and id, which are yakuman, which are dora.

    >>> [line for line in yaku_ids_program().splitlines() if "(iipeikou," in line]
    ['yaku_id(iipeikou,9).']
    """
    ids = [f"yaku_id({_ASP_NAMES.get(y, y.name.lower())},{y.value})." for y in Yaku]
    # renhou is a yakuman only where its variant file says so (Rules.renhou)
    yakuman = [row.yaku.name.lower() for row in YAKU
               if row.closed >= 13 and isinstance(row.yaku, Yaku) and row.yaku.tenhou_id
               != Yaku.RENHOU.value]
    dora = [str(y.value) for y in Yaku if y.is_dora]
    return "\n".join([
        "% GENERATED by mjasp.solvers.scoring_direct.yaku_ids_program() from mjasp.core.yaku.Yaku",
        "% and the direct engine's records; do not edit (regenerate: python -m",
        "% mjasp.solvers.scoring_asp). tests/scoring/test_score_asp.py checks that it is current.",
        "%",
        "% yaku_id(Y,I)    yaku Y has id I: Tenhou's (the yaku= list of an AGARI tag in its",
        "%                 logs, https://github.com/NegativeMjark/tenhou-log#agari) for 0-54,",
        "%                 mjasp's own above (local yaku, north tiles set aside).",
        "% yakuman_yaku(Y) Y is a yakuman (renhou only where variants/renhou_yakuman.lp says",
        "%                 so; a custom yaku by its custom_yaku/4 fact).",
        "% dora_id(I)      I is dora, not a yaku: dora, ura, aka and north tiles.",
        "% custom_yaku(Y,E,J,K) INPUT, optional: a yaku named Y (a constant), E in English,",
        "%                 J in Japanese, K = yaku or yakuman; its file adds found(Y,H).",
        *ids,
        *(f"yakuman_yaku({name})." for name in yakuman),
        f"dora_id({';'.join(dora)}).",
        "#defined custom_yaku/4.",
        ""])




@functools.lru_cache(maxsize=RULES_CACHED * 256)
def _rows(rules: Rules, level: str, closed: bool, honors: bool, flags: tuple[object, ...] | None,
          form: Form | None = None, sets: bool = True, sequences: bool = True,
          one_suit: bool = True, kans: bool = True, honor_sets: bool = True, seat: Tile = 27,
          round_wind: Tile = 27, three_sets: bool = True, three_sequences: bool = True,
          dragon_set: bool = True, outside_pair: bool = True, all_simples: bool = True,
          no_simple: bool = True, four_sets: bool = True) -> _Rows:
    """The records of a level that can hold under ``rules`` and these facts (``GATES``;
    reading and placement rows: the form, the seat and round wind), each with its item
    made once and whether it upgrades another. ``flags``: ``HandFacts.flags`` (None: the
    flag gates left open)."""
    facts = {"honor": honors, "sets": sets, "sequences": sequences,
             "one_suit": one_suit, "kans": kans, "honor_set": honor_sets,
             "three_sets": three_sets, "three_sequences": three_sequences,
             "dragon_set": dragon_set, "outside_pair": outside_pair,
             "all_simples": all_simples, "no_simple": no_simple, "four_sets": four_sets,
             "no_honor": not honors}
    if flags is not None:
        facts.update(zip(FLAG_FIELDS, [bool(value) for value in flags or
                                       (False,) * len(FLAG_FIELDS)], strict=True))
    missing = frozenset(gate for gate, holds in facts.items() if not holds)
    rows = []
    for row in _level_table(rules, level):
        if ((row.closed if closed else row.opened)
                and missing.isdisjoint(row.needs)
                and (level in _HAND_LEVELS or (form in row.forms and row.seat in (None, seat)
                                         and row.round_wind in (None, round_wind)))):
            item = YakuItem(row.yaku, row.closed if closed else row.opened)
            han, yakuman, has_yaku = _counted([item])
            rows.append(Row(item, row.rule, row.yaku in REPLACES, han, yakuman, has_yaku))
    return tuple(rows)


#: The levels whose records read no reading: asked with the hand's gates only; and the
#: others.
_HAND_LEVELS, _READING_LEVELS = ("hand", "tile"), ("reading", "placement")


def _cached_rows(cache: dict[tuple[object, ...], tuple[_Rows, _Rows]], key: tuple[object, ...],
                 rules: Rules, levels: tuple[str, str], gates: tuple[Any, ...]
                 ) -> tuple[_Rows, _Rows]:
    """The rows of both ``levels`` under ``gates`` (``_rows``' arguments after the level),
    kept in ``cache`` at ``key``."""
    both = cache[key] = (_rows(rules, levels[0], *gates), _rows(rules, levels[1], *gates))
    return both


def _asked(rows: _Rows, h: HandFacts, r: ReadingFacts, p: Placement, items: list[YakuItem]
           ) -> tuple[bool, int, int, bool]:
    """Ask ``rows`` of a candidate: the items of those that hold appended to ``items``;
    whether one of them upgrades another, and their ``_counted`` (each a sum or an any,
    summed row by row)."""
    upgrades = False
    han = yakuman = 0
    yaku = False
    for row in rows:  # (a plain loop: in CPython 3.11 a comprehension is a call more)
        if row.rule(h, r, p):
            items.append(row.item)
            han += row.han
            yakuman += row.yakuman
            yaku = yaku or row.yaku
            upgrades = upgrades or row.upgrades
    return upgrades, han, yakuman, yaku


def _counted(items: list[YakuItem]) -> tuple[int, int, bool]:
    """``count_items``' han, yakuman han and whether an ordinary yaku is among ``items``:
    what the lean path adds up per candidate, part by part (each of the three is a sum or
    an any over the items, so the parts' answers add up to the whole's)."""
    han, yakuman, has_yaku, _, _, _ = count_items(items, [], [], False)
    return han, yakuman, has_yaku


@functools.lru_cache(maxsize=RULES_CACHED * 3)
def _level_table(rules: Rules, level: str) -> tuple[YakuRule, ...]:
    """The records of ``yaku_table(rules)`` at ``level``, in order: what ``_rows`` walks
    (a third of the table, where it walked all of it for each new set of gates)."""
    return tuple(row for row in yaku_table(rules) if row.level == level)


def _upgrade(items: list[YakuItem]) -> list[YakuItem]:
    """``items`` without those an upgrade among them replaces (``REPLACES``); asked only
    for a candidate holding an item that upgrades another (``_Rows``)."""
    dropped = set()
    for item in items:
        if item.yaku in REPLACES:
            dropped.add(REPLACES[item.yaku])
    kept = []
    for item in items:
        if item.yaku not in dropped:
            kept.append(item)
    return kept


# -- facts ------------------------------------------------------------------------------

def _hand_facts(hand: Hand, win: Win, won: Tile | None = None) -> HandFacts:
    """The facts of the hand won on the kind ``won`` (default: the win's own tile)."""
    melds = hand.melds
    counts: Sequence[int]
    if melds:
        counts, closed, quads, _, _ = with_melds(hand.counts, melds)
    else:
        closed, quads = True, 0
        counts = hand.counts  # read only from here on
    kinds = frozenset(compress(range(NUM_KINDS), counts))
    # positional: keyword arguments cost twice as much, and this runs once per hand
    return HandFacts(
        win, win.kind if won is None else won, closed, kinds, quads,
        _WIND_TILE[win.seat_wind], _WIND_TILE[win.round_wind], counts, not melds,
        # set tests on the kinds: cheaper than slicing the counts four times
        (not kinds.isdisjoint(_MAN)) + (not kinds.isdisjoint(_PIN))
        + (not kinds.isdisjoint(_SOU)), not kinds.isdisjoint(HONORS),
        # FLAG_FIELDS' values, read only where one is set
        (win.riichi, win.ippatsu, win.chankan, win.rinshan, win.haitei, win.houtei,
         win.tenhou, win.chiihou, win.renhou)
        if (win.riichi or win.ippatsu or win.chankan or win.rinshan or win.haitei
            or win.houtei or win.tenhou or win.chiihou or win.renhou) else ())


_WIND_TILE = {w: 27 + i for i, w in enumerate(WINDS)}
_MAN, _PIN, _SOU = (frozenset(range(base, base + 9)) for base in (0, 9, 18))


def _dora(hand: Hand, win: Win, counts: Sequence[int], rules: Rules) -> list[YakuItem]:
    """Dora, ura dora (with riichi only), red fives and north tiles set aside (three
    players), each item's han its count."""
    found = []
    # the win's indicators read once for the last (win, rules) by identity: a search
    # scores many hands in one situation
    last_kinds = _LAST_DORA_KINDS[0]
    if last_kinds[0] is win and last_kinds[1] is rules:
        north, shown, ura_shown = last_kinds[2]
    else:
        north, shown, ura_shown = kinds = _dora_kinds(win, rules)
        _LAST_DORA_KINDS[0] = (win, rules, kinds)
    if shown or north:
        if north:
            # north tiles set aside are the winner's tiles: a west indicator makes each a
            # dora too (https://riichi.wiki/Sanma "North tiles": kita counts as two dora)
            counts = list(counts)
            counts[30] += north
        # every indicator counts, a repeated one twice; tiles in melds and quads count too
        n = 0
        for kind in shown:
            n += counts[kind]
        if n:
            found.append(_DORA_ITEMS.get(n) or YakuItem(Yaku.DORA, n))
        n = 0
        for kind in ura_shown:  # (none without riichi)
            n += counts[kind]
        if n:
            found.append(_URA_ITEMS.get(n) or YakuItem(Yaku.URA_DORA, n))
    red = hand.red
    n = red[0] + red[1] + red[2]
    for meld in hand.melds:  # a loop: a comprehension is one call more
        n += meld.red
    if n:
        found.append(_AKA_ITEMS.get(n) or YakuItem(Yaku.AKA_DORA, n))
    if north:
        found.append(_NORTH_ITEMS.get(north) or YakuItem(Yaku.NUKIDORA, north))
    return found


def _dora_kinds(win: Win, rules: Rules) -> tuple[int, tuple[Tile, ...], tuple[Tile, ...]]:
    """The north tiles set aside of ``win``, the kind each of its dora indicators shows
    under ``rules`` (a repeated one twice), and each ura indicator's (with riichi only;
    else none): what ``_dora`` counts in a hand."""
    north = win.north_dora
    indicators = win.dora_indicators
    if not indicators and not north:
        return north, (), ()
    # kinds not in the set are skipped: with 2m-8m removed a 1m indicator shows 9m
    # (https://riichi.wiki/Sanma)
    # the last rules' table by identity (removed_kinds is a property: a Python call)
    last = _LAST_DORA_OF[0]
    if last[0] is rules:
        dora_of = last[1]
    else:
        removed = rules.removed_kinds
        dora_of = _dora_table(removed) if removed else DORA_OF
        _LAST_DORA_OF[0] = (rules, dora_of)
    shown = []
    for t in indicators:
        dora = dora_of.get(t)
        shown.append(_dora_of(t, rules) if dora is None else dora)
    ura_shown = []
    if win.riichi:
        for t in win.ura_indicators:
            dora = dora_of.get(t)
            ura_shown.append(_dora_of(t, rules) if dora is None else dora)
    return north, tuple(shown), tuple(ura_shown)


#: The last (win, rules) of ``_dora`` and their ``_dora_kinds``.
_LAST_DORA_KINDS: list[tuple[Win | None, Rules | None, tuple[int, tuple[Tile, ...],
                                                             tuple[Tile, ...]]]] = [
    (None, None, (0, (), ()))]
#: The usual dora items made once (a frozen dataclass costs its __init__ per item).
_DORA_ITEMS, _URA_ITEMS, _AKA_ITEMS, _NORTH_ITEMS = (
    {n: YakuItem(yaku, n) for n in range(1, 21)}
    for yaku in (Yaku.DORA, Yaku.URA_DORA, Yaku.AKA_DORA, Yaku.NUKIDORA))
#: The rules of the last dora counted and their indicator table.
_LAST_DORA_OF: list[tuple[Rules | None, dict[str, Tile]]] = [(None, {})]


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
    set_tiles = []  # the sets' tiles, gathered here: a comprehension is a call more
    concealed = 0
    pair = None
    for block in decomposition.blocks:
        kind = block.kind
        if kind is SEQUENCE:
            sequences.append(block.tile)
        elif kind is TRIPLET:
            sets.append((block.tile, False, True))
            set_tiles.append(block.tile)
            concealed += 1
        elif kind is PAIR:
            pair = block.tile
    for meld in decomposition.melds:
        if meld.kind is CHI:
            sequences.append(meld.tile)
        else:
            sets.append((meld.tile, meld.kind >= KAN, meld.kind is ANKAN))
            set_tiles.append(meld.tile)
            concealed += sets[-1][2]
    form = decomposition.form
    if form is not STANDARD:
        pair = None
    return ReadingFacts(decomposition, form, sequences, sets, pair,
                        frozenset(set_tiles) if set_tiles else _NO_SETS, concealed)


_NO_SETS: frozenset[Tile] = frozenset()
_FactsFunctions = tuple[Callable[[Decomposition], ReadingFacts],
                        Callable[[Hand, Win, Tile], HandFacts],
                        Callable[[Block, WaitShape, int, bool], Placement]]
#: The compiled ``_reading_facts`` and ``_hand_facts`` (``mjasp/solvers/_kernel.c``) and the
#: compiled fill of a ``Placement``'s slots (``kernel.builder``), bound on first use;
#: ``kernel.COMPILED`` decides if they run.
_COMPILED_FACTS: list[_FactsFunctions] = []


def _load_facts() -> _FactsFunctions:
    found = kernel.facts_functions(ReadingFacts, HandFacts, _NO_SETS, FLAG_FIELDS, _WIND_TILE)
    _COMPILED_FACTS.append((*found, kernel.builder(Placement)))  # type: ignore[arg-type]
    return _COMPILED_FACTS[0]


def _value_of_pair(h: HandFacts, tile: Tile) -> int:
    """Fu of a pair: 2 for a dragon, 2 for the seat wind, 2 for the round wind (4 if both)."""
    return 2 * ((tile in DRAGONS) + (tile == h.seat) + (tile == h.round))


def _placements(h: HandFacts, r: ReadingFacts,
                placement: Callable[[Block, WaitShape, int, bool], Placement] = Placement
                ) -> list[Placement]:
    """Every placement of the winning tile in the reading (``placement``: ``Placement``
    or its compiled build)."""
    tile = h.tile
    if r.form is KOKUSHI:
        wait = KOKUSHI_WAIT
        for b in r.decomposition.blocks:  # the pair (a loop: no generator)
            if b.kind is PAIR:
                wait = KOKUSHI_13_WAIT if b.tile == tile else KOKUSHI_WAIT
                break
        return [placement(SINGLE_BLOCKS[tile], wait, 0, False)]
    if r.form is CHIITOITSU:
        return [placement(PAIR_BLOCKS[tile], TANKI, 0, False)]
    concealed = r.concealed
    # pinfu's hand-level part: closed without any meld, four sequences, a pair of no value
    pinfu_shape = (h.melds_closed and len(r.sequences) == 4 and r.pair is not None
                   and not _value_of_pair(h, r.pair))
    found = []
    # the tile and kind of the last block placed (-1: none yet)
    last_low = -1
    last_kind: BlockKind | None = None
    # the blocks are in canonical order, so equal blocks are neighbours
    for block in r.decomposition.blocks:
        low = block.tile  # (each field read once, the kind only where it is asked)
        # cheap test first: most blocks do not hold the winning tile, whatever their kind
        if not low <= tile <= low + 2:
            continue
        kind = block.kind
        if not (kind is SEQUENCE or low == tile) or (
                # equal to the last block placed (by fields: Block.__eq__ is Python)
                low == last_low and kind is last_kind):
            continue
        last_low, last_kind = low, kind
        waits = _WAITS[kind]  # wait_shape(block, tile), read from its table
        wait = waits[3 * low + tile - low]  # type: ignore[assignment]  # (a block: not None)
        # a triplet completed by a discard counts as open (minkou) for fu and sanankou
        opened = kind is TRIPLET and not h.win.tsumo
        found.append(placement(block, wait, concealed - opened,
                               pinfu_shape and wait is RYANMEN))
    return found


def _waits(kind: BlockKind) -> tuple[WaitShape | None, ...]:
    """``wait_shape`` of every block of ``kind`` completed by each of its three lowest
    tiles, at ``3 * block.tile + offset`` (None where no block starts at that tile): the
    placements read it rather than call the function per placement."""
    found: list[WaitShape | None] = []
    for low in range(NUM_KINDS):
        try:
            block = Block(kind, low)
        except HandError:  # no sequence starts there
            found += (None, None, None)
            continue
        for offset in range(3):
            found.append(wait_shape(block, low + offset))
    return tuple(found)


#: ``_waits`` of each block kind, by kind.
_WAITS = tuple(_waits(kind) for kind in BlockKind)


def _fu(h: HandFacts, r: ReadingFacts, p: Placement, double_wind_fu: int = 4,
        parts: list[tuple[str, int]] | None = None) -> int:
    """The fu of a candidate, summed, not rounded; with ``parts`` a list, its parts too,
    appended there (reasons from ``mjasp.scoring.api.FU_REASONS``, one per reason, in that
    order): one statement of the fu rules, whose total the lean path reads (C ints, no
    part made) and whose parts a ``Score`` lists. ``double_wind_fu``: a pair of the seat
    and round wind at once (``Rules.double_wind_fu``).

    >>> from mjasp.core.hand import Hand
    >>> from mjasp.core.win import Win
    >>> h = _hand_facts(Hand.parse("123m456p789s11z234s"), Win("2s", tsumo=True), 19)
    >>> from mjasp.rules import find_rules
    >>> hand = Hand.parse("123m456p789s11z234s")
    >>> r = _reading_facts(winning_readings(hand, find_rules())[0])
    >>> parts = []
    >>> _fu(h, r, _placements(h, r)[0], 4, parts), parts  # a double East pair, tsumo
    (26, [('base', 20), ('tsumo', 2), ('yakuhai pair', 4)])
    """
    if r.form is not STANDARD:
        if r.form is not CHIITOITSU:
            return 0  # kokushi: a yakuman, no fu
        if parts is not None:
            parts.append(_CHIITOITSU_FU)
        return _CHIITOITSU_FU[1]
    # (each part's fu read from its part, the values stated once below; through the typed
    # ``fu``: C additions)
    tsumo = h.win.tsumo
    fu = _BASE_FU[1]
    total = fu
    if parts is not None:
        parts.append(_BASE_FU)
    if h.closed and not tsumo:
        fu = _MENZEN_RON_FU[1]
        total += fu
        if parts is not None:
            parts.append(_MENZEN_RON_FU)
    if tsumo and not p.pinfu:
        fu = _TSUMO_FU[1]  # rinshan kaihou keeps it on Tenhou
        total += fu
        if parts is not None:
            parts.append(_TSUMO_FU)
    wait_fu = _WAIT_FU  # (a local typed dict when compiled: its get without a method call)
    wait = wait_fu.get(p.wait)
    if wait is not None:
        fu = wait[1]
        total += fu
        if parts is not None:
            parts.append(wait)
    pair = r.pair
    if pair is not None:
        pair_fu = _value_of_pair(h, pair)
        if pair_fu:
            # 4 only for a double wind (a dragon is no wind): some rules give it 2
            pair_fu = min(pair_fu, double_wind_fu)
            total += pair_fu
            if parts is not None:
                parts.append(("yakuhai pair", pair_fu))
    sets = r.sets
    if sets:
        # a triplet completed by a discard counts as open (minkou)
        block = p.block
        by_ron = block.tile if block.kind is TRIPLET and not tsumo else -1  # (-1: none)
        rows = []
        for tile, quad, concealed in sets:  # (a loop: a comprehension is a call more)
            rows.append(4 * quad + 2 * (concealed and tile != by_ron)
                        + (tile in TERMINALS or tile >= 27))
        if parts is not None:
            rows.sort()
        # each set's row of FU_REASONS (quad, closed, terminal or honor: the order there),
        # equal rows summed into one part
        last = -1
        for row in rows:
            fu = _SET_FU_ROWS[row][1]
            total += fu
            if parts is None:
                continue
            if row == last:
                reason, summed = parts[-1]
                parts[-1] = (reason, summed + fu)
            else:
                parts.append(_SET_FU_ROWS[row])
                last = row
    elif not h.closed and total == _BASE_FU[1]:
        # an open hand with nothing but the base 20 (every other part is more than 0)
        fu = _OPEN_PINFU_FU[1]
        total += fu
        if parts is not None:
            parts.append(_OPEN_PINFU_FU)
    return total


def _set_fu(quad: bool, closed: bool, edge: bool) -> tuple[str, int]:
    """Reason and fu of a triplet or quad: 2, doubled for closed, for a terminal or honor,
    and twice more for a quad (2 to 32)."""
    reason = (f"{'closed' if closed else 'open'} {'quad' if quad else 'triplet'}"
              f"{' terminal/honor' if edge else ''}")
    return reason, 2 << (2 * quad + closed + edge)


#: The fu part of a triplet or quad by its row ``4 * quad + 2 * closed + edge``, which is
#: its order in ``FU_REASONS``.
_SET_FU_ROWS = tuple(_set_fu(q, c, e) for q in (False, True) for c in (False, True)
                     for e in (False, True))
_BASE_FU, _MENZEN_RON_FU, _TSUMO_FU = ("base", 20), ("menzen ron", 10), ("tsumo", 2)
_OPEN_PINFU_FU, _CHIITOITSU_FU = ("open pinfu", 10), ("chiitoitsu", 25)
_WAIT_FU = {WaitShape.KANCHAN: ("kanchan wait", 2), WaitShape.PENCHAN: ("penchan wait", 2),
            WaitShape.TANKI: ("tanki wait", 2)}


#: What a hand row is given for the reading and a reading row for the placement (typed
#: placeholders, not None: a rule's arguments are typed, and a row never reads them).
_NO_READING = ReadingFacts(Decomposition.of([]), STANDARD, [], [], None, frozenset(), 0)
_NO_PLACEMENT = Placement(Block(BlockKind.PAIR, 0), WaitShape.TANKI, 0, False)

#: What the engine did, for tests to observe (not a timing): ``calls`` answered, ``tables``
#: of rows set up (once per rules content, whatever the rules: there is one path),
#: ``listed``: lean candidates summed from their list of items by ``han_fu`` (an upgrade
#: among them, or renhou that may score alone) rather than from their rows' sums.
COUNTERS = {"calls": 0, "tables": 0, "listed": 0}
#: Per rules (by content): the hand and tile rows of each hand's gates, and the reading and
#: placement rows of each reading's gates (``candidates``): plain dicts of short keys,
#: one lookup of the rules per call.
_Tables = tuple[dict[tuple[object, ...], tuple[_Rows, _Rows]],
                dict[tuple[object, ...], tuple[_Rows, _Rows]]]
_TABLES: dict[Rules, _Tables] = {}


#: The rules of the last call and their tables (a rules object is usually used again).
_LAST_TABLES: list[tuple[Rules | None, _Tables | None]] = [(None, None)]


def cached_rules() -> int:
    """How many rule sets the caches keyed by ``Rules`` hold now (at most RULES_CACHED).

    >>> 0 <= cached_rules() <= RULES_CACHED
    True
    """
    return max(len(_TABLES), yaku_table.cache_info().currsize)


def candidates(hand: Hand, win: Win, rules: Rules,
               readings: Sequence[Decomposition] | None = None) -> list[Score]:
    """Every candidate score of a checked hand and situation (see ``mjasp.score``);
    ``readings``: the hand's readings when the caller has them already. The one-tile
    case of :func:`candidates_by_tile`."""
    kind = KINDS.get(win.tile)  # Win.kind, without its property call for the usual names
    return candidates_by_tile(hand, win, rules, (win.kind if kind is None else kind,),
                              readings)[0]


def candidates_by_tile(hand: Hand, win: Win, rules: Rules, tiles: Sequence[Tile],
                       readings: Sequence[Decomposition] | None = None) -> list[list[Score]]:
    """``candidates`` of a checked hand won on each tile kind of ``tiles`` in turn, in the
    situation ``win`` (whose own tile is not read): the hand's facts, its dora, its
    readings, their facts, their hand and reading rows are computed once, only the placements
    of the winning tile (and the rows of level "tile") once per tile. The
    14 tiles are the same for every tile: ``tiles`` are the hand's concealed kinds, each
    the last one drawn.

    >>> from mjasp.rules import find_rules
    >>> hand, win = Hand.parse("234567m23455p678s"), Win("2p", tsumo=True, seat_wind="S")
    >>> by_tile = candidates_by_tile(hand, win, find_rules(), (10, 13))
    >>> [max(s.points for s in found) for found in by_tile]  # 2p: pinfu; 5p: a pair wait
    [2700, 2000]
    """
    return _by_tile(hand, win, rules, tiles, readings, False)


def shapes_by_tile(hand: Hand, win: Win, rules: Rules, tiles: Sequence[Tile],
                   readings: Sequence[Decomposition] | None = None
                   ) -> list[list[tuple[int, int, bool]] | None]:
    """What :func:`candidates_by_tile` gives, summed without a ``Score`` each: per tile,
    each candidate's (han, fu, has a reading) in the same order (``make_score_merged``'s
    han and fu: ``scorecard.han_fu``, the same items and fu parts), or None where a
    candidate is not an ordinary score (a yakuman, no yaku: ask ``candidates_by_tile``).

    >>> from mjasp.rules import find_rules
    >>> hand, win = Hand.parse("234567m23455p678s"), Win("2p", tsumo=True, seat_wind="S")
    >>> shapes_by_tile(hand, win, find_rules(), (10, 13))  # 2p: pinfu; 5p: a pair wait
    [[(3, 20, True)], [(2, 30, True)]]
    """
    return _by_tile(hand, win, rules, tiles, readings, True)


def _by_tile(hand: Hand, win: Win, rules: Rules, tiles: Sequence[Tile],
             readings: Sequence[Decomposition] | None, lean: bool) -> list[Any]:
    """``candidates_by_tile`` (``lean`` False: a ``Score`` per candidate) or
    ``shapes_by_tile`` (``lean``: its (han, fu, True), or None for the tile where a
    candidate has none): one statement of both."""
    if kernel.COMPILED:  # the facts in C (tests: equal to the Python functions)
        reading_facts, hand_facts, placement = (_COMPILED_FACTS[0] if _COMPILED_FACTS
                                                else _load_facts())
    else:
        reading_facts, hand_facts, placement = _reading_facts, _hand_facts, Placement
    h = hand_facts(hand, win, tiles[0])
    COUNTERS["calls"] += 1
    # keyed by the rules' content: equal Rules (a preset by name, by object, or rebuilt
    # field by field) share one set of tables
    # the last rules by identity first: a Rules hashes its nineteen fields in Python
    last = _LAST_TABLES[0]
    tables = last[1]
    if last[0] is not rules or tables is None:
        tables = _TABLES.get(rules)
        if tables is None:
            COUNTERS["tables"] += 1
            if len(_TABLES) >= RULES_CACHED:  # a caller making new rules per hand: stay small
                _TABLES.clear()
            tables = _TABLES[rules] = ({}, {})
        _LAST_TABLES[0] = (rules, tables)
    hand_cache, reading_cache = tables
    double_wind_fu = rules.double_wind_fu
    closed, honors, seat, round_wind = h.closed, h.honors, h.seat, h.round
    # the hand's simples: none (every tile a terminal or honor), all, or some
    kinds = h.kinds
    all_simples = kinds.isdisjoint(TERMINALS_HONORS)
    no_simple = not all_simples and kinds <= TERMINALS_HONORS
    hand_key = (closed, honors, h.flags, h.suits <= 1, h.quads >= 3, all_simples, no_simple)
    both_hand = hand_cache.get(hand_key)
    if both_hand is None:  # (positional, in _rows' order: the reading-level gates left open)
        both_hand = _cached_rows(hand_cache, hand_key, rules, _HAND_LEVELS, (
            closed, honors, h.flags, None, True, True, h.suits <= 1, h.quads >= 3, True, 27,
            27, True, True, True, True, all_simples, no_simple))
    hand_rows, tile_rows = both_hand
    # the hand rows once, the tile rows (junsei chuuren's nine-sided wait) per tile; their
    # rules read no reading or placement: they get placeholders
    hand_items: list[YakuItem] = []
    hand_upgrades, hand_han, hand_yakuman, hand_yaku = _asked(
        hand_rows, h, _NO_READING, _NO_PLACEMENT, hand_items)
    found: list[Any] = []
    # (tile, its candidates, its hand items, whether one upgrades another: only then is
    # ``_upgrade`` asked, and their sums) per tile: one list walked per reading (a zip of
    # several would be built per reading)
    per_tile = []
    for tile in tiles:
        out: list[Any] | None = []
        found.append(out)
        if not tile_rows:  # (most hands: the hand's items are every tile's)
            per_tile.append((tile, out, hand_items, hand_upgrades, hand_han, hand_yakuman,
                             hand_yaku))
            continue
        h.tile = tile
        held = [*hand_items]
        upgrades, han, yakuman, yaku = _asked(tile_rows, h, _NO_READING, _NO_PLACEMENT, held)
        per_tile.append((tile, out, held, hand_upgrades or upgrades, hand_han + han,
                         hand_yakuman + yakuman, hand_yaku or yaku))
    dora_items = _dora(hand, win, h.counts, rules)
    dora_han, dora_yakuman, dora_yaku = _counted(dora_items)
    if readings is None:
        readings = winning_readings(hand, rules)
    # (the compiled one while the kernel answers; read only where a Score is made)
    scored_reading: Any = None if lean else scorecard.scored_reading
    # lean: each candidate's han summed from its rows' (``_Rows``) as they are asked and its
    # fu from ``_fu``'s total, no list of items made; a candidate holding an upgrade (or
    # renhou choosing alone: ``han_fu``'s own case) is summed from its items by ``han_fu``
    summing = lean and not (win.renhou and rules.renhou == "mangan_alone")
    for decomposition in readings:
        r = reading_facts(decomposition)
        # what picks the rows: the sets and sequences counted, an honor or dragon set, an
        # outside pair (and the hand's gates)
        set_tiles = r.set_tiles
        top = max(set_tiles) if honors and set_tiles else 0
        sets, sequences = len(r.sets), len(r.sequences)
        outside_pair = r.pair in TERMINALS_HONORS  # (None is not in it)
        # Form is a StrEnum: it hashes as its str, in C
        key = (closed, honors, r.form, sets, sequences, top >= 27, top >= 31, outside_pair,
               seat, round_wind)
        both = reading_cache.get(key)
        if both is None:  # (positional, in _rows' order: the hand-level gates left open)
            both = _cached_rows(reading_cache, key, rules, _READING_LEVELS, (
                closed, honors, None, r.form, sets >= 2, sequences >= 2, True, True,
                top >= 27, seat, round_wind, sets >= 3, sequences >= 3, top >= 31,
                outside_pair, True, True, sets >= 4))
        reading_rows, placement_rows = both
        reading_items: list[YakuItem] = []
        reading_upgrades, reading_han, reading_yakuman, reading_yaku = _asked(
            reading_rows, h, r, _NO_PLACEMENT, reading_items)
        chiitoitsu = r.form is CHIITOITSU
        at = -1
        for (tile, out, items_of_hand, hand_upgrades, hand_han, hand_yakuman,
             hand_yaku) in per_tile:
            at += 1
            if out is None:  # (lean: a tile without a shape)
                continue
            h.tile = tile
            placements = _placements(h, r, placement)
            for p in placements:
                # the placement's own items (most candidates hold none: made on the first)
                own: list[YakuItem] | None = None
                upgrade = hand_upgrades or reading_upgrades
                han = hand_han + reading_han + dora_han
                yakuman = hand_yakuman + reading_yakuman + dora_yakuman
                has_yaku = hand_yaku or reading_yaku or dora_yaku
                for row in placement_rows:  # (inline, not ``_asked``: most hold no item)
                    if row.rule(h, r, p):
                        if own is None:
                            own = []
                        own.append(row.item)
                        han += row.han
                        yakuman += row.yakuman
                        has_yaku = has_yaku or row.yaku
                        if row.upgrades:
                            upgrade = True
                if summing and not upgrade:
                    if has_yaku and not yakuman:  # else han_fu's None, from the same sums
                        out.append((han, fu_rounded(_fu(h, r, p, double_wind_fu), chiitoitsu),
                                    True))
                        continue
                else:
                    # the items every placement shares (make_score_merged orders them by
                    # id), then the placement's
                    items = [*items_of_hand, *reading_items, *dora_items]
                    if own is not None:
                        items += own
                    if upgrade:
                        items = _upgrade(items)
                    parts: list[tuple[str, int]] = []
                    _fu(h, r, p, double_wind_fu, parts)
                    if not lean:
                        out.append(make_score_merged(items, tuple(parts),
                                                     scored_reading(decomposition, p.block,
                                                                    p.wait), win, rules))
                        continue
                    COUNTERS["listed"] += 1
                    summed = han_fu(items, tuple(parts), win, rules)
                    if summed is not None:
                        han, fu = summed  # (a starred tuple is built through a list)
                        out.append((han, fu, True))
                        continue
                # no shape for this tile: nothing more asked of it
                found[at] = None
                per_tile[at] = (tile, None, items_of_hand, hand_upgrades, hand_han,
                                hand_yakuman, hand_yaku)
                break
    return found


__all__ = ["COUNTERS", "FLAG_FIELDS", "GATES", "LOCAL_YAKU_RULES", "NEEDS", "REPLACES", "YAKU",
           "YakuRule", "candidates", "candidates_by_tile", "shapes_by_tile", "yaku_ids_program",
           "yaku_table", "yakuman_values_line"]
