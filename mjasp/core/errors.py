"""Exceptions raised by mjasp.

Every error a user can cause is a subclass of :class:`MjaspError`; the CLI turns
each into a one-line message and exit code 2 instead of a traceback.
"""

from __future__ import annotations


class MjaspError(Exception):
    """Base class of every error mjasp raises on bad input."""


class HandError(MjaspError, ValueError):
    """A hand that cannot be parsed or is not legal for the question asked.

    ``text`` is the offending input (if any) and ``position`` the 0-based offset of
    the first bad character in it (``None`` when the whole hand is at fault).

    >>> HandError("unknown character 'x'", "12x", 2)
    HandError("unknown character 'x' at position 2 in '12x'")
    """

    def __init__(self, message: str, text: str | None = None, position: int | None = None):
        self.reason = message
        self.text = text
        self.position = position
        if text is not None and position is not None:
            message = f"{message} at position {position} in {excerpt(text, position)}"
        elif text is not None:
            message = f"{message} in {excerpt(text, 0)}"
        super().__init__(message)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"


def excerpt(text: str, position: int, width: int = 60) -> str:
    """``text`` quoted, or for long text the ``width`` characters around ``position``
    (a message must stay one readable line, whatever the input was).

    >>> excerpt("123m", 2)
    "'123m'"
    >>> excerpt("1" * 1000 + "x", 1000, width=10)
    "'…111111111x' (1001 characters)"
    """
    if len(text) <= width:
        return repr(text)
    start = max(0, min(position - width // 2, len(text) - width))
    inner = repr(text[start:start + width])[1:-1]  # escaped like repr, without its quotes
    before = "…" if start else ""
    after = "…" if start + width < len(text) else ""
    return f"'{before}{inner}{after}' ({len(text)} characters)"


class RulesError(MjaspError, ValueError):
    """An unknown rule preset or an impossible combination of options."""


class EncodingError(MjaspError):
    """An ASP file that clingo cannot parse or ground (message is ``file:line: ...``)."""


class LimitError(MjaspError):
    """Work stopped by a time or memory limit (``mjasp solve --time-limit``)."""
