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

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from mjasp.core.errors import HandError, MjaspError
from mjasp.core.frozen import twin
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


@dataclass(frozen=True, slots=True, init=False)
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

    >>> Win(tile="0p", riichi=1, dora_indicators=("3p",), ura_indicators=("4p",)).is_red
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

    def __init__(self, tile: str, tsumo: bool = False, seat_wind: str = "E",
                 round_wind: str = "E", dora_indicators: tuple[str, ...] = (),
                 ura_indicators: tuple[str, ...] = (), riichi: int = 0, ippatsu: bool = False,
                 rinshan: bool = False, chankan: bool = False, haitei: bool = False,
                 houtei: bool = False, tenhou: bool = False, chiihou: bool = False,
                 honba: int = 0, riichi_sticks: int = 0, renhou: bool = False,
                 north_dora: int = 0, liable: str | None = None,
                 robbed_north: bool = False) -> None:
        # The fields' order and defaults, as declared above (a test compares them).
        cls = self.__class__
        if _FILL and cls is Win:
            # the compiled stores and test below in one call (mjasp.solvers.kernel; tests:
            # equal to this Python statement of them)
            usual = _FILL[0](self, tile, tsumo, seat_wind, round_wind, dora_indicators,
                             ura_indicators, riichi, ippatsu, rinshan, chankan, haitei, houtei,
                             tenhou, chiihou, honba, riichi_sticks, renhou, north_dora, liable,
                             robbed_north)
        else:
            usual = _fill(self, tile, tsumo, seat_wind, round_wind, dora_indicators,
                          ura_indicators, riichi, ippatsu, rinshan, chankan, haitei, houtei,
                          tenhou, chiihou, honba, riichi_sticks, renhou, north_dora, liable,
                          robbed_north)
        if not usual:
            _normalise(self)
        if (ippatsu or rinshan or chankan or haitei or houtei or tenhou or chiihou or renhou
                or robbed_north or ura_indicators or liable is not None):
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


def _fill(self: Win, tile: str, tsumo: bool, seat_wind: str, round_wind: str,
          dora_indicators: tuple[str, ...], ura_indicators: tuple[str, ...], riichi: int,
          ippatsu: bool, rinshan: bool, chankan: bool, haitei: bool, houtei: bool,
          tenhou: bool, chiihou: bool, honba: int, riichi_sticks: int, renhou: bool,
          north_dora: int, liable: str | None, robbed_north: bool) -> bool:
    """Store the fields of ``self`` and say whether the situation is the usual one
    (else ``_normalise`` checks and converts it): ``Win.__init__``'s Python path."""
    # The fields are set as plain attributes of Win's mutable twin (mjasp.core.frozen:
    # a fraction of what the generated __init__ of a frozen dataclass costs), then
    # the instance gets its frozen class back.
    cls = self.__class__
    draft: Any = self
    if cls is Win:
        _SET_CLASS(self, _WinDraft)
    else:  # a subclass may add slots: the twin's layout would differ
        draft = _Setters(self)
    draft.tile = tile
    draft.tsumo = tsumo
    draft.seat_wind = seat_wind
    draft.round_wind = round_wind
    draft.dora_indicators = dora_indicators
    draft.ura_indicators = ura_indicators
    draft.riichi = riichi
    draft.ippatsu = ippatsu
    draft.rinshan = rinshan
    draft.chankan = chankan
    draft.haitei = haitei
    draft.houtei = houtei
    draft.tenhou = tenhou
    draft.chiihou = chiihou
    draft.honba = honba
    draft.riichi_sticks = riichi_sticks
    draft.renhou = renhou
    draft.north_dora = north_dora
    draft.liable = liable
    draft.robbed_north = robbed_north
    if cls is Win:
        draft.__class__ = Win
    # The usual Win in one pass of identity and membership tests on the arguments (no
    # regex, no loop over the fields by name): building a Win costs less than scoring
    # it. Anything else (a list of indicators, a lower-case wind, a wrong type, a
    # value out of range) goes to _normalise, which names the field or converts the
    # value.
    try:
        usual = (tile.__class__ is str and tile in KINDS
                 and bool is tsumo.__class__ is ippatsu.__class__ is rinshan.__class__
                 is chankan.__class__ is haitei.__class__ is houtei.__class__
                 is tenhou.__class__ is chiihou.__class__ is renhou.__class__
                 is robbed_north.__class__
                 and int is riichi.__class__ is honba.__class__
                 is riichi_sticks.__class__ is north_dora.__class__
                 and seat_wind in _WIND_SET and round_wind in _WIND_SET
                 and dora_indicators.__class__ is tuple is ura_indicators.__class__
                 and _NAMES.issuperset(dora_indicators)
                 and _NAMES.issuperset(ura_indicators)
                 and 0 <= riichi <= 2 and 0 <= north_dora <= 4
                 and honba >= 0 and riichi_sticks >= 0
                 and len(dora_indicators) <= 5
                 and (liable is None or liable in _WIND_SET))
    except TypeError:  # an unhashable value where a tile or a wind belongs
        usual = False
    return usual


#: The flags of a Win (``bool`` only), and its counts (``int``, not ``bool``) with their ranges.
FLAGS = ("tsumo", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou",
         "renhou", "robbed_north")
_COUNTS = (("riichi", 0, 2, "riichi must be 0, 1 or 2 (double riichi)"),
           ("north_dora", 0, 4, "north dora must be 0-4 (north tiles set aside)"),
           ("honba", 0, None, "honba must be a non-negative integer"),
           ("riichi_sticks", 0, None, "riichi sticks must be a non-negative integer"))
_NAMES = frozenset(KINDS)
_WIND_SET = frozenset(WINDS)


class _Setters:
    """A Win (of a subclass) written field by field through its slots' setters: what
    ``Win.__init__`` does when the twin class does not fit."""

    __slots__ = ("_win",)
    _win: Win

    def __init__(self, win: Win) -> None:
        object.__setattr__(self, "_win", win)

    def __setattr__(self, name: str, value: object) -> None:
        _SLOTS[name].__set__(self._win, value)


#: The compiled ``_fill`` (``win_fill`` of ``mjasp/solvers/_kernel.c``), installed by
#: ``mjasp.solvers.kernel`` while its compiled path is on (this layer imports no engine).
_FILL: list[Callable[..., bool]] = []


def use_compiled_fill(functions: Sequence[Callable[..., bool]]) -> None:
    """Install (or, with ``()``, remove) the compiled stores and usual-situation test of
    ``Win.__init__``; it must store and answer exactly as ``_fill`` does
    (tests/core/test_win.py compares them).

    >>> previous = list(_FILL); use_compiled_fill(()); Win("1m").kind
    0
    >>> use_compiled_fill(previous)
    """
    _FILL[:] = functions


#: Win's mutable twin (``mjasp.core.frozen``): ``Win.__init__`` fills a Win through it.
_WinDraft = twin(Win)
#: Sets the class of an instance (object.__setattr__(x, "__class__", c), without the name).
_SET_CLASS = vars(object)["__class__"].__set__
_SLOTS = {name: getattr(Win, name) for name in Win.__slots__}


def _normalise(win: Win) -> None:
    """Check every field of ``win`` by its type and range (naming the first that is wrong)
    and settle the forms a Win also takes: a list of indicators (frozen to a tuple, so
    that a Win stays hashable), lower-case winds (as the command line takes them), a
    tile with spaces around it, an ``int`` subclass for a count."""
    set_field = object.__setattr__
    set_field(win, "tile", _tile(win.tile, "winning tile"))
    for name in FLAGS:
        value = getattr(win, name)
        if value.__class__ is not bool:
            raise WinError(f"{name} must be True or False (a bool), not {value!r}")
    for name, low, high, message in _COUNTS:
        value = getattr(win, name)
        if not isinstance(value, int) or isinstance(value, bool) \
                or value < low or (high is not None and value > high):
            raise WinError(f"{message}, not {value!r}")
        set_field(win, name, int(value))
    for name in ("seat_wind", "round_wind", "liable"):
        value = getattr(win, name)
        if value is None and name == "liable":
            continue
        wind = value.strip().upper() if isinstance(value, str) else value
        if wind not in WINDS:
            what = name.replace("_", " ")
            extra = " or None" if name == "liable" else ""
            raise WinError(f"{what} must be one of E S W N{extra}, not {value!r}")
        set_field(win, name, wind)
    for name in ("dora_indicators", "ura_indicators"):
        value = getattr(win, name)
        if isinstance(value, str | bytes) or not isinstance(value, Sequence):
            raise WinError(f"{name} must be a tuple of tiles such as ('7m',), not {value!r}")
        what = name.replace("_", " ")[:-1]
        set_field(win, name, tuple(_tile(text, what) for text in value))
    if len(win.dora_indicators) > 5:
        raise WinError("at most 5 dora indicators (one plus one per kan)")


def _tile(text: object, what: str) -> str:
    """``text`` as a tile name (spaces around it dropped), or a ``WinError``."""
    if not isinstance(text, str):
        raise WinError(f"{what} must be mpsz text such as '5m', not {text!r}")
    if text in KINDS:
        return text
    try:
        tile_kind(text)
    except HandError:
        raise WinError(f"{what} {text!r} is not a tile (mpsz such as '5m', '0p', '7z')") from None
    return text.strip()


def _conflict(win: Win) -> str | None:
    """Why the flags of a situation cannot go together (None if they can); asked in
    order, the first conflict named."""
    ron = not win.tsumo
    if win.haitei and ron:
        return "haitei needs tsumo (haitei is the last tile drawn)"
    if win.houtei and win.tsumo:
        return "houtei needs ron (houtei is the last tile discarded)"
    if win.chankan and win.tsumo:
        return "chankan needs ron (robbing a kan is a ron)"
    if win.rinshan and ron:
        return "rinshan needs tsumo (the replacement tile after a kan)"
    if win.rinshan and win.haitei:
        return "rinshan and haitei cannot both hold (a replacement tile is not the last draw)"
    if win.chankan and win.houtei:
        return "chankan and houtei cannot both hold"
    if win.ippatsu and not win.riichi:
        return "ippatsu needs riichi"
    if win.ippatsu and win.rinshan:
        return "ippatsu and rinshan cannot both hold (a kan ends ippatsu)"
    # double riichi is declared on the first discard and ippatsu ends one go-around later,
    # dozens of draws before the live wall runs out (https://riichi.wiki/Ippatsu,
    # https://riichi.wiki/Haitei_raoyue)
    if win.ippatsu and win.riichi == 2 and (win.haitei or win.houtei):
        return ("double riichi with ippatsu is a win in the first go-around; haitei and houtei "
                "are the last tile")
    # riichi needs a draw of the declarer's own still to come, so the last tile drawn by
    # another seat comes after that draw, which ends ippatsu; the calls that could shorten
    # the wall in between (a kan, a north set aside) end it too (https://riichi.wiki/Sanma)
    # double riichi needs a first go-around with no call by anyone, a kan included, and
    # ippatsu ends at any call after it: no kan turned a second indicator in between
    # (https://riichi.wiki/index.php?title=Daburu_riichi&diff=24286: "a player's own kan
    # will deny this yaku"; https://riichi.wiki/index.php?title=Riichi&diff=prev&oldid=11386:
    # calls, "including kan", nullify ippatsu)
    if win.ippatsu and win.riichi == 2 and len(win.dora_indicators) > 1:
        return ("double riichi with ippatsu needs at most one dora indicator (a kan before the "
                "riichi rules out double riichi, after it ends ippatsu)")
    if win.ippatsu and win.houtei:
        return ("ippatsu and houtei cannot both hold: riichi leaves the declarer a draw before "
                "the last tile")
    if win.ura_indicators and not win.riichi:
        return "ura indicators need riichi"
    # every dora indicator's ura indicator is turned at a riichi win, each kan's included
    # (Tenhou's records list as many doraHaiUra as doraHai); none given: not counted
    if win.ura_indicators and len(win.ura_indicators) != len(win.dora_indicators):
        return (f"{len(win.ura_indicators)} ura indicators and {len(win.dora_indicators)} "
                "dora indicators: each ura indicator is the tile under a dora indicator, "
                "all turned at a riichi win")
    if (win.tenhou or win.chiihou or win.renhou) and len(win.dora_indicators) > 1:
        return ("tenhou, chiihou and renhou need at most one dora indicator (they come before "
                "any kan)")
    if win.tenhou and not win.dealer:
        return "tenhou needs the dealer's seat (East)"
    if win.chiihou and win.dealer:
        return "chiihou needs a non-dealer's seat (the dealer's is tenhou)"
    if (win.tenhou or win.chiihou) and ron:
        return "tenhou and chiihou need tsumo"
    if (win.tenhou or win.chiihou) and win.riichi:
        return "tenhou and chiihou need no riichi (the first draw wins)"
    if (win.tenhou or win.chiihou) and (win.rinshan or win.haitei or win.ippatsu):
        return "tenhou and chiihou need the first draw: no rinshan, haitei or ippatsu"
    if win.renhou and win.tsumo:
        return "renhou needs ron (before the winner's first draw)"
    if win.renhou and win.dealer:
        return "renhou needs a non-dealer's seat (the dealer has drawn)"
    if win.renhou and win.riichi:
        return "renhou needs no riichi (it comes before the first draw)"
    # renhou is a ron "before drawing their first tile and before any called tile"
    # (https://riichi.wiki/Special:MobileDiff/22621); a kan robbed and a north set aside
    # are both calls, the latter one that "invalidates ippatsu, tenhou/chiihou, double
    # riichi" (https://riichi.wiki/Special:MobileDiff/26510)
    if win.renhou and (win.houtei or win.chankan or win.robbed_north):
        return ("renhou needs the first uninterrupted go-around: no houtei, chankan or robbed "
                "north (a kan or a north set aside is a call)")
    if win.robbed_north and win.tsumo:
        return "robbing a north set aside needs ron"
    # "A kita call can be ronned, but this does not award chankan" (riichi.wiki/Kita);
    # Mahjong Soul: "Robbing a Quad (Chankan) yaku is not applied" (riichi.wiki,
    # Special:MobileDiff/19195)
    if win.robbed_north and win.chankan:
        return "a north set aside robbed by ron is no chankan (Tenhou, Mahjong Soul)"
    if win.robbed_north and win.houtei:
        return "houtei needs a discard; a north set aside is none"
    if win.robbed_north and (KINDS.get(win.tile) or tile_kind(win.tile)) != 30:
        return f"robbing a north set aside needs the north (4z) as winning tile, not {win.tile}"
    if win.liable is not None and win.liable == win.seat_wind:
        return "liable needs another seat than the winner's"
    return None
