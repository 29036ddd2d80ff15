"""Brute forces shared by the analysis audits: every standard reading of concealed counts,
written from the definition (a pair, then blocks that use every tile), not from mjasp.

>>> sorted(standard_readings([3, 1, 1, 0, 0, 0, 0, 0, 0] + [0] * 25, range(34)))
[(0, (('S', 0),))]
"""

from __future__ import annotations

from collections.abc import Sequence

Block = tuple[str, int]  # ("T" triplet | "S" sequence, lowest kind)


def blocks_of(kinds: Sequence[int]) -> list[Block]:
    """Every triplet and sequence the wall can make, in a fixed order."""
    wall = set(kinds)
    found: list[Block] = []
    for t in kinds:
        found.append(("T", t))
        if t < 27 and t % 9 <= 6 and t + 1 in wall and t + 2 in wall:
            found.append(("S", t))
    return found


def tiles_of(block: Block) -> list[int]:
    how, t = block
    return [t] * 3 if how == "T" else [t, t + 1, t + 2]


Reading = tuple[int, tuple[Block, ...]]  # (pair, sorted blocks)


def standard_readings(counts: Sequence[int], kinds: Sequence[int]) -> set[Reading]:
    """Every (pair, sorted blocks) that is exactly the concealed ``counts``."""
    blocks = blocks_of(kinds)
    left = list(counts)
    found: set[Reading] = set()

    def fill(start: int, chosen: list[Block], pair: int) -> None:
        if not any(left):
            found.add((pair, tuple(sorted(chosen))))
            return
        lowest = next(t for t in range(34) if left[t])
        # the lowest tile left is in a block that starts there (list order is by start)
        for j in range(start, len(blocks)):
            if blocks[j][1] != lowest:
                continue
            tiles = tiles_of(blocks[j])
            if all(left[t] >= tiles.count(t) for t in tiles):
                for t in tiles:
                    left[t] -= 1
                fill(j, [*chosen, blocks[j]], pair)
                for t in tiles:
                    left[t] += 1

    for p in kinds:
        if left[p] >= 2 and sum(counts) % 3 == 2:
            left[p] -= 2
            fill(0, [], p)
            left[p] += 2
    return found
