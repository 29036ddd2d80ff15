"""``_dp.distinct_rows``, which ``Model.solve`` takes the distinct wins from: the distinct
rows in byte order and each row's number among them, checked against a brute force
(Python's sort of the rows as bytes, a dict of their numbers) and against numpy's unique
of the rows viewed as void (the path without ``_dp``); and ``advise`` gives the same
floats with ``_dp`` as without it (numpy's unique, build and turns)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from mjasp.advice import advise, graph

needs_dp = pytest.mark.skipif(graph._dp is None, reason="_dp is not compiled")


def brute(rows: bytes, width: int) -> tuple[bytes, list[int]]:
    keys = [rows[i:i + width] for i in range(0, len(rows), width)]
    distinct = sorted(set(keys))
    number = {key: i for i, key in enumerate(distinct)}
    return b"".join(distinct), [number[key] for key in keys]


@needs_dp
@pytest.mark.parametrize("seed", range(40))
def test_distinct_rows_against_brute_force_and_numpy(seed: int) -> None:
    assert graph._dp is not None
    rng = random.Random(seed)
    width = rng.choice([1, 2, 5, 38])
    pool = [bytes(rng.randrange(3) for _ in range(width)) for _ in range(rng.randrange(1, 12))]
    rows = b"".join(rng.choice(pool) for _ in range(rng.randrange(0, 60)))
    got, at = graph._dp.distinct_rows(rows, width)
    inverse = np.frombuffer(at, dtype=np.int64).tolist()
    assert (got, inverse) == brute(rows, width)
    if rows:
        arr = np.frombuffer(rows, dtype=np.uint8).reshape(-1, width)
        first, numbers = np.unique(arr.view(f"V{width}").ravel(), return_index=True,
                                   return_inverse=True)[1:]
        assert got == arr[first].tobytes()
        assert inverse == numbers.ravel().tolist()


@needs_dp
def test_distinct_rows_refuses_a_ragged_buffer() -> None:
    assert graph._dp is not None
    with pytest.raises(ValueError, match="width"):
        graph._dp.distinct_rows(b"abc", 2)
    with pytest.raises(ValueError, match="width"):
        graph._dp.distinct_rows(b"ab", 0)


@needs_dp
@pytest.mark.parametrize("hand, options", [
    ("23406m456p11s777z", {"draws": 6, "dora_indicators": "4m"}),
    ("1256m34788p2378s5z", {"draws": 5, "dora_indicators": "1z", "riichi": "always"}),
    ("2368m456p77s1z [789s]", {"draws": 6}),
])
def test_advise_same_floats_without_distinct_rows(hand: str, options: dict[str, object],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    with_dp = advise(hand, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(graph, "_dp", None)
    without = advise(hand, **options)  # type: ignore[arg-type]
    assert repr(with_dp) == repr(without)
