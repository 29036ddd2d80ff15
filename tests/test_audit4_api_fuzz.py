"""Bad input at the public functions and the log readers, by hand and by hypothesis.

A wrong string is a :class:`~mjasp.MjaspError` (a ``HandError``, ``RulesError``, ...), a
wrong type a ``MjaspError`` or a ``TypeError``; never a bare ``ValueError`` from deep
inside, an ``IndexError``, ``KeyError``, ``AttributeError`` or ``ZeroDivisionError``. A
game log cut short or garbled is one ``LogError``. The first tests are the crashes these
properties found, each reduced to its smallest input.
"""

from __future__ import annotations

import copy
import inspect
import itertools
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mjasp
from mjasp.core.errors import MjaspError
from tests.cli.test_audit4_fuzz import (
    HANDS,
    NUMBERS,
    OPTIONS,
    RULES,
    TILES,
    WINDS,
    game_texts,
    garbled,
)
from tests.core.test_fuzz import _EXAMPLES, SETTINGS

H13 = "123m456p789s1123z"

# -- the crashes found, each the smallest input ----------------------------------------


def test_advise_visible_with_256_copies_is_a_hand_error() -> None:
    # was: ValueError "bytes must be in range(0, 256)" from the search's byte counts
    with pytest.raises(mjasp.HandError, match=r"visible tiles: 256 copies of 1m"):
        mjasp.advise(H13, visible="1" * 256 + "m", draws=1)


@pytest.mark.parametrize("visible", [None, 0, ["1m"]])
def test_advise_visible_not_text_is_refused(visible: Any) -> None:
    # was: AttributeError "'NoneType' object has no attribute 'strip'"
    with pytest.raises(MjaspError, match=r"visible must be mpsz text"):
        mjasp.advise(H13, visible=visible, draws=1)


@pytest.mark.parametrize("seat", [[0], 0.0])
@pytest.mark.parametrize("field", [0, 1])
def test_tenhou6_win_by_a_seat_that_is_not_a_number_is_a_log_error(seat: Any,
                                                                   field: int) -> None:
    # a win's [winner, seat won from, ...] with a list or a float for a seat (was:
    # TypeError "unhashable type" in the reader's check, or a float indexing the seats)
    import mjasp.logs as logs

    doc = json.loads(game_texts()["tenhou6"])
    win = next(row[-1] for row in doc["log"] if row[-1][0] == "和了")
    win[2][field] = seat
    with pytest.raises(logs.LogError, match=r"round \d+: win .* are seat numbers"):
        logs.check_game(logs.read_bytes(json.dumps(doc).encode(), "x.json"))


@pytest.mark.parametrize(("field", "value"), [("yaku", "x"), ("yaku", [[1]]),
                                              ("yakuman", ["a", 1])])
def test_mjai_win_with_yaku_not_whole_numbers_is_a_log_error(field: str, value: Any) -> None:
    # a hora's yaku are [id, han] pairs and its yakuman ids (was: ValueError "not enough
    # values to unpack", TypeError comparing a text with a number, in the check)
    import mjasp.logs as logs

    lines = game_texts()["mjai"].decode().splitlines()
    at = next(n for n, line in enumerate(lines) if '"hora"' in line)
    event = json.loads(lines[at])
    event[field] = value
    lines[at] = json.dumps(event)
    # a field of the wrong shape is not an event; a text where an id belongs is named
    with pytest.raises(logs.LogError, match=rf"line {at + 1}: (not an MJAI event"
                                            rf"|{field}: 'a' is not a whole number)"):
        logs.check_game(logs.read_bytes("\n".join(lines).encode(), "x.mjson"))


# -- properties: game logs ---------------------------------------------------------------


def read_and_check(data: bytes) -> None:
    import mjasp.logs as logs

    try:
        logs.check_game(logs.read_bytes(data, "x"))
    except logs.LogError as error:
        assert "\n" not in str(error) and str(error)


@settings(SETTINGS, max_examples=int(_EXAMPLES or 60))
@given(log=garbled())
def test_a_garbled_log_reads_or_is_one_log_error(log: tuple[str, bytes]) -> None:
    read_and_check(log[1])


#: What a hand-edited or foreign log puts where a number, a list or a text belongs.
WRONG: list[Any] = [None, -1, 10**20, "x", [], {}, [1], 1.5, 1.0, True, "", [[]], 99, "0z"]


def leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON document, as the keys and indexes that reach it."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from leaves(item, (*path, index))
    if path:
        yield path


@settings(SETTINGS, max_examples=int(_EXAMPLES or 80))
@given(data=st.data())
def test_a_tenhou6_field_of_the_wrong_type_is_one_log_error(data: st.DataObject) -> None:
    doc = json.loads(game_texts()["tenhou6"])
    for _ in range(data.draw(st.integers(1, 2))):
        *to, last = data.draw(st.sampled_from(list(leaves(doc))))
        place = doc
        for key in to:
            place = place[key]
        place[last] = copy.deepcopy(data.draw(st.sampled_from(WRONG)))
    read_and_check(json.dumps(doc).encode())


@settings(SETTINGS, max_examples=int(_EXAMPLES or 80))
@given(data=st.data())
def test_an_mjai_field_of_the_wrong_type_is_one_log_error(data: st.DataObject) -> None:
    lines = game_texts()["mjai"].decode().splitlines()
    at = data.draw(st.integers(0, len(lines) - 1))
    event = json.loads(lines[at])
    key = data.draw(st.sampled_from(sorted(event)))
    if data.draw(st.booleans()):
        event[key] = data.draw(st.sampled_from(WRONG))
    else:
        del event[key]
    lines[at] = json.dumps(event)
    read_and_check("\n".join(lines).encode())


# -- properties: the public functions --------------------------------------------------

#: Wrong text of every kind the notation and the options meet.
TEXT = sorted(set(HANDS + TILES + NUMBERS + OPTIONS + RULES + WINDS))
#: Values of a wrong type.
WRONG_TYPES = [None, 0, -1, 1.5, float("nan"), [], {}, ["1m"], b"1m", True, object()]
#: A sound value for each required argument, by name.
SOUND = {"hand": "123m456p789s11222z", "tile": "1m", "m": 3, "tiles": 3, "n": 2,
         "count": 2, "name": "tenhou", "win": mjasp.Win(tile="2z"), "kind": 0}
#: Counts that ask for real work: a wrong value of theirs is kept small (10**20 hands is
#: a request, not bad input).
SIZED = {"count_forms", "count_hands", "sample_hands", "sample_counts", "random_winning_hands",
         "enumerate_hands", "suit_hands", "winning_forms", "shanten_distribution"}


def public_functions() -> dict[str, Callable[..., Any]]:
    found = {name: getattr(mjasp, name) for name in mjasp.__all__
             if inspect.isfunction(getattr(mjasp, name))}
    found.update({"Hand.parse": mjasp.Hand.parse, "Win": mjasp.Win})
    return found


@st.composite
def one_wrong_argument(draw: st.DrawFn,
                       function: Callable[..., Any]) -> tuple[list[Any], dict[str, Any]]:
    """The required arguments sound and one argument (any) wrong: text or a wrong type."""
    params = [p for p in inspect.signature(function).parameters.values()
              if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD) and p.name != "progress"]
    wrong = draw(st.sampled_from(params))
    value = draw(st.one_of(st.sampled_from(TEXT), st.sampled_from(WRONG_TYPES)))
    args: list[Any] = []
    kwargs: dict[str, Any] = {"draws": 1} if function is mjasp.advise else {}
    for param in params:
        given_value = value if param is wrong else SOUND.get(param.name, "123m456p789s11222z")
        if param is not wrong and param.default is not param.empty:
            continue
        if param.kind == param.KEYWORD_ONLY or param.default is not param.empty:
            kwargs[param.name] = given_value
        else:
            args.append(given_value)
    return args, kwargs


@pytest.mark.parametrize("name", sorted(public_functions()))
def test_a_wrong_argument_is_a_mjasp_error_or_a_type_error(name: str) -> None:
    function = public_functions()[name]

    @settings(SETTINGS, max_examples=int(_EXAMPLES or 40))
    @given(call=one_wrong_argument(function))
    def property_(call: tuple[list[Any], dict[str, Any]]) -> None:
        args, kwargs = call
        if name in SIZED:
            sizes = [v for v in [*args, *kwargs.values()]
                     if type(v) is int and not 0 <= v <= 14]
            if sizes or name == "shanten_distribution":
                return  # seconds to hours of valid work
        if name == "advise" and type(kwargs.get("draws")) is int and kwargs["draws"] > 3:
            return
        try:
            result = function(*args, **kwargs)
            if isinstance(result, Iterator):
                for _ in itertools.islice(result, 20):
                    pass
        except (MjaspError, TypeError):
            pass  # (any other exception fails the test, with the call that raised it)

    property_()
