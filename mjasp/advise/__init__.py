"""What to discard, by value: exact tenpai/win probability and expected points per turn.

``mjasp.advise`` is both this package and the function :func:`advise`; the package is
callable too, so ``mjasp.advise(hand)`` works whichever of the two an import left bound.

>>> import mjasp
>>> a = mjasp.advise("123456789m1234p5z", draws=2)
>>> [c.discard for c in a.candidates][:1]
['5z']
"""

import sys
import types
from typing import Any

from mjasp.advise.api import Advice, AdviseError, Candidate, advise


class _CallablePackage(types.ModuleType):
    """The package, callable as :func:`advise` (``mjasp.advise(...)`` either way)."""

    def __call__(self, *args: Any, **kwargs: Any) -> Advice:
        return advise(*args, **kwargs)


sys.modules[__name__].__class__ = _CallablePackage

__all__ = ["Advice", "AdviseError", "Candidate", "advise"]
