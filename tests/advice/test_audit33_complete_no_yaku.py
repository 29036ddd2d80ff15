"""A 14-tile open hand that is complete but has no yaku is no win: it discards.

An open hand needs a yaku to win (https://riichi.wiki/Yaku: "a hand must have at least
one yaku"; menzen tsumo needs a closed hand), and the advice's model says so
(``docs/advise.md``: "An open hand completed without a yaku is not a win"). Such a hand
of 14 tiles must discard and wait: here every discard is a 5m or the red 0m (the same
kind, two tiles), each leaving a tanki that wins only on the last draw, haitei being its
only yaku. The advice answered it with no candidate at all ("a self-draw win scores ?"),
while ``--explain 5m`` of the same hand gave a value; and once it answered, its search
space counted from shanten -1, so that the tanki could not make the one change (a tanki
on a better tile) that a tenpai hand given makes: it counts from tenpai now.

Expected values from a brute force of the model's statement for a lone tanki beside four
melds: the wall per tile (plain and red fives apart) is the unseen copies less the drawn
tile held beyond the hand given; a draw of the tanki's kind completes it, a win on the
last draw (haitei) and before it a choice; any other draw is thrown back or, as the one
change, kept for the tanki tile; points from ``mjasp.score``.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

import mjasp
from mjasp.advice import AdviseError, advise
from mjasp.advice.explain import explain_discard
from mjasp.cli import main

MELDS = " [123p] [456p] [789s] [234s]"
#: the tiles in the advice's order: each kind, a red five right after its plain kind
TILES = [t for s in "mpsz" for n in range(1, 10 if s != "z" else 8)
         for t in ([f"{n}{s}", f"0{s}"] if n == 5 and s != "z" else [f"{n}{s}"])]
TOL = 1e-9


def kind(tile: str) -> str:
    return tile.replace("0", "5")


class Tanki:
    """The model (``docs/advise.md``) for one concealed tile beside four open melds with
    no yaku, tenhou rules (one red five per suit), dealer, no dora indicator."""

    def __init__(self, given: str) -> None:
        self.start = dict.fromkeys(TILES, 0)
        for d in given[:-1]:
            self.start[d + given[-1]] += 1
        melded = dict.fromkeys(TILES, 0)
        for meld in MELDS.replace("[", " ").replace("]", " ").split():
            for d in meld[:-1]:
                melded[d + meld[-1]] += 1
        self.unseen = {}
        for t in TILES:
            red = 1 if t[0] in "05" and t[1] != "z" else 0     # of this kind
            copies = red if t[0] == "0" else 4 - red
            self.unseen[t] = copies - self.start[t] - melded[t]
        self.memo: dict[tuple[str, int, int], tuple[float, float]] = {}

    def wall(self, h: str) -> dict[str, int]:
        """The drawn tile held beyond the hand given is out of the wall."""
        return {t: n - (1 if t == h and self.start[t] == 0 else 0)
                for t, n in self.unseen.items()}

    def haitei(self, h: str, t: str) -> int:
        win = mjasp.Win(tile=t, tsumo=True, haitei=True)
        return mjasp.score(f"{h[0]}{t}" + MELDS, win).points

    def best(self, options: list[tuple[str, int]], d: int) -> tuple[float, float]:
        out: tuple[float, float] | None = None
        for h, u in options:
            v = self.value(h, u, d)
            if out is None or v[1] > out[1] + TOL or (
                    abs(v[1] - out[1]) <= TOL and v[0] > out[0] + TOL):
                out = v
        assert out is not None
        return out

    def value(self, h: str, u: int, d: int) -> tuple[float, float]:
        """(win chance, expected points) of holding ``h`` after ``u`` changes, ``d``
        draws left."""
        key = (h, u, d)
        if key in self.memo:
            return self.memo[key]
        win = pts = 0.0
        if d:
            wall = self.wall(h)
            total = sum(wall.values())
            for t, n in wall.items():
                if not n:
                    continue
                if kind(t) == kind(h) and d == 1:
                    w, p = 1.0, float(self.haitei(h, t))
                else:
                    # discards in tile order: the drawn tile (back to ``h``) or ``h``
                    # (holding ``t``, one change, where the search space allows it)
                    keep = [(h, u)] if t == h or u + 1 > 1 else sorted(
                        [(h, u), (t, u + 1)], key=lambda o: -TILES.index(o[0]))
                    w, p = self.best(keep, d - 1)
                win += n * w
                pts += n * p
            win, pts = win / total, pts / total
        self.memo[key] = (win, pts)
        return win, pts


@pytest.mark.parametrize("given", ["50m", "55m"])
@pytest.mark.parametrize("draws", [1, 2, 3])
def test_complete_without_a_yaku_discards_and_waits(given: str, draws: int) -> None:
    a = advise(given + MELDS, draws=draws)
    assert a.win_points is None
    assert a.shanten == -1
    by = {c.discard: c for c in a.candidates}
    assert set(by) == ({"5m", "0m"} if given == "50m" else {"5m"})  # one kind
    for discard, c in by.items():
        assert discard is not None
        held = given.replace(discard[0], "", 1)[0] + "m"
        brute = Tanki(given)
        want = [brute.value(held, 0, d) for d in range(draws, 0, -1)]
        assert c.shanten == 0
        assert c.tenpai_prob == pytest.approx((1.0,) * draws, abs=1e-12)
        assert c.win_prob == pytest.approx([w for w, _ in want], rel=TOL, abs=TOL)
        assert c.expected_points == pytest.approx([p for _, p in want], rel=TOL, abs=TOL)
        e = explain_discard(given + MELDS, discard, {"draws": draws})
        assert e["expected_points"] == pytest.approx(want[0][1], rel=TOL, abs=TOL)


def test_one_draw_worked_by_hand() -> None:
    # the red 0m kept: the two plain 5m of the 122 unseen win, haitei and aka dora
    # (2 han, 30 fu, a dealer's tsumo: 1000 all); 0m cut: 1 han, 500 all
    by = {c.discard: c for c in advise("50m" + MELDS, draws=1).candidates}
    assert by["5m"].expected_points[0] == pytest.approx(2 / 122 * 3000, rel=1e-12)
    assert by["0m"].expected_points[0] == pytest.approx(2 / 122 * 1500, rel=1e-12)
    assert [c.discard for c in advise("50m" + MELDS, draws=1).candidates] == ["5m", "0m"]


def test_the_command_lists_the_discard() -> None:
    result = CliRunner().invoke(main, ["advise", "55m" + MELDS, "--draws", "2"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].endswith(": complete, 2 draws, model mjasp")
    assert "no win" in lines[1]
    assert lines[3].split()[:2] == ["5m", "0"]


def test_a_complete_hand_with_a_yaku_is_still_answered_with_its_score() -> None:
    # tanyao on every tile: the hand wins; its score as a self-draw, no candidates
    a = advise("55m [234p] [456p] [678s] [234s]", draws=2)
    assert a.candidates == ()
    assert a.win_points == mjasp.score("55m [234p] [456p] [678s] [234s]",
                                       mjasp.Win(tile="5m", tsumo=True)).points


def test_the_mahjong_cpp_mode_refuses_it_in_one_line() -> None:
    # mahjong-cpp computes nothing for a complete hand: its web server refuses one
    # (calculate_result in src/server/request_processor.cpp: "the hand is already a
    # winning form"), and without a yaku there is no score to answer with instead. The
    # mode printed "a self-draw win scores ?" and exited 0.
    with pytest.raises(AdviseError, match="mahjong-cpp refuses a complete hand"):
        advise("55m" + MELDS, model="mahjong-cpp")
    result = CliRunner().invoke(main, ["advise", "55m" + MELDS, "--model", "mahjong-cpp"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("mjasp: error: a complete hand with no yaku")
    assert len(result.stderr.splitlines()) == 1


def test_explaining_a_discard_of_a_complete_hand_counts_from_tenpai() -> None:
    # 22m345678p234567s wins (pinfu tanyao on 3p); asked to explain cutting 2m, it plays on
    # as a tenpai hand given, one change allowed: the brute force of the model
    # (test_audit4_bruteforce) with its bound s0 + extra = 1, which for its s0 (-1, the
    # complete hand's shanten) is extra=2. A small wall keeps the walk short.
    from tests.advice.test_audit4_bruteforce import Brute, seen_but
    hand, dora = "22m345678p234567s", ("1z",)
    visible = seen_but(hand, dora, "2m5m8m1p4p7p3s6p9p1z")
    brute = Brute(hand, "2m", 3, extra=2, dora=dora, visible=visible)
    _, turns = brute.per_turn()
    e = explain_discard(hand, "2m", {"draws": 3, "dora_indicators": dora,
                                     "visible": visible})
    assert (e["tenpai_prob"], e["win_prob"], e["expected_points"]) == pytest.approx(
        turns[0], rel=TOL, abs=TOL)
