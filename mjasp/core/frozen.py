"""Building frozen value types quickly, through a mutable twin class.

The generated ``__init__`` of a frozen dataclass sets each field by name through
``object.__setattr__`` (about 1,500 machine instructions a field under callgrind), and a
slot's own setter, called from Python, still costs about 800. The value types made for
every scored hand (``Win``, ``Score``, ``ScoredReading``) are filled instead as an
instance of a *twin*: a plain class with the same slots, so the same memory layout and
no frozen guard. Its fields are plain attribute stores, and assigning the frozen class
to ``__class__`` turns the instance into the value (Python allows that between classes
of the same layout).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Point:
...     x: int
...     y: int
>>> draft = twin(Point)()
>>> draft.x, draft.y = 1, 2
>>> draft.__class__ = Point
>>> draft == Point(1, 2), hash(draft) == hash(Point(1, 2))
(True, True)
"""

from __future__ import annotations

import dataclasses
from typing import Any


def twin(cls: type) -> type:
    """A mutable class with the slots of the frozen slots dataclass ``cls`` (in its
    fields' order), whose instances may become instances of ``cls``.

    >>> twin(int)
    Traceback (most recent call last):
    ...
    TypeError: int is not a slots dataclass: no twin
    """
    slots = vars(cls).get("__slots__")
    names = tuple(f.name for f in dataclasses.fields(cls)) if dataclasses.is_dataclass(cls) \
        else None
    if slots is None or names is None or tuple(slots) != names or cls.__bases__ != (object,):
        raise TypeError(f"{cls.__name__} is not a slots dataclass: no twin")
    made: type = type(f"{cls.__name__}Draft", (), {"__slots__": names,
                                                    "__module__": cls.__module__})
    # the layouts must match: a mismatch fails here, at import, not on a user's call
    probe: Any = object.__new__(made)
    probe.__class__ = cls
    return made
