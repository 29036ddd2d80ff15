"""A score lists its items in Tenhou's ``yaku=`` order (ids ascending, a custom yaku after
every Yaku, equals as given), whether they come in that order or not: items drawn at
random, in order and shuffled, against a stable sort by id made here."""

from __future__ import annotations

import random

from mjasp.core.blocks import Block, Decomposition, WaitShape
from mjasp.core.win import Win
from mjasp.core.yaku import CustomYaku, Yaku
from mjasp.rules import RULES
from mjasp.rules.scorecard import ScoredReading, YakuItem, make_score_merged

CUSTOM = CustomYaku("sanpuukou", "Three wind triplets", "三風刻")
# yaku of 1-3 han (no yakuman: a yakuman drops the others) and the dora
POOL: list[Yaku | CustomYaku] = [
    Yaku.MENZEN_TSUMO, Yaku.RIICHI, Yaku.IPPATSU, Yaku.PINFU, Yaku.TANYAO, Yaku.IIPEIKOU,
    Yaku.HAKU, Yaku.CHANTA, Yaku.ITTSU, Yaku.TOITOI, Yaku.HONITSU, Yaku.DORA, Yaku.URA_DORA,
    Yaku.AKA_DORA, CUSTOM]


def _id(item: YakuItem) -> int:
    return item.yaku.value if isinstance(item.yaku, Yaku) else 1_000


def test_items_listed_by_id_in_or_out_of_order() -> None:
    draw = random.Random(11)
    reading = ScoredReading(Decomposition.of([]), Block.parse("123m"), WaitShape.RYANMEN)
    parts = (("base", 20), ("menzen ron", 10))
    orders = {True: 0, False: 0}
    for _ in range(400):
        items = [YakuItem(y, draw.randint(1, 2)) for y in draw.sample(POOL, draw.randint(1, 6))]
        items.append(YakuItem(Yaku.TANYAO, 1))  # (at least one yaku: a score with yaku)
        if draw.random() < 0.5:
            items.sort(key=_id)
        riichi = draw.choice((0, 1))
        has_ura = any(i.yaku is Yaku.URA_DORA for i in items)
        win = Win("2m", riichi=riichi)
        listed = list(make_score_merged(items, parts, reading, win, RULES["tenhou"]).yaku)
        expected = [*items, *([YakuItem(Yaku.URA_DORA, 0)] if riichi and not has_ura else [])]
        expected.sort(key=_id)  # stable: equals as given
        assert listed == expected, (items, riichi)
        orders[[_id(i) for i in items] == sorted(_id(i) for i in items)] += 1
    assert orders[True] > 100 and orders[False] > 100
