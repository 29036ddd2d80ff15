"""Every standard winning form, and the readings of a hand as the forms that give it.

Every standard winning form is built constructively by the decomposer DP of
``mjasp.solvers.form_dp``; the readings of a hand are the forms whose
tile vector is the hand: the inverse image W(h) = f^-1(h), a third decomposition method.

>>> count_forms(4)
11580567
>>> [str(d) for d in inverse_readings("111222333m45677p")]
['123m 123m 123m 456p 77p', '111m 222m 333m 456p 77p']
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence

from mjasp.core.blocks import Block, BlockKind, Decomposition, Form, Meld, sorted_readings
from mjasp.core.errors import RulesError
from mjasp.core.hand import Hand
from mjasp.core.tiles import NUM_KINDS, as_int
from mjasp.rules import Rules, find_rules
from mjasp.rules.validity import HandLike, as_hand, check_readable
from mjasp.solvers import form_dp
from mjasp.solvers.base import special_readings
from mjasp.solvers.form_dp import (
    MAX_MELDS,
    SEQUENCE_STARTS,
    FormVector,
    count_winning_vectors,
    form_blocks,
    form_counts,
    inverse_forms,
    iter_forms,
    lower_forms,
    split_forms,
)


def _melds_argument(melds: object) -> int:
    """The number of melds of a standard form: an integer 0..4 (numpy integers welcome),
    else ``HandError`` (not an integer) or ``RulesError`` (out of range).

    >>> _melds_argument(5)
    Traceback (most recent call last):
    ...
    mjasp.core.errors.RulesError: a standard form has 0..4 melds, not 5
    """
    n = as_int(melds, "the number of melds")
    if not 0 <= n <= MAX_MELDS:
        raise RulesError(f"a standard form has 0..{MAX_MELDS} melds, not {n}")
    return n


def count_forms(melds: int) -> int:
    """The number of standard winning forms with ``melds`` (0..4) melds and one pair.

    >>> count_forms(1)
    1836
    """
    return form_dp.count_forms(_melds_argument(melds))


def winning_forms(melds: int = MAX_MELDS) -> Iterator[Decomposition]:
    """Every standard winning form with ``melds`` (0..4) melds and one pair, lazily, as
    readings (a bad ``melds`` is an error at the call, before any form is read).

    >>> [str(d) for d, _ in zip(winning_forms(0), range(3))]
    ['11m', '22m', '33m']
    """
    forms = iter_forms(_melds_argument(melds))
    return (Decomposition.of(form_blocks(w)) for w in forms)


#: Where ``winning_forms_text`` splits a form: manzu and pinzu (tiles 0..17) vary fastest.
_SPLIT = 18

_Part = tuple[str, str]
"""The text of part of a form: its melds as ``str(Decomposition)`` orders them, its pair
("" for none)."""


def winning_forms_text(melds: int = MAX_MELDS) -> Iterator[str]:
    """The lines ``str(d)`` of every ``d`` in ``winning_forms(melds)``, in that order, in
    chunks of whole lines (each ending in a newline): millions of forms in seconds.

    A line is the melds by their tiles, suit by suit, then the pair. The manzu and pinzu
    part of a form varies fastest, so its texts are made once per (melds, pairs) left
    (from the texts of each suit's parts) and glued around each upper (souzu and honors)
    part with one ``str.join``.

    >>> next(winning_forms_text(0)).splitlines()[:3]
    ['11m', '22m', '33m']
    """
    return _forms_text(_melds_argument(melds))


def _forms_text(melds: int) -> Iterator[str]:
    """``winning_forms_text`` once ``melds`` is checked."""
    parts: dict[tuple[int, int, int], list[_Part]] = {}
    glue: dict[tuple[int, int, bool], list[str]] = {}
    for upper, (m, pairs) in split_forms(melds, _SPLIT):
        body, pair = _part_text(upper, _SPLIT)
        # the pair is the upper part's (pairs == 0) or each lower part's: the separator
        # is what all lines of the chunk share, the glue what differs between them
        shared = " ".join(filter(None, (body, pair))) if pairs == 0 else body
        key = (m, pairs, bool(shared))
        if key not in glue:
            glue[key] = _glue(_lower_parts(_SPLIT, m, pairs, parts), bool(shared))
        yield shared.join(glue[key])


@functools.cache
def _block_texts() -> tuple[tuple[str, str, str], ...]:
    """Per tile: its triplet, its sequence ("" where none starts) and its pair, as
    ``Block`` writes them."""
    return tuple((str(Block(BlockKind.TRIPLET, t)),
                  str(Block(BlockKind.SEQUENCE, t)) if t in SEQUENCE_STARTS else "",
                  str(Block(BlockKind.PAIR, t))) for t in range(NUM_KINDS))


def _part_text(form: FormVector, base: int) -> _Part:
    """The text of a form's part on tiles ``base``, ``base`` + 1, ..."""
    texts = _block_texts()
    blocks: list[str] = []
    pair = ""
    for tile, (s, t, p) in enumerate(form, base):
        # by their tiles: 111m (1, 1, 1) before 123m (1, 2, 3) before 222m
        blocks += [texts[tile][0]] * t + [texts[tile][1]] * s
        if p:
            pair = texts[tile][2]
    return " ".join(blocks), pair


def _lower_parts(at: int, melds: int, pairs: int,
                 cache: dict[tuple[int, int, int], list[_Part]]) -> list[_Part]:
    """The texts of the parts on tiles 0..``at``-1 with ``melds`` melds and ``pairs``
    pairs, in ``iter_forms`` order, built suit by suit from the parts below."""
    key = (at, melds, pairs)
    if key in cache:
        return cache[key]
    if at <= 9:
        found = [_part_text(w, 0) for w in lower_forms(at, melds, pairs)]
    else:
        found = []
        for upper, (m, h) in split_forms(melds, at - 9, top=at, pairs=pairs):
            body, pair = _part_text(upper, at - 9)
            found += [(f"{low} {body}" if low and body else low or body, low_pair or pair)
                      for low, low_pair in _lower_parts(at - 9, m, h, cache)]
    cache[key] = found
    return found


def _glue(parts: Sequence[_Part], shared: bool) -> list[str]:
    """The pieces between which a chunk's shared text goes: line k is the lower part k's
    melds, the shared text, then the lower part k's pair."""
    if not shared:  # nothing shared: each line is the lower part alone (with its pair)
        return ["".join(" ".join(filter(None, p)) + "\n" for p in parts)]
    heads = [body + " " if body else "" for body, _ in parts]
    tails = [(" " + pair if pair else "") + "\n" for _, pair in parts]
    return [heads[0]] + [tail + head for tail, head in zip(tails, heads[1:], strict=False)] \
        + [tails[-1]]


def count_forms_asp(melds: int) -> int:
    """The number of winning forms with ``melds`` melds, as clingo's model count of
    ``encodings/forms.lp`` (one answer per form); seconds for melds <= 3.

    >>> count_forms_asp(1) == count_forms(1)
    True
    """
    melds = _melds_argument(melds)
    # imported here: ``import mjasp`` does not load clingo
    from mjasp.solvers import asp

    return asp.count_models([asp.encoding("forms.lp")], ["-c", f"melds={melds}"])


def standard_readings(counts: Sequence[int], melds: tuple[Meld, ...] = ()) -> list[Decomposition]:
    """The standard readings of concealed counts as the inverse image W(h) = f^-1(h).

    >>> [str(d) for d in standard_readings(Hand.parse("111222333m45677p").counts)]
    ['123m 123m 123m 456p 77p', '111m 222m 333m 456p 77p']
    """
    return [Decomposition.of(form_blocks(w), Form.STANDARD, melds)
            for w in inverse_forms(counts, MAX_MELDS - len(melds))]


def hand_readings(hand: Hand, rules: Rules) -> list[Decomposition]:
    """Every reading of a hand the rules allow: standard ones by inversion, then the
    special forms as every engine reads them."""
    found = standard_readings(hand.counts, hand.melds) if Form.STANDARD in rules.forms else []
    return sorted_readings(found + special_readings(hand, rules))


def inverse_readings(hand: HandLike, *, rules: Rules | str | None = None) -> list[Decomposition]:
    """Every reading of a hand by inversion: a third decomposition method.

    Works for any hand whose concealed tiles number 2 (mod 3) (a form with fewer
    melds is still a form); ``mjasp.decompose`` gives the same list for 14 tiles.

    >>> [str(d) for d in inverse_readings("11122233344455m")][:2]
    ['123m 123m 123m 444m 55m', '111m 234m 234m 234m 55m']
    """
    hand = as_hand(hand)
    rules = find_rules(rules)
    check_readable(hand, rules)
    return hand_readings(hand, rules)


__all__ = ["MAX_MELDS", "FormVector", "count_forms", "count_forms_asp", "count_winning_vectors",
           "form_counts", "hand_readings", "inverse_readings", "standard_readings", "winning_forms",
           "winning_forms_text"]
