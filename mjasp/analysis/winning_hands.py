"""Seeded random complete (winning) hands, for tests and benchmarks.

Hands are built from random blocks, so every one has at least one reading by
construction, and the four-copy limit holds (a block that would break it is redrawn).

>>> hands = random_winning_hands(3, seed=1)
>>> hands == random_winning_hands(3, seed=1), all(h.tile_count == 14 for h in hands)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from mjasp.analysis.sampling import check_number, check_seed
from mjasp.core.blocks import Block, BlockKind, Form
from mjasp.core.errors import RulesError
from mjasp.core.hand import Hand, Meld, MeldKind, with_melds
from mjasp.core.tiles import FIVES, NUM_KINDS, TERMINALS_AND_HONORS
from mjasp.rules import Rules, find_rules

#: How often each form is drawn, relative to the others requested.
FORM_WEIGHTS = {Form.STANDARD: 16, Form.CHIITOITSU: 3, Form.KOKUSHI: 1}
#: Chance that a meld of a standard hand is declared, when ``melds=True``.
CALL_CHANCE = 0.3


def random_winning_hands(n: int, seed: int | None = 0,
                         forms: Iterable[str] | str = ("standard", "chiitoitsu", "kokushi"),
                         rules: Rules | str | None = None, melds: bool = False,
                         red: bool = False) -> list[Hand]:
    """``n`` reproducible random complete hands of the given winning forms.

    The form of each hand is drawn with ``FORM_WEIGHTS`` among ``forms`` (those the
    rules allow); with ``melds`` some melds of standard hands are declared (chi, pon,
    kan, closed kan; no chi with three players); with ``red`` every concealed five has an
    even chance of being red where the rules' wall has a red five of its suit.
    Tiles outside the rules' tile set (2m-8m in sanma) never appear.

    >>> [str(h) for h in random_winning_hands(2, seed=7, forms=["chiitoitsu"])]
    ['3344m1199p8899s55z', '223344m55p225566z']
    """
    check_number(n)
    check_seed(seed, none=True)  # None: a fresh random stream
    rules = find_rules(rules)
    if isinstance(forms, str):
        forms = [forms]  # one form by name, not its letters
    names = [f.value for f in Form]
    unknown = [f for f in forms if f not in names]
    if unknown:
        raise RulesError(f"unknown form {unknown[0]!r}; the forms are {', '.join(names)}")
    chosen = [Form(f) for f in forms]
    allowed = [f for f in chosen if f in rules.forms]
    if not allowed:
        raise RulesError(f"none of the forms {[str(f) for f in chosen]} is allowed "
                         f"by the {rules.name} rules")
    rng = random.Random(seed)
    weights = [FORM_WEIGHTS[f] for f in allowed]
    hands = []
    for _ in range(n):
        form = rng.choices(allowed, weights)[0]
        if form is Form.STANDARD:
            hand = _standard(rng, rules, melds)
        elif form is Form.CHIITOITSU:
            hand = _chiitoitsu(rng, rules)
        else:
            hand = _kokushi(rng)
        hands.append(_with_red(rng, hand, rules) if red else hand)
    return hands


def _standard(rng: random.Random, rules: Rules, melds: bool) -> Hand:
    kinds = rules.tile_kinds
    starts = [t for t in kinds if t < 27 and t % 9 < 7 and t + 1 in kinds and t + 2 in kinds]
    counts = [0] * NUM_KINDS
    declared: list[Meld] = []
    pair = rng.choice(kinds)
    counts[pair] = 2
    while len(declared) + (sum(counts) - 2) // 3 < 4:
        sequence = bool(starts) and rng.random() < 0.6
        block = Block(BlockKind.SEQUENCE, rng.choice(starts)) if sequence else Block(
            BlockKind.TRIPLET, rng.choice(kinds))
        call = melds and rng.random() < CALL_CHANCE
        if sequence and rules.players == 3:
            call = False  # three players call no chi; the draw above keeps the stream
        kind = _call_kind(rng, block) if call else None
        used = Meld(kind, block.tile).tiles() if kind is not None else block.tiles()
        total = with_melds(counts, declared)[0]
        if any(total[t] + used.count(t) > 4 for t in set(used)):
            continue  # redraw: a fifth copy
        if kind is None:
            for t in used:
                counts[t] += 1
        else:
            declared.append(Meld(kind, block.tile))
    return Hand.from_counts(counts, declared)


def _call_kind(rng: random.Random, block: Block) -> MeldKind:
    if block.kind is BlockKind.SEQUENCE:
        return MeldKind.CHI
    return rng.choices([MeldKind.PON, MeldKind.KAN, MeldKind.ANKAN], [6, 1, 1])[0]


def _chiitoitsu(rng: random.Random, rules: Rules) -> Hand:
    counts = [0] * NUM_KINDS
    pairs = rng.sample(rules.tile_kinds, 7)
    if rules.chiitoitsu_quad and rng.random() < 0.2:
        pairs[-1] = pairs[0]  # four of a kind as two pairs
    for t in pairs:
        counts[t] += 2
    return Hand.from_counts(counts)


def _kokushi(rng: random.Random) -> Hand:
    counts = [0] * NUM_KINDS
    for t in TERMINALS_AND_HONORS:
        counts[t] = 1
    counts[rng.choice(TERMINALS_AND_HONORS)] += 1
    return Hand.from_counts(counts)


def _with_red(rng: random.Random, hand: Hand, rules: Rules) -> Hand:
    # only where the rules' wall has a red five (the WRC's has none)
    red = tuple(int(hand.counts[f] > 0 and rules.red_fives[i] > 0 and rng.random() < 0.5)
                for i, f in enumerate(FIVES))
    return Hand(hand.counts, (red[0], red[1], red[2]), hand.melds)


__all__ = ["random_winning_hands"]
