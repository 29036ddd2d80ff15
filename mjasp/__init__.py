"""mjasp: Riichi mahjong hand analysis — every reading, shanten, waits, kan, counts, scores.

>>> import mjasp
>>> len(mjasp.decompose("11122233344455m"))
4

Each public name is imported on first use (``mjasp.score`` loads the scoring engine,
``mjasp.advise`` numpy): ``import mjasp`` (the value types and the compiled kernel) and a
command line that needs one command load only what they use. The names, their types and
where each lives are the imports below.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

# the compiled kernel hands its Hand constructors to mjasp.core.hand when it loads: loaded
# here, every way to a Hand (mjasp.Hand, mjasp.core.hand.Hand) builds it the fast way
importlib.import_module("mjasp.solvers.kernel")

if TYPE_CHECKING:  # for type checkers and readers; at run time, __getattr__ below
    from mjasp.advice import advise
    from mjasp.analysis.counting import count_hands, enumerate_hands, suit_hands
    from mjasp.analysis.decomposition import decompose, is_winning
    from mjasp.analysis.forms import count_forms, winning_forms
    from mjasp.analysis.kan import KanCheck, kan_check
    from mjasp.analysis.sampling import sample_counts, sample_hands
    from mjasp.analysis.shanten import (
        Discard,
        EffectiveTile,
        ShantenResult,
        discards,
        effective_tiles,
        shanten,
        shanten_batch,
        shanten_forms,
    )
    from mjasp.analysis.stats import shanten_distribution
    from mjasp.analysis.waits import Wait, WaitShape, waits
    from mjasp.analysis.winning_hands import random_winning_hands
    from mjasp.core.blocks import Block, BlockKind, Decomposition, Form
    from mjasp.core.errors import EncodingError, HandError, MjaspError, RulesError
    from mjasp.core.hand import Hand, Meld, MeldKind
    from mjasp.core.tiles import tile_kind, tile_name
    from mjasp.core.win import Win, WinError
    from mjasp.core.yaku import Yaku
    from mjasp.rules import RULES, Rules, find_rules
    from mjasp.rules.points import Payments
    from mjasp.scoring.api import Score, ScoredReading, YakuItem, score, score_candidates

__all__ = [
    "RULES",
    "Block",
    "BlockKind",
    "Decomposition",
    "Discard",
    "EffectiveTile",
    "EncodingError",
    "Form",
    "Hand",
    "HandError",
    "KanCheck",
    "Meld",
    "MeldKind",
    "MjaspError",
    "Payments",
    "Rules",
    "RulesError",
    "Score",
    "ScoredReading",
    "ShantenResult",
    "Wait",
    "WaitShape",
    "Win",
    "WinError",
    "Yaku",
    "YakuItem",
    "advise",
    "count_forms",
    "count_hands",
    "decompose",
    "discards",
    "effective_tiles",
    "enumerate_hands",
    "find_rules",
    "is_winning",
    "kan_check",
    "random_winning_hands",
    "sample_counts",
    "sample_hands",
    "score",
    "score_candidates",
    "shanten",
    "shanten_batch",
    "shanten_distribution",
    "shanten_forms",
    "suit_hands",
    "tile_kind",
    "tile_name",
    "waits",
    "winning_forms",
]
__version__ = "0.1.0"

#: Where each name of ``__all__`` lives (tests/test_imports.py checks it against the imports above).
_HOME: dict[str, str] = {
    "advise": "mjasp.advice",
    "count_hands": "mjasp.analysis.counting", "enumerate_hands": "mjasp.analysis.counting",
    "suit_hands": "mjasp.analysis.counting",
    "decompose": "mjasp.analysis.decomposition", "is_winning": "mjasp.analysis.decomposition",
    "count_forms": "mjasp.analysis.forms", "winning_forms": "mjasp.analysis.forms",
    "KanCheck": "mjasp.analysis.kan", "kan_check": "mjasp.analysis.kan",
    "sample_counts": "mjasp.analysis.sampling", "sample_hands": "mjasp.analysis.sampling",
    "Discard": "mjasp.analysis.shanten", "EffectiveTile": "mjasp.analysis.shanten",
    "ShantenResult": "mjasp.analysis.shanten", "discards": "mjasp.analysis.shanten",
    "effective_tiles": "mjasp.analysis.shanten", "shanten": "mjasp.analysis.shanten",
    "shanten_batch": "mjasp.analysis.shanten", "shanten_forms": "mjasp.analysis.shanten",
    "shanten_distribution": "mjasp.analysis.stats",
    "Wait": "mjasp.analysis.waits", "WaitShape": "mjasp.analysis.waits",
    "waits": "mjasp.analysis.waits",
    "random_winning_hands": "mjasp.analysis.winning_hands",
    "Block": "mjasp.core.blocks", "BlockKind": "mjasp.core.blocks",
    "Decomposition": "mjasp.core.blocks", "Form": "mjasp.core.blocks",
    "EncodingError": "mjasp.core.errors", "HandError": "mjasp.core.errors",
    "MjaspError": "mjasp.core.errors", "RulesError": "mjasp.core.errors",
    "Hand": "mjasp.core.hand", "Meld": "mjasp.core.hand", "MeldKind": "mjasp.core.hand",
    "tile_kind": "mjasp.core.tiles", "tile_name": "mjasp.core.tiles",
    "Win": "mjasp.core.win", "WinError": "mjasp.core.win",
    "Yaku": "mjasp.core.yaku",
    "RULES": "mjasp.rules", "Rules": "mjasp.rules", "find_rules": "mjasp.rules",
    "Payments": "mjasp.rules.points",
    "Score": "mjasp.scoring.api", "ScoredReading": "mjasp.scoring.api",
    "YakuItem": "mjasp.scoring.api", "score": "mjasp.scoring.api",
    "score_candidates": "mjasp.scoring.api",
}


def __getattr__(name: str) -> object:
    """Import a public name on first use, and keep it (later lookups find the global)."""
    if name == "logs":  # the game-log subpackage
        return importlib.import_module("mjasp.logs")
    if name not in _HOME:
        raise AttributeError(f"module 'mjasp' has no attribute {name!r}")
    value = getattr(importlib.import_module(_HOME[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
