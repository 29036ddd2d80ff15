"""``mjasp forms`` against a brute force written here: every multiset of m melds (34
triplets, 21 sequences) and one pair whose tiles stay within four copies of each kind."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys

import numpy as np
import pytest
from click.testing import CliRunner

from mjasp.analysis.forms import winning_forms_text
from mjasp.cli.app import main

SUITS = "mpsz"


def meld_types() -> list[tuple[str, tuple[int, int, int]]]:
    """(text, tiles) of every meld: a triplet of each of the 34 kinds, a sequence from
    each of 1..7 of each number suit."""
    melds = [(str(k % 9 + 1) * 3 + SUITS[k // 9], (k, k, k)) for k in range(34)]
    melds += [(f"{n + 1}{n + 2}{n + 3}{SUITS[s]}", (9 * s + n, 9 * s + n + 1, 9 * s + n + 2))
              for s in range(3) for n in range(7)]
    return melds


def pair_text(k: int) -> str:
    return f"{k % 9 + 1}" * 2 + SUITS[k // 9]


def brute_forms(m: int) -> tuple[int, int, set[tuple[str, ...]] | None]:
    """(forms, distinct hands, the forms as sorted block texts when m <= 2)."""
    melds = meld_types()
    picks = list(itertools.combinations_with_replacement(range(len(melds)), m))
    counts = np.zeros((len(picks), 34), dtype=np.int8)
    for row, pick in enumerate(picks):
        for i in pick:
            for t in melds[i][1]:
                counts[row, t] += 1
    forms = 0
    hands: set[bytes] = set()
    texts: set[tuple[str, ...]] | None = set() if m <= 2 else None
    for pair in range(34):
        with_pair = counts.copy()
        with_pair[:, pair] += 2
        ok = with_pair.max(axis=1) <= 4
        forms += int(ok.sum())
        if m <= 3:
            hands.update(r.tobytes() for r in with_pair[ok])
        if texts is not None:
            for row in map(int, np.flatnonzero(ok)):
                texts.add(tuple(sorted([melds[i][0] for i in picks[row]] + [pair_text(pair)])))
    return forms, len(hands) if m <= 3 else -1, texts


@pytest.mark.parametrize("m", [0, 1, 2, 3])
def test_counts_and_distinct_hands_against_brute_force(m: int) -> None:
    forms, hands, _ = brute_forms(m)
    result = CliRunner().invoke(main, ["forms", "--melds", str(m), "--json"])
    assert result.exit_code == 0, result.output
    (row,) = json.loads(result.output)
    assert (row["melds"], row["tiles"], row["forms"], row["hands"]) == (m, 3 * m + 2, forms,
                                                                       hands)


@pytest.mark.slow
def test_four_melds_against_brute_force() -> None:
    forms, _, _ = brute_forms(4)
    result = CliRunner().invoke(main, ["forms", "--melds", "4", "--json"])
    assert json.loads(result.output)[0]["forms"] == forms == 11580567
    # listing equals counting: every line of the listing (what --list --limit 0 prints)
    lines = sum(chunk.count("\n") for chunk in winning_forms_text(4))
    assert lines == forms


@pytest.mark.slow
def test_three_melds_listed_once_each() -> None:
    forms, _, _ = brute_forms(3)
    listed = {" ".join(sorted(line.split())) for chunk in winning_forms_text(3)
              for line in chunk.splitlines()}
    assert len(listed) == forms
    for line in itertools.islice(listed, 0, None, 997):  # a sample checked tile by tile
        blocks = line.split()
        assert len(blocks) == 4 and sum(len(b) - 1 == 2 for b in blocks) == 1


@pytest.mark.parametrize("m", [0, 1, 2])
def test_listing_is_every_form_once(m: int) -> None:
    _, _, texts = brute_forms(m)
    assert texts is not None
    result = CliRunner().invoke(main, ["forms", "--list", "--melds", str(m), "--limit", "0"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    listed = [tuple(sorted(line.split())) for line in lines]
    assert len(listed) == len(set(listed)) == len(texts)
    assert set(listed) == texts


def test_limit_lists_the_first_forms_and_json_lists_the_same() -> None:
    full = CliRunner().invoke(main, ["forms", "--list", "--melds", "1", "--limit", "0"])
    for limit in (1, 7, 1836, 5000):
        part = CliRunner().invoke(main, ["forms", "--list", "--melds", "1", "--limit",
                                         str(limit)])
        assert part.output.splitlines() == full.output.splitlines()[:limit]
        as_json = CliRunner().invoke(main, ["forms", "--list", "--melds", "1", "--limit",
                                            str(limit), "--json"])
        document = json.loads(as_json.output)
        assert [" ".join(b["text"] for b in d["blocks"]) for d in document] == \
            part.output.splitlines()



def test_listing_every_form_as_json_streams() -> None:
    # the 11.6M forms of four melds as one JSON list took about 6 KB each in memory
    # (5.4 GB for the 0.88M of three melds): before the fix the whole list was built
    # first, so under a 1.5 GB address-space limit it died (MemoryError, exit 70) before
    # writing anything; now the forms are written as they are made
    code = ("import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (1536 << 20,) * 2);"
            "from mjasp.cli import main; sys.argv = ['mjasp', 'forms', '--list', '--json',"
            " '--limit', '0', '--melds', '4']; main()")
    process = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE)
    assert process.stdout is not None
    try:
        head = process.stdout.read(200_000)  # past the first thousand forms
    finally:
        process.kill()
        process.wait()
    assert head.startswith(b'[\n  {\n    "'), head[:200]
    assert b'"error"' not in head
