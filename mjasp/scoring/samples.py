"""Seeded random winning situations (a complete hand and its ``Win``), for scoring tests.

Each draw picks a *theme* from ``THEMES`` (weighted so that every yaku, every yakuman and
every limit occurs hundreds of times in 100,000 draws), builds the hand from blocks
(declared melds included), checks it has a reading with :func:`mjasp.decompose`, then
draws a situation that fits the hand: ron or tsumo, winds, riichi only for a closed hand,
ippatsu only with riichi (never with houtei, nor with haitei after double riichi), rinshan
only after a kan, chankan only when no other copy of the winning tile is in sight,
tenhou/chiihou only for an untouched hand, one dora indicator plus one per kan of the hand
(one fewer on the replacement tile of an open kan, whose indicator is turned after the
discard) and as many ura indicators under riichi, indicators and red fives within the four
copies of each kind (three plain fives and one red per suit).

Three-player rules (``rules="tenhou-3p"``) draw from their set: no 2m-8m (a hand that
holds one is drawn again), no chi (a sequence stays concealed), seats and rounds East,
South and West, and north tiles set aside (``Win.north_dora``) where the rules count them.
Rules without some winning form (``standard-form``: no seven pairs, no kokushi) draw
only hands with a reading of a form they allow (as ``check_win`` reads them), and leave
out the themes of the forms they lack.

>>> wins = random_wins(3, seed=1)
>>> wins == random_wins(3, seed=1), all(h.tile_count == 14 for h, _ in wins)
(True, True)
>>> all(not any(h.total_counts()[1:8]) for h, _ in random_wins(20, seed=1, rules="sanma"))
True
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence

from mjasp.analysis.decomposition import decompose
from mjasp.analysis.sampling import check_number, check_seed
from mjasp.core.blocks import Block, BlockKind, Form
from mjasp.core.errors import RulesError
from mjasp.core.hand import Hand, Meld, MeldKind, with_melds
from mjasp.core.tiles import FIVES, HONORS, NUM_KINDS, TERMINALS_AND_HONORS, Tile, tile_name
from mjasp.core.win import Win
from mjasp.rules import Rules, find_rules

#: Winds in seat order; the dealer sits East.
WINDS = ("E", "S", "W", "N")
#: The number tiles 2-8 (tanyao), the terminals, the dragons, the winds, the green tiles.
SIMPLES = tuple(t for t in range(27) if t % 9 not in (0, 8))
TERMINALS = (0, 8, 9, 17, 18, 26)
DRAGONS = (31, 32, 33)
WIND_TILES = (27, 28, 29, 30)
GREENS = (19, 20, 21, 23, 25, 32)  # 2s 3s 4s 6s 8s 6z: ryuuiisou

#: A planned block: (BlockKind.SEQUENCE / TRIPLET / QUAD, lowest tile).
Plan = list[tuple[BlockKind, Tile]]


def _starts(pool: Sequence[Tile]) -> list[Tile]:
    # sequence starts whose three tiles are all in the pool
    kinds = set(pool)
    return [t for t in kinds if t < 27 and t % 9 < 7 and {t + 1, t + 2} <= kinds]


def _fill(rng: random.Random, plan: Plan, pool: Sequence[Tile], sequence_share: float,
          pair: Tile | None = None) -> tuple[Plan, Tile]:
    """Complete a plan to four melds with random blocks of the pool, and draw a pair."""
    starts = _starts(pool)
    plan = list(plan)
    while len(plan) < 4:
        if starts and rng.random() < sequence_share:
            plan.append((BlockKind.SEQUENCE, rng.choice(starts)))
        else:
            plan.append((BlockKind.TRIPLET, rng.choice(pool)))
    return plan, rng.choice(pool) if pair is None else pair


def _mixed(rng: random.Random) -> tuple[Plan, Tile]:
    return _fill(rng, [], range(NUM_KINDS), 0.65)


def _simples(rng: random.Random) -> tuple[Plan, Tile]:
    return _fill(rng, [], SIMPLES, 0.7)


def _flush(rng: random.Random) -> tuple[Plan, Tile]:
    base = 9 * rng.randrange(3)
    suit = range(base, base + 9)
    pool = [*suit, *HONORS] if rng.random() < 0.5 else list(suit)
    return _fill(rng, [], pool, 0.6)


def _big_set(rng: random.Random, tiles: Sequence[Tile]) -> tuple[Plan, Tile]:
    # every tile of the set as a triplet, or all but one with the last as the pair
    chosen = list(tiles)
    rng.shuffle(chosen)
    if rng.random() < 0.5:
        return _fill(rng, [(BlockKind.TRIPLET, t) for t in chosen], range(NUM_KINDS), 0.6)
    return _fill(rng, [(BlockKind.TRIPLET, t) for t in chosen[:-1]], range(NUM_KINDS), 0.6,
                 pair=chosen[-1])


def _dragons(rng: random.Random) -> tuple[Plan, Tile]:
    # two or three dragon triplets: shousangen or daisangen
    return _big_set(rng, DRAGONS)


def _winds(rng: random.Random) -> tuple[Plan, Tile]:
    # three or four wind triplets: shousuushii or daisuushii
    return _big_set(rng, WIND_TILES)


def _honors(rng: random.Random) -> tuple[Plan, Tile]:
    # all honors (tsuuiisou) or honors with a few other blocks (yakuhai, honitsu)
    pool = HONORS if rng.random() < 0.4 else range(NUM_KINDS)
    plan: Plan = [(BlockKind.TRIPLET, t) for t in rng.sample(HONORS, rng.randint(1, 4))]
    return _fill(rng, plan, pool, 0.5)


def _outside(rng: random.Random) -> tuple[Plan, Tile]:
    # every block holds a terminal or honor: chanta, junchan, honroutou, chinroutou
    orphans = TERMINALS if rng.random() < 0.5 else TERMINALS_AND_HONORS
    only_triplets = rng.random() < 0.4
    plan: Plan = []
    while len(plan) < 4:
        if not only_triplets and rng.random() < 0.6:
            base = 9 * rng.randrange(3)
            plan.append((BlockKind.SEQUENCE, base + rng.choice((0, 6))))
        else:
            plan.append((BlockKind.TRIPLET, rng.choice(orphans)))
    return plan, rng.choice(orphans)


def _triplets(rng: random.Random) -> tuple[Plan, Tile]:
    # toitoi, sanankou, suuankou (the situation keeps most of them closed)
    return _fill(rng, [], range(NUM_KINDS), 0.0 if rng.random() < 0.7 else 0.3)


def _sequences(rng: random.Random) -> tuple[Plan, Tile]:
    # ittsu, sanshoku, iipeikou, ryanpeikou, pinfu shapes
    base = 9 * rng.randrange(3)
    shape = rng.randrange(4)
    if shape == 0:
        plan: Plan = [(BlockKind.SEQUENCE, base + i) for i in (0, 3, 6)]
    elif shape == 1:
        start = rng.randrange(7)
        plan = [(BlockKind.SEQUENCE, 9 * s + start) for s in range(3)]
    elif shape == 2:
        plan = [(BlockKind.SEQUENCE, base + rng.randrange(7))] * 2
    else:
        plan = ([(BlockKind.SEQUENCE, base + rng.randrange(7))] * 2
                + [(BlockKind.SEQUENCE, 9 * rng.randrange(3) + rng.randrange(7))] * 2)
    return _fill(rng, plan, range(NUM_KINDS), 0.9)


def _doukou(rng: random.Random) -> tuple[Plan, Tile]:
    number = rng.randrange(9)
    return _fill(rng, [(BlockKind.TRIPLET, 9 * s + number) for s in range(3)],
                 range(NUM_KINDS), 0.5)


def _kans(rng: random.Random) -> tuple[Plan, Tile]:
    # three or four quads: sankantsu, suukantsu (and rinshan chances)
    tiles = rng.sample(range(NUM_KINDS), 4)
    quads = 4 if rng.random() < 0.4 else 3
    plan: Plan = [(BlockKind.QUAD, t) for t in tiles[:quads]]
    return _fill(rng, plan, range(NUM_KINDS), 0.6)


def _greens(rng: random.Random) -> tuple[Plan, Tile]:
    pool = GREENS
    plan: Plan = []
    while len(plan) < 4:
        plan.append((BlockKind.SEQUENCE, 19) if rng.random() < 0.4
                    else (BlockKind.TRIPLET, rng.choice(pool)))
    return plan, rng.choice(pool)


#: Themes that build a standard hand: name -> (weight, planner).
PLANNERS: dict[str, tuple[int, Callable[[random.Random], tuple[Plan, Tile]]]] = {
    "mixed": (30, _mixed), "simples": (10, _simples), "flush": (12, _flush),
    "dragons": (4, _dragons), "winds": (4, _winds), "honors": (5, _honors),
    "outside": (10, _outside), "triplets": (8, _triplets), "sequences": (10, _sequences),
    "doukou": (3, _doukou), "kans": (4, _kans), "greens": (3, _greens),
}
#: Themes with a fixed closed shape: name -> weight.
SPECIAL = {"chiitoitsu": 6, "kokushi": 2, "chuuren": 2}
#: Every theme and its weight.
THEMES = {**{name: w for name, (w, _) in PLANNERS.items()}, **SPECIAL}


def _sanrenkou(rng: random.Random) -> tuple[Plan, Tile]:
    # three triplets of consecutive numbers in one suit (the local yaku sanrenkou)
    start = 9 * rng.randrange(3) + rng.randrange(7)
    plan: Plan = [(BlockKind.TRIPLET, start + i) for i in range(3)]
    return _fill(rng, plan, range(NUM_KINDS), 0.6)


#: Themes drawn only when ``themes`` names them, so that the default draws stay the same:
#: the local yaku of ``Rules.local_yaku`` (daisharin: two of each 2-8 of a random suit).
EXTRA_THEMES = {"daisharin": 3, "sanrenkou": 3}
#: The winning form of the themes not read as four melds and a pair.
THEME_FORMS = {"chiitoitsu": Form.CHIITOITSU, "kokushi": Form.KOKUSHI}
_EXTRA_PLANNERS = {"sanrenkou": _sanrenkou}


def random_wins(n: int, seed: int | None = 0, themes: Sequence[str] | None = None, *,
                rules: Rules | str | None = None) -> list[tuple[Hand, Win]]:
    """``n`` reproducible winning situations: (complete hand, its ``Win``).

    ``themes`` restricts the draw to some names of ``THEMES`` (weights kept); ``rules``
    (default tenhou) gives the tile set and the situations (three players: see above);
    four-player rules draw the same samples whatever their scoring options, the red fives
    their set lacks dealt plain (WRC: none red).

    >>> hand, win = random_wins(1, seed=3, themes=["kokushi"])[0]
    >>> str(hand)[:12], win.tile in ("1m", "9m", "1p", "9p", "1s", "9s") or win.tile[1] == "z"
    ('19m19p19s123', True)
    """
    check_number(n)
    check_seed(seed, none=True)  # None: a fresh random stream
    names = list(THEMES) if themes is None else list(themes)
    known = {**THEMES, **EXTRA_THEMES}
    unknown = [t for t in names if t not in known]
    if unknown or not names:
        raise RulesError(f"unknown themes {unknown}; known: {', '.join(known)}")
    found = find_rules(rules)
    # a theme of a winning form the rules lack (seven pairs, thirteen orphans under
    # ``standard-form``) never gives a win under them: left out, and named alone refused
    names = [t for t in names if THEME_FORMS.get(t, Form.STANDARD) in found.forms]
    if not names:
        raise RulesError(f"the themes {list(themes or ())} need a winning form the rules "
                         f"{found.name} lack (forms: {', '.join(sorted(found.forms))})")
    rng = random.Random(seed)
    weights = [known[t] for t in names]
    wins: list[tuple[Hand, Win]] = []
    while len(wins) < n:
        theme = rng.choices(names, weights)[0]
        drawn = _draw(rng, theme, found)
        if drawn is not None:
            wins.append(_in_set(*drawn, found.red_fives))
    return wins


def _in_set(hand: Hand, win: Win, reds: tuple[int, int, int]) -> tuple[Hand, Win]:
    """The win with the red fives beyond ``reds`` (the set's red fives of each suit) made
    plain: the same tiles, from the set of rules with fewer red fives (WRC has none). The
    plain fives fit: the draw keeps at most three of a suit's four fives plain.

    >>> hand, win = _in_set(Hand.parse("406p123s456s789s11z"), Win("0p"), (0, 0, 0))
    >>> str(hand), win.tile
    ('456p123456789s11z', '5p')
    """
    red, melds = list(hand.red), list(hand.melds)
    if all(r <= most for r, most in zip(red, reds, strict=True)) and all(
            not m.red or m.red <= reds[m.tile // 9] for m in melds):
        return hand, win  # (the usual case, tenhou's set)
    for suit in range(3):
        extra = red[suit] + sum(m.red for m in melds if m.tile < 27 and m.tile // 9 == suit) \
            - reds[suit]
        cut = min(max(extra, 0), red[suit])
        red[suit] -= cut
        extra -= cut
        for where, meld in enumerate(melds):
            if extra > 0 and meld.red and meld.tile < 27 and meld.tile // 9 == suit:
                melds[where] = dataclasses.replace(meld, red=0)
                extra -= meld.red
    if win.tile[0] == "0" and not red["mps".index(win.tile[1])]:
        win = dataclasses.replace(win, tile="5" + win.tile[1])
    return Hand(hand.counts, (red[0], red[1], red[2]), tuple(melds)), win


def _draw(rng: random.Random, theme: str,
          rules: Rules | None = None) -> tuple[Hand, Win] | None:
    """One situation of the theme, or None when the drawn blocks break a rule (redraw);
    ``rules``: the rules whose winning forms a reading must have (as ``check_win`` reads
    the hand; the red fives their set lacks are made plain later, by ``_in_set``) and
    whose players (three: no chi, no 2m-8m, no North) the situation has (None: tenhou's)."""
    three = rules if rules is not None and rules.players == 3 else None
    planner = PLANNERS[theme][1] if theme in PLANNERS else _EXTRA_PLANNERS.get(theme)
    if planner is not None:
        plan, pair = planner(rng)
        hand = _build(rng, plan, pair, closed=rng.random() < 0.5, chi=three is None)
    else:
        hand = _special(rng, theme)
    if hand is None or (three is not None and any(hand.total_counts()[1:8])) \
            or not any(rules is None or d.form in rules.forms for d in decompose(hand)):
        return None
    return hand, _situation(rng, hand, theme, three)


def _build(rng: random.Random, plan: Plan, pair: Tile, closed: bool,
           chi: bool = True) -> Hand | None:
    counts = [0] * NUM_KINDS
    counts[pair] += 2
    melds: list[Meld] = []
    for kind, tile in plan:
        if kind is BlockKind.QUAD:
            melds.append(Meld(rng.choice((MeldKind.KAN, MeldKind.ANKAN)), tile))
        elif not closed and rng.random() < 0.45 and (chi or kind is not BlockKind.SEQUENCE):
            melds.append(Meld(MeldKind.CHI if kind is BlockKind.SEQUENCE else rng.choices(
                (MeldKind.PON, MeldKind.KAN, MeldKind.ANKAN), (8, 1, 1))[0], tile))
        else:  # (three players: no chi, the sequence stays concealed)
            for t in Block(kind, tile).tiles():
                counts[t] += 1
        if closed and kind is BlockKind.TRIPLET and rng.random() < 0.05:
            # a closed hand may still hold a closed kan
            for t in Block(kind, tile).tiles():
                counts[t] -= 1
            melds.append(Meld(MeldKind.ANKAN, tile))
    if not any(counts):
        return None  # the winning tile must come from the concealed part
    if max(with_melds(counts, melds)[0]) > 4:
        return None
    return _redden(rng, Hand.from_counts(counts, melds))


def _special(rng: random.Random, theme: str) -> Hand:
    counts = [0] * NUM_KINDS
    if theme == "chiitoitsu":
        pool = HONORS if rng.random() < 0.1 else range(NUM_KINDS)
        for t in rng.sample(pool, 7):
            counts[t] = 2
    elif theme == "daisharin":  # and daichikurin, daisuurin: two of each 2-8 of one suit
        base = 9 * rng.randrange(3)
        for t in range(base + 1, base + 8):
            counts[t] = 2
    elif theme == "kokushi":
        for t in TERMINALS_AND_HONORS:
            counts[t] = 1
        counts[rng.choice(TERMINALS_AND_HONORS)] += 1
    else:  # chuuren poutou: 1112345678999 plus one more of the suit
        base = 9 * rng.randrange(3)
        for i, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)):
            counts[base + i] = n
        counts[base + rng.randrange(9)] += 1
    return _redden(rng, Hand.from_counts(counts))


def _redden(rng: random.Random, hand: Hand) -> Hand:
    """Make a five of each suit red with even chance (in hand or in a meld holding one)."""
    red = [0, 0, 0]
    melds = list(hand.melds)
    for suit, five in enumerate(FIVES):
        places = [-1] * hand.counts[five] + [i for i, m in enumerate(melds) if five in m.tiles()]
        # four fives in sight: one of them must be the red one
        seen = hand.counts[five] + sum(m.tiles().count(five) for m in melds)
        if places and (seen == 4 or rng.random() < 0.5):
            where = rng.choice(places)
            if where < 0:
                red[suit] = 1
            else:
                melds[where] = dataclasses.replace(melds[where], red=1)
    return Hand(hand.counts, (red[0], red[1], red[2]), tuple(melds))


def indicator_of(dora: Tile, three: bool = False) -> Tile:
    # the indicator shows the tile before the dora: 9 before 1, N before E, Rd before Wh
    # (three players: 1m before 9m)
    if three and dora == 8:
        return 0
    if dora < 27:
        return dora - 1 if dora % 9 else dora + 8
    if dora < 31:
        return 27 + (dora - 27 - 1) % 4
    return 31 + (dora - 31 - 1) % 3


def _situation(rng: random.Random, hand: Hand, theme: str, three: Rules | None = None) -> Win:
    seen = list(hand.total_counts())
    red_suits = {s for s in range(3) if hand.red[s] or any(
        m.red and m.tile // 9 == s and m.tile < 27 for m in hand.melds)}
    concealed = [t for t in range(NUM_KINDS) for _ in range(hand.counts[t])]
    tile = rng.choice(concealed)
    closed = hand.is_closed
    kans = sum(m.kind in (MeldKind.KAN, MeldKind.ANKAN) for m in hand.melds)
    untouched = not hand.melds
    seats = WINDS[:3] if three else WINDS  # three players: no North seat or round
    win: dict[str, object] = {
        "tsumo": rng.random() < 0.5, "seat_wind": rng.choice(seats),
        "round_wind": rng.choice(("E", "E", "S", "S", "W") if three else
                                 ("E", "E", "S", "S", "W", "N"))}
    special = rng.random()
    north = 0
    if three is not None and three.nukidora and rng.random() < 0.5:
        # north tiles set aside: among the copies not in the hand
        north = rng.randint(1, 4 - seen[30]) if seen[30] < 4 else 0
        seen[30] += north
        if north:
            win["north_dora"] = north
    if untouched and not north and special < 0.06:
        # first-draw wins: tenhou for the dealer, chiihou otherwise; nothing else applies
        win.update(tsumo=True, seat_wind="E" if special < 0.03 else rng.choice(seats[1:]),
                   tenhou=special < 0.03, chiihou=special >= 0.03)
    else:
        if closed and rng.random() < 0.55:
            win["riichi"] = 2 if rng.random() < 0.15 else 1
            win["ippatsu"] = rng.random() < 0.25
            if (north or kans) and win["riichi"] == 2:
                # a north set aside or a kan rules out double riichi before it, ippatsu
                # after it
                win["ippatsu"] = False
        tsumo = bool(win["tsumo"])
        if (kans or north) and tsumo and not win.get("ippatsu") and rng.random() < 0.35:
            win["rinshan"] = True
        elif tsumo and rng.random() < 0.05:
            # (not after double riichi with ippatsu: the first go-around; the draw of
            # random numbers stays the same)
            if not (win.get("ippatsu") and win.get("riichi") == 2):
                win["haitei"] = True
        elif not tsumo and rng.random() < 0.05:
            if not win.get("ippatsu"):  # riichi leaves a draw before the last tile
                win["houtei"] = True
        elif (not tsumo and seen[tile] == 1 and theme != "kokushi"
              and rng.random() < 0.4):
            # robbing a kan: the other three copies are in the added kan, none in sight
            win["chankan"] = True
            seen[tile] = 4
            if win.get("riichi") == 2:
                # an added kan needs a pon, a call that ends a double riichi's ippatsu
                win["ippatsu"] = False
    # one indicator, plus one per kan of the hand (other players' kans are not drawn):
    # a closed kan's is turned at once, an open kan's after the discard that follows it
    # (https://riichi.wiki/Special:MobileDiff/10400, /17854), so a win on the replacement
    # tile of an open kan may come before its indicator; sometimes pointing at the hand
    count = 1 + kans
    if rng.random() >= 0.8 and win.get("rinshan") and any(
            m.kind == MeldKind.KAN for m in hand.melds):
        count -= 1
    heavy = rng.random() < 0.15
    dora = _indicators(rng, seen, red_suits, count, heavy, hand, three is not None)
    win["dora_indicators"] = dora
    if win.get("riichi"):
        win["ura_indicators"] = _indicators(rng, seen, red_suits, len(dora), heavy, hand,
                                            three is not None)
    if rng.random() < 0.3:
        win["honba"] = rng.randrange(1, 4)
    if rng.random() < 0.3:
        win["riichi_sticks"] = rng.randrange(1, 3)
    name = tile_name(tile)
    if tile in FIVES and hand.red[FIVES.index(tile)] and (
            hand.counts[tile] == 1 or rng.random() < 0.3):
        name = "0" + name[1]  # the red five won on (the only five in hand, or by chance)
    return Win(tile=name, **win)  # type: ignore[arg-type]


def _indicators(rng: random.Random, seen: list[int], red_suits: set[int], count: int,
                heavy: bool, hand: Hand, three: bool = False) -> tuple[str, ...]:
    """``count`` indicators within the copies left (updates ``seen``); ``three``: from the
    three-player set (no 2m-8m)."""
    held = [t for t in range(NUM_KINDS) if hand.total_counts()[t]]
    shown: list[str] = []
    tries = 0
    while len(shown) < count:  # (copies are left of some kind: 136 tiles, 28 at most used)
        tries += 1
        # pointing at the hand while its dora have copies left (50 tries), then any kind
        kind = indicator_of(rng.choice(held), three) if heavy and tries <= 50 \
            else rng.randrange(NUM_KINDS)
        if three and 1 <= kind <= 7:
            continue
        # a plain five has three copies in the set; the fourth is the red one
        limit = 3 if kind in FIVES and FIVES.index(kind) not in red_suits else 4
        if seen[kind] >= limit:
            continue
        seen[kind] += 1
        shown.append(tile_name(kind))
    return tuple(shown)


# -- wins at the boundaries of the rules ---------------------------------------------------

#: Near-miss moves of :func:`boundary_wins` and their weights: the same tiles with a
#: triplet declared as a closed kan, an open kan or a pon, a concealed sequence called as a
#: chi (a closed-only yaku lost, nine gates with a kan or a meld, suuankou with an open
#: kan), one tile changed for a neighbour, another suit's, or an honor (tanyao, chanta,
#: sanshoku, ittsu, peikou one tile away), or one block of the concealed part moved to
#: another suit or to the honors (a flush one block away).
NEAR_MISSES = {"closed-kan": 3, "open-kan": 2, "pon": 2, "chi": 2, "one-tile": 4,
               "one-block": 3}
#: Themes of the wins the moves start from: ``THEMES``, with the rarer shapes (nine gates,
#: the flushes, the outside hands, the sequence yaku) drawn more often.
BOUNDARY_THEMES = {**THEMES, "chuuren": 8, "flush": 16, "outside": 14, "sequences": 14,
                   "triplets": 10, "kans": 2}


def boundary_wins(n: int, seed: int | None = 0) -> list[tuple[Hand, Win]]:
    """``n`` reproducible four-player wins aimed at the boundaries of the rules.

    Each is a themed win (``BOUNDARY_THEMES``) moved once by a near-miss move
    (``NEAR_MISSES``) where the move keeps the hand complete, so that a rule's just-inside
    and just-outside cases both occur: the nine gates tiles with a closed kan (the
    ``(1111m) 23456788999m`` kind) or with a pon, a pinfu shape opened by a chi, a flush
    with one tile of another suit. About one in ten is left unmoved. The situation is
    drawn for the moved hand, as :func:`random_wins` draws it.

    >>> wins = boundary_wins(20, seed=1)
    >>> wins == boundary_wins(20, seed=1), all(h.tile_count == 14 for h, _ in wins)
    (True, True)
    """
    rng = random.Random(seed)
    names, weights = list(BOUNDARY_THEMES), list(BOUNDARY_THEMES.values())
    moves, move_weights = list(NEAR_MISSES), list(NEAR_MISSES.values())
    wins: list[tuple[Hand, Win]] = []
    while len(wins) < n:
        theme = rng.choices(names, weights)[0]
        if theme in PLANNERS:
            plan, pair = PLANNERS[theme][1](rng)
            hand: Hand | None = _build(rng, plan, pair, closed=rng.random() < 0.7)
        else:
            hand = _special(rng, theme)
        if hand is None or not decompose(hand):
            continue
        if rng.random() >= 0.1:
            hand = _near_miss(rng, hand, rng.choices(moves, move_weights)[0])
            if hand is None:
                continue
        wins.append((hand, _situation(rng, hand, theme)))
    return wins


def _near_miss(rng: random.Random, hand: Hand, move: str) -> Hand | None:
    """``hand`` moved by ``move`` (see ``NEAR_MISSES``), or None where the move finds no
    place that keeps the hand complete within four copies of each kind."""
    counts = list(hand.counts)
    total = hand.total_counts()
    # the red fives are drawn again for the moved hand (_redden), so none is kept
    melds = [dataclasses.replace(m, red=0) for m in hand.melds]
    if move == "one-tile":
        held = [t for t in range(NUM_KINDS) if counts[t]]
        for _ in range(12):
            old = rng.choice(held)
            new = rng.choice(_neighbours(old))
            if new == old or total[new] >= 4:
                continue
            counts[old] -= 1
            counts[new] += 1
            moved = _redden(rng, Hand.from_counts(counts, melds))
            if sum(moved.counts) and decompose(moved):
                return moved
            counts[old] += 1
            counts[new] -= 1
        return None
    if move == "one-block":
        return _move_block(rng, hand, counts, total, melds)
    if move == "chi":
        starts = [t for t in range(27) if t % 9 < 7 and all(counts[t + i] for i in range(3))]
    else:  # a triplet of the concealed part declared (with the fourth copy for a kan)
        starts = [t for t in range(NUM_KINDS) if counts[t] >= 3
                  and (move == "pon" or total[t] == 3)]
    rng.shuffle(starts)
    kind = {"closed-kan": MeldKind.ANKAN, "open-kan": MeldKind.KAN, "pon": MeldKind.PON,
            "chi": MeldKind.CHI}[move]
    for start in starts:
        tiles = (start, start + 1, start + 2) if move == "chi" else (start,) * 3
        left = list(counts)
        for t in tiles:
            left[t] -= 1
        if not any(left):
            continue  # the winning tile must stay concealed
        moved = Hand(tuple(left), (0, 0, 0), (*melds, Meld(kind, start)))
        if decompose(moved):
            return _redden(rng, Hand.from_counts(left, moved.melds))
    return None


def _move_block(rng: random.Random, hand: Hand, counts: list[int], total: Sequence[int],
                melds: list[Meld]) -> Hand | None:
    """One block of a reading (sequence, triplet or pair) moved to another suit, or a
    triplet or pair to an honor."""
    reading = rng.choice(decompose(hand))
    blocks = [b for b in reading.blocks if b.kind in (BlockKind.SEQUENCE, BlockKind.TRIPLET,
                                                        BlockKind.PAIR)]
    rng.shuffle(blocks)
    for block in blocks:
        tiles = block.tiles()
        start = block.tile
        if block.kind is BlockKind.SEQUENCE or start < 27:
            targets = [s * 9 + start % 9 for s in range(3) if s * 9 + start % 9 != start]
        else:
            targets = []
        if block.kind is not BlockKind.SEQUENCE:
            targets += [k for k in HONORS if k != start]
        rng.shuffle(targets)
        for target in targets:
            moved_tiles = [t - start + target for t in tiles]
            left = list(counts)
            for t in tiles:
                left[t] -= 1
            if any(total[t] - tiles.count(t) + moved_tiles.count(t) > 4 for t in moved_tiles):
                continue
            for t in moved_tiles:
                left[t] += 1
            moved = _redden(rng, Hand.from_counts(left, melds))
            if decompose(moved):
                return moved
    return None


def _neighbours(kind: Tile) -> list[Tile]:
    """The kinds one tile could become at a rule's edge: the next number up or down, the
    same number in another suit, a terminal of the suit, an honor."""
    if kind >= 27:
        return [k for k in (*TERMINALS, *HONORS) if k != kind]
    base, number = kind // 9 * 9, kind % 9
    found = [base + number + d for d in (-1, 1) if 0 <= number + d <= 8]
    found += [other * 9 + number for other in range(3) if other * 9 != base]
    found += [base, base + 8, *HONORS]
    return [k for k in found if k != kind]


__all__ = ["BOUNDARY_THEMES", "EXTRA_THEMES", "NEAR_MISSES", "THEMES", "THEME_FORMS",
           "boundary_wins", "random_wins"]
