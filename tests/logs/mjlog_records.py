"""Hand-built Tenhou mjlog records for the settlement tests.

The format followed is Tenhou's own, as the shared logs hold it and as
``mjasp/logs/mjlog.py`` documents it: ``<GO type>`` the lobby, ``<INIT seed="round,honba,
sticks,dice,dice,dora id" ten oya hai0..3>``, ``T U V W`` + id a draw of seat 0..3,
``D E F G`` + id a discard, ``<N who m>`` a call (meld code), ``<REACH who step>``,
``<AGARI ba sc ...>``, ``<RYUUKYOKU type ba sc hai0..>`` and ``owari`` on the last
result. Tiles are 136 ids, four copies of each kind (``kind * 4 + copy``); the ids 16,
52 and 88 (red fives) are handed out only when asked for.

Every score change written into a record here is worked by hand from the rule cited by
the test that builds it, never read off mjasp.
"""

from __future__ import annotations

from dataclasses import dataclass, field

RED = (16, 52, 88)


def kind(text: str) -> int:
    """The kind (0..33) of ``"3m"``, ``"7z"``."""
    number, suit = int(text[0]), text[1]
    return "mpsz".index(suit) * 9 + number - 1


def kinds(text: str) -> list[int]:
    """``"234m55z"`` as kinds."""
    out: list[int] = []
    digits = ""
    for c in text:
        if c.isdigit():
            digits += c
        else:
            out += [kind(d + c) for d in digits]
            digits = ""
    return out


@dataclass
class Record:
    """One game record being written: ids handed out once each."""

    lobby: int = 168  # four players, east-south, red fives (the shared logs' 0xa9, less
    # the 0x01 bit of human players: a hand-built record is not judged as a whole game)
    players: int = 4
    used: set[int] = field(default_factory=set)
    body: list[str] = field(default_factory=list)
    dora_id: int = -1

    def take(self, k: int | str, red: bool = False) -> int:
        """A free id of kind ``k`` (a red five only when ``red``)."""
        k = kind(k) if isinstance(k, str) else k
        for i in range(4 * k, 4 * k + 4):
            if i not in self.used and (i in RED) == red:
                self.used.add(i)
                return i
        raise ValueError(f"no copy of kind {k} left")

    def hand(self, text: str) -> list[int]:
        return [self.take(k) for k in kinds(text)]

    def new_round(self, number: int, honba: int, sticks: int, dealer: int,
                  scores: list[int], dora: str, hands: list[str]) -> list[list[int]]:
        """``<INIT>``: a fresh deal (ids free again), the hands written as mpsz."""
        self.used = set()
        dora_id = self.dora_id = self.take(dora)
        ids = [self.hand(h) for h in hands]
        tags = " ".join(f'hai{p}="{",".join(map(str, ids[p]))}"' if p < self.players
                        else f'hai{p}=""' for p in range(4))
        ten = ",".join(str(s // 100) for s in [*scores, *([0] if self.players == 3 else [])])
        self.body.append(f'<INIT seed="{number},{honba},{sticks},0,0,{dora_id}" '
                         f'ten="{ten}" oya="{dealer}" {tags}/>')
        return ids

    def draw(self, who: int, i: int) -> None:
        self.body.append(f"<{'TUVW'[who]}{i}/>")

    def discard(self, who: int, i: int) -> None:
        self.body.append(f"<{'DEFG'[who]}{i}/>")

    def turn(self, who: int, k: int | str) -> int:
        """A draw of kind ``k`` discarded at once."""
        i = self.take(k)
        self.draw(who, i)
        self.discard(who, i)
        return i

    def riichi(self, who: int, i: int, accepted: bool = True) -> None:
        self.body.append(f'<REACH who="{who}" step="1"/>')
        self.discard(who, i)
        if accepted:
            self.body.append(f'<REACH who="{who}" step="2"/>')

    def tag(self, text: str) -> None:
        self.body.append(text)

    def text(self) -> bytes:
        names = " ".join(f'n{p}="{"ABCD"[p] if p < self.players else ""}"' for p in range(4))
        return (f'<mjloggm ver="2.3"><GO type="{self.lobby}" lobby="0"/><UN {names}/>'
                f'<TAIKYOKU oya="0"/>{"".join(self.body)}</mjloggm>').encode()


def sc(before: list[int], deltas: list[int], players: int = 4) -> str:
    """Tenhou's ``sc``: score and change of every seat, in hundreds."""
    pairs = [f"{b // 100},{d // 100}" for b, d in zip(before, deltas, strict=True)]
    if players == 3:
        pairs.append("0,0")
    return ",".join(pairs)


def pon_code(k: int, used: list[int], called: int, unused: int, offset: int) -> int:
    """The meld code of a pon of kind ``k`` (``used`` its three ids, ``called`` the one
    taken, ``unused`` the copy number left out, ``offset`` the discarder's seats on from
    the caller): ``(3 * kind + index of the called id) << 9 | unused << 5 | 0x8 | offset``
    (the layout of http://tenhou.net/img/mentsu136.txt)."""
    return (3 * k + sorted(used).index(called)) << 9 | unused << 5 | 0x8 | offset
