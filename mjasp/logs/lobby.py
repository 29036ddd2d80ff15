"""The rules of a game from its Tenhou lobby type (the ``GO type`` bits of an mjlog).

Bits (tenhou.net's own viewer reads them so; https://m77.hatenablog.com/entry/2017/05/21/214529
and the Tenhou log-format notes it cites): 0x01 human players (off: against computers),
0x02 no red fives, 0x04 no open tanyao (kuitan nashi), 0x08 east-south (hanchan; off:
east only), 0x10 three players, 0x20 and 0x80 the room (0x00 general, 0x80 upper,
0x20 special, 0xA0 phoenix), 0x40 fast (soku). Higher bits are other lobbies (tournament
and private lobbies, chip rules: real records carry 257 and 2113) whose rules no source
found states: they are refused rather than guessed, unless the user gives the rules
(``--rules``, :func:`rules_for_lobby`'s ``given``), when the known bits are read as above
and the others reported (:func:`unknown_bits`).

>>> rules_for_lobby(169).name, describe_lobby(169)
('tenhou', '鳳南喰赤')
>>> rules_for_lobby(0x10 | 0x01 | 0x08).players
3
"""

from __future__ import annotations

import re

from mjasp.logs.model import LogError
from mjasp.rules import RULES, Rules

#: A Tenhou log id, as Tenhou names its games and their downloads and writes the ``ref``
#: of its JSON export: ``2020020316gm-0001-0000-7b22ddf5`` (group 1: the date and hour,
#: 2020-02-03 16h; then the lobby type in hex)
TENHOU_LOG_ID = re.compile(r"(\d{10})gm-[0-9a-f]{4}-\d{4,}-[0-9a-f]{8}")

KNOWN_BITS = 0xFF


def unknown_bits(lobby_type: int) -> int:
    """The bits of a lobby type above those mjasp reads (0 for a lobby it knows).

    >>> hex(unknown_bits(2113)), unknown_bits(169)
    ('0x800', 0)
    """
    return lobby_type & ~KNOWN_BITS


def rules_for_lobby(lobby_type: int, given: bool = False) -> Rules:
    """The mjasp rules of a Tenhou lobby type (presets ``tenhou`` and ``tenhou-3p``).

    A type with bits above 0xff is a :class:`LogError` saying so, unless ``given``: the
    user gives the rules the game is played under (``--rules``), and the known bits
    still say the table (three players, red fives) the record is read with.

    >>> rules_for_lobby(2113)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mjasp.logs.model.LogError: unknown Tenhou lobby type 2113 (0x841): mjasp does not know ...
    >>> rules_for_lobby(2113, given=True).name
    'tenhou'
    """
    if lobby_type < 0:
        raise LogError(f"Tenhou lobby type {lobby_type} is not a lobby type (a negative "
                       "number)")
    if unknown_bits(lobby_type) and not given:
        raise LogError(f"unknown Tenhou lobby type {lobby_type} (0x{lobby_type:x}): mjasp "
                       f"does not know the rules of its bits 0x{unknown_bits(lobby_type):x}; "
                       "give them with --rules NAME")
    lobby_type &= KNOWN_BITS
    rules = RULES["tenhou-3p"] if lobby_type & 0x10 else RULES["tenhou"]
    changes: dict[str, object] = {}
    if lobby_type & 0x02:
        changes["red_fives"] = (0, 0, 0)
    if lobby_type & 0x04:
        changes["open_tanyao"] = False
    return rules.replace(**changes) if changes else rules


def describe_lobby(lobby_type: int) -> str:
    """Tenhou's short name of a lobby (``鳳南喰赤``: phoenix, east-south, kuitan, red);
    bits above 0xff add nothing (no source names them)."""
    room = {0x00: "般", 0x80: "上", 0x20: "特", 0xA0: "鳳"}[lobby_type & 0xA0]
    return ("三" if lobby_type & 0x10 else "") + room + ("南" if lobby_type & 0x08 else "東") \
        + ("" if lobby_type & 0x04 else "喰") + ("" if lobby_type & 0x02 else "赤") \
        + ("速" if lobby_type & 0x40 else "")


def lobby_from_description(text: str) -> int:
    """The lobby type of a short name (the ``rule.disp`` of a tenhou.net/6 log).

    A name without a Tenhou room (般 上 特 鳳) is not Tenhou's: other tools write their
    own (``玉の間四人南``), and their games are played with open tanyao and red fives, so
    those bits stay off (the log's ``aka`` field says whether there are red fives).

    >>> lobby_from_description("鳳南喰赤"), describe_lobby(lobby_from_description("般東"))
    (169, '般東')
    >>> describe_lobby(lobby_from_description("玉の間三人南"))
    '三般南喰赤'
    >>> describe_lobby(lobby_from_description("Gold Room South"))
    '般南喰赤'
    """
    bits = 0x01
    for char, bit in (("三", 0x10), ("南", 0x08), ("速", 0x40)):
        if char in text:
            bits |= bit
    # tensoul's English option: "Gold Room South", "Friendly East No Red Fives"
    words = text.split()
    for word, bit in (("South", 0x08), ("3-Player", 0x10)):
        if word in words:
            bits |= bit
    room = next((c for c in text if c in "般上特鳳"), None)
    if room is None:
        return bits
    bits |= {"般": 0, "上": 0x80, "特": 0x20, "鳳": 0xA0}[room]
    if "喰" not in text:
        bits |= 0x04
    if "赤" not in text:
        bits |= 0x02
    return bits
