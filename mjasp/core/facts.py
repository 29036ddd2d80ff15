"""Hand facts: the ``hand/1``, ``count/2`` and ``meld/2`` facts a person writes in a .lp file.

This module owns the format (documented for ASP readers in ``encodings/parts/hand_facts.lp``)::

    hand("123m456p789s1122z").          % mpsz, melds in brackets allowed
    count("1m",3). count("7z",2).       % N copies of a tile, added to hand/1
    meld(chi,"789s"). meld(ankan,"1111z").

:func:`read_hand` reads the facts from the files' syntax tree (clingo's parser, not its
grounder, so two equal ``meld`` facts are two melds and every mistake names its
``file:line``) and builds the :class:`~mjasp.core.hand.Hand` directly: counts, red fives and
melds are added up, no mpsz text is written and parsed again.

>>> import clingo
>>> str(hand_from_facts([clingo.parse_term('hand("11122233m")'),
...                      clingo.parse_term('count("4m",3)'),
...                      clingo.parse_term('meld(pon,"777z")')]))
'11122233444m [777z]'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # clingo loads when a file is read, not with mjasp (import time)
    from clingo import Symbol, ast

from mjasp.core.errors import EncodingError, HandError
from mjasp.core.hand import Hand, Meld, MeldKind
from mjasp.core.tiles import NUM_KINDS, SUITS, tile_kind, tile_name

#: The reserved fact names, their arity and how they are written.
SHAPES = {"hand": (1, 'hand("123m456p789s1122z")'),
          "count": (2, 'count("1m",3)'),
          "meld": (2, 'meld(chi,"789s")')}

#: A reserved name used as a predicate anywhere in a rule's head.
_RESERVED_HEAD = re.compile(r"(?<![#\w])(hand|count|meld)\(")


def read_hand(paths: Sequence[str]) -> Hand:
    """The hand written as hand/1, count/2 and meld/2 facts in ``paths``.

    Every fact counts as written: two equal ``meld(chi,"123m")`` facts are two melds
    (clingo would merge them). A hand fact must be a plain fact with written-out values;
    errors are ``HandError`` naming ``file:line`` and the fact.
    """
    import clingo
    from clingo import ast

    facts: list[tuple[Symbol, str]] = []

    def visit(statement: ast.AST) -> None:
        if statement.ast_type != ast.ASTType.Rule:
            return
        where = f"{statement.location.begin.filename}:{statement.location.begin.line}"
        head = statement.head
        term = head.atom.symbol if (head.ast_type == ast.ASTType.Literal
                                    and head.atom.ast_type == ast.ASTType.SymbolicAtom) else None
        if term is None or term.ast_type != ast.ASTType.Function:
            if _RESERVED_HEAD.search(str(head)):
                raise HandError(f"{where}: {statement}: hand facts must be plain facts")
            return
        if term.name not in SHAPES:
            return
        if len(statement.body) or head.sign != ast.Sign.NoSign:
            raise HandError(f"{where}: {statement}: hand facts must be plain facts")
        try:
            symbol = clingo.parse_term(str(term))
        except RuntimeError:
            raise HandError(f"{where}: {term}: write the values out, e.g. "
                            f"{SHAPES[term.name][1]}") from None
        facts.append((symbol, where))

    try:
        ast.parse_files(list(paths), visit, logger=lambda code, message: None)
    except RuntimeError as error:  # a syntax error: grounding reports it with its line first
        raise EncodingError(f"cannot parse {', '.join(paths)}: {error}") from None
    return hand_from_facts([symbol for symbol, _ in facts], [where for _, where in facts])


def hand_from_facts(facts: Iterable[Symbol], where: Sequence[str] = ()) -> Hand:
    """One hand from hand/1, count/2 and meld/2 facts (other predicates are ignored);
    ``where[i]`` (``file:line``) is put before an error about the i-th fact.

    >>> import clingo
    >>> hand_from_facts([clingo.parse_term('count("1m",5)')])
    Traceback (most recent call last):
    ...
    mjasp.core.errors.HandError: count("1m",5): a count is 1..4 copies; write count("1m",3)
    """
    counts = [0] * NUM_KINDS
    red = [0, 0, 0]
    melds: list[Meld] = []
    hands = 0
    counted: set[tuple[int, bool]] = set()  # the red five apart from the other fives
    for i, fact in enumerate(facts):
        if fact.name not in SHAPES:
            continue
        try:
            arity, example = SHAPES[fact.name]
            if len(fact.arguments) != arity:
                raise HandError(f"{fact}: {fact.name}/{len(fact.arguments)} is not a hand "
                                f"fact; write {example}")
            if fact.name == "hand":
                hands += 1
                hand = _hand(fact)
                counts = [a + b for a, b in zip(counts, hand.counts, strict=True)]
                red = [a + b for a, b in zip(red, hand.red, strict=True)]
                melds += hand.melds
            elif fact.name == "count":
                kind, copies, is_red = _count(fact)
                if (kind, is_red) in counted:
                    name = f"0{tile_name(kind)[1]}" if is_red else tile_name(kind)
                    raise HandError(f"{fact}: {name} is counted twice; give one count/2 per "
                                    "tile")
                counted.add((kind, is_red))
                counts[kind] += copies
                if is_red:
                    red[SUITS.index(tile_name(kind)[1])] += copies
            else:
                melds.append(_meld(fact))
        except HandError as error:
            if i < len(where):
                raise HandError(f"{where[i]}: {error}") from None
            raise
    if hands > 1:
        raise HandError(f"{hands} hand/1 facts; a file holds one hand")
    if not (hands or counted or melds):
        raise HandError("no hand facts; write hand(\"123m456p789s1122z\") or count/2 facts")
    return Hand(tuple(counts), (red[0], red[1], red[2]), tuple(melds))


def _string(fact: Symbol, term: Symbol, example: str) -> str:
    from clingo import SymbolType

    if term.type != SymbolType.String:
        raise HandError(f"{fact}: expected a quoted string; write {example}")
    return term.string


def _hand(fact: Symbol) -> Hand:
    text = _string(fact, fact.arguments[0], SHAPES["hand"][1])
    try:
        return Hand.parse(text)
    except HandError as error:
        raise HandError(f"{fact}: {error}") from None


def _count(fact: Symbol) -> tuple[int, int, bool]:
    example = SHAPES["count"][1]
    name = _string(fact, fact.arguments[0], example)
    try:
        kind = tile_kind(name)
    except HandError as error:
        raise HandError(f"{fact}: {error}") from None
    copies = fact.arguments[1]
    from clingo import SymbolType

    if copies.type != SymbolType.Number or not 1 <= copies.number <= 4:
        raise HandError(f"{fact}: a count is 1..4 copies; write {example}")
    # "0m" names the red five: its copies are red fives (Hand checks how many)
    return kind, copies.number, name.strip()[0] == "0"


def _meld(fact: Symbol) -> Meld:
    example = SHAPES["meld"][1]
    how = fact.arguments[0]
    kinds = {k.name.lower(): k for k in MeldKind}
    from clingo import SymbolType

    if how.type != SymbolType.Function or how.arguments or how.name not in kinds:
        raise HandError(f"{fact}: a meld is chi, pon, kan or ankan; write {example}")
    tiles = _string(fact, fact.arguments[1], example)
    text = f"({tiles})" if how.name == "ankan" else f"[{tiles}]"
    try:
        meld = Meld.parse(text)
    except HandError as error:
        raise HandError(f"{fact}: {error}") from None
    if meld.kind is not kinds[how.name]:
        raise HandError(f"{fact}: {tiles} makes a {meld.kind.name.lower()}, not a {how.name}")
    return meld
