"""Hand facts: the ``hand/1``, ``count/2`` and ``meld/2`` facts a person writes in a .lp file.

The format is documented in ``encodings/parts/hand_facts.lp``::

    hand("123m456p789s1122z").          % mpsz, melds in brackets allowed
    count("1m",3). count("7z",2).       % N copies of a tile, added to hand/1
    meld(chi,"789s"). meld(ankan,"1111z").

``mjasp solve`` grounds these facts with the encoding, reads them back as clingo symbols
and turns them into one :class:`~mjasp.hand.Hand` here; every mistake is a ``HandError``
naming the fact.

>>> import clingo
>>> str(hand_from_facts([clingo.parse_term('hand("11122233m")'),
...                      clingo.parse_term('count("4m",3)'),
...                      clingo.parse_term('meld(pon,"777z")')]))
'11122233444m [777z]'
"""

from __future__ import annotations

from collections.abc import Iterable

from clingo import Symbol, SymbolType

from mjasp.errors import HandError
from mjasp.hand import Hand, Meld, MeldKind
from mjasp.tiles import tile_kind, tile_name

#: The reserved fact names, their arity and how they are written.
SHAPES = {"hand": (1, 'hand("123m456p789s1122z")'),
          "count": (2, 'count("1m",3)'),
          "meld": (2, 'meld(chi,"789s")')}


def hand_from_facts(facts: Iterable[Symbol]) -> Hand:
    """One hand from hand/1, count/2 and meld/2 facts (other predicates are ignored).

    >>> import clingo
    >>> hand_from_facts([clingo.parse_term('count("1m",5)')])
    Traceback (most recent call last):
    ...
    mjasp.errors.HandError: count("1m",5): a count is 1..4 copies; write count("1m",3)
    """
    texts: list[str] = []
    counted: dict[str, int] = {}
    melds: list[str] = []
    for fact in facts:
        if fact.name not in SHAPES:
            continue
        arity, example = SHAPES[fact.name]
        if len(fact.arguments) != arity:
            raise HandError(f"{fact}: {fact.name}/{len(fact.arguments)} is not a hand fact; "
                            f"write {example}")
        if fact.name == "hand":
            texts.append(_hand_text(fact))
        elif fact.name == "count":
            name, copies = _count(fact)
            if name in counted:
                raise HandError(f"{fact}: {name} is counted twice; give one count/2 per tile")
            counted[name] = copies
        else:
            melds.append(_meld_text(fact))
    if len(texts) > 1:
        raise HandError(f"{len(texts)} hand/1 facts; a file holds one hand")
    if not (texts or counted or melds):
        raise HandError("no hand facts; write hand(\"123m456p789s1122z\") or count/2 facts")
    pieces = texts + [name[0] * n + name[1] for name, n in counted.items()] + melds
    return Hand.parse(" ".join(pieces))


def _string(fact: Symbol, term: Symbol, example: str) -> str:
    if term.type != SymbolType.String:
        raise HandError(f"{fact}: expected a quoted string; write {example}")
    return term.string


def _hand_text(fact: Symbol) -> str:
    text = _string(fact, fact.arguments[0], SHAPES["hand"][1])
    try:
        Hand.parse(text)
    except HandError as error:
        raise HandError(f"{fact}: {error}") from None
    return text


def _count(fact: Symbol) -> tuple[str, int]:
    example = SHAPES["count"][1]
    name = _string(fact, fact.arguments[0], example)
    try:
        kind = tile_kind(name)
    except HandError as error:
        raise HandError(f"{fact}: {error}") from None
    copies = fact.arguments[1]
    if copies.type != SymbolType.Number or not 1 <= copies.number <= 4:
        raise HandError(f"{fact}: a count is 1..4 copies; write {example}")
    # a red five keeps its 0; every other tile is named canonically
    return (name if name[0] == "0" else tile_name(kind)), copies.number


def _meld_text(fact: Symbol) -> str:
    example = SHAPES["meld"][1]
    how = fact.arguments[0]
    kinds = {k.name.lower(): k for k in MeldKind}
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
    return text
