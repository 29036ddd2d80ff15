"""An independent reader of Tenhou mjlog records for the table audit (no mjasp code).

It follows the tags of the record in order (Tenhou's format, as
``tests/logs/mjlog_records.py`` describes it) and keeps every seat's concealed tiles,
calls, the rivers and the dora indicators, so that every decision's hand, calls and the
tiles its seat sees come from the record itself. Calls are decoded from Tenhou's packed
meld code: bit 2 a chi (``m >> 10`` = run base * 3 + called index, two bits a copy per
tile from bit 3), bit 3 a pon and bit 4 an added kan (``m >> 9`` = kind * 3 + called
index, bits 5-6 the copy not in the pon, which an added kan adds), bit 5 a north set
aside, else a kan of the kind ``(m >> 8) // 4`` (closed when the low two bits, the
source seat as an offset, are 0).

Shanten is worked out here by brute force: every way of splitting each suit into sets,
partial sets and pairs (at most four sets and partial sets in all, the calls counted as
sets; one pair), and seven pairs and thirteen orphans for a hand without calls.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

RED = {16: "0m", 52: "0p", 88: "0s"}


def tile(i: int) -> str:
    """A 136 id as one mpsz tile (``0`` a red five)."""
    return RED.get(i) or f"{i // 4 % 9 + 1}{'mpsz'[i // 36]}"


def parse(text: str) -> Counter[str]:
    """mpsz text (spaces, brackets and parentheses allowed) as a multiset of tiles."""
    out: Counter[str] = Counter()
    digits = ""
    for c in text:
        if c.isdigit():
            digits += c
        elif c in "mpsz":
            out.update(d + c for d in digits)
            digits = ""
        else:
            assert not digits, text
    assert not digits, text
    return out


def kind(t: str) -> int:
    """The kind 0..33 of one mpsz tile (a red five a five)."""
    n = int(t[0]) or 5
    return "mpsz".index(t[1]) * 9 + n - 1


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x]


def decode_meld(who: int, m: int) -> dict[str, Any]:
    """The call ``m`` of seat ``who``: its kind, its tiles (ids), the tile it took, the
    ids it took from the hand."""
    offset = m & 3
    if m & 0x4:  # chi
        t = m >> 10
        called_index, t = t % 3, t // 3
        base = (t // 7) * 9 + t % 7
        ids = [(base + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
        called = ids[called_index]
        return {"kind": "chi", "ids": ids, "called": called,
                "from_hand": [i for i in ids if i != called], "target": (who + offset) % 4}
    if m & 0x18:  # pon or added kan
        unused = (m >> 5) & 3
        t = m >> 9
        called_index, k = t % 3, t // 3
        ids = [k * 4 + c for c in range(4) if c != unused]
        called = ids[called_index]
        if m & 0x8:
            return {"kind": "pon", "ids": ids, "called": called,
                    "from_hand": [i for i in ids if i != called],
                    "target": (who + offset) % 4}
        return {"kind": "kakan", "ids": [*ids, k * 4 + unused], "called": called,
                "from_hand": [k * 4 + unused], "target": (who + offset) % 4}
    if m & 0x20:  # north set aside
        return {"kind": "nuki", "ids": [m >> 8], "from_hand": [m >> 8]}
    first = m >> 8
    k = first // 4
    ids = [k * 4 + c for c in range(4)]
    if offset == 0:
        return {"kind": "ankan", "ids": ids, "from_hand": ids}
    return {"kind": "daiminkan", "ids": ids, "called": first,
            "from_hand": [i for i in ids if i != first], "target": (who + offset) % 4}


def _round_name(seed: list[int]) -> str:
    return f"{'ESWN'[seed[0] // 4]}{seed[0] % 4 + 1}" + (f"-{seed[1]}" if seed[1] else "")


def read(path: Path, source: str | None = None) -> dict[str, list[dict[str, Any]]]:
    """Every decision, win and settled round of the record at ``path``, with what the
    tables need to be checked against (no shanten here: :func:`decision_facts`)."""
    source = source or path.name
    decisions: list[dict[str, Any]] = []
    wins: list[dict[str, Any]] = []
    rounds: list[dict[str, Any]] = []
    players = 4
    index = -1
    for tag in ET.fromstring(path.read_bytes()):
        name, a = tag.tag, tag.attrib
        if name == "GO":
            players = 3 if int(a["type"]) & 0x10 else 4
        elif name == "INIT":
            index += 1
            seed = _ints(a["seed"])
            rname = _round_name(seed)
            hands = [_ints(a[f"hai{s}"]) for s in range(players)]
            calls: list[list[list[int]]] = [[] for _ in range(players)]
            rivers: list[int] = []  # every discard of the round
            shown: list[int] = []  # tiles from hands put into calls, norths set aside
            dora = [seed[5]]
            last_draw = [-1] * players
            declared = [False] * players
            riichi = [0] * players  # 1 riichi accepted, 2 double riichi
            first = [True] * players  # no discard of the seat and no call yet
            double = [False] * players
            event = -1  # the index of the event in the round (one per tag)
            scores = [100 * x for x in _ints(a["ten"])][:players]
            rounds.append({"game": source, "round": index, "round_name": rname,
                           "wind": seed[0] // 4, "number": seed[0] % 4, "honba": seed[1],
                           "sticks": seed[2], "dealer": int(a["oya"]), "before": scores})
            continue
        elif name in ("SHUFFLE", "UN", "TAIKYOKU", "BYE", "mjloggm"):
            continue
        if name[0] in "TUVW" and name[1:].isdigit():
            event += 1
            seat, i = "TUVW".index(name[0]), int(name[1:])
            hands[seat].append(i)
            last_draw[seat] = i
        elif name[0] in "DEFG" and name[1:].isdigit():
            event += 1
            seat, i = "DEFG".index(name[0]), int(name[1:])
            before = list(hands[seat])
            hands[seat].remove(i)
            rivers.append(i)
            seen = Counter(kind(tile(t)) for t in [*rivers, *shown, *dora, *hands[seat]])
            decisions.append({
                "game": source, "round": index, "round_name": rname, "event": event,
                "seat": seat, "hand": Counter(tile(t) for t in before),
                "melds": [Counter(tile(t) for t in c) for c in calls[seat]],
                "discard": tile(i), "tsumogiri": i == last_draw[seat],
                "riichi": declared[seat], "seen": seen,
                "counts": Counter(kind(tile(t)) for t in before),
                "called": len(calls[seat]), "players": players})
            last_draw[seat] = -1
            declared[seat] = False
            first[seat] = False
        elif name == "N":
            event += 1
            who = int(a["who"])
            meld = decode_meld(who, int(a["m"]))
            for t in meld["from_hand"]:
                hands[who].remove(t)
            shown += meld["from_hand"]
            if meld["kind"] == "kakan":
                for c in calls[who]:
                    if sorted(c) == sorted(meld["ids"][:3]):
                        c.append(meld["ids"][3])
                        break
                else:
                    raise AssertionError("added kan without its pon")
            elif meld["kind"] != "nuki":
                calls[who].append(list(meld["ids"]))
            first = [False] * players
        elif name == "REACH":
            event += 1
            who = int(a["who"])
            if a["step"] == "1":
                declared[who] = True
                double[who] = first[who]
            else:
                riichi[who] = 2 if double[who] else 1
        elif name == "DORA":
            event += 1
            dora.append(int(a["hai"]))
        elif name in ("AGARI", "RYUUKYOKU"):
            event += 1
            sc = _ints(a["sc"])
            change = [100 * d for d in sc[1::2]][:players]
            rounds[-1]["result"] = "win" if name == "AGARI" else "ryuukyoku"
            rounds[-1]["deltas"] = [x + d for x, d in zip(rounds[-1].get("deltas", [0] * players),
                                                          change, strict=True)]
            if name == "AGARI":
                who, target = int(a["who"]), int(a["fromWho"])
                fu, points, _ = _ints(a["ten"])
                yaku = _ints(a.get("yaku", ""))
                pairs = list(zip(yaku[0::2], yaku[1::2], strict=True))
                yakuman = _ints(a.get("yakuman", ""))
                machi = int(a["machi"])
                concealed = Counter(tile(t) for t in _ints(a["hai"]))
                wins.append({
                    "game": source, "round": index, "round_name": rname, "event": event,
                    "seat": who, "from_seat": target, "tsumo": who == target,
                    "tile": tile(machi),
                    # the whole hand: concealed (the winning tile among them) and calls
                    "tiles": concealed + sum((Counter(tile(t) for t in c)
                                              for c in calls[who]), Counter()),
                    "riichi": riichi[who],
                    "fu": fu, "points": points,
                    "han": 13 * len(yakuman) if yakuman else sum(h for _, h in pairs),
                    "yakuman": len(yakuman),
                    "yaku": sorted(pairs) if not yakuman else sorted((y, 13) for y in yakuman),
                    "deltas": change})
    return {"decisions": decisions, "wins": wins, "rounds": rounds}


# -- shanten by brute force -----------------------------------------------------------

@cache
def _suit(counts: tuple[int, ...], runs: bool) -> frozenset[tuple[int, int, int]]:
    """Every (sets, partial sets, pairs) one suit splits into (not only the best)."""
    i = next((k for k, c in enumerate(counts) if c), None)
    if i is None:
        return frozenset({(0, 0, 0)})
    out: set[tuple[int, int, int]] = set()
    c = list(counts)

    def sub(taken: list[int], add: tuple[int, int, int]) -> None:
        rest = list(c)
        for k in taken:
            if k >= len(rest) or rest[k] == 0:
                return
            rest[k] -= 1
        for m, t, p in _suit(tuple(rest), runs):
            out.add((m + add[0], t + add[1], p + add[2]))

    sub([i], (0, 0, 0))  # an isolated tile
    sub([i, i, i], (1, 0, 0))
    sub([i, i], (0, 0, 1))
    if runs:
        sub([i, i + 1, i + 2], (1, 0, 0))
        sub([i, i + 1], (0, 1, 0))
        sub([i, i + 2], (0, 1, 0))
    return frozenset(out)


def shanten(counts: list[int], calls: int) -> int:
    """Shanten of concealed counts by kind (34) beside ``calls`` calls."""
    parts = [_suit(tuple(counts[9 * s:9 * s + 9]), True) for s in range(3)]
    parts.append(_suit(tuple(counts[27:34]), False))
    best = 8
    combos = {(calls, 0, 0)}
    for part in parts:
        combos = {(m + a, t + b, p + c) for m, t, p in combos for a, b, c in part}
    for m, t, p in combos:
        pair = min(p, 1)
        t += p - pair  # further pairs are partial sets
        t = min(t, 4 - m)
        best = min(best, 8 - 2 * m - t - pair)
    if calls == 0:
        pairs = sum(1 for x in counts if x >= 2)
        kinds = sum(1 for x in counts if x)
        best = min(best, 6 - pairs + max(0, 7 - kinds))
        orphans = [0, 8, 9, 17, 18, *range(26, 34)]
        held = [counts[k] for k in orphans]
        best = min(best, 13 - sum(1 for x in held if x) - (1 if any(x >= 2 for x in held) else 0))
    return best


def decision_facts(d: dict[str, Any], best_too: bool) -> dict[str, Any]:
    """The shanten columns of one decision by brute force."""
    counts = [d["counts"].get(k, 0) for k in range(34)]
    kinds = [k for k in range(34) if d["players"] == 4 or not 1 <= k <= 7]

    def after(k: int) -> tuple[int, int, list[int]]:
        rest = list(counts)
        rest[k] -= 1
        s = shanten(rest, d["called"])
        good = []
        for x in kinds:
            if rest[x] < 4:
                rest[x] += 1
                if shanten(rest, d["called"]) < s:
                    good.append(x)
                rest[x] -= 1
        # the seat sees the discard in the river or in its hand: the same whichever
        seen = d["seen"]
        return s, sum(max(0, 4 - seen.get(x, 0)) for x in good), good

    mine = after(kind(d["discard"]))
    out = {"shanten_after": mine[0], "ukeire": mine[1], "effective": mine[2]}
    if best_too:
        options = [after(k) for k in range(34) if counts[k]]
        best_s = min(s for s, _, _ in options)
        out["best_shanten"] = out["shanten"] = best_s
        out["best_ukeire"] = max(u for s, u, _ in options if s == best_s)
    return out


# -- MJAI (one JSON event a line: start_kyoku, tsumo, dahai, chi, pon, daiminkan, kakan,
# ankan, nukidora, reach, reach_accepted, dora, hora, ryukyoku) ------------------------

_HONORS = {"E": "1z", "S": "2z", "W": "3z", "N": "4z", "P": "5z", "F": "6z", "C": "7z"}


def mjai_tile(name: str) -> str:
    """An MJAI tile name as one mpsz tile (``5mr`` the red five, ``0m``)."""
    if name in _HONORS:
        return _HONORS[name]
    return f"0{name[1]}" if name.endswith("r") else name


def read_mjai(path: Path) -> list[dict[str, Any]]:
    """Every decision of an MJAI record, in order, as :func:`read` gives them (no event
    index: the formats number events differently)."""
    import json

    decisions: list[dict[str, Any]] = []
    players = 4
    index = -1
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        e = json.loads(line)
        kind_ = e["type"]
        who = e.get("actor", -1)
        if kind_ == "start_kyoku":
            index += 1
            players = len(e["scores"])
            hands = [[mjai_tile(t) for t in h] for h in e["tehais"][:players]]
            calls: list[list[list[str]]] = [[] for _ in range(players)]
            seen_all: list[str] = [mjai_tile(e["dora_marker"])]  # rivers, calls, dora
            last = [""] * players
            declared = [False] * players
            name = (f"{'ESWN'['ESWN'.index(e['bakaze'])]}{e['kyoku']}"
                    + (f"-{e['honba']}" if e["honba"] else ""))
        elif kind_ == "tsumo":
            hands[who].append(mjai_tile(e["pai"]))
            last[who] = mjai_tile(e["pai"])
        elif kind_ == "dahai":
            t = mjai_tile(e["pai"])
            before = list(hands[who])
            hands[who].remove(t)
            seen_all.append(t)
            seen = Counter(kind(x) for x in [*seen_all, *hands[who]])
            decisions.append({
                "round": index, "round_name": name, "seat": who,
                "hand": Counter(before), "melds": [Counter(c) for c in calls[who]],
                "discard": t, "tsumogiri": bool(e["tsumogiri"]), "riichi": declared[who],
                "seen": seen, "counts": Counter(kind(x) for x in before),
                "called": len(calls[who]), "players": players})
            declared[who] = False
        elif kind_ in ("chi", "pon", "daiminkan"):
            used = [mjai_tile(t) for t in e["consumed"]]
            for t in used:
                hands[who].remove(t)
            seen_all += used
            calls[who].append([*used, mjai_tile(e["pai"])])
        elif kind_ == "kakan":
            t = mjai_tile(e["pai"])
            hands[who].remove(t)
            seen_all.append(t)
            for c in calls[who]:
                if len(c) == 3 and Counter(map(kind, c)) == Counter({kind(t): 3}):
                    c.append(t)
                    break
            else:
                raise AssertionError("added kan without its pon")
        elif kind_ == "ankan":
            used = [mjai_tile(t) for t in e["consumed"]]
            for t in used:
                hands[who].remove(t)
            seen_all += used
            calls[who].append(used)
        elif kind_ in ("nukidora", "kita"):  # (RiichiEnv names it kita)
            t = mjai_tile(e["pai"])
            hands[who].remove(t)
            seen_all.append(t)
        elif kind_ == "reach":
            declared[who] = True
        elif kind_ == "dora":
            seen_all.append(mjai_tile(e["dora_marker"]))
    return decisions
