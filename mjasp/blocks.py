"""Blocks (mentsu and jantou) and decompositions of a hand into them.

>>> d = Decomposition.of([Block(BlockKind.PAIR, 28), Block(BlockKind.SEQUENCE, 0)])
>>> str(d)
'123m 22z'
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from mjasp.tiles import NUM_KINDS, Tile, suit_of, tile_name

if TYPE_CHECKING:
    from mjasp.hand import Meld


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


class Block(NamedTuple):
    """One block: its kind and its lowest tile.

    >>> str(Block(BlockKind.SEQUENCE, 6)), Block(BlockKind.TRIPLET, 27).tiles()
    ('789m', (27, 27, 27))
    """

    kind: BlockKind
    tile: Tile

    def tiles(self) -> tuple[Tile, ...]:
        """The tile kinds the block holds, lowest first."""
        if self.kind is BlockKind.SEQUENCE:
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * BLOCK_SIZE[self.kind]

    def __str__(self) -> str:
        digits = "".join(tile_name(t)[0] for t in self.tiles())
        return digits + suit_of(self.tile)

    def sort_key(self) -> tuple[int, int]:
        """The canonical storage order: tile, then kind (readings compare in this order)."""
        return (self.tile, self.kind)


def block_counts(blocks: Iterable[Block]) -> tuple[int, ...]:
    """The 34-count tile vector of some blocks (f of seed 003)."""
    counts = [0] * NUM_KINDS
    for block in blocks:
        for tile in block.tiles():
            counts[tile] += 1
    return tuple(counts)


@dataclass(frozen=True, slots=True)
class Decomposition:
    """One reading of a hand: the blocks of its concealed tiles, its form, its melds.

    Build it with :meth:`of`, which sorts the blocks into canonical order.
    ``melds`` are the declared (called or concealed-kan) melds, fixed in every reading.

    >>> Decomposition.of([Block(BlockKind.PAIR, 0)] * 7, Form.CHIITOITSU).form
    <Form.CHIITOITSU: 'chiitoitsu'>
    """

    blocks: tuple[Block, ...]
    form: Form = Form.STANDARD
    melds: tuple[Meld, ...] = ()

    @classmethod
    def of(cls, blocks: Iterable[Block], form: Form = Form.STANDARD,
           melds: Iterable[Meld] = ()) -> Decomposition:
        """A decomposition with its blocks in canonical (tile, kind) order."""
        return cls(tuple(sorted(blocks, key=Block.sort_key)), form, tuple(melds))

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
        return (FORM_ORDER[self.form], tuple(b.sort_key() for b in self.blocks), self.melds)

    def display_key(self) -> tuple[Any, ...]:
        """The order in which a person reads a list of readings: form, then as printed."""
        return (FORM_ORDER[self.form], tuple(b.tiles() for b in self.display_blocks()))

    def __str__(self) -> str:
        parts = [str(b) for b in self.display_blocks()] + [str(m) for m in self.melds]
        return " ".join(parts)

    def _repr_svg_(self) -> str:
        """A notebook picture: the tiles drawn block by block (see :mod:`mjasp.draw`)."""
        from mjasp import draw  # draw imports this module
        return draw.decomposition_svg(self)

    def to_json(self) -> dict[str, Any]:
        """A plain dict for ``json.dumps``."""
        return {
            "form": self.form.value,
            "text": str(self),
            "blocks": [{"kind": b.kind.name.lower(), "tile": tile_name(b.tile), "text": str(b)}
                       for b in self.display_blocks()],
            "melds": [m.to_json() for m in self.melds],
        }


def sorted_readings(readings: Iterable[Decomposition]) -> list[Decomposition]:
    """Distinct readings in canonical order."""
    return sorted(set(readings), key=Decomposition.sort_key)
