"""Rule variants as named presets, in one table.

>>> find_rules("sanma").players
3
>>> sorted(RULES)
['chiitoitsu-quad', 'sanma', 'standard', 'standard-form']
"""

from __future__ import annotations

import dataclasses
import functools
import warnings
from collections.abc import Iterable
from dataclasses import dataclass

from mjasp.blocks import Form
from mjasp.errors import RulesError
from mjasp.tiles import NUM_KINDS, SANMA_REMOVED, Tile


@dataclass(frozen=True, slots=True)
class Rules:
    """The rule options that change what a hand is.

    ``players``: 4, or 3 for sanma (2m-8m removed from the wall).
    ``forms``: the winning forms allowed.
    ``chiitoitsu_quad``: four of a kind counts as two pairs of seven pairs.
    ``called_tiles_count``: tiles in declared melds count toward the four-copy limit
    (they do in every real game; off only for puzzles).
    """

    name: str = "standard"
    players: int = 4
    forms: frozenset[Form] = frozenset(Form)
    chiitoitsu_quad: bool = False
    called_tiles_count: bool = True

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise RulesError(f"a rules name is text, not {self.name!r}")
        if type(self.players) is not int or self.players not in (3, 4):
            raise RulesError(f"players must be 3 or 4, not {self.players!r}")
        if isinstance(self.forms, str) or not isinstance(self.forms, Iterable):
            raise RulesError(f"forms must be a set of forms, not {self.forms!r}")
        forms = set()
        for form in self.forms:
            try:
                forms.add(Form(form))
            except ValueError:
                known = ", ".join(f.value for f in Form)
                raise RulesError(f"unknown form {form!r}; known: {known}") from None
        if not forms:
            raise RulesError("at least one winning form must be allowed")
        object.__setattr__(self, "forms", frozenset(forms))
        for option in ("chiitoitsu_quad", "called_tiles_count"):
            if not isinstance(getattr(self, option), bool):
                raise RulesError(f"{option} is True or False, not {getattr(self, option)!r}")

    @property
    def removed_kinds(self) -> tuple[Tile, ...]:
        """The kinds not in the wall: 2m-8m in sanma, none with four players.

        >>> RULES["sanma"].removed_kinds == tuple(range(1, 8)), RULES["standard"].removed_kinds
        (True, ())
        """
        return SANMA_REMOVED if self.players == 3 else ()

    @property
    def copies(self) -> tuple[int, ...]:
        """The wall as 34 copy counts (0 for a removed kind): what engines are given.

        >>> sum(RULES["sanma"].copies), sum(RULES["standard"].copies)
        (108, 136)
        """
        return _wall_copies(self.removed_kinds)

    @property
    def tile_kinds(self) -> tuple[Tile, ...]:
        """The kinds in the wall."""
        removed = self.removed_kinds
        return tuple(t for t in range(NUM_KINDS) if t not in removed)

    def replace(self, **changes: object) -> Rules:
        """A copy with some options changed."""
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]


@functools.cache
def _wall_copies(removed: tuple[Tile, ...]) -> tuple[int, ...]:
    # cached: engines read the wall on every call
    return tuple(0 if k in removed else 4 for k in range(NUM_KINDS))


#: Every preset by name; ``find_rules`` also accepts the aliases in ``ALIASES``.
RULES: dict[str, Rules] = {
    "standard": Rules(),
    "sanma": Rules(name="sanma", players=3),
    "chiitoitsu-quad": Rules(name="chiitoitsu-quad", chiitoitsu_quad=True),
    # four melds and a pair only: what the per-suit engines read, and some puzzles ask
    "standard-form": Rules(name="standard-form", forms=frozenset({Form.STANDARD})),
}
ALIASES = {"4p": "standard", "riichi": "standard", "tenhou": "standard", "3p": "sanma",
           "three-player": "sanma"}


def rules_for(rules: Rules | str | None, players: int | None = None) -> Rules:
    """``rules=`` as ``find_rules`` reads it, or the deprecated ``players=`` alias
    (4: the standard preset, 3: sanma) of counting, sampling and statistics.

    >>> rules_for("3p").name
    'sanma'
    """
    if players is None:
        return find_rules(rules)
    warnings.warn("players= is deprecated: pass rules='sanma' or rules='standard'",
                  DeprecationWarning, stacklevel=3)
    if rules is not None:
        raise RulesError("give rules= or the old players=, not both")
    if type(players) is not int or players not in (3, 4):
        raise RulesError(f"players must be 3 or 4, not {players!r}")
    return RULES[{4: "standard", 3: "sanma"}[players]]


def find_rules(rules: str | Rules | None = None) -> Rules:
    """Look up a preset by name (or pass a ``Rules`` through; ``None`` = standard).

    >>> find_rules("3p").name
    'sanma'
    """
    if rules is None:
        return RULES["standard"]
    if isinstance(rules, Rules):
        return rules
    if not isinstance(rules, str):
        raise RulesError(f"rules are a preset name or a Rules, not {type(rules).__name__} "
                         f"({rules!r})")
    key = ALIASES.get(rules.lower(), rules.lower())
    if key not in RULES:
        known = ", ".join(sorted(RULES) + sorted(ALIASES))
        raise RulesError(f"unknown rules {rules!r}; known: {known}")
    return RULES[key]
