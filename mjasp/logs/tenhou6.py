"""tenhou.net/6 JSON, the format of Tenhou's web viewer, in and out.

A log is ``{"title", "name", "rule": {"disp", "aka", ...}, "log": [round, ...]}``; a
round is ``[[number, honba, sticks], scores, dora indicators, ura indicators,`` then per
seat its 13 starting tiles, its draws and its discards, and last the result
``["和了", deltas, [who, from, liable, "30符1000点", "立直(1飜)", ...], ...]`` or
``["流局", deltas]`` (or an abortive draw's name). Tiles are 11-19 (man), 21-29 (pin),
31-39 (sou), 41-47 (honors), 51 52 53 (red 5m 5p 5s). A draw column holds a tile or a
call (``c`` chi, ``p`` pon, ``m`` open kan: the letter's place says from whom — first
from the left seat, in the middle from across, last from the right, the places of the
four-seat table with three players too); a discard column
holds a tile, 60 for the tile just drawn, ``r`` + tile for riichi, ``a`` a closed kan,
``k`` an added kan, ``f`` a north set aside, and 0 after an open kan.

The order of play is not written: it is rebuilt by seating (a pon or kan takes
precedence over a chi) and the dora timing by Tenhou's rule as its own logs show it
(a closed kan's indicator at once, an open or added kan's after the replacement draw).
"""

from __future__ import annotations

import json
import re
from collections import deque
from typing import Any, Final

from mjasp.core.errors import RulesError
from mjasp.core.yaku import Yaku
from mjasp.logs.check import draw_kind, end_points, tenhou_results
from mjasp.logs.lobby import (
    TENHOU_LOG_ID,
    describe_lobby,
    lobby_from_description,
    rules_for_lobby,
)
from mjasp.logs.model import (
    KIND,
    NORTH_DORA,
    DrawRecord,
    Event,
    Game,
    LogError,
    Round,
    WinRecord,
    per_seat,
    replay,
    round_name,
    validate,
)
from mjasp.rules import RULES, Rules
from mjasp.rules.points import payments

_YAKU_BY_NAME = {y.japanese: y.tenhou_id for y in Yaku if y.tenhou_id is not None}
_NAME_BY_ID = {v: k for k, v in _YAKU_BY_NAME.items()}
_NAME_BY_ID[NORTH_DORA] = "抜きドラ"  # a north dora item read from a log is written back so

#: The English names tensoul writes with its English option (Mahjong Soul's own English
#: names, https://github.com/Equim-chan/tensoul data.json ``fan``), each the Tenhou id of
#: the yaku it names. Mahjong Soul's names say "the seat's wind" and "the round's wind"
#: without the wind: :data:`_WIND_YAKU` reads those.
ENGLISH_YAKU: Final = {
    "Fully Concealed Hand": 0, "Riichi": 1, "Ippatsu": 2, "Robbing a Kan": 3,
    "After a Kan": 4, "Under the Sea": 5, "Under the River": 6, "Pinfu": 7,
    "All Simples": 8, "Pure Double Sequence": 9, "White Dragon": 18, "Green Dragon": 19,
    "Red Dragon": 20, "Double Riichi": 21, "Seven Pairs": 22, "Half Outside Hand": 23,
    "Pure Straight": 24, "Mixed Triple Sequence": 25, "Triple Triplets": 26,
    "Three Quads": 27, "All Triplets": 28, "Three Concealed Triplets": 29,
    "Little Three Dragons": 30, "All Terminals and Honors": 31,
    "Twice Pure Double Sequence": 32, "Fully Outside Hand": 33, "Half Flush": 34,
    "Full Flush": 35, "Hand of Man": 36, "Blessing of Heaven": 37, "Blessing of Earth": 38,
    "Big Three Dragons": 39, "Four Concealed Triplets": 40,
    "Single-wait Four Concealed Triplets": 41, "All Honors": 42, "All Green": 43,
    "All Terminals": 44, "Nine Gates": 45, "True Nine Gates": 46, "Thirteen Orphans": 47,
    "Thirteen-wait Thirteen Orphans": 48, "Four Big Winds": 49, "Four Little Winds": 50,
    "Four Quads": 51, "Dora": 52, "Ura Dora": 53, "Red Five": 54, "Kita": NORTH_DORA}
#: Mahjong Soul's Japanese names (tensoul's default output) where they differ from
#: Tenhou's: 両立直, 国士無双１３面, and north dora, which Tenhou's list has no name for
#: (Mahjong Soul's ``fan`` 34: 抜きドラ, in English Kita).
MAHJONGSOUL_JAPANESE_YAKU: Final = {"ダブル立直": 21, "国士無双十三面待ち": 48,
                                    "抜きドラ": NORTH_DORA}
#: A wind yaku named without its wind (English, and Mahjong Soul's Japanese): the Tenhou
#: id of its East, and whether the wind is the winner's seat's (else the round's).
_WIND_YAKU: Final = {"Seat Wind": (10, True), "役牌:自風牌": (10, True),
                     "Prevalent Wind": (14, False), "役牌:場風牌": (14, False)}
DRAW_NAMES = {"exhaustive": "流局", "nagashi": "流し満貫", "nine_terminals": "九種九牌",
              "four_riichi": "四家立直", "triple_ron": "三家和了", "four_winds": "四風連打",
              "four_kans": "四槓散了"}
# other names: Tenhou's viewer's for an exhaustive draw with every seat tenpai or noten,
# tensoul's (Mahjong Soul records) for four kans and three rons
_DRAW_BY_NAME = {**{v: k for k, v in DRAW_NAMES.items()}, "全員聴牌": "exhaustive",
                 "全員不聴": "exhaustive", "四開槓": "four_kans", "三家和": "triple_ron",
                 # tensoul's English option
                 "Exhaustive Draw": "exhaustive", "Mangan at Draw": "nagashi",
                 "Nine Terminal Abortion": "nine_terminals",
                 "Four Riichi Abortion": "four_riichi", "Three Ron Abortion": "triple_ron",
                 "Four Wind Abortion": "four_winds", "Four Kan Abortion": "four_kans"}


def code(tile: int) -> int:
    """The tenhou.net/6 code of a log tile.

    >>> code(0), code(34), code(33)
    (11, 51, 47)
    """
    if tile >= 34:
        return 51 + tile - 34
    return (tile // 9 + 1) * 10 + tile % 9 + 1


def tile_of(c: int) -> int:
    """The log tile of a tenhou.net/6 code."""
    if 51 <= c <= 53:
        return 34 + c - 51
    suit, number = divmod(c, 10)
    if not (1 <= suit <= 4 and 1 <= number <= (7 if suit == 4 else 9)):
        raise LogError(f"{c} is not a tenhou.net/6 tile code")
    return (suit - 1) * 9 + number - 1


def _call_text(letter: str, who: int, target: int, called: int, consumed: tuple[int, ...]
               ) -> str:
    # the place of the four-seat table, three players too (see _call_seat)
    rel = (target - who) % 4
    own = [f"{code(t)}" for t in consumed]
    mark = f"{letter}{code(called)}"
    if rel == 3:  # from the left seat
        return mark + "".join(own)
    if rel == 1:  # from the right seat
        return "".join(own) + mark
    return own[0] + mark + "".join(own[1:])


def _call_seat(caller: int, at: int, size: int, players: int) -> int:
    """The seat a draw column's call takes from, by its letter's place ``at`` in a text of
    ``size`` characters: first the seat on the left, in the middle the seat across, last
    the seat on the right. Tenhou keeps the four seats of the table with three players,
    the fourth (North) empty, and its JSON export (and tensoul's) places calls so: seat 2
    has seat 0 across from it. A place that names the empty seat is read as the seat on
    that side in the order of play (last: the seat after, else the seat before), as
    mjasp's writer once placed seat 0's calls from seat 2 and seat 2's from seat 0."""
    rel = 3 if at == 0 else (1 if at == size - 3 else 2)
    seat = (caller + rel) % 4
    if seat < players:
        return seat
    return (caller + (1 if rel == 1 else players - 1)) % players


def write_tenhou6(game: Game) -> dict[str, Any]:
    """A game as a tenhou.net/6 JSON object (``json.dumps`` it).

    >>> from mjasp.logs.model import Game
    >>> from mjasp.rules import RULES
    >>> write_tenhou6(Game("x", "mjlog", 4, RULES["tenhou"], 169))["rule"]["disp"]
    '鳳南喰赤'
    """
    lobby = game.lobby_type if game.lobby_type is not None else 0x09
    out: dict[str, Any] = {"title": [game.source, ""], "name": list(game.names or
                                                                     [""] * game.players),
                           "rule": {"disp": describe_lobby(lobby),
                                    "aka": 0 if lobby & 0x02 else 1}, "log": []}
    if str(getattr(game.rules, "name", "")).startswith("mahjongsoul"):
        # a Mahjong Soul record stays one (see from_mahjongsoul), red fives per suit
        out["ratingc"] = f"PF{game.players}"
        out["rule"].update(zip(("aka51", "aka52", "aka53"), game.rules.red_fives,
                               strict=True))
    for rnd in game.rounds:
        if rnd.events and rnd.events[-1].kind in ("win", "ryuukyoku"):
            # (a cut round has no result)
            out["log"].append(_write_round(rnd, game.players, game.rules))
    if game.final is not None:
        out["sc"] = [x for s, p in zip(game.final, _final_points(game), strict=True)
                     for x in (s // 100, p)]
    log_id = TENHOU_LOG_ID.search(game.source)
    if log_id is not None and "ratingc" not in out:
        out["ref"] = log_id.group(0)  # a Tenhou game's log id, as Tenhou's export writes
    return out


def _final_points(game: Game) -> tuple[float, ...]:
    """Every seat's result after uma and oka for ``sc``, as Tenhou writes it after each
    final score (an mjlog's ``owari``: ``201,-20.0,358,16.0,...``): the log's own, else
    Tenhou's rule for a Tenhou game of four players or three
    (:func:`mjasp.logs.check.end_points`), else 0 (a rule whose uma mjasp does not
    know)."""
    assert game.final is not None
    if game.final_points is not None:
        return game.final_points
    if tenhou_results(game) and len(game.final) == game.players:
        return tuple(float(x) for x in end_points(game, list(game.final))[0])
    return (0.0,) * len(game.final)


def _write_round(rnd: Round, players: int, rules: Rules | None) -> list[Any]:
    takes: list[list[Any]] = [[] for _ in range(4)]
    discards: list[list[Any]] = [[] for _ in range(4)]
    dora = [code(rnd.dora)]
    ura: list[int] = []
    riichi = [False] * 4
    pons: dict[tuple[int, int], str] = {}
    result: list[Any] = []
    for e in rnd.events:
        k = e.kind
        if k == "draw":
            takes[e.who].append(code(e.tile))
        elif k == "discard":
            value: Any = 60 if e.tsumogiri else code(e.tile)
            if riichi[e.who]:
                value = f"r{value}"
                riichi[e.who] = False
            discards[e.who].append(value)
        elif k == "riichi":
            riichi[e.who] = True
        elif k == "chi":
            takes[e.who].append(f"c{code(e.tile)}" + "".join(str(code(t)) for t in e.consumed))
        elif k == "pon":
            text = _call_text("p", e.who, e.target, e.tile, e.consumed)
            pons[e.who, KIND[e.tile]] = text
            takes[e.who].append(text)
        elif k == "daiminkan":
            takes[e.who].append(_call_text("m", e.who, e.target, e.tile, e.consumed))
            discards[e.who].append(0)
        elif k == "kakan":
            pon = pons.get((e.who, KIND[e.tile]))
            if pon is None:
                raise LogError(f"{rnd.name}: an added kan without its pon")
            discards[e.who].append(pon.replace("p", f"k{code(e.tile)}"))
        elif k == "ankan":
            own = [str(code(t)) for t in e.consumed]
            discards[e.who].append("".join(own[:3]) + "a" + own[3])
        elif k == "nukidora":
            discards[e.who].append(f"f{code(e.tile)}")
        elif k == "dora":
            dora.append(code(e.tile))
        elif k == "win":
            rec = e.record if isinstance(e.record, WinRecord) else WinRecord()
            if not result:
                result = ["和了"]
            if rec.ura and not ura:
                ura = [code(t) for t in rec.ura]
            result.append(list(rec.deltas or [0] * players))
            detail: list[Any] = [e.who, e.target, rec.pao if rec.pao is not None else e.who]
            detail.append(_points_text(rec, rules, dealer=e.who == rnd.dealer,
                                       tsumo=e.target == e.who))
            # as Tenhou's viewer writes them: no entry of no han (an ura dora none hit)
            detail += [f"{_NAME_BY_ID[yid]}({han}飜)" for yid, han in rec.yaku or () if han]
            for yid in rec.yakuman or ():
                detail.append(f"{_NAME_BY_ID[yid]}(役満)")
            result.append(detail)
        elif k == "ryuukyoku":
            drec = e.record if isinstance(e.record, DrawRecord) else DrawRecord("exhaustive")
            reason = drec.reason
            if reason == "unknown":  # a log that names none (Mortal's MJAI): the table's
                reason = _draw_kind(rnd, players)
            result = [DRAW_NAMES.get(reason, "流局")]
            if drec.deltas is not None:
                result.append(list(drec.deltas))
    row: list[Any] = [[rnd.wind * 4 + rnd.number, rnd.honba, rnd.sticks],
                      [*rnd.scores, *([0] if players == 3 else [])], dora, ura]
    for p in range(4):
        # the starting hand sorted as Tenhou's viewer writes it: a red five after the
        # other fives of its suit
        hand = sorted((code(t) for t in (rnd.hands[p] if p < players else ())),
                      key=lambda c: (c if c < 50 else (c - 50) * 10 + 5, c))
        row += [hand, takes[p], discards[p]]
    row.append(result)
    return row


def _draw_kind(rnd: Round, players: int) -> str:
    """The kind of a draw its log does not name, read from the replayed table."""
    last = deque(replay(rnd, players), maxlen=1)  # the table after the last event
    return draw_kind(last[0][1]) if last else "exhaustive"


LIMIT_NAMES = ("", "満貫", "跳満", "倍満", "三倍満", "役満")
#: The same as tensoul's English option writes them (each followed by a space); its
#: "Counted Yakuman" and "Rounded Mangan" are, as 数え役満 and 切り上げ満貫, none of these.
ENGLISH_LIMIT_NAMES = ("", "Mangan", "Haneman", "Baiman", "Sanbaiman", "Yakuman")


def _points_text(rec: WinRecord, rules: Rules | None, *, dealer: bool, tsumo: bool) -> str:
    """As Tenhou's viewer writes it: "40符2飜2600点" or "満貫8000点" (a ron: the winner's
    gain before honba), "30符3飜1000-2000点" (a non-dealer's tsumo: each non-dealer's
    share, the dealer's), "跳満6000点∀" (a dealer's tsumo: each payer's share).

    The shares are the rules' payments for the recorded fu, han and yakuman, written only
    where they add up to the recorded points (else the whole gain, as on a ron).

    >>> _points_text(WinRecord(fu=30, points=4000, yaku=((1, 1), (0, 1), (52, 1))), None,
    ...              dealer=False, tsumo=True)
    '30符3飜1000-2000点'
    """
    if rec.points is None:
        return ""  # the source recorded no score (MJAI without mjasp's extra keys)
    # a record without fu or a limit name (MJAI from another tool) writes neither: "0符"
    # would read back as a fu of 0
    han = rec.han
    head = LIMIT_NAMES[rec.limit] if rec.limit else (
        f"{rec.fu}符" + (f"{han}飜" if han else "") if rec.fu else "")
    amount = f"{rec.points}点"
    if tsumo and (rec.fu or rec.limit):
        try:
            pay = payments(han or 0, rec.fu or 0, len(rec.yakuman or ()), dealer=dealer,
                           tsumo=True, rules=rules)
        except (RulesError, ValueError):
            pay = None
        if pay is not None and pay.total == rec.points:
            amount = f"{pay.others}点∀" if dealer else f"{pay.others}-{pay.dealer}点"
    return head + amount


#: The amount of a point text: "1000点", "500-1000点" (tsumo: each non-dealer's share,
#: the dealer's), "1300点∀" (a dealer's tsumo: each payer's share; other tools write
#: "点All"), after whatever names the limit.
_AMOUNT = re.compile(r"(\d+)(?:-(\d+))?点(∀|All|オール)?")


#: The fu that opens a point text: "30符" (Tenhou's viewer), "30Fu" (tensoul's English).
_FU = re.compile(r"(\d+)(?:符|Fu)")


def _read_points(text: str, players: int, dealer_tsumo: bool) -> tuple[int | None, int | None]:
    """(fu or None for a limit hand, points) of "30符1000点" ("30Fu1Han1000点" in tensoul's
    English), "満貫2000-4000点",
    "30符500点∀" (each payer's share on tsumo, as Tenhou's viewer writes it); the limit
    may carry any name (Tenhou's 満貫 跳満 倍満 三倍満 役満, other tools' 数え役満, 2倍役満,
    ダブル役満): only the amount is read.

    >>> _read_points("数え役満8000-16000点", 4, False), _read_points("2倍役満32000点∀", 4, True)
    ((None, 32000), (None, 96000))
    >>> _read_points("30Fu2Han500-1000点", 4, False), _read_points("Mangan 4000点∀", 4, True)
    ((30, 2000), (None, 12000))
    """
    written = _FU.match(text)
    fu = int(written.group(1)) if written else None
    found = _AMOUNT.search(text)
    if found is None:
        return fu, 0
    first, second, every = found.groups()
    if every:
        return fu, int(first) * (players - 1)
    if second:
        return fu, int(first) * (players - 2) + int(second)
    return fu, int(first)


def read_tenhou6(data: dict[str, Any] | bytes | str, source: str = "<tenhou6>") -> Game:
    """A game from a tenhou.net/6 JSON log (the object, or its text)."""
    if not isinstance(data, dict):
        text = data if isinstance(data, str) else data.decode("utf-8", "replace")
        data = _joined(text.removeprefix("\ufeff"), source)  # (a byte order mark)
    if not isinstance(data, dict) or not isinstance(data.get("log"), list):
        raise LogError(f"{source}: not a tenhou.net/6 log (no \"log\" list)")
    rule = data.get("rule", {})
    if not isinstance(rule, dict):
        raise LogError(f"{source}: \"rule\" is not an object")
    disp = str(rule.get("disp", "般南喰赤"))
    lobby = lobby_from_description(disp)
    if not rule.get("aka", 1) and not lobby & 0x02:
        lobby |= 0x02
    seated = _seated(data["log"])
    if seated == 3 and not lobby & 0x10:
        lobby |= 0x10  # a room name without 三 (another tool's): the deal says it
    rules = rules_for_lobby(lobby)
    if from_mahjongsoul(data):
        # (tensoul writes a three-player room as "3" + its name)
        rules = _mahjongsoul_rules(data, rules.players == 3 or disp.startswith("3"))
        lobby |= 0x10 if rules.players == 3 else 0
    players = rules.players
    if seated == 4 and players == 3:  # (not read as three seats, the fourth dropped)
        raise LogError(f"{source}: the log says three players ({disp!r:.40}), but its "
                       "first round deals the fourth seat a hand")
    names = data.get("name", ())
    if not isinstance(names, list | tuple) or not all(isinstance(x, str) for x in names):
        raise LogError(f"{source}: \"name\" is not a list of names")
    game = Game(source, "tenhou6", players, rules, lobby, names=tuple(names)[:players])
    if not any(word in disp for word in ("東", "南", "East", "South")):
        game.extra["length_unknown"] = True  # (lobby_from_description: east-only)
    # whether the players were human (the 0x01 bit), which the room name does not say:
    # the lobby type of the Tenhou log id in ``ref`` (Tenhou's export writes it), else
    # unknown
    ref = TENHOU_LOG_ID.search(str(data.get("ref", "")))
    if ref is None or not int(ref.group(0).split("-")[1], 16) & 0x01:
        game.extra["not_human"] = True
    for n, row in enumerate(data["log"]):
        try:
            game.rounds.append(_read_round(row, players))
        except (AttributeError, LogError, IndexError, KeyError, TypeError, ValueError) as error:
            raise LogError(f"{source}: round {n + 1}: {error}") from None
    validate(game)  # (the round scores are numbers before they are added up below)
    sc = data.get("sc")
    if isinstance(sc, list) and sc:
        try:
            final = tuple(int(x) for x in sc[0::2])
            points = tuple(float(x) for x in sc[1::2])
        except (TypeError, ValueError):
            raise LogError(f"{source}: \"sc\" holds {sc!r:.60}, not scores") from None
        try:  # (a fourth score or result not 0 with three players: no seat's)
            points = per_seat(points, "\"sc\" (its results)", players) \
                if len(points) == len(final) else ()
            final = per_seat(final, "\"sc\" (its final scores)", players)
        except LogError as error:
            raise LogError(f"{source}: {error}") from None
        # Tenhou writes the final scores in hundreds (as an mjlog's owari), the Mahjong
        # Soul converters (tensoul) in points: points when they add up to the table's
        first = game.rounds[0] if game.rounds else None
        table = sum(first.scores) + 1000 * first.sticks if first else None
        scale = 1 if table is not None and sum(final) == table else 100
        game.final = tuple(x * scale for x in final)
        if len(points) == len(final) == players:  # each seat's result after uma and oka
            game.final_points = tuple(points)
    return game


def _seated(log: list[Any]) -> int | None:
    """The seats the first round deals a hand: 3 when the fourth seat's columns are
    empty or left out (its row ends with the result after three seats' columns), 4 when
    the fourth seat holds a starting hand; None when the row does not say (a short or
    malformed row, which its reading reports). A four-player deal gives every seat 13
    tiles, so this is the table's size whatever the room name says.

    >>> _seated([[[0, 0, 0], [35000] * 3, [41], [], *[[11] * 13, [], []] * 3, ["流局"]]])
    3
    """
    row = log[0] if log else None
    if not isinstance(row, list) or len(row) < 14:
        return None
    scores = row[1]
    if isinstance(scores, list) and len(scores) >= 4 and scores[3] != 0:
        # the fourth seat holds points (a four-player row cut short, say): not three
        # players by the deal; the room name decides, and the reading reports the row
        return 4 if len(row) >= 17 and isinstance(row[13], list) and row[13] else None
    if len(row) == 14 and isinstance(row[13], list) and row[13] \
            and isinstance(row[13][0], str):
        return 3  # the result right after three seats
    if len(row) >= 17 and all(isinstance(c, list) for c in row[13:16]):
        return 3 if row[13:16] == [[], [], []] else 4 if row[13] else None
    return None


#: The white space before a JSON value, skipped where it stands: slicing the rest of the
#: text off at every value (``text[at:].lstrip()``) copied it once a value, quadratic
#: in a file of many objects (a corpus of games one a line).
_SPACE = re.compile(r"\s*")


def _joined(text: str, source: str) -> Any:
    """The JSON value of ``text``; several objects one after another (mjx's "mjscore"
    files: one tenhou.net/6 object a round, each line a round of the same game) joined
    into one game: the first object's fields, every object's rounds in turn.

    >>> _joined('{"name": ["a"], "log": [1]} {"name": ["a"], "log": [2]}', "x")["log"]
    [1, 2]
    """
    decoder = json.JSONDecoder()
    values: list[Any] = []
    starts: list[int] = []
    at = 0
    try:
        while True:
            at = _SPACE.match(text, at).end()  # type: ignore[union-attr]
            if at == len(text):
                break
            starts.append(at)
            value, at = decoder.raw_decode(text, at)
            values.append(value)
    except ValueError as error:
        raise LogError(f"{source}: not JSON: {error}") from None
    if len(values) == 1:
        return values[0]
    if not values or not all(isinstance(v, dict) and isinstance(v.get("log"), list)
                             for v in values):
        raise LogError(f"{source}: not JSON: not one value, nor tenhou.net/6 objects "
                       "one after another")
    for k in range(1, len(values)):
        why = _new_game(values[k - 1], values[k])
        if why:
            line = text.count("\n", 0, starts[k]) + 1
            rounds = sum(len(v["log"]) for v in values[:k])
            # (as the MJAI and mjlog readers: a file is one game, its rows and tallies
            # one game's; the second is not dropped unchecked)
            raise LogError(f"{source}: a second game at line {line} ({why}) after "
                           f"{rounds} rounds: one game a file (split it at each game)")
    return {**values[0], "log": [row for v in values for row in v["log"]]}


def _new_game(before: dict[str, Any], after: dict[str, Any]) -> str:
    """Why the tenhou.net/6 object ``after`` begins another game than ``before``, the
    object before it in one file ("" when it goes on with the same one): another
    Tenhou log id (``ref``), other players' names, or a first round not later than
    ``before``'s last (a game's rounds go up by wind, number and honba: E1 follows S4
    only in a new game). A final score (``sc``) says nothing: a game cut into one
    object a round may carry it on every line.

    >>> _new_game({"log": [[[4, 1, 0]]]}, {"log": [[[5, 0, 0]]]})
    ''
    >>> _new_game({"log": [[[7, 0, 0]]]}, {"log": [[[0, 0, 0]]]})
    'its first round E1 is not after S4'
    """
    if before.get("ref", "") != after.get("ref", ""):
        return "another log id, ref"
    if before.get("name") != after.get("name"):
        return "other players' names"
    try:
        last, first = before["log"][-1][0][:2], after["log"][0][0][:2]
        if all(type(x) is int for x in (*last, *first)) and len(last) == len(first) == 2 \
                and first <= last:
            return f"its first round {_round_name(first)} is not after {_round_name(last)}"
    except (IndexError, KeyError, TypeError):
        pass  # (a malformed round: its reading says what is wrong)
    return ""


def _round_name(key: list[int]) -> str:
    """A round's name (:func:`round_name`) of tenhou.net/6's ``[number, honba]``."""
    return round_name(key[0] // 4 % 4, key[0] % 4, key[1])


#: Room names of Mahjong Soul's ranked lobbies (copper, silver, gold, jade, throne), as
#: its game data names them and the tenhou.net/6 converters write them into ``rule.disp``
#: (tensoul's English option: the game data's English names, "Gold Room South").
MAHJONGSOUL_ROOMS = ("銅の間", "銀の間", "金の間", "玉の間", "王座の間", "Bronze Room",
                     "Silver Room", "Gold Room", "Jade Room", "Throne Room")


def from_mahjongsoul(data: dict[str, Any]) -> bool:
    """Whether a tenhou.net/6 log was converted from a Mahjong Soul record.

    The converters (Equim-chan's tensoul and its Python ports) write ``"ratingc":
    "PF4"`` (``"PF3"`` with three players), the red fives per suit as ``rule.aka51``,
    ``aka52``, ``aka53`` (the viewer's logs write ``aka``) and a Mahjong Soul room name in
    ``rule.disp``; mjasp's writer keeps the first two for a game read under Mahjong
    Soul's rules. Tenhou's own JSON export writes the first two as well, with its log id
    as ``ref`` (tensoul's ``ref`` is Mahjong Soul's game id): such a log is Tenhou's.

    >>> from_mahjongsoul({"ratingc": "PF4"}), from_mahjongsoul({"rule": {"disp": "鳳南喰赤"}})
    (True, False)
    >>> from_mahjongsoul({"ratingc": "PF4", "ref": "2020020316gm-0001-0000-7b22ddf5"})
    False
    """
    rule = data.get("rule")
    rule = rule if isinstance(rule, dict) else {}
    if TENHOU_LOG_ID.fullmatch(str(data.get("ref", ""))):
        return False
    return (data.get("ratingc") in ("PF3", "PF4")
            or any(key in rule for key in ("aka51", "aka52", "aka53"))
            or any(room in str(rule.get("disp", "")) for room in MAHJONGSOUL_ROOMS))


def _mahjongsoul_rules(data: dict[str, Any], three: bool) -> Rules:
    """The mahjongsoul(-3p) preset, with the record's red fives where it writes them."""
    three = three or data.get("ratingc") == "PF3"
    rules = RULES["mahjongsoul-3p" if three else "mahjongsoul"]
    rule = data.get("rule")
    if isinstance(rule, dict) and any(k in rule for k in ("aka51", "aka52", "aka53")):
        try:
            reds = tuple(int(rule.get(k, 0)) for k in ("aka51", "aka52", "aka53"))
            rules = rules.replace(red_fives=reds)
        except (TypeError, ValueError, RulesError):
            raise LogError(f"\"rule\" gives red fives {rule!r:.80} that mjasp cannot "
                           "play") from None
    elif isinstance(rule, dict) and not rule.get("aka", 1):
        rules = rules.replace(red_fives=(0, 0, 0))
    return rules


def _ints(text: str) -> list[int]:
    return [int(text[i:i + 2]) for i in range(0, len(text), 2)]


#: How many replays a round may take to find which discards a call passed over.
DECLINE_TRIES = 64


def _read_round(row: list[Any], players: int) -> Round:
    """A round of a tenhou.net/6 log. Its columns do not say which of two equal discards
    a call took: a seat may pass on the first and call the second. The first reading
    gives each call the first discard it can take; where that reading breaks (a call due
    where a draw is), calls are passed over, the latest first (up to three, at most
    DECLINE_TRIES replays), until one reading plays every column to its end."""
    _check_row(row, players)
    made: list[tuple[int, int]] = []
    try:
        return _play_round(row, players, frozenset(), made)
    except LogError as error:
        found = _declining(row, players, frozenset(), made, [DECLINE_TRIES])
        if found is None:
            raise error from None
        return found


#: The entries a round row starts with, as a short row's error names them.
_HEAD = ("[number, honba, sticks]", "the scores", "the dora indicators",
         "the ura indicators")


def _check_row(row: Any, players: int) -> None:
    """A round row holds what its reading takes: the head, three columns a seat (a
    three-player row may leave the fourth seat's out, else they are empty), the result,
    and nothing more; its first entry three numbers and its dora indicators one at least.
    Else a ``LogError`` naming what is missing (it was "list index out of range") or what
    the row cannot be read as.

    >>> _check_row([[0, 0, 0], [25000] * 4, [11], []], 4)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mjasp.logs.model.LogError: the row ends after 4 entries: seats 0-3's columns (hand, ...
    >>> _check_row([[0, 0, 0], [35000] * 3, [41], [], *[[11] * 13, [], []] * 3, [], ["流局"]],
    ...            3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mjasp.logs.model.LogError: the row holds 15 entries: a three-player round has 14 ...
    """
    if not isinstance(row, list):
        raise LogError(f"the round is {row!r:.40}, not a list")
    needed = 4 + 3 * players + 1
    if len(row) < needed:
        missing = list(_HEAD[len(row):])
        first = max(0, len(row) - 4)  # the first seat column missing
        if first < 3 * players:
            seat = first // 3
            if first % 3:  # a seat's columns cut inside
                missing.append(f"seat {seat}'s " + " and ".join(
                    ("draws", "discards")[first % 3 - 1:]))
                seat += 1
            if seat < players:
                missing.append(f"seat{'s' * (seat < players - 1)} {seat}"
                               f"{f'-{players - 1}' if seat < players - 1 else ''}'s "
                               "columns (hand, draws, discards)")
        missing.append("the result")
        raise LogError(f"the row ends after {len(row)} entries: {', '.join(missing[:-1])}"
                       f"{' and ' if len(missing) > 1 else ''}{missing[-1]} "
                       f"{'are' if len(missing) > 1 else 'is'} missing")
    # a round row is the head, four seats' columns (three players: the fourth's empty, as
    # Tenhou's export, tensoul and mjasp's writer write them) and the result, 17 entries;
    # with three players another tool's row may leave the fourth seat out, 14 entries.
    # Any other length says neither where the result is nor whose columns are whose
    if len(row) > needed and not (players == 3 and len(row) == 4 + 3 * 4 + 1):
        raise LogError(f"the row holds {len(row)} entries: " + (
            "a three-player round has 14 (three seats' columns, then the result) or 17 "
            "(four seats' columns, the fourth empty, then the result), so which entry is "
            "the result is not known" if players == 3 else
            "a round has 17 (four seats' columns, then the result)"))
    if len(row) > needed and row[13:16] != [[], [], []]:
        raise LogError(f"the fourth seat's columns (entries 14-16) hold {row[13:16]!r:.60}: "
                       "a three-player round has no fourth seat (its columns are empty)")
    head = row[0]
    if not isinstance(head, list) or len(head) != 3:
        raise LogError(f"the row's first entry is {head!r:.40}, not [number, honba, "
                       "sticks]")
    if not isinstance(row[2], list) or not row[2]:
        raise LogError("no dora indicator (the row's third entry is empty)")


def _declining(row: list[Any], players: int, declined: frozenset[tuple[int, int]],
               made: list[tuple[int, int]], budget: list[int]) -> Round | None:
    """The round read with one more of the calls ``made`` passed over, or None."""
    for key in reversed(made):
        if key in declined or budget[0] <= 0:
            continue
        budget[0] -= 1
        tried = declined | {key}
        again: list[tuple[int, int]] = []
        try:
            return _play_round(row, players, tried, again)
        except LogError:
            if len(tried) < 3:
                found = _declining(row, players, tried, again, budget)
                if found is not None:
                    return found
    return None


def _play_round(row: list[Any], players: int, declined: frozenset[tuple[int, int]],
                made: list[tuple[int, int]]) -> Round:
    """The round with the calls on ``declined`` discards ((seat, index in its discard
    column)) passed over; ``made`` gets every discard a call took. Every column must be
    played to its end."""
    (number, honba, sticks), scores, dora, ura = row[0], row[1], row[2], row[3]
    hands = tuple(tuple(tile_of(c) for c in row[4 + 3 * p]) for p in range(players))
    takes = [list(row[5 + 3 * p]) for p in range(players)]
    drops = [list(row[6 + 3 * p]) for p in range(players)]
    result = row[-1]  # (the row's length is one of its table's: _check_row)
    dealer = number % 4
    rnd = Round(number // 4, number % 4, honba, sticks, dealer,
                per_seat(tuple(scores), "scores", players), tile_of(dora[0]), hands)
    events = rnd.events
    later_dora = [tile_of(c) for c in dora[1:]]
    ura_tiles = tuple(tile_of(c) for c in ura)
    pending = 0

    def flush() -> None:
        nonlocal pending
        while pending:
            if later_dora:
                events.append(Event("dora", -1, later_dora.pop(0)))
            pending -= 1

    ti = [0] * players
    di = [0] * players
    seat = dealer
    last_draw = -1
    need_draw = True
    while True:
        if need_draw:
            if ti[seat] >= len(takes[seat]):
                break
            t = takes[seat][ti[seat]]
            ti[seat] += 1
            if isinstance(t, str):
                raise LogError(f"seat {seat} calls {t} where a draw was due")
            last_draw = tile_of(t)
            events.append(Event("draw", seat, last_draw))
        if di[seat] >= len(drops[seat]):
            break
        d = drops[seat][di[seat]]
        di[seat] += 1
        if isinstance(d, str) and ("a" in d or "k" in d or d.startswith("f")):
            if d.startswith("f"):
                events.append(Event("nukidora", seat, tile_of(int(d[1:]))))
            elif "a" in d:
                own = _ints(d.replace("a", ""))
                events.append(Event("ankan", seat, tile_of(own[-1]), seat,
                                    tuple(tile_of(c) for c in own)))
                pending += 1  # a closed kan's indicator shows at once (and any pending one)
                flush()
            else:
                four = [tile_of(c) for c in _ints(d.replace("k", ""))]
                pon = next((e for e in reversed(events) if e.kind == "pon" and e.who == seat
                            and KIND[e.tile] == KIND[four[0]]), None)
                if pon is None:
                    raise LogError(f"seat {seat} adds to a pon it never called: {d}")
                # the added tile is the one of the four the pon does not hold (whatever
                # place the letter takes, a red five is told apart this way)
                rest = list(four)
                for t in (pon.tile, *pon.consumed):
                    rest.remove(t)
                events.append(Event("kakan", seat, rest[0], seat, (pon.tile, *pon.consumed)))
                flush()  # a second kan shows the first one's indicator
                pending += 1
            need_draw = True
            continue
        riichi = isinstance(d, str) and d.startswith("r")
        value = int(d[1:]) if riichi else int(d)
        if riichi:
            events.append(Event("riichi", seat))
        if value == 0:
            raise LogError(f"seat {seat} has a kan placeholder without an open kan")
        tsumogiri = value == 60
        tile = last_draw if tsumogiri else tile_of(value)
        flush()
        events.append(Event("discard", seat, tile, tsumogiri=tsumogiri))
        last_draw = -1
        caller = _caller(seat, tile, takes, ti, players)
        if caller is not None:
            if (seat, di[seat] - 1) in declined:
                caller = None
            else:
                made.append((seat, di[seat] - 1))
        ends_here = caller is None and _ron_on_this(result, seat, takes, ti, drops, di, players)
        if riichi and not ends_here:
            events.append(Event("riichi_accepted", seat))
        if caller is None:
            seat = (seat + 1) % players
            need_draw = True
            continue
        text = takes[caller][ti[caller]]
        ti[caller] += 1
        letter = next(c for c in text if c.isalpha())
        at = text.index(letter)
        called = tile_of(int(text[at + 1:at + 3]))
        hand_tiles = tuple(tile_of(c) for c in _ints(text[:at] + text[at + 3:]))
        target = _call_seat(caller, at, len(text), players)
        if target != seat:
            raise LogError(f"seat {caller}'s call {text} is not from seat {seat}")
        kind = {"c": "chi", "p": "pon", "m": "daiminkan"}[letter]
        events.append(Event(kind, caller, called, seat, hand_tiles))
        if kind == "daiminkan":
            flush()
        seat = caller
        if kind == "daiminkan":
            di[caller] += 1  # the 0 that stands for the discard a kan replaces
            pending += 1
            need_draw = True
        else:
            need_draw = False
    left = [p for p in range(players) if ti[p] < len(takes[p]) or di[p] < len(drops[p])]
    if left:
        raise LogError(f"seat {left[0]}'s columns are not played to their end")
    _result(result, events, players, ura_tiles, flush, (number // 4, dealer))
    return rnd


def _caller(seat: int, tile: int, takes: list[list[Any]], ti: list[int],
            players: int) -> int | None:
    """The seat whose next draw column entry calls ``tile`` from ``seat`` (pon/kan first)."""
    found: list[tuple[int, int]] = []
    for p in range(players):
        if p == seat or ti[p] >= len(takes[p]):
            continue
        t = takes[p][ti[p]]
        if not isinstance(t, str):
            continue
        letter = next((c for c in t if c.isalpha()), None)
        if letter is None:
            raise LogError(f"draw column entry {t!r}: a call without its letter")
        at = t.index(letter)
        if _call_seat(p, at, len(t), players) != seat \
                or KIND[tile_of(int(t[at + 1:at + 3]))] != KIND[tile]:
            continue
        found.append((0 if letter in "pm" else 1, p))
    return min(found)[1] if found else None


def _ron_on_this(result: list[Any], seat: int, takes: list[list[Any]], ti: list[int],
                 drops: list[list[Any]], di: list[int], players: int) -> bool:
    """Whether the round ends by ron on the discard just made (nothing left to play):
    a win on it, or three rons on it (Tenhou's abortive 三家和了)."""
    triple = bool(result) and _DRAW_BY_NAME.get(result[0]) == "triple_ron"
    if not result or (result[0] != "和了" and not triple):
        return False
    rest_played = all(ti[p] >= len(takes[p]) for p in range(players) if p != seat) and \
        di[seat] >= len(drops[seat])
    if triple:
        return rest_played
    details = result[2::2]
    return any(d[1] == seat and d[0] != seat for d in details) and rest_played


def _yaku_id(label: str, who: int, players: int, winds: tuple[int, int]) -> int | None:
    """The Tenhou id of a yaku as a tenhou.net/6 log names it: Tenhou's viewer's name (a
    full-width space where mjasp has a plain one), tensoul's English one or Mahjong Soul's
    Japanese one, or a wind yaku
    named without its wind (the winner's seat wind, or the round's, from ``winds``: the
    round's wind and its dealer's seat); None for a name none of them has.

    >>> _yaku_id("Riichi", 0, 4, (0, 0)), _yaku_id("Seat Wind", 1, 4, (0, 0))
    (1, 11)
    >>> _yaku_id("Prevalent Wind", 3, 4, (1, 2)), _yaku_id("自風\u3000北", 0, 4, (0, 0))
    (15, 13)
    """
    yid = _YAKU_BY_NAME.get(label.replace("\u3000", " "),
                            ENGLISH_YAKU.get(label, MAHJONGSOUL_JAPANESE_YAKU.get(label)))
    if yid is not None:
        return yid
    wind = _WIND_YAKU.get(label)
    if wind is None:
        return None
    east, of_seat = wind
    round_wind, dealer = winds
    return east + ((who - dealer) % players if of_seat else round_wind)


def _result(result: list[Any], events: list[Event], players: int, ura: tuple[int, ...],
            flush: Any, winds: tuple[int, int]) -> None:
    """The round's result; ``winds`` the round's wind (0 East) and its dealer's seat."""
    if not result:
        raise LogError("the round has no result")
    name = result[0]
    if name == "和了":
        for deltas, detail in zip(result[1::2], result[2::2], strict=True):
            who, target, pao = detail[0], detail[1], detail[2]
            if type(who) is not int or type(target) is not int:  # (validate reads pao)
                raise LogError(f"win {detail[:2]!r:.40}: the winner and the seat won from "
                               "are seat numbers")
            yaku: list[tuple[int, int]] = []
            yakuman: list[int] = []
            for text in detail[4:]:
                label, _, value = text.partition("(")
                yid = _yaku_id(label.strip(), who, players, winds)
                if yid is None:
                    raise LogError(f"unknown yaku {label!r}")
                if "役満" in value:
                    yakuman.append(yid)
                else:
                    yaku.append((yid, int(value.split("飜")[0])))
            fu, points = _read_points(str(detail[3]), players, False) if detail[3] \
                else (None, None)
            listed = bool(yaku or yakuman)  # no yaku written: the source had none to give
            limit = next((n for n, name in enumerate(LIMIT_NAMES)
                          if n and str(detail[3]).startswith(name)), None) or \
                next((n for n, name in enumerate(ENGLISH_LIMIT_NAMES)
                      if n and str(detail[3]).startswith(name + " ")), None)
            rec = WinRecord(deltas=per_seat(tuple(deltas), "deltas", players), fu=fu,
                            points=points, limit=limit, yaku=tuple(yaku) if listed else None,
                            yakuman=tuple(yakuman) if listed else None, ura=ura,
                            pao=pao if pao != who else None)
            if target == who:
                flush()  # a replacement-tile win sees the kan's indicator (none on a ron)
                tile = next((e.tile for e in reversed(events) if e.kind == "draw"), -1)
            else:
                # a ron on a discard, an added kan, a north set aside, or (Mahjong Soul:
                # kokushi may rob one) a closed kan
                tile = next((e.tile for e in reversed(events) if e.kind in (
                    "discard", "kakan", "nukidora", "ankan")), -1)
            if tile < 0:
                raise LogError(f"seat {who} wins before any tile is drawn or discarded")
            events.append(Event("win", who, tile, target, record=rec))
    else:
        reason = _DRAW_BY_NAME.get(name)
        if reason is None:
            raise LogError(f"unknown result {name!r}")
        deltas = per_seat(tuple(result[1]), "deltas", players) if len(result) > 1 \
            else (0,) * players
        events.append(Event("ryuukyoku", record=DrawRecord(reason, deltas)))
