"""What to discard, by value: exact tenpai/win probability and expected points per turn.

>>> import mjasp
>>> a = mjasp.advise("123456789m1234p5z", draws=2)
>>> [c.discard for c in a.candidates][:1]
['5z']
"""

from mjasp.advise.api import Advice, AdviseError, Candidate, advise

__all__ = ["Advice", "AdviseError", "Candidate", "advise"]
