"""What to discard, by value: exact tenpai/win probability and expected points per turn.

The package is ``mjasp.advice``; its entry point is the function ``mjasp.advise``.

>>> import mjasp
>>> a = mjasp.advise("123456789m1234p5z", draws=2)
>>> [c.discard for c in a.candidates][:1]
['5z']
"""

from mjasp.advice.api import Advice, AdviseError, Candidate, advise

__all__ = ["Advice", "AdviseError", "Candidate", "advise"]
