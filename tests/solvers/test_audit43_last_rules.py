"""What the readings and waits allow under the last rules seen, read while another thread
changes them.

``lookup`` and ``waits`` keep the last rules they were asked about, with the forms they
allow, in one shared slot each (``_LAST_ALLOWED``, ``_LAST_OPTIONS``): a thread asking
under its rules while another thread asks under other rules must get its own rules'
forms. Read twice (once to test whose they are, once to take them), another thread's
rules published in between answer for the wrong rules: seven pairs read under rules
without them, or none under rules with them. The other thread is played here by the slot
itself, deterministically: it publishes other rules right after the first read (or right
after this thread's own store).
"""

from __future__ import annotations

from typing import Any

import pytest

from mjasp.analysis import waits
from mjasp.core.blocks import Form
from mjasp.rules import find_rules
from mjasp.solvers import lookup

TENHOU = find_rules("tenhou")
NO_SEVEN_PAIRS = TENHOU.replace(forms=frozenset({Form.STANDARD, Form.KOKUSHI}))


def _own(rules: Any) -> tuple[bool, bool, bool, bool]:
    """The forms ``rules`` allow, from its fields (standard, chiitoitsu, kokushi, quads)."""
    return (Form.STANDARD in rules.forms, Form.CHIITOITSU in rules.forms,
            Form.KOKUSHI in rules.forms, rules.chiitoitsu_quad)


def _entry(rules: Any) -> tuple[Any, ...]:
    allowed = lookup._Allowed(*_own(rules))
    return (rules, allowed, allowed.mask)


def _wait_entry(rules: Any) -> tuple[Any, ...]:
    """``waits``' slot: the wall's kinds, the three forms, sanma, the quad rule."""
    standard, seven_pairs, orphans, quads = _own(rules)
    return (rules, (bytes(rules.tile_kinds), standard, seven_pairs, orphans,
                    rules.players == 3, quads))


class _AnotherThread(list):  # type: ignore[type-arg]
    """The shared slot, with another thread publishing ``other`` right after the first
    read of it (``after_read``) or right after a store (else)."""

    def __init__(self, items: list[Any], other: Any, after_read: bool,
                 entry: Any = _entry) -> None:
        super().__init__(items)
        self.other, self.after_read, self.done, self.entry = other, after_read, False, entry

    def _publish(self) -> None:
        if not self.done:
            self.done = True
            list.__setitem__(self, slice(None), [self.entry(self.other)])

    def __getitem__(self, index: Any) -> Any:
        got = super().__getitem__(index)
        if self.after_read:
            self._publish()
        return got

    def __setitem__(self, index: Any, value: Any) -> None:
        super().__setitem__(index, value)
        if not self.after_read:
            self._publish()


@pytest.mark.parametrize(("mine", "other"), [(TENHOU, NO_SEVEN_PAIRS),
                                             (NO_SEVEN_PAIRS, TENHOU)])
def test_the_last_rules_read_once(monkeypatch: pytest.MonkeyPatch, mine: Any,
                                  other: Any) -> None:
    # this thread's rules were the last seen when it asked
    monkeypatch.setattr(lookup, "_LAST_ALLOWED",
                        _AnotherThread([_entry(mine)], other, after_read=True))
    assert tuple(lookup._allowed_entry(mine)[1]) == _own(mine)


@pytest.mark.parametrize(("mine", "other"), [(TENHOU, NO_SEVEN_PAIRS),
                                             (NO_SEVEN_PAIRS, TENHOU)])
def test_the_mask_is_of_the_rules_asked(monkeypatch: pytest.MonkeyPatch, mine: Any,
                                        other: Any) -> None:
    # another thread's rules were the last seen: this thread stores its own, and the other
    # thread stores its rules again at once
    monkeypatch.setattr(lookup, "_LAST_ALLOWED",
                        _AnotherThread([_entry(other)], other, after_read=False))
    assert lookup._allowed_mask(mine) == lookup._Allowed(*_own(mine)).mask


@pytest.mark.parametrize(("mine", "other"), [(TENHOU, NO_SEVEN_PAIRS),
                                             (NO_SEVEN_PAIRS, TENHOU)])
def test_the_waits_read_the_last_rules_once(monkeypatch: pytest.MonkeyPatch, mine: Any,
                                            other: Any) -> None:
    monkeypatch.setattr(waits, "_LAST_OPTIONS",
                        _AnotherThread([_wait_entry(mine)], other, after_read=True,
                                       entry=_wait_entry))
    assert waits._options(mine) == _wait_entry(mine)[1]
