"""The fast builders of Score and Payments (slots set directly) match the dataclasses'
own constructors field for field, and cover every field."""

from __future__ import annotations

import dataclasses
import inspect

from mjasp.core.blocks import Block, Decomposition, WaitShape
from mjasp.core.yaku import Yaku
from mjasp.rules import points, scorecard
from mjasp.rules.points import Payments
from mjasp.rules.scorecard import Score, ScoredReading, YakuItem


def test_builders_cover_every_field() -> None:
    # a field added to the dataclass but not to the builder would stay unset
    assert list(inspect.signature(scorecard.python_build_score).parameters) == [
        f.name for f in dataclasses.fields(Score)]
    assert list(inspect.signature(scorecard.python_scored_reading).parameters) == [
        f.name for f in dataclasses.fields(ScoredReading)]
    assert len(points._SET_PAYMENTS) == len(dataclasses.fields(Payments))


def test_payments_builder_equals_constructor() -> None:
    built = points.split_payments(0, 1100, 600, 1000, 3300)
    made = Payments(ron=0, dealer=1100, others=600, sticks=1000, total=3300)
    assert built == made and hash(built) == hash(made) and repr(built) == repr(made)


def test_score_builder_equals_constructor(kernel_path: str) -> None:
    # the Python builders, or the compiled ones while the kernel answers
    reading = ScoredReading(Decomposition.of([]), Block.parse("123m"), WaitShape.RYANMEN)
    values = (2, 30, 2000, 0, None, (YakuItem(Yaku.PINFU, 1), YakuItem(Yaku.TANYAO, 1)),
              (("base", 20), ("menzen ron", 10)), Payments(2000, 0, 0, 0, 2000), reading,
              None)
    built = scorecard.build_score(*values)
    made = Score(*values)
    assert built == made and repr(built) == repr(made) and type(built) is Score
    rebuilt = scorecard.scored_reading(reading.decomposition, reading.win_block, reading.wait)
    assert rebuilt == reading and hash(rebuilt) == hash(reading)
    assert type(rebuilt) is ScoredReading and repr(rebuilt) == repr(reading)
    # every field holds what was given, in dataclass order
    assert tuple(getattr(built, f.name) for f in dataclasses.fields(Score)) == values
    # still frozen
    try:
        built.han = 3  # type: ignore[misc]
    except dataclasses.FrozenInstanceError:
        pass
    else:
        raise AssertionError("a built Score must stay frozen")


def test_settled_table_answers_as_value_and_settle() -> None:
    # make_score reads value and settle through a table per rules: every (han, fu, seat,
    # tsumo, honba, sticks) it answers is what the points module computes directly,
    # whichever rules were asked before (the table is found by the rules' identity first)
    from mjasp.core.win import Win
    from mjasp.rules import RULES

    reading = ScoredReading(Decomposition.of([]), Block.parse("123m"), WaitShape.RYANMEN)
    for _ in range(2):  # the second round reads the tables the first one filled
        for name in ("tenhou", "wrc", "tenhou-3p", "mahjongsoul-3p"):
            rules = RULES[name]
            for han in (1, 3, 4, 5, 7, 13, 14, 27):
                for fu_parts in ((("base", 20), ("menzen ron", 10)), (("chiitoitsu", 25),),
                                 (("base", 20), ("tsumo", 2), ("closed triplet", 4))):
                    for seat, tsumo, honba, sticks in (("E", False, 0, 0), ("S", True, 2, 1),
                                                       ("W", False, 1, 3), ("E", True, 0, 0)):
                        win = Win("1m", tsumo=tsumo, seat_wind=seat, honba=honba,
                                  riichi_sticks=sticks)
                        s = scorecard.make_score([YakuItem(Yaku.TANYAO, han)], fu_parts,
                                                 reading, win, rules)
                        raw = sum(f for _, f in fu_parts)
                        fu = raw if raw == 25 else -(-raw // 10) * 10
                        base, limit = points.value(han, fu, 0, rules)
                        gain, paid = points.settle(base, seat == "E", tsumo, honba, sticks,
                                                   rules)
                        assert (s.points, s.payments, s.limit) == (gain, paid, limit)


def test_settled_table_answers_yakuman_as_value_and_settle() -> None:
    # the yakuman keys of the same table (by multiple and liable part): hand-worked bases
    # (8000 per yakuman; the liable player answers for daisangen's 8000, or on Tenhou for
    # the whole hand), settled by the
    # points module, whichever was asked before
    from mjasp.core.win import Win
    from mjasp.rules import RULES

    reading = ScoredReading(Decomposition.of([]), Block.parse("123m"), WaitShape.RYANMEN)
    cases = (([YakuItem(Yaku.DAISANGEN, 13)], 8000, 8000),
             ([YakuItem(Yaku.DAISANGEN, 13), YakuItem(Yaku.TSUUIISOU, 13)], 16000, 8000),
             ([YakuItem(Yaku.SUUANKOU, 13)], 8000, 0))
    for _ in range(2):
        for name in ("tenhou", "tenhou-3p", "mahjongsoul"):
            rules = RULES[name]
            for items, base, liable_part in cases:
                for seat, tsumo, honba, sticks, liable in (
                        ("E", False, 0, 0, None), ("E", False, 0, 2, None),
                        ("E", False, 1, 0, None), ("S", True, 2, 1, None),
                        ("W", False, 1, 3, "E"), ("E", True, 0, 0, "S"),
                        ("S", True, 1, 0, "W")):
                    win = Win("1m", tsumo=tsumo, seat_wind=seat, honba=honba,
                              riichi_sticks=sticks, liable=liable)
                    s = scorecard.make_score(items, [("base", 20)], reading, win, rules)
                    # with Rules.pao_whole_hand (the tenhou presets) the liable player
                    # answers for every yakuman of a hand holding a liable one
                    part = base if rules.pao_whole_hand and liable_part else liable_part
                    gain, paid = points.settle(base, seat == "E", tsumo, honba, sticks, rules,
                                               part if liable else 0)
                    assert (s.points, s.payments, s.yakuman, s.limit) == (
                        gain, paid, base // 8000, "yakuman"), (name, items, win)


def test_direct_engine_fu_parts_are_merged() -> None:
    # the direct engine builds its fu parts one per reason in FU_REASONS order (make_score
    # does not merge them again): every candidate of many wins, under every rule set
    from mjasp.core.win import WinError
    from mjasp.rules import RULES
    from mjasp.scoring.api import score_candidates
    from mjasp.scoring.samples import random_wins

    for name in ("tenhou", "wrc", "mahjongsoul-3p"):
        for hand, win in random_wins(150, seed=11, rules=RULES[name]):
            try:
                found = score_candidates(hand, win, rules=RULES[name])
            except WinError:  # the sampler draws red fives, which the WRC has none of
                continue
            for s in found:
                reasons = [reason for reason, _ in s.fu_details]
                assert reasons == sorted(set(reasons), key=scorecard.FU_REASONS.index)
                assert all(fu > 0 for _, fu in s.fu_details)


def test_items_listed_in_tenhou_order_custom_yaku_last() -> None:
    # Tenhou's yaku= order: pinfu 7, tanyao 8, dora 52; a custom yaku after every Yaku
    from mjasp.core.win import Win
    from mjasp.core.yaku import CustomYaku
    from mjasp.rules import RULES

    reading = ScoredReading(Decomposition.of([]), Block.parse("123m"), WaitShape.RYANMEN)
    custom = CustomYaku("sanpuukou", "Three wind triplets", "三風刻")
    parts = (("base", 20), ("menzen ron", 10))
    plain = [YakuItem(Yaku.DORA, 1), YakuItem(Yaku.TANYAO, 1), YakuItem(Yaku.PINFU, 1)]
    for items, expected in ((plain, [Yaku.PINFU, Yaku.TANYAO, Yaku.DORA]),
                            ([YakuItem(custom, 2), *plain],
                             [Yaku.PINFU, Yaku.TANYAO, Yaku.DORA, custom])):
        s = scorecard.make_score(items, parts, reading, Win("2m"), RULES["tenhou"])
        assert [i.yaku for i in s.yaku] == expected
