"""``Win``'s own ``__init__`` (its fields set through a mutable twin class, or by the compiled
kernel's ``win_fill``) takes and keeps exactly what the dataclass declares, as the
generated ``__init__`` of the same fields would."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
import random

import pytest

from mjasp.core import win as win_module
from mjasp.core.win import Win, WinError

FIELDS = dataclasses.fields(Win)
#: The same fields in a plain frozen dataclass: its generated __init__ is the reference.
Reference = dataclasses.make_dataclass(
    "Reference", [(f.name, f.type, dataclasses.field(default=f.default))
                  if f.default is not dataclasses.MISSING else (f.name, f.type)
                  for f in FIELDS], frozen=True, slots=True)


def test_the_signature_is_the_fields_in_order_with_their_defaults() -> None:
    parameters = list(inspect.signature(Win).parameters.values())
    assert [(p.name, p.default) for p in parameters] == [
        (f.name, inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default)
        for f in FIELDS]
    assert all(p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD for p in parameters)


def test_the_twin_class_has_the_same_slots() -> None:
    assert vars(win_module._WinDraft)["__slots__"] == Win.__slots__ == tuple(
        f.name for f in FIELDS)


def _situations(n: int) -> list[dict[str, object]]:
    """Seeded keyword arguments of valid situations, the flags that need each other
    drawn together."""
    rng = random.Random(7)
    tiles = ["1m", "5m", "0p", "9s", "7z", "4z"]
    found = []
    for _ in range(n):
        tsumo = rng.random() < 0.5
        riichi = rng.choice([0, 0, 1, 2])
        dora = tuple(rng.choice(tiles) for _ in range(rng.randint(0, 3)))
        kw: dict[str, object] = {
            "tile": rng.choice(tiles), "tsumo": tsumo, "seat_wind": rng.choice("ESWN"),
            "round_wind": rng.choice("ESWN"), "dora_indicators": dora, "riichi": riichi,
            "honba": rng.randint(0, 5), "riichi_sticks": rng.randint(0, 3),
            "north_dora": rng.randint(0, 4)}
        if riichi and dora:
            # none given, or one under each dora indicator
            ura = dora if rng.random() < 0.7 else ()
            kw["ura_indicators"] = ura
            kw["ippatsu"] = rng.random() < 0.3
            if riichi == 2 and kw["ippatsu"]:
                # no kan between the first go-around and the win: one indicator at most
                kw["dora_indicators"] = dora[:1]
                kw["ura_indicators"] = ura[:1]
        if tsumo:
            kw["haitei"] = rng.random() < 0.2
        else:
            kw["houtei"] = rng.random() < 0.2
        if kw.get("ippatsu"):  # riichi leaves a draw before the last tile
            kw["houtei"] = False
            if riichi == 2:  # the first go-around is not the last tile
                kw["haitei"] = False
        kw["liable"] = rng.choice([None, *(w for w in "ESWN" if w != kw["seat_wind"])])
        found.append(kw)
    return found


def test_every_field_holds_what_the_generated_init_would_hold(kernel_path: str) -> None:
    for kw in _situations(300):
        made, reference = Win(**kw), Reference(**kw)  # type: ignore[arg-type]
        assert dataclasses.astuple(made) == dataclasses.astuple(reference)
        # positional arguments too, in field order
        assert Win(*dataclasses.astuple(reference)) == made
        assert type(made) is Win


def test_a_built_win_is_frozen_hashable_and_copies() -> None:
    made = Win("8s", tsumo=True, seat_wind="W", dora_indicators=("7m",))
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.tile = "1m"  # type: ignore[misc]
    same = Win("8s", True, "W", "E", ("7m",))
    assert made == same and hash(made) == hash(same)
    assert pickle.loads(pickle.dumps(made)) == made
    assert copy.copy(made) == made and copy.deepcopy(made) == made
    assert dataclasses.replace(made, riichi=1).riichi == 1


def test_a_subclass_is_built_field_by_field() -> None:
    class Named(Win):
        pass

    made = Named("1m", riichi=1)
    assert type(made) is Named and made.riichi == 1 and made == Named("1m", riichi=1)
    with pytest.raises(WinError, match="ippatsu needs riichi"):
        Named("1m", ippatsu=True)


def test_unusual_values_are_converted_or_named(kernel_path: str) -> None:
    # the forms _normalise settles, and the first conflict named
    made = Win(" 8s ", seat_wind="w", dora_indicators=["7m"])  # type: ignore[arg-type]
    assert (made.tile, made.seat_wind, made.dora_indicators) == ("8s", "W", ("7m",))
    with pytest.raises(WinError, match="riichi must be 0, 1 or 2"):
        Win("1m", riichi=3)
    with pytest.raises(WinError, match="haitei needs tsumo"):
        Win("1m", haitei=True, houtei=True)


def _odd_arguments() -> list[tuple[object, ...]]:
    """Field values in __init__'s order, each list of them one field away from a usual
    situation: the values ``_normalise`` converts or refuses, and the limits."""
    usual = [dataclasses.astuple(Reference(**kw)) for kw in _situations(50)]
    base = list(usual[0])
    odd: dict[int, list[object]] = {
        0: [" 8s ", "8S", "1x", None, 5, ["1m"], "0m", "5z"],
        1: [1, 0, None, "True"],
        2: ["s", "N", "X", ["E"], None],
        3: ["e", "W", {"E"}],
        4: [["7m"], ("7m",) * 5, ("7m",) * 6, ("7x",), (["7m"],), "7m", ()],
        5: [["1m"], ("1m", "0p"), ({"1m"},)],
        6: [0, 2, 3, -1, True, 1.0, 2 ** 70],
        7: [1, True], 13: [0, False],
        14: [0, -1, 2 ** 70, -(2 ** 70), 1.5, False],
        15: [7, -3, 2 ** 64],
        17: [0, 4, 5, -1, True],
        18: [None, "S", "s", "X", []],
        19: [True, 1],
    }
    found = [tuple(row) for row in usual]
    for at, values in odd.items():
        for value in values:
            row = list(base)
            row[at] = value
            found.append(tuple(row))
    return found


def test_the_compiled_fill_stores_and_answers_as_the_python_one() -> None:
    from mjasp.solvers import kernel

    if not kernel.COMPILED:  # (built and switched on: MJASP_PURE_PYTHON runs Python only)
        pytest.skip("the compiled kernel is off")
    fill = kernel._compiled.win_fill  # type: ignore[union-attr]
    names = [f.name for f in FIELDS]
    usual = 0
    for row in _odd_arguments():
        made, python = object.__new__(Win), object.__new__(Win)
        answer = fill(made, *row)
        assert answer is win_module._fill(python, *row), row  # type: ignore[arg-type]
        assert [getattr(made, n) for n in names] == [getattr(python, n) for n in names]
        assert type(made) is Win is type(python)
        usual += answer
    assert 50 <= usual < len(_odd_arguments())  # both answers were asked
    with pytest.raises(TypeError):
        fill(object.__new__(Win), "1m")  # too few fields
