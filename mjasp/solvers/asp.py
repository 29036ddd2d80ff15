"""Decomposition as an answer set program: clingo enumerates every reading of a hand.

The encodings live in ``encodings/`` (shipped as ``mjasp.encodings``): ``engine.lp`` is
``decompose.lp`` with the hand's counts ``hold(K,N)`` and declared melds ``called(M,K)``
as externals. :class:`HandProgram` grounds it once and then answers each hand with one
solve call under assumptions (one ``hold`` literal per kind), so a hand costs a solve,
not a fresh ground. One answer set is one reading (see ``standard.lp``).

>>> for reading in decompose_hand(Hand.parse("11122233344455m")):
...     print(reading)
123m 123m 123m 444m 55m
111m 234m 234m 234m 55m
111m 234m 345m 345m 22m
111m 222m 333m 444m 55m
>>> suit_readings((1, 1, 1, 0, 0, 0, 0, 0, 0), False)
[(Block.parse('123m'),)]
"""

from __future__ import annotations

import functools
import importlib.resources
import re
import threading
from collections.abc import Iterable, Sequence

import clingo

from mjasp.core.blocks import Block, BlockKind, Decomposition, Form, sorted_readings
from mjasp.core.errors import EncodingError, HandError
from mjasp.core.facts import SHAPES
from mjasp.core.hand import Hand, Meld
from mjasp.core.tiles import NUM_KINDS
from mjasp.rules import RULES, Rules, find_rules
from mjasp.solvers.base import SuitReading, shift

#: The encodings package (``encodings/`` in the source tree).
ENCODINGS = importlib.resources.files("mjasp") / "encodings"

#: Block types as the encoding names them (``block(B,K,M)`` of show.lp).
BLOCK_KINDS = {"seq": BlockKind.SEQUENCE, "trip": BlockKind.TRIPLET, "quad": BlockKind.QUAD,
               "pair": BlockKind.PAIR, "single": BlockKind.SINGLE}

#: Forms as the encoding names them (``form/1`` of winning.lp).
FORM_NAMES = tuple(f.value for f in Form)

#: The inputs mjasp sets from the hand facts, and the hand fact to write instead.
INPUTS = {("hold", 2): 'count("1m",3)', ("called", 2): 'meld(chi,"789s")'}

#: Where a suit's counts are placed to be solved alone: 1m-9m for numbers, 1z-7z for honors.
SPACE_BASE = {False: 0, True: 27}

#: Rules under which only the standard form is read (per-suit tables).
STANDARD_ONLY = RULES["standard-form"]


def encoding(name: str) -> str:
    """The file system path of a shipped encoding, e.g. ``encoding("decompose.lp")``."""
    return str(ENCODINGS / name)


def rule_facts(rules: Rules) -> str:
    """The facts that put a rule preset into the encoding (see tiles.lp, winning.lp ...).

    >>> rule_facts(find_rules("sanma"))
    'absent(1). absent(2). absent(3). absent(4). absent(5). absent(6). absent(7).'
    """
    facts = [f"absent({k})." for k in rules.removed_kinds]
    facts += [f"disabled({f.value})." for f in Form if f not in rules.forms]
    if rules.chiitoitsu_quad:
        facts.append("pairs_of(4,2).")  # four of a kind is two pairs of seven pairs
    return " ".join(facts)


class ClingoLog:
    """Collects clingo's messages so that a failed parse or ground becomes one line."""

    def __init__(self) -> None:
        self.messages: list[str] = []

    def __call__(self, code: clingo.MessageCode, message: str) -> None:
        self.messages.append(message)

    def error(self, fallback: str) -> EncodingError:
        """An ``EncodingError`` ``file:line: message`` from the first error clingo logged."""
        errors = [m for m in self.messages if ": error:" in m] or self.messages
        return EncodingError(one_line(errors[0]) if errors else fallback)


def one_line(message: str) -> str:
    """clingo's ``file:line:col: error: text`` (often several lines) as ``file:line: text``.

    >>> one_line("a.lp:2:1-3: error: unsafe variables in:\\n  p(X).\\n"
    ...          "a.lp:2:3-4: note: 'X' is unsafe")
    "a.lp:2: unsafe variables in: p(X). (note: 'X' is unsafe)"
    """
    lines = [line.strip() for line in message.strip().splitlines() if line.strip()]
    head, notes = _drop_column(lines[0]).replace(": error: ", ": ", 1), []
    for line in lines[1:]:
        located = _drop_column(line)
        if located == line:
            head += " " + line  # the rest of the message, e.g. the rule clingo complains about
        else:
            notes.append(located.split(": ", 1)[1])
    return head + (f" ({'; '.join(notes)})" if notes else "")


def _drop_column(line: str) -> str:
    # "file:3:1-4: error: x" -> "file:3: error: x"; lines without a location stay as they are
    parts = line.split(":", 3)
    if len(parts) == 4 and parts[1].isdigit() and parts[2].replace("-", "").isdigit():
        return f"{parts[0]}:{parts[1]}:{parts[3]}"
    return line


def ground(files: Iterable[str], program: str = "",
           arguments: Sequence[str] = (), opt_mode: str = "ignore") -> clingo.Control:
    """A Control with ``files`` and ``program`` loaded and grounded; clingo errors raise
    ``EncodingError`` with a one-line ``file:line: message``.

    ``opt_mode`` is clingo's ``--opt-mode``: "ignore" for the decomposition programs (a
    variant's #minimize or weak constraint must not hide readings: every answer set is one
    reading); the scoring program, which optimises, passes its own.
    """
    log = ClingoLog()
    try:
        ctl = clingo.Control(["--models=0", f"--opt-mode={opt_mode}", *arguments], logger=log,
                             message_limit=100)
        for path in files:
            ctl.load(path)
        if program:
            ctl.add("base", [], program)
        ctl.ground([("base", [])])
    except RuntimeError as error:
        raise log.error(str(error)) from None
    return ctl


def count_models(files: Iterable[str], arguments: Sequence[str] = ()) -> int:
    """The number of answer sets of ``files`` (enumerated, not kept).

    >>> count_models([encoding("forms.lp")], ["-c", "melds=0"])
    34
    """
    ctl = ground(files, "", ["--warn=none", *arguments])
    ctl.solve()
    return int(ctl.statistics["summary"]["models"]["enumerated"])


class HandProgram:
    """``engine.lp`` (plus variant files and a rule preset) grounded once, solved per hand.

    ``files`` are extra encodings (rule variants, or hand facts for ``mjasp solve``);
    ``arguments`` are clingo options such as ``["-c", "limit=2"]``.

    >>> program = HandProgram()
    >>> [str(d) for d in program.readings(Hand.parse("1122m3344p5566s77z"))]
    ['11m 22m 33p 44p 55s 66s 77z']
    """

    def __init__(self, rules: Rules | str | None = None, files: Sequence[str] = (),
                 arguments: Sequence[str] = ()) -> None:
        self.rules = find_rules(rules)
        self.control = ground([encoding("engine.lp"), *files], rule_facts(self.rules), arguments)
        self._files = list(files)
        # one solve at a time: a program is kept for the process (``shared_program``) and
        # its inputs are set per solve (clingo refuses a second solve meanwhile)
        self._lock = threading.Lock()
        # only files of a user can show blocks the hand does not hold (the check costs)
        self._checked = bool(files)
        self._hold: dict[tuple[int, int], int] = {}
        self._called: dict[tuple[str, int], clingo.Symbol] = {}
        for atom in self.control.symbolic_atoms.by_signature("hold", 2):
            kind, count = (arg.number for arg in atom.symbol.arguments)
            self._hold[kind, count] = atom.literal
            # free, so that each solve's assumptions pick the count
            self.control.assign_external(atom.symbol, None)
        for atom in self.control.symbolic_atoms.by_signature("called", 2):
            how, tile = atom.symbol.arguments
            self._called[how.name, tile.number] = atom.symbol

    def check_inputs(self) -> None:
        """Raise ``HandError`` if the loaded files set mjasp's inputs (``hold/2``,
        ``called/2``) themselves, by a fact or a rule, or derive a hand fact instead of
        stating it; the hand itself is read by :func:`mjasp.core.facts.read_hand`.

        >>> import pathlib, tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     path = pathlib.Path(folder, "variant.lp")
        ...     _ = path.write_text('called(pon,27) :- hold(0,3).')
        ...     HandProgram(files=[str(path)]).check_inputs()  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        mjasp.core.errors.HandError: ...variant.lp:1: called(pon,27) :- hold(0,3).: called/2 ...
        """
        atoms = self.control.symbolic_atoms
        derived = False
        for name, arity, _ in sorted(atoms.signatures):
            if (name, arity) in INPUTS:
                # mjasp sets these per hand as externals; a fact would fight the
                # assumptions
                for atom in atoms.by_signature(name, arity):
                    if atom.is_fact:
                        raise HandError(f"{atom.symbol}: {name}/{arity} is set by mjasp from "
                                        f"the hand facts; write {INPUTS[name, arity]}")
                    # a rule with the atom in its head makes it no longer external, and
                    # the readings would ignore the rule (so would an inconsistent
                    # program, e.g. "#false.": the files' rules tell the two apart)
                    derived |= not atom.is_external
            if name not in SHAPES:
                continue
            for atom in atoms.by_signature(name, arity):
                if not atom.is_fact:
                    raise HandError(f"{atom.symbol}: hand facts must be plain facts")
        if derived:
            _refuse_input_rules(self._files)

    def readings(self, hand: Hand) -> list[Decomposition]:
        """Every reading of ``hand`` (concealed tiles, declared melds), in canonical order.

        With files of a user, an answer set whose shown blocks are not exactly the
        concealed tiles (a variant that adds ``block/3`` atoms) is an ``EncodingError``:
        it is no reading of the hand.
        """
        found = sorted_readings(self.solve(hand.counts, hand.melds))
        if self._checked:
            for reading in found:
                _check_covers(reading, hand.counts)
        return found

    def solve(self, counts: Sequence[int], melds: tuple[Meld, ...] = ()) -> list[Decomposition]:
        """The answer sets for 34 concealed counts, as decompositions (clingo's order)."""
        assumptions = [self._hold[kind, n] for kind, n in enumerate(counts)]
        called = [self._called.get((m.kind.name.lower(), m.tile)) for m in melds]
        if None in called:
            return []  # a meld of tiles a variant took out of play cannot be declared
        found: list[Decomposition] = []
        with self._lock:
            for symbol in called:
                self.control.assign_external(symbol, True)  # type: ignore[arg-type]
            try:
                self.control.solve(assumptions=assumptions, on_model=lambda model: found.append(
                    decode(model.symbols(shown=True), melds)))
            finally:
                for symbol in called:
                    self.control.assign_external(symbol, False)  # type: ignore[arg-type]
        return found


#: A rule head naming an input of mjasp's: hold/2, called/2, or called/3 (which derives
#: called/2); not the classical negation -hold(...), which is another predicate.
_INPUT_HEAD = re.compile(r"(?<![#\w-])(hold|called)\(")


def _refuse_input_rules(files: Sequence[str]) -> None:
    """Raise ``HandError`` naming the first rule of ``files`` whose head sets
    ``hold/2`` or ``called/2`` (a constraint or a body that reads them is fine)."""
    from clingo import ast

    def visit(statement: ast.AST) -> None:
        if statement.ast_type != ast.ASTType.Rule:
            return
        found = _INPUT_HEAD.search(str(statement.head))
        if found is None:
            return
        where = f"{statement.location.begin.filename}:{statement.location.begin.line}"
        example = INPUTS["hold", 2] if found.group(1) == "hold" else INPUTS["called", 2]
        raise HandError(f"{where}: {statement}: {found.group(1)}/2 is set by mjasp from the "
                        f"hand facts, never by a rule; write {example}")

    ast.parse_files(list(files), visit, logger=lambda code, message: None)


def _check_covers(reading: Decomposition, counts: Sequence[int]) -> None:
    """Raise ``EncodingError`` unless the blocks of ``reading`` hold exactly ``counts``.

    >>> _check_covers(Decomposition.parse("123m 11z"), Hand.parse("123m11z").counts)
    >>> _check_covers(Decomposition.parse("123m 123p 11z"),
    ...               Hand.parse("123m11z").counts)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mjasp.core.errors.EncodingError: an answer set shows the blocks 123m 123p 11z, which ...
    """
    held = [0] * NUM_KINDS
    for block in reading.blocks:
        for tile in block.tiles():
            held[tile] += 1
    if held != list(counts):
        blocks = " ".join(str(b) for b in reading.blocks)
        raise EncodingError(f"an answer set shows the blocks {blocks}, which do not hold the "
                            f"concealed tiles {Hand.from_counts(counts)}: a variant may rule "
                            "readings out, not add blocks")


def decode(symbols: Iterable[clingo.Symbol], melds: tuple[Meld, ...] = ()) -> Decomposition:
    """The reading an answer set shows (``form/1`` and ``block/3``; other atoms are ignored)."""
    form = Form.STANDARD
    blocks: list[Block] = []
    for symbol in symbols:
        shown_form, shown_blocks = reading_part(symbol)
        form = shown_form or form
        blocks += shown_blocks
    return Decomposition.of(blocks, form, melds)


@functools.cache
def reading_part(symbol: clingo.Symbol) -> tuple[Form | None, tuple[Block, ...]]:
    """What a shown ``form/1`` or ``block/3`` atom says of the reading (else ``None, ()``);
    a malformed one raises ``EncodingError``.

    >>> reading_part(clingo.Function("block", [clingo.Function("seq"), clingo.Number(0),
    ...                                        clingo.Number(2)]))[1]
    (Block.parse('123m'), Block.parse('123m'))
    """
    # cached: the same few hundred atoms recur in every model, and reading one costs C calls
    if symbol.name == "form" and len(symbol.arguments) == 1:
        form = symbol.arguments[0]
        if form.type != clingo.SymbolType.Function or form.name not in FORM_NAMES:
            raise EncodingError(f"an answer set shows {symbol}: form/1 is one of "
                                f"{', '.join(FORM_NAMES)} (a variant may disable, not add, "
                                "a form)")
        return Form(form.name), ()
    if symbol.name == "block" and len(symbol.arguments) == 3:
        how, tile, times = symbol.arguments
        if (how.type != clingo.SymbolType.Function or how.name not in BLOCK_KINDS
                or tile.type != clingo.SymbolType.Number or not 0 <= tile.number < NUM_KINDS
                or times.type != clingo.SymbolType.Number or not 1 <= times.number <= 4):
            raise EncodingError(f"an answer set shows {symbol}: block(B,K,M) needs B one of "
                                f"{', '.join(BLOCK_KINDS)}, K a tile kind 0..33 and M a "
                                "count 1..4")
        return None, (Block(BLOCK_KINDS[how.name], tile.number),) * times.number
    return None, ()


@functools.cache
def _held(symbol: clingo.Symbol) -> tuple[int, int] | None:
    # hold(K,N) of an enumerated space as (K, N); None for any other atom
    if symbol.name != "hold":
        return None
    kind, n = symbol.arguments
    return kind.number, n.number


@functools.lru_cache(maxsize=8)  # a grounded clingo program each: the presets in use
def shared_program(rules: Rules) -> HandProgram:
    """The grounded program of a rule preset, made once per process."""
    return HandProgram(rules)


def decompose_hand(hand: Hand, rules: Rules | str | None = None) -> list[Decomposition]:
    """Every reading of a complete hand by the reusable ASP program (all forms)."""
    return shared_program(find_rules(rules)).readings(hand)


def decompose_cold(hand: Hand, rules: Rules | str | None = None) -> list[Decomposition]:
    """The same answer by a fresh Control grounded on the hand's facts (for measurements).

    >>> len(decompose_cold(Hand.parse("11122233344455m")))
    4
    """
    rules = find_rules(rules)
    facts = [f"hold({k},{n})." for k, n in enumerate(hand.counts) if n]
    facts += [f"called({m.kind.name.lower()},{m.tile})." for m in hand.melds]
    ctl = ground([encoding("decompose.lp")], rule_facts(rules) + " " + " ".join(facts))
    found: list[Decomposition] = []
    ctl.solve(on_model=lambda model: found.append(decode(model.symbols(shown=True), hand.melds)))
    return sorted_readings(found)


def suit_readings(counts: tuple[int, ...], is_honors: bool) -> list[SuitReading]:
    """Every reading of one suit (the ``SuitDecomposer`` interface) by the ASP program.

    The suit's counts are solved alone, placed at 1m-9m or 1z-7z, standard form only.
    """
    base = SPACE_BASE[is_honors]
    whole = [0] * NUM_KINDS
    whole[base:base + len(counts)] = counts
    return _canonical([shift(d.blocks, -base) for d in shared_program(STANDARD_ONLY).solve(whole)])


def enumerate_space(is_honors: bool) -> dict[tuple[int, ...], list[SuitReading]]:
    """Every suit vector (<= 14 tiles) that has a reading, with its readings, in ONE solve.

    ``suit_space.lp`` / ``honor_space.lp`` leave the counts free, so each answer set is a
    (vector, reading) pair; vectors missing from the result have no reading.
    """
    base, size = (27, 7) if is_honors else (0, 9)
    ctl = ground([encoding("honor_space.lp" if is_honors else "suit_space.lp")])
    space: dict[tuple[int, ...], list[SuitReading]] = {}

    def on_model(model: clingo.Model) -> None:
        counts = [0] * size
        blocks: list[Block] = []
        for symbol in model.symbols(shown=True):
            held = _held(symbol)
            if held is not None:
                counts[held[0] - base] = held[1]
            else:
                blocks += reading_part(symbol)[1]
        local = shift(tuple(sorted(blocks, key=Block.sort_key)), -base)
        space.setdefault(tuple(counts), []).append(local)

    ctl.solve(on_model=on_model)
    return {counts: _canonical(readings) for counts, readings in space.items()}


def _canonical(readings: list[SuitReading]) -> list[SuitReading]:
    # the order of Decomposition.sort_key; not sorted_readings, which would merge a repeated
    # answer set that mjasp verify and tests/solvers/test_asp.py must see
    return sorted(readings, key=lambda r: [b.sort_key() for b in r])
