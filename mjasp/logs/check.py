"""Every win re-scored by :func:`mjasp.score`, every round settled, both compared with
what the log records.

The hand of a win is the winner's replayed hand (not the log's own copy of it, which is
compared too); the situation (riichi, double riichi, ippatsu, haitei, houtei, rinshan,
chankan, first-draw wins, dora, ura, honba, sticks, liability) is read from the play.
Round payments follow Tenhou's rules (https://tenhou.net/man/): on a double ron the
winner nearest the discarder's right takes the honba and the sticks (atamahane); an
exhaustive draw moves 3000 (2000 with three players) from the noten to the tenpai
seats, a tenpai hand whose every wait is already in its own concealed hand being noten
(Tenhou's "pure karaten"; copies in its own melds do not make it noten); nagashi
mangan is paid as a mangan tsumo without honba; an abortive draw moves nothing. Each
round must follow from the last result (:func:`next_round`: the deal kept or moved, the
honba, the riichi sticks).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from itertools import combinations_with_replacement, product
from typing import Any

import numpy as np

from mjasp.analysis.shanten import shanten_batch
from mjasp.core.blocks import Meld, MeldKind
from mjasp.core.hand import Hand
from mjasp.core.win import Win
from mjasp.core.yaku import Yaku
from mjasp.logs.lobby import TENHOU_LOG_ID
from mjasp.logs.model import (
    KIND,
    NORTH_DORA,
    DrawRecord,
    Event,
    Game,
    LogError,
    MeldRecord,
    Round,
    State,
    WinRecord,
    replay,
    tile_text,
    tiles_text,
)
from mjasp.rules import Rules
from mjasp.rules.points import LIMITS, settle
from mjasp.rules.scorecard import YakuItem
from mjasp.scoring.api import Score, score

_MELD_KIND = {"chi": MeldKind.CHI, "pon": MeldKind.PON, "daiminkan": MeldKind.KAN,
              "kakan": MeldKind.KAN, "ankan": MeldKind.ANKAN}
_TERMINALS = frozenset((0, 8, 9, 17, 18, 26, *range(27, 34)))
#: What may follow a discard that forces an abortive draw: a win on it, the riichi it
#: declared paid, a kan's indicator turned, the draw itself
_AFTER_ABORT = frozenset(("win", "ryuukyoku", "riichi_accepted", "dora"))
_KANS = frozenset(("daiminkan", "kakan", "ankan"))
_WINDS = frozenset(range(27, 31))


@dataclass(frozen=True, slots=True)
class Mismatch:
    """One disagreement: where (game, round, event index) and what differs."""

    game: str
    round: str
    event: int
    what: str
    log: Any
    mjasp: Any

    def __str__(self) -> str:
        return (f"{self.game} {self.round} event {self.event}: {self.what}: "
                f"log {self.log}, mjasp {self.mjasp}")

    def to_json(self) -> dict[str, Any]:
        """A plain dict for ``json.dumps``."""
        return {"game": self.game, "round": self.round, "event": self.event,
                "what": self.what, "log": _plain(self.log), "mjasp": _plain(self.mjasp)}


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


@dataclass(frozen=True, slots=True)
class WinCheck:
    """One win: who, the hand and situation mjasp built, its score, whether it agrees."""

    round: str
    event: int
    who: int
    target: int
    hand: Hand
    win: Win
    score: Score
    deltas: tuple[int, ...]
    agrees: bool


@dataclass(slots=True)
class GameCheck:
    """The checks of one game."""

    source: str
    rounds: int = 0
    rounds_agree: int = 0
    wins: list[WinCheck] = field(default_factory=list)
    mismatches: list[Mismatch] = field(default_factory=list)
    round_rows: list[dict[str, Any]] = field(default_factory=list)
    sticks_left: int = 0
    #: (wind, number, honba, sticks, dealer) the round after the last one checked must
    #: have, by Tenhou's rules (None before the first round)
    next_round: tuple[int, int, int, int, int] | None = None
    #: how the last round checked ended: ``win`` or the kind of its draw
    last_result: str = ""

    @property
    def wins_agree(self) -> int:
        """Wins whose every recorded field agrees."""
        return sum(w.agrees for w in self.wins)


def meld_of(m: MeldRecord) -> Meld:
    """The :class:`mjasp.Meld` of a replayed call."""
    lowest = min(KIND[t] for t in m.tiles)
    return Meld(_MELD_KIND[m.kind], lowest, sum(t >= 34 for t in m.tiles))


def hand_of(tiles: list[int] | tuple[int, ...], melds: list[MeldRecord]) -> Hand:
    """A :class:`mjasp.Hand` from log tiles and replayed calls."""
    counts = [0] * 34
    red = [0, 0, 0]
    for t in tiles:
        counts[KIND[t]] += 1
        if t >= 34:
            red[t - 34] += 1
    return Hand(tuple(counts), (red[0], red[1], red[2]), tuple(meld_of(m) for m in melds))


def situation(state: State, event: Event, record: WinRecord | None, first_winner: bool,
              rules: Rules) -> Win:
    """The :class:`mjasp.Win` of a win event, read from the replayed table."""
    rnd = state.round
    who, players = event.who, state.players
    tsumo = event.target == who
    last = state.last
    # robbing an added kan, or a closed one (kokushi may, on Mahjong Soul)
    chankan = not tsumo and last is not None and last.kind in ("kakan", "ankan")
    robbed_north = not tsumo and last is not None and last.kind == "nukidora"
    riichi = 0
    if state.riichi[who] == 2:
        riichi = 2 if state.riichi_discard[who] == 0 and not _called_before_riichi(state, who) \
            else 1
    first = tsumo and state.first_draw[who] and not state.calls_made
    dealer = who == rnd.dealer
    liable = state.pao[who]
    ura = tuple(tile_text(t) for t in record.ura) if record is not None and riichi else ()
    return Win(
        tile=tile_text(event.tile), tsumo=tsumo,
        seat_wind="ESWN"[(who - rnd.dealer) % players], round_wind="ESWN"[rnd.wind],
        dora_indicators=tuple(tile_text(t) for t in state.dora), ura_indicators=ura,
        riichi=riichi,
        ippatsu=bool(riichi) and (state.ippatsu_robbed if chankan or robbed_north
                                  else state.ippatsu)[who],
        rinshan=tsumo and state.rinshan[who],
        chankan=chankan, haitei=tsumo and state.wall == 0 and not state.rinshan[who],
        houtei=not tsumo and not chankan and not robbed_north and state.wall == 0,
        tenhou=first and dealer, chiihou=first and not dealer,
        honba=rnd.honba if first_winner else 0,
        riichi_sticks=state.sticks if first_winner else 0,
        north_dora=state.north[who] if rules.nukidora else 0,
        liable="ESWN"[(liable - rnd.dealer) % players] if liable is not None else None,
        robbed_north=robbed_north)


def _called_before_riichi(state: State, who: int) -> bool:
    """Whether a call came before ``who``'s riichi discard (no double riichi then)."""
    # replayed in order: the first go-around was intact if the riichi is the seat's first
    # discard and no call happened before that discard; calls_made is checked at the time
    return state.riichi_after_call[who]


def settle_win(state: State, event: Event, s: Score) -> tuple[int, ...]:
    """Every seat's score change for one win (honba and sticks as the Win had them)."""
    players, who = state.players, event.who
    deltas = [0] * players
    p = s.payments
    liable = state.pao[who]
    if event.target != who:
        deltas[event.target] -= p.ron
    else:
        for seat in range(players):
            if seat != who:
                deltas[seat] -= p.dealer if seat == state.dealer else p.others
    if liable is not None and p.liable:
        deltas[liable] -= p.liable
    deltas[who] += p.total
    return tuple(deltas)


def tenpai(state: State, who: int) -> bool:
    """Tenpai at an exhaustive draw, as Tenhou and Mahjong Soul count it: a wait all four
    of whose copies are in the player's concealed hand does not count ("pure karaten"),
    one whose copies are in the player's own pon or kan does (a Tenhou hand 12s44466688p
    with a kan of 3s was paid as tenpai, https://riichi.wiki/Karaten; Mortal's and
    RiichiEnv's draws test the concealed tiles only)."""
    counts = [0] * 34
    for t in state.hands[who]:
        counts[KIND[t]] += 1
    # the concealed counts and every draw of a kind the concealed hand holds fewer than
    # four of (copies in its own melds do not stop it), in one batch: a row of 3n+1
    # concealed tiles is read with n melds, as the Hand with its calls is
    rows = [counts]
    for k in range(34):
        if counts[k] < 4:
            row = list(counts)
            row[k] += 1
            rows.append(row)
    found = shanten_batch(np.array(rows, dtype=np.uint8))
    return bool(found[0] == 0 and (found[1:] == -1).any())


def draw_kind(state: State) -> str:
    """The kind of a draw whose log names none (Mortal's MJAI), read from the table after
    its last event: four kans (:func:`four_kans`), else an empty wall an exhaustive draw,
    else four riichi (every seat of four declared), nine terminals (a seat's first draw,
    no call made, nine kinds of terminals and honors in its 14 tiles), four winds (one
    discard each of four seats, the same wind, no call made), the abortive draws of
    https://riichi.wiki/Tochuu_ryuukyoku, or one of none of these kinds
    (``abortive``)."""
    if four_kans(state):
        return "four_kans"
    if state.wall == 0:
        return "exhaustive"
    # nine terminals (a seat's first draw) and the forced draws (after discards) exclude
    # each other, so their order here does not matter
    if nine_terminals(state):
        return "nine_terminals"
    return forced_abort(state) or "abortive"


def nine_terminals(state: State) -> bool:
    """The last event is a seat's first draw, no call made, with nine kinds of
    terminals and honors among its 14 tiles."""
    last = state.last
    return last is not None and last.kind == "draw" and not state.calls_made and \
        state.first_draw[last.who] and \
        len({KIND[t] for t in state.hands[last.who]} & _TERMINALS) >= 9


def named_draw_holds(state: State, reason: str) -> bool:
    """Whether the table after a draw's last event shows the draw its log names: an
    exhaustive draw (or nagashi mangan) the live wall empty and not four kans, four
    kans, four riichi, nine terminals, four winds as :func:`draw_kind` reads them (three
    rons, which the table does not show, and a reason of no known kind hold)."""
    test = _NAMED_DRAWS.get(reason)
    return test is None or test(state)


def four_riichi(state: State) -> bool:
    """Every seat of four has declared riichi (the round is aborted once the fourth
    riichi's discard passes)."""
    return state.players == 4 and all(state.riichi)


def four_winds(state: State) -> bool:
    """Each of four seats has made one discard, all the same wind, and no call."""
    if state.players != 4 or state.calls_made or \
            any(len(d) != 1 for d in state.discards):
        return False
    firsts = {KIND[d[0]] for d in state.discards}
    return len(firsts) == 1 and firsts <= _WINDS


def forced_abort(state: State) -> str:
    """The abortive draw that must follow the discard just played, or ``""``: four
    riichi, four winds, four kans by more than one seat (each one ends the round once
    the discard passes, unless it is won on: https://riichi.wiki/Tochuu_ryuukyoku; Tenhou
    and Mahjong Soul both play them). Nine terminals is the player's choice."""
    if four_kans(state):
        return "four_kans"
    if four_riichi(state):
        return "four_riichi"
    if four_winds(state):
        return "four_winds"
    return ""


def four_kans(state: State) -> bool:
    """Four kans declared by more than one seat: the round is aborted once the discard
    after the fourth passes, even when that discard is the last of the wall ("海底の1つ前を
    槓した場合、打牌した時点で四槓子確定しているので、途中流局",
    https://w.atwiki.jp/majangdefault/pages/16.html; Mortal's simulator settles it so)."""
    kans = [p for p in range(state.players) for m in state.melds[p]
            if m.kind in ("daiminkan", "kakan", "ankan")]
    return len(kans) >= 4 and len(set(kans)) > 1


def _wall_ran_out(state: State) -> bool:
    """An exhaustive draw (or nagashi mangan) on the table: the live wall empty, not four
    kans."""
    return state.wall == 0 and not four_kans(state)


#: the table test of each draw a log may name
_NAMED_DRAWS: dict[str, Callable[[State], bool]] = {
    "exhaustive": _wall_ran_out,
    "nagashi": _wall_ran_out,
    "four_kans": four_kans,
    "four_riichi": four_riichi,
    "nine_terminals": nine_terminals,
    "four_winds": four_winds,
}


def nagashi(state: State, who: int) -> bool:
    """Nagashi mangan: every discard a terminal or honor, none called away."""
    return bool(state.discards[who]) and state.called_away[who] == 0 and all(
        KIND[t] in _TERMINALS for t in state.discards[who])


def settle_draw(state: State, record: DrawRecord,
                rules: Rules | None = None) -> tuple[tuple[int, ...], str]:
    """Every seat's score change for a round without a win, and the reason mjasp sees.

    Nagashi mangan is paid as a mangan tsumo without honba under ``rules`` (default:
    Tenhou's four players), by :func:`mjasp.rules.points.settle` as a win's tsumo is:
    with three players and tsumo loss (Tenhou, Mahjong Soul) the absent North's share is
    lost, 4000 + 2000 to a non-dealer and 4000 + 4000 to the dealer."""
    players = state.players
    deltas = [0] * players
    reason = record.reason
    if reason == "unknown":  # a format without the reason: the table says which
        reason = draw_kind(state)
    if reason not in ("exhaustive", "nagashi"):
        return tuple(deltas), reason
    for p in range(players):
        if len(state.hands[p]) % 3 != 1:  # a draw not followed by its discard
            raise LogError(f"{state.round.name}: an exhaustive draw while seat {p} holds "
                           f"{len(state.hands[p])} concealed tiles")
    winners = [p for p in range(players) if nagashi(state, p)]
    if winners:
        for p in winners:
            # "the amount of a mangan tsumo" (https://riichi.wiki/Nagashi_mangan), each
            # nagashi paid on its own, without honba or sticks
            _, paid = settle(LIMITS["mangan"], dealer=p == state.dealer, tsumo=True,
                             rules=rules)
            for seat in range(players):
                if seat == p:
                    continue
                pay = paid.dealer if seat == state.dealer else paid.others
                deltas[seat] -= pay
                deltas[p] += pay
        return tuple(deltas), "nagashi"
    ready = [p for p in range(players) if tenpai(state, p)]
    pot = 3000 if players == 4 else 2000
    if 0 < len(ready) < players:
        for p in range(players):
            if p in ready:
                deltas[p] += pot // len(ready)
            else:
                deltas[p] -= pot // (players - len(ready))
    return tuple(deltas), "exhaustive"


#: Called with (round index, event index, event, state after it) for every replayed event
#: but the draws (half the events; what a table needs of them is in the next discard).
Observer = Callable[[int, int, Event, State], object]


def next_round(rnd: Round, players: int, dealer_stays: bool, won: bool,
               sticks: int) -> tuple[int, int, int, int, int]:
    """(wind, number, honba, sticks, dealer) of the round after ``rnd`` under Tenhou's
    rules (kobalab's Tenhou-following rules,
    https://gist.github.com/kobalab/0d551769d11e077322fe4c8a6990a475; nagashi mangan:
    https://riichi.wiki/Nagashi_mangan; the shared Tenhou logs agree): the deal stays
    when the dealer wins (on a double ron too), is tenpai at an exhaustive draw (with or
    without a nagashi mangan) or the round is aborted, and moves to the next seat
    otherwise; a honba is added unless a non-dealer won (then none are left); the riichi
    sticks go to the winner or stay on the table.

    >>> from mjasp.logs.model import Round
    >>> r = Round(0, 3, 2, 1, 3, (25000,) * 4, 0, ())
    >>> next_round(r, 4, dealer_stays=False, won=True, sticks=0)
    (1, 0, 0, 0, 0)
    """
    honba = rnd.honba + 1 if dealer_stays or not won else 0
    if dealer_stays:
        return rnd.wind, rnd.number, honba, sticks, rnd.dealer
    wind, number = divmod(rnd.wind * players + rnd.number + 1, players)
    return wind, number, honba, sticks, (rnd.dealer + 1) % players


def check_round(game: Game, index: int, rnd: Round, out: GameCheck,
                scores: list[int] | None, observe: Observer | None = None) -> list[int]:
    """Check one round; returns the scores after it (the next round's start).
    ``observe`` sees every event of the replay but the draws (the tables share it)."""
    rules: Rules = game.rules
    players = game.players
    where = rnd.name
    mismatches = out.mismatches
    before = len(mismatches)
    if scores is not None and list(rnd.scores) != scores:
        mismatches.append(Mismatch(game.source, where, 0, "starting scores", list(rnd.scores),
                                   scores))
    expected = out.next_round
    ours = (rnd.wind, rnd.number, rnd.honba, rnd.sticks, rnd.dealer)
    if expected is not None and ours != expected:
        mismatches.append(Mismatch(game.source, where, 0, "round, honba, sticks, dealer "
                                   "after the last result", list(ours), list(expected)))
    total = [0] * players
    logged: list[int] | None = [0] * players
    winners_seen = 0
    state: State | None = None
    ron_winners: list[int] = []
    draw_reason = ""
    logged_reason: str | None = None
    pending = ""  # an abortive draw the discard just played forces
    # (counts that say when a forced abortive draw is possible at all: four kans, four
    # riichi, the fourth discard)
    kans = riichis = discards = 0
    armed = True
    for i, (event, state) in enumerate(replay(rnd, players)):
        kind = event.kind
        if kind == "draw":  # (Mortal's simulator logs the next draw before such a draw)
            continue
        if pending:
            if kind not in _AFTER_ABORT:
                mismatches.append(Mismatch(game.source, where, i, "the round goes on after "
                                           "an abortive draw", kind, pending))
                pending = ""
                armed = False
        elif kind == "discard":
            discards += 1
            if armed and (kans >= 4 or riichis >= 4 or discards == 4):
                pending = forced_abort(state)
        elif kind == "riichi":
            riichis += 1
        elif kind in _KANS:
            kans += 1
        if observe is not None:
            observe(index, i, event, state)
        if kind == "win":
            if not ron_winners:
                target = event.target
                # the winners in turn order from the discarder (the first takes the sticks)
                ron_winners = sorted((e.who for e in rnd.events[i:] if e.kind == "win"),
                                     key=lambda w: (w - target) % players)
                if len(ron_winners) >= 3 and target not in ron_winners and \
                        str(getattr(rules, "name", "")) == "tenhou":
                    # Tenhou aborts the round on three rons ("三家和了", the abortive
                    # draws of https://riichi.wiki/Tenhou.net_rules); Mahjong Soul lets
                    # all three win (riichi.wiki, Mahjong Soul: "Three-player Ron: No")
                    mismatches.append(Mismatch(game.source, where, i, "three rons on one "
                                               "discard", ron_winners, "an abortive draw"))
            first = event.who == ron_winners[0]
            record = event.record if isinstance(event.record, WinRecord) else None
            wc = _check_win(game, where, i, state, event, record, first, rules, mismatches)
            winners_seen += 1
            out.wins.append(wc)
            for p in range(players):
                total[p] += wc.deltas[p]
            if record is None or record.deltas is None:
                logged = None
            elif logged is not None:
                logged = [a + b for a, b in zip(logged, record.deltas, strict=True)]
        elif event.kind == "ryuukyoku":
            record_d = event.record
            assert isinstance(record_d, DrawRecord)
            try:
                deltas, reason = settle_draw(state, record_d, rules)
            except LogError as error:
                raise LogError(f"{game.source}: {error}") from None
            draw_reason = reason
            # the rounds table's ``draw``: the record's own kind, else (MJAI names none)
            # the kind the table shows
            logged_reason = record_d.reason if record_d.reason != "unknown" else reason
            if record_d.reason != "unknown" and reason != record_d.reason:
                mismatches.append(Mismatch(game.source, where, i, "draw kind",
                                           record_d.reason, reason))
            elif record_d.reason != "unknown" and not named_draw_holds(state, reason):
                # a draw the log names but the table does not show
                mismatches.append(Mismatch(game.source, where, i, "draw kind",
                                           record_d.reason, draw_kind(state)))
            total = list(deltas)
            logged = list(record_d.deltas) if record_d.deltas is not None else None
    if state is None or rnd.events[-1].kind not in ("win", "ryuukyoku"):
        raise LogError(f"{game.source}: round {where} has no result")
    if logged is not None and logged != total:
        mismatches.append(Mismatch(game.source, where, len(rnd.events) - 1, "score changes",
                                   logged, total))
    out.rounds += 1
    agrees = len(mismatches) == before
    out.rounds_agree += agrees
    out.round_rows.append({"round": index, "name": where, "result": rnd.events[-1].kind,
                           "draw": logged_reason if rnd.events[-1].kind == "ryuukyoku"
                           else None, "deltas": total, "agrees": agrees})
    out.sticks_left = state.sticks
    won = rnd.events[-1].kind == "win"
    if won:
        stays = any(e.who == rnd.dealer for e in rnd.events if e.kind == "win")
    else:
        stays = draw_reason not in ("exhaustive", "nagashi") or tenpai(state, rnd.dealer)
    out.next_round = next_round(rnd, players, stays, won, state.sticks)
    out.last_result = "win" if won else draw_reason
    if won:
        return list(state.scores)  # each win has moved the scores already
    return [s + d for s, d in zip(state.scores, total, strict=True)]


def _check_win(game: Game, where: str, i: int, state: State, event: Event,
               record: WinRecord | None, first: bool, rules: Rules,
               mismatches: list[Mismatch]) -> WinCheck:
    who = event.who
    tiles = list(state.hands[who])
    if event.target != who:
        tiles.append(event.tile)
    before = len(mismatches)

    def differ(what: str, log: Any, ours: Any) -> None:
        mismatches.append(Mismatch(game.source, where, i, f"seat {who} win: {what}", log, ours))

    try:
        # a replayed hand of the wrong size (an event too many in the log) is refused here
        hand = hand_of(tiles, state.melds[who])
        win = situation(state, event, record, first, rules)
        s = score(hand, win, rules=rules)
        if record is not None and not record.ura_known and win.riichi and \
                record.deltas is not None and not s.yakuman:
            win, s = _ura_as_recorded(state, event, hand, win, s, rules, record.deltas)
    except Exception as error:  # a hand mjasp refuses is a disagreement, with the reason
        raise LogError(f"{game.source}: {where} event {i}: seat {who}'s win "
                       f"{tiles_text(tiles)} cannot be scored: {error}") from None
    deltas = settle_win(state, event, s)
    if record is not None:
        if record.hand is not None and sorted(record.hand) != sorted(tiles):
            differ("hand", tiles_text(record.hand), tiles_text(tiles))
        if record.points is not None and record.points != s.points:
            differ("points", record.points, s.points)
        if record.fu is not None and not s.yakuman and record.fu != s.fu:
            differ("fu", record.fu, s.fu)
        if record.yaku is not None and not record.yakuman:
            # a yaku of no han (ura dora none of which hit) is left out: Tenhou's mjlog
            # lists it for every riichi win, its tenhou.net/6 log does not
            theirs = sorted((i, h) for i, h in record.yaku if h)
            ours = logged_yaku(s, north_apart=any(i == NORTH_DORA for i, _ in theirs))
            if theirs != ours:
                differ("yaku", theirs, ours)
        if record.yakuman is not None and (record.yakuman or s.yakuman):
            ours_y = sorted(int(y.yaku.tenhou_id or -1) for y in s.yaku if y.han >= 13)
            if sorted(record.yakuman) != ours_y:
                differ("yakuman", sorted(record.yakuman), ours_y)
        if record.pao is not None and record.pao != state.pao[who]:
            differ("liable seat", record.pao, state.pao[who])
        if record.deltas is not None and tuple(record.deltas) != deltas:
            differ("score changes", list(record.deltas), list(deltas))
        if record.scores is not None and tuple(record.scores) != tuple(state.scores):
            differ("scores before the win", list(record.scores), list(state.scores))
    for p, d in enumerate(deltas):
        state.scores[p] += d
    if first:
        state.sticks = 0
    return WinCheck(where, i, who, event.target, hand, win, s, deltas,
                    len(mismatches) == before)


def yaku_id(item: YakuItem) -> int | None:
    """The id a log gives a scored yaku: Tenhou's, or :data:`NORTH_DORA` for north dora
    (None for a user's custom yaku, which no log names)."""
    return NORTH_DORA if item.yaku is Yaku.NUKIDORA else item.yaku.tenhou_id


def logged_yaku(s: Score, north_apart: bool = True) -> list[tuple[int | None, int]]:
    """(id, han) of every yaku of ``s`` with han, sorted, as a log lists them: north dora
    on its own (Mahjong Soul's 抜きドラ) when ``north_apart``, else counted in the dora
    (id 52), as a log with no item of its own for it does (Tenhou's three-player lists)."""
    found = [(yaku_id(y), y.han) for y in s.yaku if y.han]
    north = sum(h for i, h in found if i == NORTH_DORA)
    if north and not north_apart:
        dora = sum(h for i, h in found if i == Yaku.DORA.value)
        found = [(i, h) for i, h in found if i not in (NORTH_DORA, Yaku.DORA.value)]
        found.append((Yaku.DORA.value, dora + north))
    return sorted(found, key=lambda p: (-1 if p[0] is None else p[0], p[1]))


def _ura_as_recorded(state: State, event: Event, hand: Hand, win: Win, s: Score,
                     rules: Rules, recorded: tuple[int, ...]) -> tuple[Win, Score]:
    """The riichi win whose log does not name the ura indicators, with indicators whose
    payments are the recorded ones (the fewest ura han that do), else as scored.

    As many ura indicators as dora indicators; each kind's han is found by scoring the
    hand with that kind as the one indicator, so the ura rule stays the scorer's."""
    if settle_win(state, event, s) == recorded:
        return win, s
    by_gain: dict[int, str] = {}
    for kind in range(34):
        one = score(hand, replace(win, ura_indicators=(tile_text(kind),)), rules=rules)
        by_gain.setdefault(one.han - s.han, tile_text(kind))
    picks = sorted(combinations_with_replacement(sorted(by_gain), len(win.dora_indicators)),
                   key=sum)
    for gains in picks:
        if not sum(gains):
            continue
        trial = replace(win, ura_indicators=tuple(by_gain[g] for g in gains))
        t = score(hand, trial, rules=rules)
        if settle_win(state, event, t) == recorded:
            return trial, t
    return win, s


def check_game(game: Game, observe: Observer | None = None) -> GameCheck:
    """Re-score every win and settle every round of ``game``; ``observe`` sees every
    event but the draws of every round replayed (an unsettled one too), in order."""
    out = GameCheck(game.source)
    scores: list[int] | None = None
    ended: str | None = None  # why the game ended (Tenhou's rules), once it has
    for index, rnd in enumerate(game.rounds):
        if not rnd.events or rnd.events[-1].kind not in ("win", "ryuukyoku"):
            # a log cut short (game.problem says where): its last round is unsettled
            if observe is not None:
                for i, (event, state) in enumerate(replay(rnd, game.players)):
                    if event.kind != "draw":
                        observe(index, i, event, state)
            continue
        if ended is not None:
            out.mismatches.append(Mismatch(game.source, rnd.name, 0, "a round after the "
                                           "game's end", ended, "no more rounds"))
        scores = check_round(game, index, rnd, out, scores, observe)
        ended = game_end(game, rnd, scores, out) if ended is None else ended
        last = rnd
    if ended is None and scores is not None and game.final is not None:
        early = early_end(game, last, out)
        if early is not None:
            out.mismatches.append(Mismatch(game.source, last.name, len(last.events) - 1,
                                           "the game ends early", f"ends after {last.name}",
                                           early))
    if game.final is not None and scores is not None:
        final = list(scores)
        if out.sticks_left:
            final[first_place(game, final)] += 1000 * out.sticks_left
        if final != list(game.final):
            out.mismatches.append(Mismatch(game.source, "end", -1, "final scores",
                                           list(game.final), final))
    if game.final is not None and game.final_points is not None and tenhou_results(game) \
            and (game.players == 4 or human_players(game)):
        # (three players: human players' games only, as the records showing the rule are)
        # Tenhou's rounded results (its rule until at least 2020), or its exact ones
        # (its records since: see end_points)
        results = [*end_points(game, list(game.final)),
                   *end_points(game, list(game.final), rounded=False)]
        if not any(all(abs(a - b) < 1e-6 for a, b in zip(game.final_points, r, strict=True))
                   for r in results):
            out.mismatches.append(Mismatch(game.source, "end", -1,
                                           "final points (uma and oka)",
                                           list(game.final_points), list(results[0])))
    return out


def game_end(game: Game, rnd: Round, scores: list[int], out: GameCheck) -> str | None:
    """Why a game ends after ``rnd`` (``scores`` the scores it left, the sticks still on
    the table not counted), or None when it goes on (or its rules say nothing here).

    A score below zero ends a Tenhou game, of four players or three, and a Mahjong Soul
    game, of four players or three (zero does not): Tenhou's rules, "飛びあり。点数が
    マイナスで飛び終了" (quoted by https://riichi.wiki/Tenhou.net_rules; one page of rules
    for every lobby); Mahjong Soul's, "Bankruptcy: Applied for negative points; Not
    applied for zero point" (riichi.wiki's Majsoul page,
    https://riichi.wiki/Special:MobileDiff/19582), its three-player rules "basically
    refers to Tenhou ... Most of the rules are identical to Tenhou Sanma"
    (https://riichi.wiki/Special:MobileDiff/19195).

    The game's length is judged for four-player Tenhou games only: "東風戦の南入、
    東南戦の西入あり、以降誰かが30000点(供託未収)以上になった時点で終了" and "サドンデスの
    最大局は東風戦は南場まで、東南戦は西場まで" (after the last hand, South 4 or East 4,
    the game ends once a seat holds 30,000 or more, else goes on into the next wind, at
    most to its fourth hand); "ラス親トップの自動和了り止め、自動聴牌止めあり" (a dealer
    who keeps the deal in the last hand by a win or tenpai ends the game when first; the
    stop at tenpai from June 2010 on, before which the dealer kept the deal: "2010年6月から
    「ラス親トップの自動聴牌止め」を導入します。これまでは、ラス親のトップ時に聴牌で流局した
    場合、連荘していました", http://blog.tenhou.net/article/38215017.html, judged by the
    Tenhou log id that names the file, as Tenhou's downloads are named).
    While the dealer keeps the deal the game goes on though another seat holds 30,000
    (kobalab's notes on Tenhou, https://gist.github.com/kobalab/0d551769d11e077322fe4c8a6990a475:
    "現在の天鳳では親の連荘中は子に30000点越えの者が出てもサドンデスとはならず連荘を優先
    している"; "南四局の親が途中流局でない連荘をし、30000点以上のトップ目の場合ゲームを
    終了する"). No source found gives Tenhou's three-player target or Mahjong Soul's
    extra wind and last-dealer rules, so those games' length is not judged. Only games
    whose lobby is known are judged (a log without one, an engine's MJAI, may play
    another table's rules).
    """
    name = str(getattr(game.rules, "name", ""))
    if name not in _BUST_ENDS or game.lobby_type is None:
        return None
    if min(scores) < 0:
        return f"{rnd.name}: a score below zero ({min(scores)})"
    if name != "tenhou" or game.players != 4:
        return None
    last = (1, 3) if game.lobby_type & 0x08 else (0, 3)  # South 4, or East 4
    here = (rnd.wind, rnd.number)
    if here < last:
        return None
    assert out.next_round is not None
    stays = out.next_round[4] == rnd.dealer
    top = max(scores)
    if stays:
        stops = ("win",) if _before_tenpai_stop(game.source) else ("win", "exhaustive",
                                                                    "nagashi")
        if out.last_result in stops and top >= TENHOU_RETURN \
                and first_place(game, scores) == rnd.dealer:
            return f"{rnd.name}: the dealer keeps the deal in first place with {top}"
        return None
    if top >= TENHOU_RETURN:
        return f"{rnd.name}: the last hand passed with a seat at {top}"
    if here == (last[0] + 1, 3):
        return f"{rnd.name}: the last hand of the extra wind passed"
    return None


def early_end(game: Game, rnd: Round, out: GameCheck) -> str | None:
    """What Tenhou's rules say where a whole record (its final scores given) ends after
    ``rnd`` though :func:`game_end` found no end there (no score below zero, no end of
    the last hand), or None where they say nothing.

    Judged: Tenhou's games (four players or three) of human players only (the lobby's
    0x01 bit: hand-built records and games against computers are left alone; a
    tenhou.net/6 log says it by the Tenhou log id of its ``ref`` only), whose lobby is
    known. A four-player game's whole length is known (:func:`game_end`); a
    three-player game's only so far that it plays at least to its last hand (East 3, or
    South 3 in an east-south game: no source found gives its target score); a
    tenhou.net/6 room name that says neither east-only nor east-south
    (``game.extra["length_unknown"]``) gives the shorter length, East 4 (East 3).
    """
    name = str(getattr(game.rules, "name", ""))
    if name not in ("tenhou", "tenhou-3p") or game.lobby_type is None \
            or not human_players(game):
        return None
    unknown = bool(game.extra.get("length_unknown"))
    south = bool(game.lobby_type & 0x08) and not unknown
    last = (1 if south else 0, game.players - 1)  # South 4 / East 4 (three players: 3)
    last_name = f"{'ES'[last[0]]}{last[1] + 1}"
    if (rnd.wind, rnd.number) < last:
        return (f"the game plays to {last_name} at least"
                + (" (length unknown: the room names no east-only or east-south)"
                   if unknown else "") + "; no score fell below zero")
    if game.players == 4 and not unknown:
        return f"the game goes on after {rnd.name} (no seat ended it as Tenhou's rules say)"
    return None


def _before_tenpai_stop(source: str) -> bool:
    """Whether a log named by its Tenhou log id is of a game before June 2010, when the
    last dealer's tenpai in first place still kept the deal (:func:`game_end`).

    >>> _before_tenpai_stop("2009022022gm-00a9-0000-cd94aac8.mjlog"), _before_tenpai_stop("x")
    (True, False)
    """
    found = TENHOU_LOG_ID.search(source)
    return found is not None and found.group(1) < "2010060100"


#: The presets whose games end at a score below zero (:func:`game_end`).
_BUST_ENDS = frozenset(("tenhou", "tenhou-3p", "mahjongsoul", "mahjongsoul-3p"))


#: Tenhou's four-player game end: 25,000 points to start, 30,000 to return (the oka,
#: 4 x 5,000, goes to the first place), uma 10-20 (+20 +10 -10 -20 by rank).
TENHOU_RETURN = 30000
TENHOU_UMA = (20, 10, -10, -20)
#: Tenhou's three-player game end: 35,000 to start, 40,000 to return (the oka, 3 x
#: 5,000, to the first place), uma +20 0 -20 by rank (:func:`end_points`).
TENHOU_3P_RETURN = 40000
TENHOU_3P_UMA = (20, 0, -20)


def tenhou_results(game: Game) -> bool:
    """Whether ``game`` ends with Tenhou's results after uma and oka
    (:func:`end_points`): a Tenhou game of four players or three. A three-player
    game's results are compared with the log's only in human players' lobbies
    (:func:`human_players`), whose records show the rule; hand-built records and games
    against computers are left alone."""
    name = str(getattr(game.rules, "name", ""))
    return (name, game.players) in (("tenhou", 4), ("tenhou-3p", 3))


def human_players(game: Game) -> bool:
    """Whether the log says its players were human: its lobby's 0x01 bit (a
    tenhou.net/6 log by the Tenhou log id of its ``ref``, an MJAI log by its
    ``lobby_type``)."""
    return game.lobby_type is not None and bool(game.lobby_type & 0x01) \
        and not game.extra.get("not_human")


def end_points(game: Game, scores: list[int],
               rounded: bool = True) -> list[tuple[float, ...]]:
    """Every seat's result after uma and oka as Tenhou gives it at the end of a
    four-player game, from the final ``scores`` (leftover sticks added): "25000点開始の
    30000点返し", "ウマ10-20", "終了時の得点は1000点未満を四捨五入" (Tenhou's rules, as
    quoted by https://riichi.wiki/Tenhou.net_rules). Seats are ranked as
    :func:`first_place` ranks them (ties by nearness to the first dealer); each seat but
    the first gets (score - 30000) / 1000 rounded to a whole number plus its uma, and the
    first gets what makes the four sum to zero (its oka and uma, with the others'
    rounding: https://riichi.wiki/Oka_and_uma, "the winner's score is adjusted to
    produce a zero sum"; every shared Tenhou log's owari agrees, e.g. 33600 first with
    43.0, not the 44 of its own rounding). A score 500 off a thousand rounds up, as
    四捨五入 of the score says: a Tenhou record's ``owari`` (quoted in the tests of
    kobalab's tenhou-log converter, https://github.com/kobalab/tenhou-log,
    test/03.convlog.js) gives 21500 third -18.0, (21500 - 30000) / 1000 = -8.5 rounded
    up to -8, and -10. No record at hand has a score below zero 500 off a thousand
    (four-down-five-up of a negative score could go either way): both results are
    returned there (rounded up first).

    Tenhou has since stopped rounding: its phoenix-room result lists give tenths,
    "+53.8 +10.5 -18.7 -45.6" for a four-player game of 2022-12-19 and "+52.5 +17.4
    -22.5 -47.4" for one of 2026-05-14 (Tenhou's lists at https://tenhou.net/sc/raw/,
    ``scc`` files, as quoted in the test data of public Tenhou log downloaders), where
    its lists of 2013 give whole numbers; kobalab (the author of the Tenhou-following
    electronic mahjong, https://github.com/kobalab/majiang-core/issues/7, 2024) speaks
    of "(かつての)天鳳" rounding. The shared logs, to 2020-08, are rounded. With
    ``rounded=False`` every seat but the first gets (score - 30000) / 1000 plus its uma
    exactly (tenths), the first the rest: one result.

    With three players (``scores`` of three seats), the same with 35,000 to start,
    40,000 to return and uma +20 0 -20: Tenhou's three-player records say so
    (2018110809gm-00b9-0000-00a79b89: 48100 second 8.0, (48100 - 40000) / 1000 = 8.1
    rounded, + 0; -6400 third -66.0, -46.4 rounded, - 20; the first the rest, 58.0;
    2009060321gm-00b9-0000-75b25bcf and 2014091101gm-00b9-0000-5ca6b487 agree; in
    tenths, Tenhou's JSON export of 2024123123gm-00b9-0000-4a3a3639: 28900 second -11.1,
    -1700 third -61.7, the first 72.8), and so does the result list of a three-player
    phoenix game of 2022-12-19 in tenths, "+44.3 +8.5 -52.8" (the second's and the
    third's (score - 40000) / 1000 + 0 and - 20 for 48500 and 7200, which leave the
    first 49300 of 105,000 and 44.3).

    >>> from mjasp.logs.model import Game, Round
    >>> g = Game("x", "mjlog", 4, None, rounds=[Round(0, 0, 0, 0, 0, (25000,) * 4, 0, ())])
    >>> end_points(g, [20100, 35800, 5200, 38900])
    [(-20, 16, -45, 49)]
    >>> end_points(g, [20100, 35800, 5200, 38900], rounded=False)
    [(-19.9, 15.8, -44.8, 48.9)]
    """
    players = len(scores)
    back, uma = (TENHOU_3P_RETURN, TENHOU_3P_UMA) if players == 3 else \
        (TENHOU_RETURN, TENHOU_UMA)
    first = first_place(game, scores)
    start = (game.rounds[0].dealer - game.rounds[0].number) % players if game.rounds else 0
    order = sorted(range(players), key=lambda p: (-scores[p], (p - start) % players))
    assert order[0] == first
    choices: list[list[float]] = []
    for rank, p in enumerate(order[1:], start=1):
        whole, rest = divmod(scores[p] - back, 1000)
        halfway = rest == 500 and scores[p] < 0  # (undecided: see above)
        options: list[float] = [whole + 1, whole] if halfway else [whole + (rest >= 500)]
        if not rounded:  # tenths, exactly (a score is a multiple of 100)
            options = [(scores[p] - back) // 100 / 10]
        choices.append([o + uma[rank] for o in options])
    results: list[tuple[float, ...]] = []
    for picked in product(*choices):
        out: list[float] = [0] * players
        for p, value in zip(order[1:], picked, strict=True):
            out[p] = value
        out[first] = round(-sum(picked), 1) + 0  # (+ 0: no -0.0)
        results.append(tuple(out))
    return results


def first_place(game: Game, scores: list[int]) -> int:
    """The seat ranked first by ``scores``: Tenhou gives the riichi sticks left at the end
    to it (https://tenhou.net/man/), and ranks a tie by nearness to the first dealer (a
    Tenhou record whose first dealer is seat 2, quoted in the tests of kobalab's
    tenhou-log converter, ranks tied seats 2 before 1 and 3 before 0). The first dealer
    is the dealer of the game's first round counted back to its first hand (seat 0 in
    Tenhou's own logs; an MJAI log may start elsewhere).

    >>> from mjasp.logs.model import Game, Round
    >>> g = Game("x", "mjai", 4, None, rounds=[Round(0, 0, 0, 0, 2, (25000,) * 4, 0, ())])
    >>> first_place(g, [30000, 20000, 30000, 20000])
    2
    """
    players = len(scores)
    first = 0
    if game.rounds:
        rnd = game.rounds[0]
        first = (rnd.dealer - rnd.number) % players
    return max(range(players), key=lambda p: (scores[p], -((p - first) % players)))


def iter_checks(games: Iterator[Game]) -> Iterator[GameCheck]:
    """:func:`check_game` over many games."""
    for game in games:
        yield check_game(game)
