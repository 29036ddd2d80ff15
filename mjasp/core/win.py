"""The situation of a win (agari): winning tile, tsumo or ron, winds, indicators, flags.

>>> w = Win(tile="8s", tsumo=True, seat_wind="W", dora_indicators=("7m",))
>>> w.kind, w.dealer
(25, False)
>>> Win(tile="8s", haitei=True)
Traceback (most recent call last):
...
mjasp.core.win.WinError: haitei needs tsumo (haitei is the last tile drawn)
"""

from __future__ import annotations

from dataclasses import dataclass

from mjasp.core.errors import HandError, MjaspError
from mjasp.core.tiles import Tile, tile_kind

#: The winds in seat order; the dealer (oya) sits East.
WINDS = ("E", "S", "W", "N")


#: Tile kinds by their usual mpsz names ("0m" = the red 5m): a fast path for hot calls.
KINDS: dict[str, Tile] = {
    **{f"{d}{suit}": 9 * i + d - 1 for i, suit in enumerate("mps") for d in range(1, 10)},
    **{f"0{suit}": 9 * i + 4 for i, suit in enumerate("mps")},
    **{f"{d}z": 26 + d for d in range(1, 8)},
}


class WinError(MjaspError, ValueError):
    """A situation that cannot happen, or that does not fit the hand (names the conflict)."""


@dataclass(frozen=True, slots=True)
class Win:
    """How a hand was won: a frozen value type beside :class:`mjasp.Hand`.

    ``tile`` is the winning tile in mpsz (``"0p"`` = the red five), ``seat_wind`` and
    ``round_wind`` are ``E S W N`` (the dealer sits East), ``riichi`` is 0, 1 or 2
    (double riichi). ``renhou``: a non-dealer's ron before their first draw (a yaku only
    where ``Rules.renhou`` says so); ``north_dora``: north tiles set aside (three players,
    ``Rules.nukidora``); ``robbed_north``: a ron on a north tile another player set aside
    (three players; Tenhou and Mahjong Soul allow it without the chankan yaku,
    https://riichi.wiki/Kita); ``liable``: the seat wind of the player who pays for a
    yakuman under liability (pao, ``Rules.pao``). Conflicts that need no hand (ron with haitei,
    ippatsu without riichi…) are rejected here; those that need it by
    :func:`mjasp.scoring.api.check_win`.

    >>> Win(tile="0p", riichi=1, ura_indicators=("4p",)).is_red
    True
    """

    tile: str
    tsumo: bool = False
    seat_wind: str = "E"
    round_wind: str = "E"
    dora_indicators: tuple[str, ...] = ()
    ura_indicators: tuple[str, ...] = ()
    riichi: int = 0
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    honba: int = 0
    riichi_sticks: int = 0
    renhou: bool = False
    north_dora: int = 0
    liable: str | None = None
    robbed_north: bool = False

    def __post_init__(self) -> None:
        _tile(self.tile, "winning tile")
        # lists are accepted and frozen to tuples so that a Win stays hashable
        for name in ("dora_indicators", "ura_indicators"):
            value = getattr(self, name)
            if isinstance(value, str) or not isinstance(value, tuple | list):
                raise WinError(f"{name} must be a tuple of tiles such as ('7m',)")
            for text in value:
                _tile(text, name.replace("_", " ")[:-1])
            object.__setattr__(self, name, tuple(value))
        for name in ("seat_wind", "round_wind"):
            if getattr(self, name) not in WINDS:
                raise WinError(f"{name.replace('_', ' ')} must be one of E S W N, "
                               f"not {getattr(self, name)!r}")
        if self.riichi not in (0, 1, 2) or isinstance(self.riichi, bool):
            raise WinError(f"riichi must be 0, 1 or 2 (double riichi), not {self.riichi!r}")
        if self.liable is not None and self.liable not in WINDS:
            raise WinError(f"liable must be a seat wind (E S W N) or None, not {self.liable!r}")
        if not isinstance(self.north_dora, int) or isinstance(self.north_dora, bool) \
                or not 0 <= self.north_dora <= 4:
            raise WinError(f"north dora must be 0-4 (north tiles set aside), "
                           f"not {self.north_dora!r}")
        for name in ("honba", "riichi_sticks"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise WinError(f"{name.replace('_', ' ')} must be a non-negative integer, "
                               f"not {value!r}")
        if len(self.dora_indicators) > 5:
            raise WinError("at most 5 dora indicators (one plus one per kan)")
        if len(self.ura_indicators) > 5:
            raise WinError("at most 5 ura indicators (one plus one per kan)")
        conflict = _conflict(self)
        if conflict:
            raise WinError(conflict)

    @property
    def kind(self) -> Tile:
        """The winning tile's kind (0..33)."""
        return KINDS.get(self.tile) or tile_kind(self.tile)

    @property
    def is_red(self) -> bool:
        """The winning tile is a red five."""
        return self.tile.strip()[0] == "0"

    @property
    def dealer(self) -> bool:
        """The winner is the dealer (oya, East seat)."""
        return self.seat_wind == "E"


def _tile(text: object, what: str) -> None:
    if not isinstance(text, str):
        raise WinError(f"{what} must be mpsz text such as '5m', not {text!r}")
    try:
        tile_kind(text)
    except HandError:
        raise WinError(f"{what} {text!r} is not a tile (mpsz such as '5m', '0p', '7z')") from None


def _conflict(win: Win) -> str | None:
    """Why the flags of a situation cannot go together (None if they can)."""
    ron = not win.tsumo
    rules = [
        (win.haitei and ron, "haitei needs tsumo (haitei is the last tile drawn)"),
        (win.houtei and win.tsumo, "houtei needs ron (houtei is the last tile discarded)"),
        (win.chankan and win.tsumo, "chankan needs ron (robbing a kan is a ron)"),
        (win.rinshan and ron, "rinshan needs tsumo (the replacement tile after a kan)"),
        (win.rinshan and win.haitei,
         "rinshan and haitei cannot both hold (a replacement tile is not the last draw)"),
        (win.chankan and win.houtei, "chankan and houtei cannot both hold"),
        (win.ippatsu and not win.riichi, "ippatsu needs riichi"),
        (win.ippatsu and win.rinshan, "ippatsu and rinshan cannot both hold (a kan ends ippatsu)"),
        (bool(win.ura_indicators) and not win.riichi, "ura indicators need riichi"),
        (win.tenhou and not win.dealer, "tenhou is the dealer's win (seat East)"),
        (win.chiihou and win.dealer, "chiihou is a non-dealer's win (tenhou for the dealer)"),
        ((win.tenhou or win.chiihou) and ron, "tenhou and chiihou need tsumo"),
        ((win.tenhou or win.chiihou) and bool(win.riichi),
         "tenhou and chiihou cannot follow riichi (the first draw wins)"),
        ((win.tenhou or win.chiihou) and (win.rinshan or win.haitei or win.ippatsu),
         "tenhou and chiihou are the first draw: no rinshan, haitei or ippatsu"),
        (win.renhou and win.tsumo, "renhou is a ron (before the winner's first draw)"),
        (win.renhou and win.dealer, "renhou is a non-dealer's win (the dealer has drawn)"),
        (win.renhou and bool(win.riichi), "renhou comes before the first draw: no riichi"),
        (win.renhou and (win.houtei or win.chankan),
         "renhou comes in the first go-around: no houtei or chankan"),
        (win.robbed_north and win.tsumo, "robbing a north set aside is a ron"),
        # "A kita call can be ronned, but this does not award chankan" (riichi.wiki/Kita);
        # Mahjong Soul: "Robbing a Quad (Chankan) yaku is not applied" (riichi.wiki,
        # Special:MobileDiff/19195)
        (win.robbed_north and win.chankan,
         "a north set aside robbed by ron is no chankan (Tenhou, Mahjong Soul)"),
        (win.robbed_north and win.houtei, "a north set aside is no discard: no houtei"),
        (win.robbed_north and (KINDS.get(win.tile) or tile_kind(win.tile)) != 30,
         f"robbing a north set aside wins on the north (4z), not {win.tile}"),
        (win.liable is not None and win.liable == win.seat_wind,
         "the liable player is another seat than the winner's"),
    ]
    return next((message for bad, message in rules if bad), None)
