"""A custom yaku is its own program's, whatever another program loaded before declared.

The ASP engine reads each shown atom once per process (``_part``, cached by the atom);
a custom yaku's atom ``yaku(name, han)`` names the yaku only, so two programs that
declare the same name differently (two users' files, or one file edited and loaded
again in a notebook or a server) must each score with their own declaration.

The two files below declare ``bonus`` found with 13 han: one as a yaku (13 han of
ordinary yaku: a counted yakuman, capped at sanbaiman by ``kazoe=sanbaiman``), one as a
yakuman. A dealer's ron pays 36,000 at sanbaiman and 48,000 for a yakuman (the standard
limit table: a dealer's mangan is 12,000; sanbaiman three times it, a yakuman four).
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("clingo")

from mjasp import RULES, Hand, Win
from mjasp.cli.app import with_options
from mjasp.scoring.api import score_files

AS_YAKU = ('custom_yaku(bonus,"Bonus as a yaku","甲",yaku).\n'
           'found(bonus,13) :- tiles_of(M), M < 9.\n')
AS_YAKUMAN = ('custom_yaku(bonus,"Bonus as a yakuman","乙",yakuman).\n'
              'found(bonus,13) :- tiles_of(M), M < 9.\n')
#: (file text, dealer ron points, limit, English name, a yakuman)
EXPECTED = {"yaku": (AS_YAKU, 36000, "sanbaiman", "Bonus as a yaku", False),
            "yakuman": (AS_YAKUMAN, 48000, "yakuman", "Bonus as a yakuman", True)}


@pytest.mark.parametrize("order", [("yaku", "yakuman"), ("yakuman", "yaku")])
def test_each_program_scores_its_own_declaration(tmp_path: Path,
                                                 order: tuple[str, str]) -> None:
    rules = with_options(RULES["tenhou"], ["kazoe=sanbaiman"])
    hand, win = Hand.parse("123m456p789s22z333z"), Win("3z")   # the dealer's ron
    for kind in (*order, *order):  # each twice, the other loaded between
        text, points, limit, english, yakuman = EXPECTED[kind]
        path = tmp_path / f"{kind}.lp"
        path.write_text(text, encoding="utf-8")
        _, _, found, _ = score_files([str(path)], rules, hand=hand, win=win)
        best = found[0]
        assert (best.points, best.limit) == (points, limit), kind
        assert [(i.yaku.english, i.yaku.is_yakuman, i.han) for i in best.yaku] == [
            (english, yakuman, 13)], kind
