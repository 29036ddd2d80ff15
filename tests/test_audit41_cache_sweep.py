"""Answers that must not depend on what was asked before: the per-process caches.

mjasp keeps many tables across calls in one process (the advice's win shapes and Win
values, the scoring engine's rule rows, the readings, the kernel's capsules, the web
answers). A key that misses an input gives a wrong answer only after some other call, so
each query here is answered three ways and the answers compared as text (``repr`` of
the result: floats to the bit; an error by its type and message):

- **fresh**: in a child forked from a fork server that has imported mjasp and this
  module and answered nothing, one query per child (empty caches: an independent run of
  the same code, the reference);
- **warm**: every query in turn in one long-lived process, in several seeded orders;
- **threads**: the same process, the queries from four threads at once (the page's way:
  the server answers quick requests from its threads).

The queries are seeded and vary every input a cache might miss: rules preset and
changed options, players, red fives, seat and round wind, dora indicators (0-5),
melds (kans, red fives in melds), visible tiles, draws, riichi policy, model, 13 and 14
tiles; for ``advise``, ``score`` (ura, ippatsu, haitei, honba, kiriage...), ``shanten``,
``waits``, ``effective_tiles``, ``decompose`` (the CP-SAT and ASP engines among them, which
keep one program per process) and the API's requests; some in families that change one
input at a time (``_family``).

Run the full sweep: ``python -m pytest -q -p no:cacheprovider -m slow
tests/test_audit41_cache_sweep.py`` (or ``python tests/test_audit41_cache_sweep.py N``).
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import random
import re
import sys
from collections.abc import Sequence
from typing import Any

import pytest

import mjasp
from mjasp.cli.app import with_options

PRESETS = ("tenhou", "tenhou-3p", "mahjongsoul", "mahjongsoul-3p", "wrc", "chiitoitsu-quad",
           "standard-form")
#: rule options changed on a preset (``--option``): each changes scores or readings
OPTIONS = (("kiriage=true",), ("red_fives=0,2,1",), ("red_fives=0,0,0",),
           ("double_wind_fu=2",), ("open_tanyao=false",), ("kazoe=sanbaiman",),
           ("honba_points=100",), ("local_yaku=sanrenkou",), ("chiitoitsu_quad=true",),
           ("red_fives=2,2,2", "kiriage=true"))
WINDS = "ESWN"
SANMA_GONE = frozenset(range(1, 8))   # 2m-8m: not in a three-player wall
KIND_NAMES = [f"{n + 1}{s}" for s in "mps" for n in range(9)] + [f"{n + 1}z" for n in range(7)]


def _rules_spec(rng: random.Random) -> tuple[str, tuple[str, ...]]:
    preset = rng.choice(PRESETS)
    options = rng.choice(OPTIONS) if rng.random() < 0.35 else ()
    return preset, options


def rules_of(spec: Sequence[Any]) -> mjasp.Rules:
    preset, options = spec
    return with_options(mjasp.RULES[preset], list(options))


def _kinds(players: int) -> list[int]:
    return [k for k in range(34) if players == 4 or k not in SANMA_GONE]


def _complete(rng: random.Random, players: int, melds: int) -> tuple[list[int], list[str]]:
    """A complete hand's concealed kinds (``14 - 3 * melds`` of them) and its melds' text
    (pon, chi, open kan, closed kan), every kind at most four times."""
    kinds = _kinds(players)
    for _ in range(1000):
        held = [0] * 34
        concealed: list[int] = []
        texts: list[str] = []
        ok = True
        for i in range(4):
            if (rng.random() < 0.5 and players == 4) or rng.random() < 0.3:
                starts = [k for k in kinds if k < 27 and k % 9 <= 6 and k + 2 in kinds]
                if not starts:
                    continue
                k = rng.choice(starts)
                tiles = [k, k + 1, k + 2]
                kind = "chi"
            else:
                k = rng.choice(kinds)
                tiles = [k] * 3
                kind = "pon"
            if i < melds:
                if kind == "pon" and rng.random() < 0.4:
                    tiles = [k] * 4
                    kind = rng.choice(("kan", "closed"))
                texts.append(_meld_text(tiles, kind))
            else:
                concealed += tiles
            for t in tiles:
                held[t] += 1
        pair = rng.choice(kinds)
        concealed += [pair, pair]
        held[pair] += 2
        ok = all(n <= 4 for n in held) and len(texts) == melds and len(concealed) == 14 - 3 * melds
        if ok:
            return concealed, texts
    raise AssertionError("no complete hand")


def _meld_text(tiles: list[int], kind: str) -> str:
    suit = "mpsz"[tiles[0] // 9]
    digits = "".join(str(t % 9 + 1) for t in tiles)
    return f"({digits}{suit})" if kind == "closed" else f"[{digits}{suit}]"


def _mpsz(kinds: list[int], red: bool, rng: random.Random) -> str:
    """Concealed kinds as mpsz text, a five written red (``0``) now and then."""
    out = []
    for suit in range(4):
        digits = sorted(k % 9 + 1 for k in kinds if k // 9 == suit)
        if not digits:
            continue
        text = "".join("0" if d == 5 and suit < 3 and red and rng.random() < 0.5 else str(d)
                       for d in digits)
        out.append(text + "mpsz"[suit])
    return "".join(out)


def _fix_red(text: str) -> str:
    """At most one red five per suit in concealed text (the melds carry none here)."""
    out, seen = [], set()
    digits = ""
    for ch in text:
        if ch.isdigit():
            digits += ch
            continue
        if ch in "mps":
            kept = ""
            for d in digits:
                if d == "0" and ch in seen:
                    d = "5"
                if d == "0":
                    seen.add(ch)
                kept += d
            digits = kept
        out.append(digits + ch)
        digits = ""
    return "".join(out) + digits


def _hand(rng: random.Random, players: int, size: int, melds: int, away: int,
          red: bool) -> tuple[str, list[int]]:
    """A hand of ``size`` (13 or 14) tiles counted with its melds, ``away`` tiles changed
    from a complete one: its text and its concealed kinds."""
    concealed, texts = _complete(rng, players, melds)
    kinds = _kinds(players)
    if size == 13:
        concealed.pop(rng.randrange(len(concealed)))
    for _ in range(away):
        for _ in range(50):
            new = rng.choice(kinds)
            at = rng.randrange(len(concealed))
            held = concealed.count(new) + sum(t.count(str(new % 9 + 1) + "mpsz"[new // 9])
                                               for t in texts)
            if held < 3:
                concealed[at] = new
                break
    text = _fix_red(_mpsz(concealed, red, rng)) + (" " + " ".join(texts) if texts else "")
    return text, concealed


def _indicators(rng: random.Random, players: int, most: int) -> list[str]:
    kinds = _kinds(players)
    return [KIND_NAMES[rng.choice(kinds)] for _ in range(rng.randint(0, most))]


#: One input changed at a time in a family of queries (``_family``): pairs that share
#: every other input, so that a cache keyed without that input answers the second with
#: the first's answer.
ADVISE_CHANGES = ("rules", "red", "dora", "visible", "seat", "round", "draws", "riichi",
                  "model", "kan", "red dora")
SCORE_CHANGES = ("rules", "honba", "sticks", "ura", "ippatsu", "haitei", "tsumo", "seat",
                 "north", "red")


def _reds_flipped(text: str) -> str:
    """The concealed fives' colours swapped (a red five plain, a plain five red)."""
    head, _, melds = text.partition(" ")
    flipped = re.sub(r"\d+[mps]", lambda m: m[0].replace("5", "#").replace("0", "5")
                     .replace("#", "0"), head)
    return _fix_red(flipped) + (" " + melds if melds else "")


def _family(rng: random.Random, base: dict[str, Any], heavy: bool) -> list[dict[str, Any]]:
    out = [base]
    players = mjasp.RULES[base["rules"][0]].players
    for change in rng.sample(ADVISE_CHANGES if base["f"] == "advise" else SCORE_CHANGES, 4):
        q = {**base, "win": dict(base["win"])} if base["f"] == "score" else dict(base)
        w = q.get("win", {})
        if change == "rules":
            q["rules"] = (q["rules"][0], rng.choice(OPTIONS))
        elif change == "red":
            q["hand"] = _reds_flipped(q["hand"])
        elif change == "dora":
            q["dora"] = [*q["dora"], rng.choice(("5m", "5p", "5s", "4z"))][:5]
        elif change == "red dora":
            q["dora"] = [d.replace("4", "5") for d in q["dora"]] or ["4p"]
        elif change == "visible":
            q["visible"] = " ".join(_indicators(rng, players, 4))
        elif change in ("seat", "round"):
            q[change] = rng.choice(WINDS[:2] if change == "round" else WINDS)
        elif change == "draws":
            q["draws"] = rng.randint(1, 12 if heavy else 5)
        elif change == "riichi":
            q["riichi"] = rng.choice(("choose", "always", "never"))
        elif change == "model":
            q["model"] = "mahjong-cpp" if q["model"] == "mjasp" else "mjasp"
        elif change == "kan":
            # a closed kan of a kind the hand holds three of, or none
            head, _, melds = q["hand"].partition(" ")
            q["hand"] = head if melds else head + " (1111z)"
        elif change in ("honba", "sticks"):
            w["honba" if change == "honba" else "riichi_sticks"] += rng.randint(1, 4)
        elif change == "ura":
            w["riichi"] = w["riichi"] or 1
            w["ura_indicators"] = _indicators(rng, players, max(1, len(w["dora_indicators"])))
            w["dora_indicators"] = w["dora_indicators"] or ["1z"]
            w["ura_indicators"] = w["ura_indicators"][:len(w["dora_indicators"])]
        elif change == "ippatsu":
            w["riichi"] = w["riichi"] or 1
            w["ippatsu"] = not w["ippatsu"]
        elif change == "haitei":
            w["haitei"], w["houtei"] = w["tsumo"], not w["tsumo"]
        elif change == "tsumo":
            w["tsumo"], w["haitei"], w["houtei"] = not w["tsumo"], False, False
        elif change == "seat":
            w["seat_wind"] = rng.choice(WINDS)
        elif change == "north":
            w["north_dora"] += 1
        out.append(q)
    return out


def make_queries(seed: int, n: int, heavy: bool = True) -> list[dict[str, Any]]:
    """``n`` seeded queries (JSON-like dicts); ``heavy`` False: no search longer than a
    few draws (the CI size). A third of them come in families (``_family``)."""
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    kinds = ("advise", "score", "score", "shanten", "waits", "effective", "decompose", "api")
    while len(out) < n:
        if rng.random() < 0.15 and out and out[-1]["f"] in ("advise", "score"):
            out[-1:] = _family(rng, out[-1], heavy)
            del out[n:]
            continue
        kind = rng.choice(kinds)
        spec = _rules_spec(rng)
        players = mjasp.RULES[spec[0]].players
        red = rng.random() < 0.6
        if kind == "advise":
            melds = rng.choice((0, 0, 0, 1, 2))
            size = rng.choice((13, 14))
            hand, _ = _hand(rng, players, size, melds, rng.choice((1, 1, 2)), red)
            out.append({"f": "advise", "hand": hand, "rules": spec,
                        "dora": _indicators(rng, players, 5 if heavy else 3),
                        "seat": rng.choice(WINDS[:players]), "round": rng.choice(WINDS[:2]),
                        "draws": rng.randint(1, 12 if heavy else 5),
                        "riichi": rng.choice(("choose", "always", "never")),
                        "model": rng.choice(("mjasp", "mjasp", "mahjong-cpp")),
                        "visible": " ".join(_indicators(rng, players, 4))})
        elif kind == "score":
            melds = rng.choice((0, 0, 1, 2))
            hand, concealed = _hand(rng, players, 14, melds, 0, red)
            tsumo = rng.random() < 0.5
            riichi = 0 if melds and not all("(" in m for m in hand.split()[1:]) else \
                rng.choice((0, 0, 1, 2))
            dora = _indicators(rng, players, 5)
            out.append({"f": "score", "hand": hand, "rules": spec,
                        "solver": "asp" if rng.random() < 0.05 else "direct",
                        "win": {"tile": KIND_NAMES[rng.choice(concealed)], "tsumo": tsumo,
                                "seat_wind": rng.choice(WINDS[:players]),
                                "round_wind": rng.choice(WINDS[:2]),
                                "dora_indicators": dora,
                                "ura_indicators": _indicators(rng, players, len(dora))
                                if riichi else [],
                                "riichi": riichi, "ippatsu": bool(riichi) and rng.random() < .3,
                                "haitei": tsumo and rng.random() < 0.2,
                                "houtei": not tsumo and rng.random() < 0.2,
                                "honba": rng.choice((0, 0, 1, 3)),
                                "riichi_sticks": rng.choice((0, 0, 1)),
                                "north_dora": rng.choice((0, 0, 1)) if players == 3 else 0}})
        elif kind in ("shanten", "waits", "effective"):
            melds = rng.choice((0, 0, 0, 1))
            size = 13 if kind == "waits" else rng.choice((13, 14))
            hand, _ = _hand(rng, players, size, melds, rng.choice((0, 1, 2, 3)), red)
            out.append({"f": kind, "hand": hand, "rules": spec,
                        "visible": " ".join(_indicators(rng, players, 3)),
                        # the engines that keep a program per process, now and then
                        "solver": rng.choice(("table", "table", "table", "cpsat"))})
        elif kind == "decompose":
            hand, _ = _hand(rng, players, 14, rng.choice((0, 0, 1)), 0, red)
            out.append({"f": kind, "hand": hand, "rules": spec,
                        "solver": rng.choice((None, "asp"))})
        else:
            command = rng.choice(("shanten", "waits", "score", "advise") if heavy else
                                 ("shanten", "waits", "score"))
            size = 13 if command in ("waits", "advise") and rng.random() < 0.5 else 14
            hand, concealed = _hand(rng, players, size, rng.choice((0, 0, 1)),
                                    0 if command == "score" else rng.choice((0, 1)), red)
            params = {"q": hand, "rules": spec[0]}
            if spec[1] and command in ("score", "advise"):
                params["option"] = ";".join(spec[1])
            if command in ("score", "advise"):
                params["dora"] = "".join(_indicators(rng, players, 3))
                params["seat"] = rng.choice(WINDS[:players])
            if command == "score":
                params["win"] = KIND_NAMES[rng.choice(concealed)]
                params["honba"] = str(rng.choice((0, 2)))
                if rng.random() < 0.5:
                    params["tsumo"] = "1"
            if command == "advise":
                params["draws"] = str(rng.randint(1, 5))
            out.append({"f": "api", "command": command, "params": params})
            if command == "advise" and rng.random() < 0.5:
                # the same request as the server keys it: the tiles in another order
                head, _, called = hand.partition(" ")
                tiles = re.findall(r"\d+[mpsz]", head)
                again = dict(params, q="".join(reversed(tiles)) + (" " + called if called else ""),
                             seat=params["seat"].lower())
                out.append({"f": "api", "command": command, "params": again})
    return out


#: The API's client of the long-lived runs (None: the reference's direct calls).
CLIENT: list[Any] = [None]


def answer(query: dict[str, Any]) -> str:
    """One query's answer as text: ``repr`` of what mjasp returns, or the error's type and
    message; a set's items in sorted order (a ``frozenset`` of text lists them in an
    order that differs from process to process)."""
    try:
        text = _answer(query)
    except mjasp.MjaspError as error:
        text = f"{type(error).__name__}: {error}"
    return re.sub(r"frozenset\(\{([^}]*)\}\)",
                  lambda m: "frozenset({" + ", ".join(sorted(m[1].split(", "))) + "})", text)


def _answer(q: dict[str, Any]) -> str:
    f = q["f"]
    if f == "api" and CLIENT[0] is not None:
        # the page's way: a request to the app (its answer cache, its worker processes)
        response = CLIENT[0].get(f"/api/{q['command']}", params=q["params"])
        return f"{response.status_code} {response.text}"
    if f == "api":
        from mjasp.web import commands
        args = commands.arguments(q["command"], q["params"])
        if q["command"] in commands.IN_WORKERS:
            status, text = commands._answer(q["command"], args, q["params"])
            return f"{status} {text}"
        found = commands.run_command(q["command"], q["params"])
        return f"{found.status} {found.text}"
    rules = rules_of(q["rules"])
    if f == "advise":
        return repr(mjasp.advise(q["hand"], dora_indicators=q["dora"], seat_wind=q["seat"],
                                 round_wind=q["round"], rules=rules, draws=q["draws"],
                                 riichi=q["riichi"], model=q["model"], visible=q["visible"]))
    hand = mjasp.Hand.parse(q["hand"])
    if f == "score":
        win = dict(q["win"])
        win["dora_indicators"] = tuple(win["dora_indicators"])
        win["ura_indicators"] = tuple(win["ura_indicators"])
        return repr(mjasp.score(hand, mjasp.Win(**win), rules=rules, solver=q["solver"]))
    if f == "shanten":
        return repr((mjasp.shanten(hand, rules=rules, solver=q["solver"]),
                     mjasp.shanten_forms(hand, rules=rules)))
    if f == "decompose":
        return repr(mjasp.decompose(hand, rules=rules, solver=q["solver"]))
    if f == "waits":
        return repr(mjasp.waits(hand, rules=rules))
    if f == "effective":
        seen = q["visible"]
        return repr(mjasp.effective_tiles(hand, seen, rules=rules)
                    if hand.concealed_count % 3 == 1 else mjasp.discards(hand, seen, rules=rules))
    raise AssertionError(f)


# -- the three ways -------------------------------------------------------------------

def fresh_answers(queries: list[dict[str, Any]], processes: int = 2) -> list[str]:
    """Each query in a child of a fork server that imported mjasp and answered nothing."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["mjasp", "mjasp.advice", "mjasp.web.commands", __name__])
    # (not a Pool: its processes are daemons, and the command line may fork a child)
    with concurrent.futures.ProcessPoolExecutor(processes, mp_context=context,
                                                max_tasks_per_child=1) as pool:
        return list(pool.map(answer, queries))


def warm_answers(queries: list[dict[str, Any]], order: list[int]) -> list[str]:
    out = [""] * len(queries)
    for i in order:
        out[i] = answer(queries[i])
    return out


def thread_answers(queries: list[dict[str, Any]], order: list[int]) -> list[str]:
    out = [""] * len(queries)
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        for i, text in zip(order, pool.map(answer, [queries[i] for i in order]), strict=True):
            out[i] = text
    return out


def sweep(seed: int, n: int, orders: int, heavy: bool) -> tuple[int, list[str]]:
    """The queries answered fresh, warm in ``orders`` seeded orders, and from threads:
    (answers compared, a line per difference)."""
    from starlette.testclient import TestClient

    from mjasp.web import commands
    from mjasp.web.app import create_app

    queries = make_queries(seed, n, heavy)
    fresh = fresh_answers(queries)
    rng = random.Random(seed + 1)
    wrong = []
    compared = 0
    runs = []
    with TestClient(create_app(time_limit=0, searches=1)) as client:
        CLIENT[0] = client
        try:
            for k in range(orders):
                order = list(range(n))
                rng.shuffle(order)
                # the app's answers forgotten: its worker process answers again, warm
                commands._cache.answers.clear()
                runs.append((f"warm order {k}", warm_answers(queries, order)))
            order = list(range(n))
            rng.shuffle(order)
            commands._cache.answers.clear()
            runs.append(("threads", thread_answers(queries, order)))
        finally:
            CLIENT[0] = None
    for name, got in runs:
        for i, (want, have) in enumerate(zip(fresh, got, strict=True)):
            compared += 1
            if want != have:
                wrong.append(f"{name}: query {i} {queries[i]}\n  fresh: {want[:400]}\n"
                             f"  here:  {have[:400]}")
    return compared, wrong


def test_queries_vary_every_input() -> None:
    queries = make_queries(7, 300)
    assert {q["f"] for q in queries} == {"advise", "score", "shanten", "waits", "effective",
                                         "decompose", "api"}
    advice = [q for q in queries if q["f"] == "advise"]
    assert {q["rules"][0] for q in queries if "rules" in q} == set(PRESETS)
    assert {q["model"] for q in advice} == {"mjasp", "mahjong-cpp"}
    assert {len(q["dora"]) for q in advice} >= {0, 1, 2, 3, 4, 5}
    assert any("(" in q["hand"] for q in queries if "hand" in q)
    assert any("0" in q["hand"] for q in queries if "hand" in q)


def test_answers_do_not_depend_on_what_was_asked_before() -> None:
    # the CI size: seeded, a few draws per search, every kind of query
    compared, wrong = sweep(2026, 40, 2, heavy=False)
    assert compared == 40 * 3
    assert not wrong, "\n".join(wrong)


@pytest.mark.slow
@pytest.mark.full  # half a minute on a slow machine: the benchmark-sized run's
def test_answers_do_not_depend_on_what_was_asked_before_full() -> None:
    compared, wrong = sweep(41, 300, 3, heavy=True)
    assert compared == 300 * 4
    assert not wrong, "\n".join(wrong)


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 41
    done, differ = sweep(seed, count, 3, heavy=True)
    print("\n".join(differ))
    print(f"{count} queries, {done} answers compared with the fresh ones, {len(differ)} differ")
