"""Replaying a round: :func:`replay`, :class:`State`, :class:`MeldRecord` and the live
wall after the deal (:data:`WALL`), defined in :mod:`mjasp.logs.model` beside the rounds
they replay (``Round.replay`` runs them) and named here too (this package imports them from there).
"""

from __future__ import annotations

from mjasp.logs.model import WALL, MeldRecord, State, replay

__all__ = ["WALL", "MeldRecord", "State", "replay"]
