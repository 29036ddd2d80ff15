"""The ASP engine's cost per hand, three ways, on the same seeded hands in one run.

    python benchmarks/bench_asp.py [--hands 2000] [--seed 2024]

1. fresh Control: ground ``decompose.lp`` with the hand's ``hold/2`` facts, every hand;
2. assumptions (what mjasp uses): ``engine.lp`` grounded once, counts as free externals,
   one solve per hand assuming one ``hold(K,N)`` literal per kind;
3. externals: the same grounding, the changed ``hold/2`` externals set with
   ``assign_external`` before each solve.
Each mode must give the same readings as the others; ``mahjong``'s HandDivider is timed
alongside for scale (it lists standard and seven-pairs readings only).
"""

from __future__ import annotations

from collections.abc import Callable

import clingo
from common import hands_from_command_line, per_call_us, print_table
from mahjong.hand_calculating.divider import HandDivider

from mjasp import Decomposition, Hand
from mjasp.core.blocks import sorted_readings
from mjasp.solvers import asp


class ExternalsMode:
    """One grounding; a hand sets only the ``hold`` externals that changed, then solves."""

    def __init__(self) -> None:
        self.control = asp.HandProgram().control
        self.symbols: dict[tuple[int, int], clingo.Symbol] = {}
        for atom in self.control.symbolic_atoms.by_signature("hold", 2):
            kind, n = (arg.number for arg in atom.symbol.arguments)
            self.symbols[kind, n] = atom.symbol
            self.control.assign_external(atom.symbol, False)
        self.current: list[int | None] = [None] * 34

    def __call__(self, hand: Hand) -> list[Decomposition]:
        for kind, n in enumerate(hand.counts):
            old = self.current[kind]
            if old != n:
                if old is not None:
                    self.control.assign_external(self.symbols[kind, old], False)
                self.control.assign_external(self.symbols[kind, n], True)
                self.current[kind] = n
        found: list[Decomposition] = []
        self.control.solve(on_model=lambda m: found.append(asp.decode(m.symbols(shown=True))))
        return sorted_readings(found)


def main() -> None:
    hands, seed = hands_from_command_line(__doc__ or "")
    program = asp.HandProgram()
    modes: dict[str, Callable[[Hand], list[Decomposition]]] = {
             "fresh Control per hand": asp.decompose_cold,
             "one grounding + assumptions": program.readings,
             "one grounding + assign_external": ExternalsMode()}
    answers = {name: [run(h) for h in hands] for name, run in modes.items()}
    assert all(a == answers["fresh Control per hand"] for a in answers.values())
    times = {name: per_call_us(run, hands) for name, run in modes.items()}
    tiles = [list(h.counts) for h in hands]
    times["mahjong HandDivider"] = per_call_us(HandDivider.divide_hand, tiles)
    base = times["one grounding + assumptions"]
    print(f"{len(hands)} seeded random winning hands (seed {seed}); "
          "all three ASP modes give the same readings")
    print_table(["mode", "us/hand", "x assumptions"],
                [(name, t, t / base) for name, t in times.items()])


if __name__ == "__main__":
    main()
