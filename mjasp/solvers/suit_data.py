"""Every reading of every suit vector, shipped as package data (``mjasp/data``).

Only 21,743 number-suit vectors (of 405,350 with at most 14 tiles) and 498 honor vectors
have a reading at all, 24,031 readings in all, so the whole per-suit answer of the ASP
engine fits in a few kilobytes. The fast path (:mod:`mjasp.solvers.lookup`) reads a
vector's readings from here on first use instead of calling clingo.

The file is generated from the ASP enumeration of each suit space
(:func:`mjasp.solvers.asp.enumerate_space`): ``python -m mjasp.solvers.suit_data``
rewrites it, and the tests check that a fresh build gives the same arrays and that they
equal the reference decomposers on every suit vector.

Layout, per space (``number``, ``honor``): ``_index`` the sorted base-5 indices of the
vectors that have readings; ``_offsets`` where each vector's readings start (one more
entry than vectors); ``_blocks`` where each reading's blocks start; ``_codes`` one byte
per block, ``16 * kind + suit-local tile``, in canonical order.

>>> [" ".join(map(str, r)) for r in shipped_readings((3, 1, 1, 1, 1, 1, 1, 1, 4), False)]
['123m 11m 456m 789m 999m']
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final

from mjasp.core.blocks import Block, BlockKind
from mjasp.solvers import table
from mjasp.solvers.base import SuitReading

if TYPE_CHECKING:  # numpy loads on first use, not with mjasp (import time)
    import numpy as np
    import numpy.typing as npt

DATA_FILE: Final = "suit_readings.npz"
SPACES: Final = (("number", False), ("honor", True))
#: Block kinds a suit reading holds (kans are declared, singles only in kokushi).
_KINDS: Final = (BlockKind.SEQUENCE, BlockKind.TRIPLET, BlockKind.PAIR)


def _base5(counts: Sequence[int]) -> int:
    index = 0
    for c in reversed(counts):
        index = 5 * index + c
    return index


def encode(space: dict[tuple[int, ...], list[SuitReading]],
           name: str) -> dict[str, npt.NDArray[np.generic]]:
    """The four arrays of one space (vector -> readings), vectors in index order."""
    import numpy as np

    keys = sorted(space, key=_base5)
    offsets, blocks, codes = [0], [0], []
    for counts in keys:
        for reading in space[counts]:
            codes += [16 * int(b.kind) + b.tile for b in reading]
            blocks.append(len(codes))
        offsets.append(len(blocks) - 1)
    return {f"{name}_index": np.array([_base5(k) for k in keys], dtype=np.uint32),
            f"{name}_offsets": np.array(offsets, dtype=np.uint32),
            f"{name}_blocks": np.array(blocks, dtype=np.uint32),
            f"{name}_codes": np.array(codes, dtype=np.uint8)}


def build(path: Path) -> None:
    """Solve both suit spaces with clingo (about ten seconds) and write the file."""
    import numpy as np

    from mjasp.solvers import asp  # clingo only here: loading the file needs none

    arrays: dict[str, npt.NDArray[np.generic]] = {}
    for name, honors in SPACES:
        arrays.update(encode(asp.enumerate_space(honors), name))
    np.savez_compressed(path, allow_pickle=False, **arrays)


def arrays() -> dict[str, npt.NDArray[np.generic]]:
    """The shipped arrays, read-only."""
    return table.shipped_arrays(DATA_FILE)


class _Space:
    """One space as plain Python values: index -> position, the flat offsets, and every
    block a reading can hold at each suit's first kind (built once, shared by decoding)."""

    def __init__(self, name: str) -> None:
        import numpy as np

        a = arrays()
        honors = name == "honor"
        self.decoded = _decoded(honors)
        # keyed by the counts as bytes: bytes(counts) is a fifth of the cost of _base5
        length = 7 if honors else 9
        index = a[f"{name}_index"].astype(np.uint32)
        digits = index[:, None] // 5 ** np.arange(length, dtype=np.uint32) % 5
        blob = digits.astype(np.uint8).tobytes()
        self.position = {blob[i * length:(i + 1) * length]: i for i in range(len(digits))}
        self.offsets: list[int] = a[f"{name}_offsets"].tolist()
        self.blocks: list[int] = a[f"{name}_blocks"].tolist()
        self.codes: bytes = a[f"{name}_codes"].tobytes()


@functools.cache
def _decoded(honors: bool) -> dict[int, dict[int, Block]]:
    """Per suit's first kind, code -> the Block it stands for (shared, built once)."""
    # honors hold no sequence; suit-local blocks (base 0) are what suit decomposers give
    kinds = _KINDS[1:] if honors else _KINDS
    return {base: {16 * kind + tile: Block(kind, base + tile) for kind in kinds
                   for tile in range(7 if honors or kind == BlockKind.SEQUENCE else 9)}
            for base in ((0, 27) if honors else (0, 9, 18))}


@functools.cache
def _space(honors: bool) -> _Space:
    return _Space("honor" if honors else "number")


def block_codes(is_honors: bool, base: int) -> dict[int, Block]:
    """Code (``16 * kind + suit-local tile``) -> the shared Block on the 34 kinds, for the
    suit starting at ``base`` (the blocks ``shipped_readings`` returns); needs no numpy."""
    return _decoded(is_honors)[base]


def shipped_readings(counts: Sequence[int], is_honors: bool,
                     base: int = 0) -> tuple[SuitReading, ...]:
    """Every reading of one suit vector from the shipped file (``()`` if it has none).

    ``base``: the first kind of the suit (0, 9, 18, 27), to get blocks on the 34 kinds
    instead of suit-local ones. Vectors of more than 14 tiles are not in the file either:
    they have no reading in a hand.
    """
    space = _space(is_honors)
    at = space.position.get(bytes(counts))
    if at is None:
        return ()
    blocks, codes, block = space.blocks, space.codes, space.decoded[base].__getitem__
    first, end = space.offsets[at], space.offsets[at + 1]
    if end - first == 1:  # most vectors: one reading
        return (tuple(map(block, codes[blocks[first]:blocks[first + 1]])),)
    return tuple([tuple(map(block, codes[blocks[r]:blocks[r + 1]])) for r in range(first, end)])


if __name__ == "__main__":
    table.write_data(sys.argv[1:], DATA_FILE, build)
