"""mjasp: Riichi mahjong hand analysis — every reading, shanten, waits, kan, counts, scores.

>>> import mjasp
>>> len(mjasp.decompose("11122233344455m"))
4
"""

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


def __getattr__(name: str) -> object:
    # mjasp.logs (game logs) loads on first use: ``import mjasp`` stays as fast as it was
    if name == "logs":
        import importlib

        return importlib.import_module("mjasp.logs")
    raise AttributeError(f"module 'mjasp' has no attribute {name!r}")
