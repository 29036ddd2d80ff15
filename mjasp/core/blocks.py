"""Blocks (mentsu and jantou), declared melds, and decompositions of a hand into them.

All three are small frozen values: ``parse`` reads what ``str`` writes, ``repr`` is a
constructor expression, and ``sorted`` gives the canonical order.

>>> d = Decomposition.parse("22z 123m")
>>> str(d), d
('123m 22z', Decomposition.parse('123m 22z'))
>>> Block.parse("789s") < Block.parse("111z"), Meld.parse("[406p]").red
(True, 1)
"""

from __future__ import annotations

import enum
import functools
import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mjasp.core.errors import HandError
from mjasp.core.notation import Written, digits, scan
from mjasp.core.tiles import FIVES, MAX_RED_FIVES, NUM_KINDS, Tile, suit_of, tile_name

if TYPE_CHECKING:
    from mjasp.render.draw import TileGroup


class BlockKind(enum.IntEnum):
    """What a block is made of; the value orders blocks on the same tile."""

    SEQUENCE = 0  #: shuntsu, three consecutive tiles of one suit (tile = lowest)
    TRIPLET = 1  #: koutsu, three of a kind
    QUAD = 2  #: kantsu, four of a kind (only as a declared kan or a variant rule)
    PAIR = 3  #: jantou / toitsu, two of a kind
    SINGLE = 4  #: a lone tile; only in thirteen orphans


#: Tiles per block kind.
BLOCK_SIZE = {BlockKind.SEQUENCE: 3, BlockKind.TRIPLET: 3, BlockKind.QUAD: 4,
              BlockKind.PAIR: 2, BlockKind.SINGLE: 1}


class Form(enum.StrEnum):
    """The three winning forms (agari-kei)."""

    STANDARD = "standard"  #: four melds and a pair
    CHIITOITSU = "chiitoitsu"  #: seven pairs
    KOKUSHI = "kokushi"  #: thirteen orphans (kokushi musou)


FORM_ORDER = {Form.STANDARD: 0, Form.CHIITOITSU: 1, Form.KOKUSHI: 2}


class WaitShape(enum.StrEnum):
    """How the winning tile completes a block (machi)."""

    RYANMEN = "ryanmen"  #: two-sided: 23 waiting on 1 or 4
    KANCHAN = "kanchan"  #: closed: 13 waiting on 2
    PENCHAN = "penchan"  #: edge: 12 waiting on 3, 89 waiting on 7
    SHANPON = "shanpon"  #: dual pon: one of two pairs becomes a triplet
    TANKI = "tanki"  #: pair wait on a single tile (also every seven-pairs wait)
    KOKUSHI = "kokushi"  #: thirteen orphans waiting on its one missing kind
    KOKUSHI_13 = "kokushi-13"  #: thirteen orphans, all 13 kinds held: thirteen-sided


# enum members as module constants for the hot functions: in CPython 3.11 reading a member
# from its class goes through EnumType.__getattr__'s slow hook (about 800 instructions)
_SEQUENCE, _TRIPLET = BlockKind.SEQUENCE, BlockKind.TRIPLET
_SHANPON, _TANKI, _KANCHAN, _PENCHAN, _RYANMEN = (
    WaitShape.SHANPON, WaitShape.TANKI, WaitShape.KANCHAN, WaitShape.PENCHAN, WaitShape.RYANMEN)


def wait_shape(block: Block, tile: Tile) -> WaitShape:
    """The wait of a standard-form block (or a seven-pairs pair) completed by ``tile``:
    the one statement of the wait shapes, for waits and for scoring.

    >>> [wait_shape(Block(BlockKind.SEQUENCE, 0), t).value for t in (0, 1, 2)]
    ['ryanmen', 'kanchan', 'penchan']
    """
    if block.kind is _TRIPLET:
        return _SHANPON
    if block.kind is not _SEQUENCE:
        return _TANKI
    if tile == block.tile + 1:
        return _KANCHAN
    # 12 waiting on 3 (block 123) or 89 waiting on 7 (block 789) is an edge wait; the
    # rest two-sided
    if (tile == block.tile + 2 and block.tile % 9 == 0) or (
            tile == block.tile and block.tile % 9 == 6):
        return _PENCHAN
    return _RYANMEN


def _is_int(value: object) -> bool:
    # bool is an int subclass, but True as a tile or a count is always a mistake
    return isinstance(value, int) and not isinstance(value, bool)


def _check_tile(tile: object, what: str) -> None:
    if not _is_int(tile) or not 0 <= tile < NUM_KINDS:  # type: ignore[operator]
        raise HandError(f"{what} tile must be a tile kind 0..33, not {tile!r}")


def _sequence_start_ok(tile: Tile) -> bool:
    return tile < 27 and tile % 9 <= 6


def _enum_member(enum_type: type[enum.IntEnum], value: object, what: str) -> Any:
    if isinstance(value, enum_type):
        return value
    if _is_int(value):
        try:
            return enum_type(value)  # type: ignore[arg-type]
        except ValueError:
            pass
    names = ", ".join(m.name for m in enum_type)
    raise HandError(f"{what} kind must be one of {names}, not {value!r}")


@functools.total_ordering
@dataclass(frozen=True, slots=True)
class Block:
    """One block: its kind and its lowest tile; ordered by (tile, kind).

    >>> str(Block(BlockKind.SEQUENCE, 6)), Block(BlockKind.TRIPLET, 27).tiles()
    ('789m', (27, 27, 27))
    >>> Block.parse("789m") == Block(BlockKind.SEQUENCE, 6)
    True
    """

    kind: BlockKind
    tile: Tile

    def __post_init__(self) -> None:
        # engines build many blocks: the usual case (an enum member, an int tile) is checked
        # first and alone
        if self.kind.__class__ is not BlockKind or self.tile.__class__ is not int:
            object.__setattr__(self, "kind", _enum_member(BlockKind, self.kind, "block"))
            _check_tile(self.tile, "a block's")
        if not 0 <= self.tile < NUM_KINDS:
            raise HandError(f"a block's tile must be a tile kind 0..33, not {self.tile!r}")
        if self.kind is BlockKind.SEQUENCE and not _sequence_start_ok(self.tile):
            raise HandError(f"no sequence starts at {tile_name(self.tile)}")

    @classmethod
    def parse(cls, text: str) -> Block:
        """One block in mpsz: ``123m``, ``555p``, ``1111z``, ``77s``, ``1z`` (a red five
        reads as a five: blocks do not track red fives).

        >>> Block.parse("406p")
        Block.parse('456p')
        """
        found = scan(text)
        if found.groups:
            raise HandError("a block has no brackets (brackets make a meld)", text)
        block = _block_of(found.loose)
        if block is None:
            raise HandError("a block is a sequence 123m, a triplet 555p, a quad 1111z, "
                            "a pair 77s or a single 1z", text)
        return block

    def tiles(self) -> tuple[Tile, ...]:
        """The tile kinds the block holds, lowest first."""
        if self.kind is BlockKind.SEQUENCE:
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * BLOCK_SIZE[self.kind]

    def __str__(self) -> str:
        return digits(self.tiles()) + suit_of(self.tile)

    def __repr__(self) -> str:
        return f"Block.parse({str(self)!r})"

    def sort_key(self) -> tuple[int, int]:
        """The canonical storage order: tile, then kind (readings compare in this order)."""
        return (self.tile, self.kind)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Block):
            return NotImplemented
        return self.sort_key() < other.sort_key()


def _block_of(tiles: list[Written]) -> Block | None:
    """The block made of exactly these tiles, if any."""
    return block_of_kinds([t.kind for t in tiles])


def block_of_kinds(tile_kinds: Iterable[Tile]) -> Block | None:
    """The block made of exactly these tile kinds (0-33, any order), if any: a run of three
    in one suit, or one to four of one kind.

    >>> block_of_kinds([2, 0, 1]), block_of_kinds([7, 8, 9])
    (Block.parse('123m'), None)
    """
    kinds = sorted(tile_kinds)
    if not kinds or len({suit_of(k) for k in kinds}) != 1:
        return None
    if len(set(kinds)) == 1 and len(kinds) <= 4:
        size = {1: BlockKind.SINGLE, 2: BlockKind.PAIR, 3: BlockKind.TRIPLET, 4: BlockKind.QUAD}
        return Block(size[len(kinds)], kinds[0])
    if len(kinds) == 3 and kinds == [kinds[0], kinds[0] + 1, kinds[0] + 2] and kinds[0] < 27:
        return Block(BlockKind.SEQUENCE, kinds[0])
    return None


def block_counts(blocks: Iterable[Block]) -> tuple[int, ...]:
    """The 34-count tile vector of some blocks (the map f from forms to hands)."""
    counts = [0] * NUM_KINDS
    for block in blocks:
        for tile in block.tiles():
            counts[tile] += 1
    return tuple(counts)


class MeldKind(enum.IntEnum):
    """How a declared meld was made."""

    CHI = 0  #: called sequence
    PON = 1  #: called triplet
    KAN = 2  #: open kan (daiminkan or shouminkan)
    ANKAN = 3  #: closed kan (ankan)


@functools.total_ordering
@dataclass(frozen=True, slots=True)
class Meld:
    """A declared meld: how it was made, its lowest tile, and its red fives.

    Ordered by (tile, kind, red), the order melds are kept in a ``Hand``.

    >>> Meld.parse("[406p]")
    Meld.parse('[406p]')
    >>> Meld(MeldKind.PON, 27).tiles()
    (27, 27, 27)
    """

    kind: MeldKind
    tile: Tile
    red: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", _enum_member(MeldKind, self.kind, "meld"))
        _check_tile(self.tile, "a meld's")
        if self.kind is MeldKind.CHI and not _sequence_start_ok(self.tile):
            raise HandError(f"no sequence starts at {tile_name(self.tile)}")
        fives = sum(t in FIVES for t in self.tiles())
        if not _is_int(self.red) or not 0 <= self.red <= min(fives, MAX_RED_FIVES):
            raise HandError(f"a meld from {tile_name(self.tile)} cannot hold "
                            f"{self.red!r} red fives")

    @classmethod
    def parse(cls, text: str) -> Meld:
        """Parse one bracketed meld such as ``[123m]`` or ``(1111z)``."""
        found = scan(text)
        if found.loose or len(found.groups) != 1:
            raise HandError("expected exactly one meld", text)
        return meld_from_group(found.groups[0].tiles, found.groups[0].closed, text,
                               found.groups[0].position)

    @property
    def is_open(self) -> bool:
        """Called from another player (everything but a closed kan)."""
        return self.kind is not MeldKind.ANKAN

    def block(self) -> Block:
        """The block the meld stands for in every reading."""
        kind = {MeldKind.CHI: BlockKind.SEQUENCE, MeldKind.PON: BlockKind.TRIPLET}.get(
            self.kind, BlockKind.QUAD)
        return Block(kind, self.tile)

    def tiles(self) -> tuple[Tile, ...]:
        """The tile kinds in the meld."""
        return self.block().tiles()

    def sort_key(self) -> tuple[int, int, int]:
        """The canonical order: tile, kind, red fives."""
        return (self.tile, self.kind, self.red)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Meld):
            return NotImplemented
        return self.sort_key() < other.sort_key()

    def __str__(self) -> str:
        body = digits(self.tiles(), self.red) + suit_of(self.tile)
        return f"({body})" if self.kind is MeldKind.ANKAN else f"[{body}]"

    def __repr__(self) -> str:
        return f"Meld.parse({str(self)!r})"

    def to_json(self) -> dict[str, Any]:
        """A plain dict for ``json.dumps``."""
        return {"kind": self.kind.name.lower(), "tile": tile_name(self.tile),
                "red": self.red, "text": str(self)}


def meld_from_group(tiles: tuple[Written, ...], closed: bool, text: str, pos: int) -> Meld:
    """The meld a bracket group of ``text`` (opened at ``pos``) writes."""
    kinds = sorted(t.kind for t in tiles)
    red = sum(t.red for t in tiles)
    block = _block_of(list(tiles))
    kind = {BlockKind.SEQUENCE: MeldKind.CHI, BlockKind.TRIPLET: MeldKind.PON,
            BlockKind.QUAD: MeldKind.ANKAN if closed else MeldKind.KAN}.get(
                block.kind) if block is not None else None
    if closed and kind is not MeldKind.ANKAN:
        raise HandError("(...) is a closed kan and needs four identical tiles", text, pos)
    if kind is None:
        raise HandError("a meld is a sequence [123m], a triplet [555p] or a quad [1111z]",
                        text, pos)
    if red > MAX_RED_FIVES:
        # caught here, with a position, so that Hand's meld check cannot fail after parsing
        raise HandError(f"{red} red fives in one meld; no set has more than {MAX_RED_FIVES} "
                        "of a suit", text, pos)
    return Meld(kind, kinds[0], red)


_BLOCK_ORDER = operator.attrgetter("tile", "kind")
_MELD_ORDER = operator.attrgetter("tile", "kind", "red")


@functools.total_ordering
@dataclass(frozen=True, slots=True)
class Decomposition:
    """One reading of a hand: the blocks of its concealed tiles, its form, its melds.

    Blocks and melds are kept in canonical order whatever order they are given in.
    ``melds`` are the declared (called or concealed-kan) melds, fixed in every reading.
    ``parse`` reads ``str``; the form is inferred (a single: kokushi; pairs only, more
    than one: chiitoitsu; else standard) unless given.

    >>> Decomposition.of([Block(BlockKind.PAIR, 0)] * 7, Form.CHIITOITSU).form
    <Form.CHIITOITSU: 'chiitoitsu'>
    >>> Decomposition.parse("11m 22m 33m 44m 55m 66m 77m").form
    <Form.CHIITOITSU: 'chiitoitsu'>
    """

    blocks: tuple[Block, ...]
    form: Form = Form.STANDARD
    melds: tuple[Meld, ...] = ()

    def __post_init__(self) -> None:
        blocks, melds = tuple(self.blocks), tuple(self.melds)
        if not set(map(type, blocks)) <= {Block}:
            raise HandError("a decomposition's blocks must be Block values")
        if melds and not set(map(type, melds)) <= {Meld}:
            raise HandError("a decomposition's melds must be Meld values")
        if self.form.__class__ is not Form:
            try:
                object.__setattr__(self, "form", Form(self.form))
            except ValueError:
                raise HandError(f"unknown form {self.form!r}; known: "
                                f"{', '.join(f.value for f in Form)}") from None
        # attrgetter keys sort at C speed; they are Block.sort_key and Meld.sort_key
        object.__setattr__(self, "blocks", tuple(sorted(blocks, key=_BLOCK_ORDER)))
        object.__setattr__(self, "melds", tuple(sorted(melds, key=_MELD_ORDER)) if melds else ())

    @classmethod
    def of(cls, blocks: Iterable[Block], form: Form = Form.STANDARD,
           melds: Iterable[Meld] = ()) -> Decomposition:
        """A decomposition of any iterables (blocks and melds are sorted either way)."""
        return cls(tuple(blocks), form, tuple(melds))

    @classmethod
    def parse(cls, text: str, form: Form | str | None = None) -> Decomposition:
        """Blocks and bracketed melds separated by spaces, as ``str`` writes them.

        >>> Decomposition.parse("111m 123m 22m [789s]").melds
        (Meld.parse('[789s]'),)
        """
        if not isinstance(text, str):
            raise HandError(f"expected a string, got {type(text).__name__}")
        blocks: list[Block] = []
        melds: list[Meld] = []
        for word in text.split():
            (melds.append(Meld.parse(word)) if word[0] in "[(" else
             blocks.append(Block.parse(word)))
        if not blocks and not melds:
            raise HandError("a decomposition needs at least one block", text)
        return cls(tuple(blocks), _inferred_form(blocks) if form is None else Form(form),
                   tuple(melds))

    def counts(self) -> tuple[int, ...]:
        """The concealed tiles the blocks use, as 34 counts."""
        return block_counts(self.blocks)

    @property
    def pair(self) -> Block | None:
        """The pair (jantou) of a standard reading, if any."""
        pairs = [b for b in self.blocks if b.kind is BlockKind.PAIR]
        return pairs[0] if self.form is Form.STANDARD and pairs else None

    def display_blocks(self) -> tuple[Block, ...]:
        """The blocks as players read them: by their tiles (111m before 123m), and in
        the standard form the pair last.

        >>> d = Decomposition.of([Block(BlockKind.PAIR, 1), Block(BlockKind.SEQUENCE, 0),
        ...                       Block(BlockKind.TRIPLET, 0)])
        >>> [str(b) for b in d.display_blocks()]
        ['111m', '123m', '22m']
        """
        standard = self.form is Form.STANDARD
        return tuple(sorted(self.blocks, key=lambda b: (
            standard and b.kind is BlockKind.PAIR, b.tiles())))

    def sort_key(self) -> tuple[Any, ...]:
        """The canonical list order: form, then the blocks in storage order."""
        return (FORM_ORDER[self.form], tuple(b.sort_key() for b in self.blocks),
                tuple(m.sort_key() for m in self.melds))

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Decomposition):
            return NotImplemented
        return self.sort_key() < other.sort_key()

    def display_key(self) -> tuple[Any, ...]:
        """The order in which a person reads a list of readings: form, then as printed."""
        return (FORM_ORDER[self.form], tuple(b.tiles() for b in self.display_blocks()))

    def __str__(self) -> str:
        parts = [str(b) for b in self.display_blocks()] + [str(m) for m in self.melds]
        return " ".join(parts)

    def __repr__(self) -> str:
        if self.blocks and _inferred_form(self.blocks) is self.form:
            return f"Decomposition.parse({str(self)!r})"
        return f"Decomposition.parse({str(self)!r}, form={self.form.value!r})"
    def _repr_svg_(self) -> str:
        """A notebook picture: the tiles drawn block by block (:func:`decomposition_svg`)."""
        return decomposition_svg(self)

    def to_json(self) -> dict[str, Any]:
        """A plain dict for ``json.dumps``."""
        return {
            "form": self.form.value,
            "text": str(self),
            "blocks": [{"kind": b.kind.name.lower(), "tile": tile_name(b.tile), "text": str(b)}
                       for b in self.display_blocks()],
            "melds": [m.to_json() for m in self.melds],
        }


def _inferred_form(blocks: Iterable[Block]) -> Form:
    kinds = [b.kind for b in blocks]
    if BlockKind.SINGLE in kinds:
        return Form.KOKUSHI
    if len(kinds) > 1 and all(k is BlockKind.PAIR for k in kinds):
        return Form.CHIITOITSU
    return Form.STANDARD


def decomposition_svg(reading: Decomposition, red: Sequence[int] = (0, 0, 0),
                      scale: float = 1.0, captions: bool = True) -> str:
    """One reading drawn block by block, then the melds (:mod:`mjasp.render.draw`);
    ``red`` = the concealed red fives per suit (m, p, s), shown in the first block holding
    a five of that suit; each block captioned with its kind, each meld with its own.

    >>> svg = decomposition_svg(Decomposition.parse("123m 456p 789s 11z [777s]"))
    >>> svg.count('class="tile-group"'), svg.count("<text")
    (5, 5)
    """
    from mjasp.render.draw import TileGroup, draw_row, faces

    left = list(red)
    groups = []
    for block in reading.display_blocks():
        drawn = faces(block.tiles(), left)
        for face in drawn:
            if face.red:
                left[FIVES.index(face.tile)] -= 1
        groups.append(TileGroup(tuple(drawn), block.kind.name.lower() if captions else ""))
    groups += [meld_group(m, m.kind.name.lower() if captions else "") for m in reading.melds]
    return draw_row(groups, scale, title=str(reading))


def meld_group(meld: Meld, caption: str = "") -> TileGroup:
    """A declared meld as players lay it (:mod:`mjasp.render.draw`): an open meld with its
    first tile turned (the called tile), a closed kan with its outer tiles face down.

    >>> [(t.rotated, t.face_down) for t in meld_group(Meld.parse("(1111z)")).tiles]
    [(False, True), (False, False), (False, False), (False, True)]
    """
    from mjasp.render.draw import TileGroup, faces

    drawn = faces(meld.tiles(), [meld.red] * 3)
    last = len(drawn) - 1
    if meld.is_open:
        drawn[0] = drawn[0]._replace(rotated=True)
    else:
        # the red fives stay in sight: the face-up middle tiles take them (two at most)
        plain = [f for f in drawn if not f.red]
        drawn = plain[:1] + [f for f in drawn if f.red] + plain[1:]
        drawn = [f._replace(face_down=i in (0, last)) for i, f in enumerate(drawn)]
    return TileGroup(tuple(drawn), caption)


def sorted_readings(readings: Iterable[Decomposition]) -> list[Decomposition]:
    """Distinct readings in canonical order."""
    return sorted(set(readings))
