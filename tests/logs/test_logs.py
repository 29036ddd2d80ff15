"""Game logs: read, replay, re-score and tabulate, checked against Tenhou's own records.

The expected values come from the logs themselves (``<AGARI>`` fu, points, yaku and
``sc`` score changes as Tenhou awarded them, tag counts in the XML) or from mjasp's
public single-hand API (``effective_tiles``, ``shanten``), never from the code under test.
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import mjasp
import mjasp.logs as logs
from mjasp.cli import main
from mjasp.logs.lobby import rules_for_lobby
from mjasp.logs.model import KIND, tiles_text
from mjasp.logs.replay import replay
from mjasp.logs.table import decision_rows
from tests.conftest import load_script, shared_data


def _data() -> Path:
    return shared_data("logs")


def _files() -> list[Path]:
    return sorted(_data().glob("*.mjlog"))


def _complete() -> list[Path]:
    return [p for p in _files() if "-no-" not in p.name]


def test_every_win_and_round_agrees_with_tenhou() -> None:
    rounds = agree_r = wins = agree_w = 0
    mismatches = []
    for path in _files():
        checked = logs.check(path)
        rounds += checked.rounds
        agree_r += checked.rounds_agree
        wins += len(checked.wins)
        agree_w += checked.wins_agree
        mismatches += [str(m) for m in checked.mismatches]
    text = "".join(p.read_text() for p in _files())
    # every AGARI and RYUUKYOKU tag is a settled round; one round of a cut copy has none
    assert wins == text.count("<AGARI") == 115
    assert rounds == text.count("<AGARI") + text.count("<RYUUKYOKU") - 1 == 133
    assert text.count("<INIT") == 134
    assert mismatches == []
    assert (agree_r, agree_w) == (rounds, wins)


def test_liable_player_pays_the_whole_yakuman_tsumo() -> None:
    # pao-tsumo.mjlog: seat 2 wins daisangen by tsumo, seat 0 fed the third dragon;
    # Tenhou's sc gives seat 2 +32000 and seat 0 -32000, nobody else pays
    checked = logs.check(_data() / "pao-tsumo.mjlog")
    last = checked.wins[-1]
    assert last.win.liable is not None and last.score.yakuman == 1
    assert last.deltas == (-32000, 0, 32000, 0)


def test_double_ron_gives_the_sticks_to_the_first_winner_only() -> None:
    # double-ron.mjlog, last round: seats 0 and 2 both ron seat 3's discard with two
    # riichi sticks on the table; seat 0 sits nearer the discarder's right (atamahane)
    checked = logs.check(_data() / "double-ron.mjlog")
    first, second = checked.wins[-2:]
    assert (first.who, second.who) == (0, 2)
    assert (first.win.riichi_sticks, second.win.riichi_sticks) == (2, 0)
    assert first.deltas == (9700, 0, 0, -7700)  # 7700 ron + 2 sticks (log: +97, -77)


def test_truncated_logs_say_where_they_stop() -> None:
    for name, where in (("-no-game-end", "after round S3"), ("-no-round-end", "inside round S4")):
        path = next(p for p in _files() if name in p.name)
        with pytest.raises(logs.LogError, match=f"{re.escape(path.name)}.*stops {where}"):
            logs.read(path)
        partial = logs.read(path, partial=True)
        assert not partial.complete
        assert len(partial.rounds) == path.read_text().count("<INIT")


def test_round_trip_mjlog_tenhou6_mjai_gives_the_same_state_at_every_event() -> None:
    for path in _files():  # the cut copies too: every round they settle
        game = logs.read(path, partial=True)
        six = logs.read_tenhou6(json.dumps(logs.write_tenhou6(game), ensure_ascii=False))
        again = logs.read_mjai(logs.mjai_text(six).splitlines())
        settled = [r for r in game.rounds if r.events and r.events[-1].kind in ("win",
                                                                                "ryuukyoku")]
        assert len(again.rounds) == len(settled) == len(game.rounds) - ("round-end" in
                                                                         path.name)
        for a, b in zip(settled, again.rounds, strict=True):
            states_a = [(e.kind, s.snapshot()) for e, s in replay(a)]
            states_b = [(e.kind, s.snapshot()) for e, s in replay(b)]
            assert states_a == states_b, f"{path.name} {a.name}"
        # the converted game still checks against the records it carried along
        assert logs.check_game(again).mismatches == []


def test_gzipped_logs_read_like_plain_ones(tmp_path: Path) -> None:
    path = _data() / "pao-tsumo.mjlog"
    packed = tmp_path / "game.mjlog.gz"
    packed.write_bytes(gzip.compress(path.read_bytes()))
    plain, zipped = logs.read(path), logs.read(packed)
    assert [[s.snapshot() for _, s in replay(r)] for r in plain.rounds] == \
        [[s.snapshot() for _, s in replay(r)] for r in zipped.rounds]
    mjai = tmp_path / "game.jsonl.gz"
    mjai.write_bytes(gzip.compress(logs.mjai_text(plain).encode()))
    assert logs.read(mjai).format == "mjai"


def test_bad_files_name_themselves_and_where_they_break(tmp_path: Path) -> None:
    data = (_data() / "pao-tsumo.mjlog").read_bytes()
    cut = tmp_path / "cut.mjlog.gz"
    cut.write_bytes(gzip.compress(data)[:800])
    other = tmp_path / "notes.txt"
    other.write_text("hello")
    lobby = tmp_path / "lobby.mjlog"
    lobby.write_bytes(data.replace(b'type="169"', b'type="4265"'))
    for path, message in ((cut, "corrupt or truncated gzip"), (other, "not a game log"),
                          (lobby, "unknown Tenhou lobby type 4265")):
        with pytest.raises(logs.LogError, match=f"{path.name}: .*{message}"):
            logs.read(path)


def test_malformed_tags_name_the_tag() -> None:
    data = (_data() / "pao-tsumo.mjlog").read_bytes()
    # a draw of tile id 200 (ids are 0..135), a round start without its seed, a call of
    # a seat that is not a number
    for bad, tag in ((re.sub(rb"<T\d+/>", b"<T200/>", data, count=1), "T"),
                     (data.replace(b"<INIT seed=", b"<INIT sed=", 1), "INIT"),
                     (data.replace(b'<N who="', b'<N who="x', 1), "N")):
        with pytest.raises(logs.LogError, match=f"bad.mjlog: a malformed <{tag}> tag"):
            logs.read_bytes(bad, "bad.mjlog")


def test_lobby_type_bits_give_the_rules() -> None:
    # 0xA9: phoenix, east-south, kuitan, red fives; 0x02 no red; 0x04 no kuitan; 0x10 sanma
    assert rules_for_lobby(0xA9) == mjasp.RULES["tenhou"]
    assert rules_for_lobby(0xA9 | 0x02).red_fives == (0, 0, 0)
    assert rules_for_lobby(0xA9 | 0x04).open_tanyao is False
    assert rules_for_lobby(0xB9).name == "tenhou-3p"


def test_decision_rows_match_the_single_hand_api() -> None:
    game = logs.read(_data() / "2020080212gm-00a9-0000-82c7d512.mjlog")
    rows = decision_rows(game)
    discards = [e for r in game.rounds for e in r.events if e.kind == "discard"]
    assert len(rows) == len(discards)
    checked = 0
    for rnd_index, rnd in enumerate(game.rounds):
        for i, (event, state) in enumerate(replay(rnd)):
            if event.kind != "discard":
                continue
            row = next(r for r in rows if r["round"] == rnd_index and r["event"] == i)
            who = event.who
            melds = " ".join(f"[{tiles_text(m.tiles)}]" if m.kind != "ankan"
                             else f"({tiles_text(m.tiles)})" for m in state.melds[who])
            hand = mjasp.Hand.parse(tiles_text(state.hands[who]) + " " + melds)
            # what the player sees besides their own hand and melds
            own = list(state.hands[who]) + [t for m in state.melds[who] for t in m.tiles]
            seen = [t for p in range(4) for t in state.discards[p]] + list(state.dora)
            seen += [t for p in range(4) if p != who for m in state.melds[p] for t in m.tiles]
            for p in range(4):  # a called discard lies in a meld, not also in the river
                for m in state.melds[p]:
                    if m.target >= 0:
                        seen.remove(m.called)
            visible = [KIND[t] for t in seen]
            expected = mjasp.effective_tiles(hand, visible=visible)
            assert row["shanten_after"] == mjasp.shanten(hand)
            assert row["ukeire"] == sum(w.remaining for w in expected), (row, own)
            checked += 1
    assert checked == len(rows) > 400


def _table_rows(directory: Path) -> dict[str, list[dict[str, Any]]]:
    import pyarrow.parquet as pq

    out = {}
    for name in ("decisions", "wins", "rounds"):
        rows = pq.read_table(directory / f"{name}.parquet").to_pylist()
        out[name] = sorted(rows, key=lambda r: json.dumps(r, sort_keys=True))
    return out


def test_cli_check_json_and_exit_codes(tmp_path: Path) -> None:
    runner = CliRunner()
    good = str(_data() / "pao-tsumo.mjlog")
    result = runner.invoke(main, ["logs", "check", good, "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert {k: summary[k] for k in ("games", "rounds", "rounds_agree", "wins", "wins_agree",
                                    "mismatches", "errors")} == {
        "games": 1, "rounds": 5, "rounds_agree": 5, "wins": 5, "wins_agree": 5,
        "mismatches": [], "errors": []}
    cut = next(str(p) for p in _files() if "-no-round-end" in p.name)
    result = runner.invoke(main, ["logs", "check", good, cut, "--json"])
    assert result.exit_code == 2
    summary = json.loads(result.output)
    assert summary["games"] == 2 and "stops inside round S4" in summary["errors"][0]["message"]
    # a wrong score in the record is a disagreement: exit 1, with game, round and event
    wrong = tmp_path / "wrong.mjlog"
    wrong.write_text((_data() / "pao-tsumo.mjlog").read_text().replace(
        'ten="30,12000,1"', 'ten="30,11600,1"'))
    result = runner.invoke(main, ["logs", "check", str(wrong)])
    assert result.exit_code == 1
    assert "wrong.mjlog E1 event 91: seat 0 win: points: log 11600, mjasp 12000" in result.output


def _example() -> Any:
    return load_script(Path(__file__).resolve().parents[2] / "examples" / "logs"
                       / "dask_cluster.py")


def test_cli_table_serial_pool_and_dask_agree(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    pytest.importorskip("dask.distributed")
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for p in _complete()[:3]:
        (corpus / p.name).write_bytes(p.read_bytes())
    runner = CliRunner()
    outputs = {}
    for name, extra in (("serial", []), ("pool", ["--jobs", "2"])):
        result = runner.invoke(main, ["logs", "table", str(corpus), "-o", str(tmp_path / name),
                                      *extra])
        assert result.exit_code == 0, result.output
        outputs[name] = _table_rows(tmp_path / name)
    # the runnable cluster example, on a real local cluster of two worker processes
    assert _example().run_job("-", str(corpus), str(tmp_path / "dask")) == 0
    outputs["dask"] = _table_rows(tmp_path / "dask")
    assert outputs["serial"] == outputs["pool"] == outputs["dask"]
    discards = sum(len(re.findall(r"<[DEFG]\d+/>", p.read_text())) for p in corpus.iterdir())
    assert len(outputs["serial"]["decisions"]) == discards


def test_cli_table_keeps_the_good_files(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    bad = tmp_path / "bad.mjlog"
    bad.write_text("<mjloggm><nothing/></mjloggm>")
    good = str(_data() / "pao-tsumo.mjlog")
    runner = CliRunner()
    result = runner.invoke(main, ["logs", "table", str(bad), good, "-o", str(tmp_path / "t")])
    assert result.exit_code == 2
    assert "bad.mjlog: not a Tenhou mjlog" in result.output
    assert len(_table_rows(tmp_path / "t")["wins"]) == 5
    result = runner.invoke(main, ["logs", "check", str(bad), good, "--on-error", "stop",
                                  "--json"])
    assert json.loads(result.output)["games"] == 0
    result = runner.invoke(main, ["logs", "check", str(tmp_path / "absent.mjlog")])
    assert result.exit_code == 2
    assert "absent.mjlog: cannot read: No such file or directory" in result.output


def test_three_player_lobby_from_mjai_and_through_tenhou6() -> None:
    # lobby 0x19: three players (0x10), east-south, red fives; the dealer wins on the first
    # draw (tenhou, a yakuman): hand-worked, 32000 for a dealer's yakuman tsumo, each of
    # the two others pays 16000 and the absent North's share is lost (Tenhou's tsumo loss)
    events = [
        {"type": "start_game", "names": ["a", "b", "c"], "lobby_type": 0x19, "players": 3},
        {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0,
         "oya": 0, "scores": [35000] * 3, "dora_marker": "9s",
         "tehais": [["1m", "1m", "1m", "1p", "2p", "3p", "4p", "5p", "6p", "7s", "8s", "9s",
                     "E"],
                    ["9m", "9m", "2p", "2p", "3s", "3s", "S", "S", "W", "W", "P", "P", "F"],
                    ["1p", "1p", "7p", "7p", "2s", "2s", "N", "N", "C", "C", "F", "9p", "9p"]]},
        {"type": "tsumo", "actor": 0, "pai": "E"},
        {"type": "hora", "actor": 0, "target": 0, "pai": "E", "deltas": [32000, -16000, -16000]},
        {"type": "end_kyoku"}, {"type": "end_game"}]
    game = logs.read_bytes("\n".join(json.dumps(e) for e in events).encode(), "3p.jsonl")
    assert (game.players, game.rules.name) == (3, "tenhou-3p")
    for g in (game, logs.read_tenhou6(json.dumps(logs.write_tenhou6(game)))):
        checked = logs.check_game(g)
        assert checked.mismatches == [] and checked.wins[0].win.tenhou
        assert checked.wins[0].deltas == (32000, -16000, -16000)


def test_tenhou6_point_strings_as_the_viewer_writes_them() -> None:
    from mjasp.logs.tenhou6 import _read_points

    # ron: the whole gain; non-dealer tsumo "a-b": a from each non-dealer, b from the
    # dealer (4 players: 2a + b, 3 players: a + b); dealer tsumo "a∀": a from every payer
    assert _read_points("30符1000点", 4, False) == (30, 1000)
    assert _read_points("30符500-1000点", 4, False) == (30, 2000)
    assert _read_points("満貫2000-4000点", 3, False) == (None, 6000)
    assert _read_points("40符1300点∀", 4, False) == (40, 3900)
    assert _read_points("役満16000点∀", 3, False) == (None, 32000)


def test_plain_mjai_without_scores_or_reasons_still_settles_every_round() -> None:
    # MJAI as bots and converters write it: no fu, points or yaku on hora, no reason on
    # ryukyoku; the deltas alone are checked, and a draw's kind comes from the wall
    for path in _complete():
        events = [json.loads(line) for line in logs.mjai_text(logs.read(path)).splitlines()]
        for e in events:
            for key in ("reason", "fu", "points", "yaku", "yakuman", "pao", "lobby_type"):
                e.pop(key, None)
        checked = logs.check_game(logs.read_mjai([json.dumps(e) for e in events]))
        assert checked.mismatches == [] and checked.rounds == checked.rounds_agree > 0


def _brute_force_decisions(game: logs.Game) -> list[dict[str, Any]]:
    """The decision columns one decision at a time: every discard tried, and after it
    every draw of the 34 kinds (no pruning), the tiles seen counted from the replayed
    rivers, calls and indicators."""
    import numpy as np

    eye = np.eye(34, dtype=np.uint8)
    out = []
    for index, rnd in enumerate(game.rounds):
        riichi_next = False
        for i, (event, state) in enumerate(replay(rnd)):
            if event.kind == "riichi":
                riichi_next = True
            if event.kind != "discard":
                continue
            who = event.who
            hand = [*state.hands[who], event.tile]
            counts = np.zeros(34, dtype=np.uint8)
            for t in hand:
                counts[KIND[t]] += 1
            seen = np.zeros(34, dtype=int)
            visible = list(state.hands[who]) + list(state.dora)
            visible += [t for p in range(4) for t in state.discards[p]]
            visible += [t for p in range(4) for m in state.melds[p] for t in m.tiles]
            for p in range(4):  # a called discard lies in a meld, not also in the river
                for m in state.melds[p]:
                    if m.target >= 0:
                        visible.remove(m.called)
            for t in visible:
                seen[KIND[t]] += 1
            found = {}
            for k in np.flatnonzero(counts):
                row = counts - eye[k]
                draws = [d for d in range(34) if row[d] < 4]
                s = int(mjasp.shanten_batch(row[None, :])[0])
                after = mjasp.shanten_batch(row[None, :] + eye[draws])
                good = [d for d, a in zip(draws, after, strict=True) if a < s]
                found[int(k)] = (s, sum(max(0, 4 - int(seen[d])) for d in good), good)
            best = min(s for s, _, _ in found.values())
            best_u = max(u for s, u, _ in found.values() if s == best)
            s, u, good = found[KIND[event.tile]]
            out.append({
                "round": index, "round_name": rnd.name, "event": i, "seat": who,
                "hand": tiles_text(hand),
                "melds": " ".join(tiles_text(m.tiles) for m in state.melds[who]),
                "shanten": best, "discard": tiles_text([event.tile]),
                "tsumogiri": event.tsumogiri, "riichi": riichi_next,
                "shanten_after": s, "ukeire": u, "effective": tiles_text(good),
                "best_shanten": best, "best_ukeire": best_u, "kept_shanten": s == best,
                "kept_ukeire": s == best and u == best_u})
            riichi_next = False
    return out


@pytest.mark.slow
def test_decision_table_equals_a_brute_force_on_every_log() -> None:
    # the table's whole-game arrays (pruned draws, grouped candidates, text from counts)
    # against one decision at a time with every draw tried
    for path in _files():
        game = logs.read(path, partial=True)
        rows = [{k: v for k, v in r.items() if k not in ("game", "value_rank")}
                for r in decision_rows(game)]
        assert rows == _brute_force_decisions(game), path.name


def test_decision_table_keeps_hands_apart_when_their_hashes_collide(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the table asks the draws of each distinct hand once, told apart by a hash: with
    # every hash equal, the check of the grouping must catch it and keep every hand
    import numpy as np

    import mjasp.logs.table as table

    game = logs.read(_data() / "double-ron.mjlog")
    monkeypatch.setattr(table, "_HASH", np.zeros(34, dtype=np.int64))
    rows = [{k: v for k, v in r.items() if k not in ("game", "value_rank")}
            for r in decision_rows(game)]
    assert rows == _brute_force_decisions(game)


def test_a_bad_mjai_line_is_named_by_its_number() -> None:
    lines = logs.mjai_text(logs.read(_data() / "pao-tsumo.mjlog")).splitlines()
    # a cut line, and two events on one line (valid JSON once lines are joined by commas)
    for bad, what in (('{"type":"tsumo","actor":0', "not an MJAI event"),
                      (lines[2] + "," + lines[3], "not an MJAI event")):
        broken = [*lines[:2], bad, *lines[3:]]
        with pytest.raises(logs.LogError, match=f"game.jsonl: line 3: {what}"):
            logs.read_mjai(broken, "game.jsonl")
    assert logs.check_game(logs.read_mjai(lines)).mismatches == []
