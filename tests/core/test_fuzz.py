"""Property tests (hypothesis): random bytes, text, numbers and files never make mjasp
crash. Every CLI command ends with exit 0, or exit 2 (bad input) / 3 (a limit) and
exactly one line: ``mjasp: error: ...`` on stderr, or one JSON ``{"error": ...}`` line on
stdout under ``--json``; never a traceback, clingo's ``PANIC``, or a hang past the time
limit. Every public function returns, or raises ``MjaspError`` / ``ValueError``.

Deterministic (``derandomize``) and bounded, so CI runs it in well under a minute; inputs
that would ask for minutes of real work (``stats --tiles 14``, ``generate -n 10**20``)
are left out, not their bad neighbours.
"""

from __future__ import annotations

import dataclasses
import inspect
import itertools
import json
import os
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import click
import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import mjasp
from mjasp.cli import main
from mjasp.cli.app import ERROR_TYPES
from mjasp.core.errors import MjaspError

#: MJASP_FUZZ_EXAMPLES=2000 for a longer, random (not derandomized) hunt by hand.
_EXAMPLES = os.environ.get("MJASP_FUZZ_EXAMPLES")
SETTINGS = settings(max_examples=int(_EXAMPLES or 120), deadline=None,
                    derandomize=_EXAMPLES is None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

#: Words a user might type, right or wrong: hands, tiles, numbers, option values.
WORDS = ["", " ", "-", "--", "--json", "-1", "0", "1", "2", "3", "5", "13", "14", "15", "136",
         "1.5", "nan", "inf", "1e309", "18446744073709551616", "-18446744073709551617",
         "99999999999999999999999", "0x10", "²m", "１m", "5m", "0z", "8z", "9m", "0m", "x",
         "123m456p789s1122z", "11122233344455m", "1112345678999m", "19m19p19s1234567z",
         "123m [789s]", "(1111z)", "[123m", "11111m", "1" * 300 + "m", "123m456p789s1122x",
         "standard", "sanma", "3p", "chiitoitsu-quad", "asp", "dp", "fast", "table", "cpsat",
         "brute", "backtrack-1", "inverse", "kokushi", "all", "ids", "json", "mpsz", "3", "4",
         "a=1", "most=2", 'name="x"', "\x00", "\u202e", "\ufffd"]

#: ASP text pieces for random files: hand facts, variants, broken syntax.
ASP = ['hand("11122233344455m").', 'hand("123m").', 'count("1m",3).', 'count("0p",1).',
       'meld(chi,"123m").', 'meld(ankan,"1111z").', "hand(1,2).", ":- block(seq,_,_).",
       ":~ form(standard). [1@1]", "#minimize{1,K:block(seq,K,_)}.", "block(foo,1,1).",
       "form(bar).", "block(seq,1,a).", "absent(1..7).", "disabled(chiitoitsu).",
       "pairs_of(4,2).", "hold(0,3).", "p(X) :- q.", "x(.", "#const most=2.", "{ c(1..12) }.",
       "#include \"missing.lp\".", "#show.", "a :- not a.", "n(1..1000)."]

#: Options whose valid values ask for long real work: (command, option) -> the largest
#: value a property test may send (bigger valid values are left out, bad ones are not).
HEAVY = {("stats", "tiles"): 8, ("generate", "count"): 2000, ("verify", "n_hands"): 20,
         ("verify", "sample"): 20, ("count", "tiles"): 136}

#: Put before the random options (which may override them): small defaults for the
#: commands whose defaults take seconds.
PREFIX = {"stats": ["--tiles", "4"], "verify": ["--hands", "20"]}
#: Appended to each command line (the last value of an option wins): no exhaustive suit
#: check in verify, no 4-meld count or 11.6M-form listing in forms, a short time limit.
SUFFIX = {"verify": ["--no-suits"], "forms": ["--melds", "1"], "solve": ["--time-limit", "5"],
          "score": ["--time-limit", "5"]}

#: Wall time a command may take in these tests (solve: its time limit plus start-up).
LIMIT_S = 20.0


#: Commands that run until stopped (a server): their bad input is tested where they live.
UNTIL_STOPPED = {"serve"}


def commands() -> dict[str, click.Command]:
    ctx = click.Context(main)
    found = {name: main.get_command(ctx, name) for name in main.list_commands(ctx)
             if name not in UNTIL_STOPPED}
    return {name: command for name, command in found.items() if command is not None}


def file_contents() -> st.SearchStrategy[bytes]:
    """Random file contents: ASP-like text, any text, any bytes, a BOM in front."""
    asp = st.lists(st.sampled_from(ASP), max_size=6).map(lambda parts: "\n".join(parts))
    text = st.one_of(asp, st.text(max_size=80), st.sampled_from(WORDS)).map(
        lambda t: t.encode("utf-8", "surrogatepass"))
    raw = st.binary(max_size=120)
    return st.one_of(text, raw, text.map(lambda b: b"\xef\xbb\xbf" + b),
                     text.map(lambda b: b + b"\xe9\xff"))


@st.composite
def command_lines(draw: st.DrawFn, folder: Path) -> list[str]:
    """A command name and random options and arguments for it (files written in folder)."""
    table = commands()
    name = draw(st.sampled_from(sorted(table)))
    words = st.one_of(st.sampled_from(WORDS), st.text(max_size=20),
                      st.integers(-(10 ** 22), 10 ** 22).map(str))
    args = [name, *PREFIX.get(name, [])]
    for param in draw(st.permutations(table[name].params)):
        if not draw(st.integers(0, 2)):
            continue
        if isinstance(param, click.Argument):
            n = draw(st.integers(0, 2)) if param.nargs == -1 else 1
            for _ in range(n):
                if name == "solve" and draw(st.booleans()):
                    path = folder / f"f{len(list(folder.iterdir()))}.lp"
                    path.write_bytes(draw(file_contents()))
                    args.append(str(path))
                else:
                    args.append(draw(words))
            continue
        assert isinstance(param, click.Option)
        args.append(draw(st.sampled_from(param.opts + param.secondary_opts)))
        if not param.is_flag:
            value = draw(words)
            heavy = HEAVY.get((name, param.name or ""))
            if heavy is not None and value.lstrip("-").isdigit() and value.isascii():
                assume(int(value) <= heavy)
            args.append(value)
    return args + SUFFIX.get(name, [])


def check_outcome(args: list[str], result: Any, seconds: float) -> None:
    """The promises every command line keeps, whatever it was given."""
    text = result.stdout + result.stderr
    assert "Traceback" not in text and "PANIC" not in text, (args, text)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        args, repr(result.exception))
    assert result.exit_code in (0, 2, 3), (args, result.exit_code, text)
    assert seconds < LIMIT_S, (args, seconds)
    if result.exit_code == 0:
        return
    if "--json" in args[:args.index("--")] if "--" in args else "--json" in args:
        assert result.stderr == "" and len(result.stdout.splitlines()) == 1, (args, text)
        error = json.loads(result.stdout)["error"]
        assert set(error) == {"type", "message", "position"}
        assert error["type"] in ERROR_TYPES, (args, error)  # mjasp's own closed set
    else:
        assert result.stdout == "", (args, text)
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("mjasp: error: "), (args, text)


@SETTINGS
@given(data=st.data())
def test_every_command_survives_random_input(data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        args = data.draw(command_lines(Path(scratch)))
        start = time.monotonic()
        result = CliRunner().invoke(main, args)
        check_outcome(args, result, time.monotonic() - start)


@SETTINGS
@given(args=st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=12)), max_size=4))
def test_random_words_as_a_command_line(args: list[str]) -> None:
    start = time.monotonic()
    assume(not args or args[0] not in commands())  # the other test drives real commands
    result = CliRunner().invoke(main, args)
    check_outcome(args, result, time.monotonic() - start)


# -- the public functions -----------------------------------------------------------------

#: What a caller might pass: text, numbers, None, bytes, lists, arrays, wrong objects.
VALUES = st.one_of(
    st.sampled_from(WORDS), st.text(max_size=20), st.integers(-40, 40),
    st.sampled_from([2**63, -(2**63), 10**30, 1.5, -0.5, float("nan"), float("inf"), 1e300,
                     1j, None, True, b"123m", b"\x00" * 34, (), [], {}, object(),
                     [1] * 34, [4] * 34, [1.5] * 9 + [0] * 25, list(range(136)),
                     np.zeros(34, dtype=np.int64), np.ones((2, 34), dtype=np.uint8),
                     np.full(34, 1.9), np.array([[1.9] * 13 + [0] * 21]), np.zeros(3)]),
    st.lists(st.integers(-2, 140), max_size=40))

#: Public callables and the argument positions that are a count of things to make
#: (huge valid counts are a request for hours of work, not bad input).
SIZES: dict[str, tuple[int, ...]] = {"random_winning_hands": (0,), "sample_hands": (0,),
                                     "sample_counts": (0,), "shanten_distribution": (0,),
                                     "count_forms": (0,), "count_hands": (0,)}


def public_callables() -> dict[str, Callable[..., Any]]:
    """Every function of ``mjasp.__all__`` and the constructors a user calls on input
    (``Hand.parse`` and friends, ``Hand``, ``Meld``, ``Rules``); result types are left out."""
    found: dict[str, Callable[..., Any]] = {}
    for name in mjasp.__all__:
        obj = getattr(mjasp, name)
        if inspect.isfunction(obj):
            found[name] = obj
    for cls in (mjasp.Hand, mjasp.Meld):
        for method in ("parse", "from_counts", "from_ids"):
            if hasattr(cls, method):
                found[f"{cls.__name__}.{method}"] = getattr(cls, method)
    constructors: tuple[type, ...] = (mjasp.Hand, mjasp.Meld, mjasp.Rules)
    for constructor in constructors:
        found[constructor.__name__] = constructor
    return found


#: Calls that still raise TypeError/AttributeError on a wrong *type* of argument (strict
#: constructors and argument checks are done elsewhere); remove names as they are checked.
#: Any other exception fails for every name.
TYPE_CHECKS_PENDING = {
    "Hand", "Hand.from_counts", "Hand.from_ids", "decompose",
    "discards", "effective_tiles", "enumerate_hands", "find_rules", "is_winning", "kan_check",
    "random_winning_hands", "sample_counts", "sample_hands", "shanten", "shanten_batch",
    "shanten_distribution", "shanten_forms", "tile_kind", "waits"}


def consume(value: Any) -> None:
    """Iterate a returned generator a little: its errors come when it is read."""
    if isinstance(value, Iterator):
        for _ in itertools.islice(value, 50):
            pass


@st.composite
def calls(draw: st.DrawFn, function: Callable[..., Any]) -> tuple[list[Any], dict[str, Any]]:
    """Random values for every required parameter, and for some optional ones."""
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    for parameter in inspect.signature(function).parameters.values():
        if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD) or \
                parameter.name == "progress":
            continue
        required = parameter.default is parameter.empty
        if not required and not draw(st.booleans()):
            continue
        if required and parameter.kind != parameter.KEYWORD_ONLY:
            args.append(draw(VALUES))
        else:
            kwargs[parameter.name] = draw(VALUES)
    return args, kwargs


@pytest.mark.parametrize("name", sorted(public_callables()))
def test_public_functions_refuse_bad_input_cleanly(name: str) -> None:
    function = public_callables()[name]

    @SETTINGS
    @given(call=calls(function))
    def property_(call: tuple[list[Any], dict[str, Any]]) -> None:
        args, kwargs = call
        for position in SIZES.get(name, ()):
            if position < len(args) and isinstance(args[position], int):
                assume(abs(args[position]) <= 40)  # 10**30 hands: a request, not an error
        if name == "shanten_distribution":
            assume(not (isinstance(args[0], int) and 9 <= args[0] <= 14))  # seconds each
        start = time.monotonic()
        try:
            consume(function(*args, **kwargs))
        except (MjaspError, ValueError):
            pass
        except (TypeError, AttributeError):
            # a wrong *type*: still let through where the strict checks are pending
            if name not in TYPE_CHECKS_PENDING:
                raise
        assert time.monotonic() - start < LIMIT_S

    property_()


# -- win files and Win(...) -------------------------------------------------------------

#: Situation facts a user may write, right or wrong: duplicates come from drawing twice.
FACT_WORDS = ['win_tile("2m").', 'win_tile("3m").', "tsumo.", "tsumo(1).", "seat_wind(s).",
              "seat_wind(e).", "seat_wind(x).", "round_wind(w).", 'dora_indicator("4p").',
              'dora_indicator("1m",2).', 'dora_indicator("7s",0).', 'ura_indicator("1m").',
              "riichi(1).", "riichi(2).", "riichi(3).", "ippatsu.", "haitei.", "houtei.",
              "rinshan.", "chankan.", "honba(-1).", "honba(2).", "honba(99999999999).",
              "riichi_sticks(4294967297).", "riichi_sticks(1).", "north_dora(1).",
              "liable(e).", "renhou.", "double_riichi.", 'dora("7s").', "seat(s).",
              "seat(28).", "dealer.", "riichi(1) :- tiles_of(2).",
              'custom_yaku(riichi,"R","立直",yaku). found(riichi,1) :- tiles_of(0).',
              'custom_yaku(mine,"Mine","私",yaku). found(mine,1) :- tiles_of(1).',
              "found(tanyao,1) :- tiles_of(2).", "yaku(8,1).", "x(-2147483649)."]
WIN_HAND = 'hand("234m567p234678s55m").'
FILE_SETTINGS = settings(SETTINGS, max_examples=int(_EXAMPLES or 25))


@FILE_SETTINGS
@given(facts=st.lists(st.sampled_from(FACT_WORDS), max_size=5))
def test_win_files_give_a_clean_error_or_the_score_of_the_flags(facts: list[str]) -> None:
    from mjasp.core.errors import MjaspError
    from mjasp.scoring.api import score, score_files

    text = " ".join([WIN_HAND, 'win_tile("2m").', *facts])
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "win.lp"
        path.write_text(text)
        try:
            hand, win, found, rules = score_files([str(path)])
        except MjaspError as error:
            assert "\n" not in str(error) and str(error)
            return
    # the facts were taken: the same situation as a Win scores the same on both engines
    from mjasp.core.yaku import CustomYaku

    if found and not any(isinstance(i.yaku, CustomYaku) for i in found[0].yaku):
        for solver in ("direct", "asp"):
            assert score(hand, win, rules=rules, solver=solver).points == found[0].points


#: Values of every type a user might pass to a field of Win.
ANY_VALUE = st.one_of(st.booleans(), st.integers(-2**70, 2**70), st.floats(), st.none(),
                      st.text(max_size=4), st.sampled_from(["E", "s", "7m", "0p", " 5m", "x",
                                                            "True", "False", "1"]),
                      st.lists(st.sampled_from(["7m", "1z", 7, "0p", "x"]), max_size=6),
                      st.tuples(st.sampled_from(["7m", "3p"])))
WIN_FIELDS = [f.name for f in dataclasses.fields(mjasp.Win)]


@SETTINGS
@given(values=st.dictionaries(st.sampled_from(WIN_FIELDS), ANY_VALUE, max_size=3))
def test_win_takes_its_documented_types_or_refuses(values: dict[str, Any]) -> None:
    from mjasp.core.win import FLAGS, WINDS

    values.setdefault("tile", "8s")
    try:
        win = mjasp.Win(**values)
    except (ValueError, TypeError) as error:
        assert "\n" not in str(error)
        return
    for name in FLAGS:
        assert type(getattr(win, name)) is bool, name
    for name in ("riichi", "honba", "riichi_sticks", "north_dora"):
        assert type(getattr(win, name)) is int and getattr(win, name) >= 0, name
    for name in ("dora_indicators", "ura_indicators"):
        shown = getattr(win, name)
        assert type(shown) is tuple and all(type(t) is str for t in shown), name
    assert win.seat_wind in WINDS and win.round_wind in WINDS
    assert win.liable is None or win.liable in WINDS
    # a Win taken is one the scorer can use: hashable, equal to itself rebuilt
    assert hash(win) == hash(mjasp.Win(**{f: getattr(win, f) for f in WIN_FIELDS}))
