"""Hand facts: the ``hand/1``, ``count/2`` and ``meld/2`` facts a person writes in a .lp file.

This module owns the format (documented for ASP readers in ``encodings/parts/hand_facts.lp``)::

    hand("123m456p789s1122z").          % mpsz, melds in brackets allowed
    count("1m",3). count("7z",2).       % N copies of a tile, added to hand/1
    meld(chi,"789s"). meld(ankan,"1111z").

:func:`read_hand` reads the facts from the files' syntax tree (clingo's parser, not its
grounder, so two equal ``meld`` facts are two melds and every mistake names its
``file:line``) and builds the :class:`~mjasp.core.hand.Hand` directly: counts, red fives and
melds are added up, no mpsz text is written and parsed again.

>>> import clingo
>>> str(hand_from_facts([clingo.parse_term('hand("11122233m")'),
...                      clingo.parse_term('count("4m",3)'),
...                      clingo.parse_term('meld(pon,"777z")')]))
'11122233444m [777z]'
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:  # clingo loads when a file is read, not with mjasp (import time)
    from clingo import Symbol, ast

from mjasp.core.blocks import Form
from mjasp.core.errors import EncodingError, HandError
from mjasp.core.hand import Hand, Meld, MeldKind
from mjasp.core.tiles import NUM_KINDS, SUITS, tile_kind, tile_name
from mjasp.core.win import Win, WinError

#: The reserved fact names, their arity and how they are written.
SHAPES = {"hand": (1, 'hand("123m456p789s1122z")'),
          "count": (2, 'count("1m",3)'),
          "meld": (2, 'meld(chi,"789s")')}

#: A reserved name used as a predicate anywhere in a rule's head.
_RESERVED_HEAD = re.compile(r"(?<![#\w])(hand|count|meld)\(")


def read_hand(paths: Sequence[str]) -> Hand:
    """The hand written as hand/1, count/2 and meld/2 facts in ``paths``.

    Every fact counts as written: two equal ``meld(chi,"123m")`` facts are two melds
    (clingo would merge them). A hand fact must be a plain fact with written-out values;
    errors are ``HandError`` naming ``file:line`` and the fact.
    """
    import clingo
    from clingo import ast

    check_numbers(paths)  # clingo would wrap count("1m",4294967299) to 3
    facts: list[tuple[Symbol, str]] = []
    part = ["base"]  # the #program part a statement is in: clingo grounds only "base"

    def visit(statement: ast.AST) -> None:
        if statement.ast_type == ast.ASTType.Program:
            part[0] = statement.name
            return
        if statement.ast_type != ast.ASTType.Rule:
            return
        # most statements of a large program name no hand fact: one look at the text
        # skips them (each attribute of a clingo AST is a call into C: 5x the time)
        if not _RESERVED_HEAD.search(str(statement)):
            return
        where = f"{statement.location.begin.filename}:{statement.location.begin.line}"
        if part[0] != "base" and _RESERVED_HEAD.search(str(statement.head)):
            # clingo would not ground it, so the hand would not be the program's hand
            raise HandError(f"{where}: {statement}: hand facts belong to the base program, "
                            f"not to '#program {part[0]}'")
        head = statement.head
        term = head.atom.symbol if (head.ast_type == ast.ASTType.Literal
                                    and head.atom.ast_type == ast.ASTType.SymbolicAtom) else None
        if term is None or term.ast_type != ast.ASTType.Function:
            if _RESERVED_HEAD.search(str(head)):
                raise HandError(f"{where}: {statement}: hand facts must be plain facts")
            return
        if term.name not in SHAPES:
            return
        if len(statement.body) or head.sign != ast.Sign.NoSign:
            raise HandError(f"{where}: {statement}: hand facts must be plain facts")
        try:
            symbol = clingo.parse_term(str(term))
        except RuntimeError:
            raise HandError(f"{where}: {term}: write the values out, e.g. "
                            f"{SHAPES[term.name][1]}") from None
        facts.append((symbol, where))

    try:
        ast.parse_files(list(paths), visit, logger=lambda code, message: None)
    except RuntimeError as error:  # a syntax error: grounding reports it with its line first
        raise EncodingError(f"cannot parse {', '.join(paths)}: {error}") from None
    return hand_from_facts([symbol for symbol, _ in facts], [where for _, where in facts])


def hand_from_facts(facts: Iterable[Symbol], where: Sequence[str] = ()) -> Hand:
    """One hand from hand/1, count/2 and meld/2 facts (other predicates are ignored);
    ``where[i]`` (``file:line``) is put before an error about the i-th fact.

    >>> import clingo
    >>> hand_from_facts([clingo.parse_term('count("1m",5)')])
    Traceback (most recent call last):
    ...
    mjasp.core.errors.HandError: count("1m",5): a count is 1..4 copies; write count("1m",3)
    """
    counts = [0] * NUM_KINDS
    red = [0, 0, 0]
    melds: list[Meld] = []
    hands = 0
    counted: set[tuple[int, bool]] = set()  # the red five apart from the other fives
    for i, fact in enumerate(facts):
        if fact.name not in SHAPES:
            continue
        try:
            arity, example = SHAPES[fact.name]
            if len(fact.arguments) != arity:
                raise HandError(f"{fact}: {fact.name}/{len(fact.arguments)} is not a hand "
                                f"fact; write {example}")
            if fact.name == "hand":
                hands += 1
                hand = _hand(fact)
                counts = [a + b for a, b in zip(counts, hand.counts, strict=True)]
                red = [a + b for a, b in zip(red, hand.red, strict=True)]
                melds += hand.melds
            elif fact.name == "count":
                kind, copies, is_red = _count(fact)
                if (kind, is_red) in counted:
                    name = f"0{tile_name(kind)[1]}" if is_red else tile_name(kind)
                    raise HandError(f"{fact}: {name} is counted twice; give one count/2 per "
                                    "tile")
                counted.add((kind, is_red))
                counts[kind] += copies
                if is_red:
                    red[SUITS.index(tile_name(kind)[1])] += copies
            else:
                melds.append(_meld(fact))
        except HandError as error:
            if i < len(where):
                raise HandError(f"{where[i]}: {error}") from None
            raise
    if hands > 1:
        raise HandError(f"{hands} hand/1 facts; a file holds one hand")
    if not (hands or counted or melds):
        raise HandError("no hand facts; write hand(\"123m456p789s1122z\") or count/2 facts")
    return Hand(tuple(counts), (red[0], red[1], red[2]), tuple(melds))


def _string(fact: Symbol, term: Symbol, example: str) -> str:
    from clingo import SymbolType

    if term.type != SymbolType.String:
        raise HandError(f"{fact}: expected a quoted string; write {example}")
    return term.string


def _hand(fact: Symbol) -> Hand:
    text = _string(fact, fact.arguments[0], SHAPES["hand"][1])
    try:
        return Hand.parse(text)
    except HandError as error:
        raise HandError(f"{fact}: {error}") from None


def _count(fact: Symbol) -> tuple[int, int, bool]:
    example = SHAPES["count"][1]
    name = _string(fact, fact.arguments[0], example)
    try:
        kind = tile_kind(name)
    except HandError as error:
        raise HandError(f"{fact}: {error}") from None
    copies = fact.arguments[1]
    from clingo import SymbolType

    if copies.type != SymbolType.Number or not 1 <= copies.number <= 4:
        raise HandError(f"{fact}: a count is 1..4 copies; write {example}")
    # "0m" names the red five: its copies are red fives (Hand checks how many)
    return kind, copies.number, name.strip()[0] == "0"


def _meld(fact: Symbol) -> Meld:
    example = SHAPES["meld"][1]
    how = fact.arguments[0]
    kinds = {k.name.lower(): k for k in MeldKind}
    from clingo import SymbolType

    if how.type != SymbolType.Function or how.arguments or how.name not in kinds:
        raise HandError(f"{fact}: a meld is chi, pon, kan or ankan; write {example}")
    tiles = _string(fact, fact.arguments[1], example)
    text = f"({tiles})" if how.name == "ankan" else f"[{tiles}]"
    try:
        meld = Meld.parse(text)
    except HandError as error:
        raise HandError(f"{fact}: {error}") from None
    if meld.kind is not kinds[how.name]:
        raise HandError(f"{fact}: {tiles} makes a {meld.kind.name.lower()}, not a {how.name}")
    return meld


# -- win files: the situation facts, and what else a user's scoring file may say ----------

#: The situation facts of a win file (``docs/win-files.md``, ``scoring/situation.lp``):
#: name -> (arity, how it is written). At most one fact of each, but the indicators.
SITUATION = {
    "win_tile": (1, 'win_tile("8s")'), "tsumo": (0, "tsumo"),
    "seat_wind": (1, "seat_wind(w)"), "round_wind": (1, "round_wind(e)"),
    "dora_indicator": ((1, 2), 'dora_indicator("7m") or dora_indicator("7m",2)'),
    "ura_indicator": ((1, 2), 'ura_indicator("3p") or ura_indicator("3p",2)'),
    "riichi": (1, "riichi(1) or riichi(2)"), "honba": (1, "honba(2)"),
    "riichi_sticks": (1, "riichi_sticks(1)"), "north_dora": (1, "north_dora(1)"),
    "liable": (1, "liable(e)"),
    **{flag: (0, flag) for flag in ("ippatsu", "rinshan", "chankan", "haitei", "houtei",
                                     "tenhou", "chiihou", "renhou", "robbed_north")},
}
#: Indicator facts: each may appear several times, once per indicator as written.
INDICATORS = ("dora_indicator", "ura_indicator")
#: What the scoring encoding derives from the situation facts: a fact of these would
#: change the situation behind the facts' back (``seat(28)`` is a seat wind of South).
DERIVED_SITUATION = {"named": "the tile names", "wind": "the winds", "win": "win_tile/1",
                     "seat": "seat_wind/1", "prevalent": "round_wind/1",
                     "dealer": "seat_wind/1", "dragon": "the dragons"}
#: How a file adds a yaku: custom_yaku/4 and found/2 (the encoding reports the rest).
_YAKU_HEADS = ("yaku", "yaku_id", "yakuman_yaku", "dora_id")
#: The inputs a user's file may state besides the situation: the hand, rule options, yaku.
_INPUTS = {("hand", 1), ("count", 2), ("meld", 2), ("option", 2), ("custom_yaku", 4)}
#: clingo's integers are 32 bits: larger numbers wrap around as they are parsed.
INT_MAX = 2**31 - 1
_TOKENS = re.compile(r'%\*.*?\*%|%[^\n]*|"(?:[^"\\\n]|\\.)*"|(?<![\w])(\d+)', re.S)


def check_numbers(paths: Sequence[str]) -> None:
    """Refuse a number written in ``paths`` that clingo would wrap at 32 bits (it parses
    ``honba(99999999999)`` as 1,215,752,191): every number is used as written or refused.

    The text is read, not the syntax tree, since the parser has wrapped them already.
    """
    for path in paths:
        try:
            with open(path, encoding="utf-8", errors="replace") as file:
                text = file.read()
        except OSError:
            continue  # a missing file is the grounder's error, with its own message
        for found in _TOKENS.finditer(text):
            number = found.group(1)
            if number is not None and int(number) > INT_MAX:
                line = text.count("\n", 0, found.start()) + 1
                raise EncodingError(f"{path}:{line}: {number} is beyond clingo's integers "
                                    f"(-{INT_MAX + 1}..{INT_MAX}); it would wrap around")


def _signature(atom: ast.AST) -> tuple[str, int] | None:
    """``(name, arity)`` of a symbolic atom, read from its text (each attribute of clingo's
    AST read from Python costs a call into the library: the text is one)."""
    return _text_signature(str(atom.symbol))


@functools.lru_cache(maxsize=4096)
def _text_signature(text: str) -> tuple[str, int] | None:
    """``p(a,(b,c),"x,y")`` -> ``("p", 3)``; ``-p`` (classical negation) -> ``("p", 0)``.

    >>> _text_signature('found(riichi,1)'), _text_signature('tsumo'), _text_signature('a(1;2)')
    (('found', 2), ('tsumo', 0), ('a', 1))
    """
    text = text.lstrip("-")
    open_at = text.find("(")
    name = text if open_at < 0 else text[:open_at]
    if not name or not (name[0].islower() or name[0] == "_") \
            or not name.replace("_", "a").isalnum():
        return None
    if open_at < 0:
        return name, 0
    depth, arity, quoted, escaped = 0, 1, False, False
    for char in text[open_at + 1:-1]:
        if quoted:
            quoted = escaped or char != '"'
            escaped = not escaped and char == "\\"
        elif char == '"':
            quoted = True
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif depth == 0 and char == ",":
            arity += 1
        elif depth == 0 and char == ";":  # a pool: the first alternative's arity
            break
    if text[open_at + 1:-1].strip() == "":
        arity = 0
    return name, arity


@functools.cache
def _no_atoms() -> frozenset[object]:
    """AST node types that hold terms only (the walk skips them: reading clingo's AST
    from Python is slow, and terms are most of it)."""
    from clingo import ast as cast

    kinds = cast.ASTType
    return frozenset({kinds.Comparison, kinds.Guard, kinds.Variable, kinds.SymbolicTerm,
                      kinds.Function, kinds.BinaryOperation, kinds.UnaryOperation,
                      kinds.Interval, kinds.Pool, kinds.BooleanConstant})


def _atoms(node: object, out: set[tuple[str, int]]) -> None:
    """Every predicate signature that ``node`` mentions."""
    from clingo import ast as cast

    if isinstance(node, cast.AST):
        kind = node.ast_type
        if kind == cast.ASTType.SymbolicAtom:
            signature = _signature(node)
            if signature:
                out.add(signature)
            return
        if kind in _no_atoms():
            return
        for key in node.child_keys:
            _atoms(getattr(node, key), out)
    elif isinstance(node, cast.ASTSequence | list | tuple):
        for child in node:
            _atoms(child, out)


def _head_atom(statement: ast.AST) -> ast.AST | None:
    """The atom of a rule's plain head (``p(X) :- ...``), None for any other head."""
    from clingo import ast as cast

    head = statement.head
    if head.ast_type == cast.ASTType.Literal and head.atom.ast_type == cast.ASTType.SymbolicAtom:
        atom: ast.AST = head.atom
        return atom
    return None


def _walk(paths: Sequence[str], visit: Callable[[ast.AST], None]) -> None:
    from clingo import ast as cast

    messages: list[str] = []
    try:
        cast.parse_files(list(paths), visit,
                         logger=lambda code, message: messages.append(message))
    except RuntimeError as error:  # a syntax error: clingo's own words, file:line first
        errors = [m for m in messages if ": error:" in m] or messages
        text = " ".join(errors[0].split()) if errors else f"cannot parse {', '.join(paths)}: " \
            f"{error}"
        raise EncodingError(text) from None


#: What each argument of a hook the scoring reads must be, by hook: ``"yaku"`` a yaku's
#: constant (exclusions.lp: a misspelt one would change nothing), ``"yakuman"`` a yakuman's;
#: ``(low, high)`` a whole number in that range (``None``: no upper end); a frozenset the
#: constants allowed. A wrong one would change nothing, or a score, without a word.
_HOOK_ARGUMENTS: dict[tuple[str, int], tuple[str | tuple[int, int | None] | frozenset[str],
                                             ...]] = {
    ("removed", 1): ("yaku",), ("double", 1): ("yakuman",), ("alone", 1): ("yaku",),
    # points.lp: at most C yakuman are paid; 13+ han paid as M yakuman, or as the H-han row
    # of points_table.lp (limit_points/4 rows 5..13); the han thresholds start at 1
    ("yakuman_limit", 1): ((1, None),), ("counted_yakuman", 1): ((1, None),),
    ("kazoe_row", 1): ((5, 13),), ("han_reaches", 1): ((1, None),),
    # parts/tiles.lp: a tile kind 0..33; parts/winning.lp: a form's name; chiitoitsu.lp: N
    # copies of a kind (1..4) make M pairs (1..2)
    ("absent", 1): ((0, NUM_KINDS - 1),), ("disabled", 1): (frozenset(f.value for f in Form),),
    ("pairs_of", 2): ((1, 4), (1, 2)),
}
#: The rule facts mjasp itself writes for a preset (``absent/1``, ``disabled/1``,
#: ``pairs_of/2``: ``mjasp.solvers.asp.rule_facts``), which a user's variant may write too.
_RULE_FACTS = {("absent", 1), ("disabled", 1), ("pairs_of", 2)}


def _argument_fits(text: str, wanted: tuple[int, int | None] | frozenset[str]) -> bool:
    """Whether a hook's argument written ``text`` is one of ``wanted`` (a range of whole
    numbers, or the constants allowed).

    >>> _argument_fits("2", (1, None)), _argument_fits("0", (1, None)), _argument_fits("x", (5, 13))
    (True, False, False)
    """
    if isinstance(wanted, frozenset):
        return text in wanted
    low, high = wanted
    return re.fullmatch(r"-?\d+", text) is not None and low <= int(text) and (
        high is None or int(text) <= high)


def _argument_text(wanted: tuple[int, int | None] | frozenset[str]) -> str:
    """What a hook's argument must be, in words.

    >>> _argument_text((5, 13)), _argument_text((1, None))
    ('a whole number from 5 to 13', 'a whole number from 1')
    """
    if isinstance(wanted, frozenset):
        return "one of " + ", ".join(sorted(wanted))
    low, high = wanted
    return f"a whole number from {low}" + ("" if high is None else f" to {high}")


class _Shipped(NamedTuple):
    known: frozenset[tuple[str, int]]  # every predicate the shipped encodings mention
    yaku: frozenset[str]  # the built-in yaku by name (the constants of yaku_id/2 facts)
    hooks: frozenset[tuple[str, int]]  # what the shipped variant files define
    yakuman: frozenset[str]  # the yakuman among them (yakuman_yaku/1 facts)


_WORD = re.compile(r'"(?:[^"\\]|\\.)*"|[#@]?[a-z_][A-Za-z0-9_\']*|[()]')


def _text_atoms(text: str) -> set[tuple[str, int]]:
    """The predicates a statement's text mentions: every lower-case name outside the
    parentheses of another (``p(X) :- q(X,f(Y)), not r`` -> p/1, q/2, r/0). A constant
    compared at the top (``X = chi``) counts too: a few names too many only make the
    shipped predicates a superset (a user's own ``chi.`` would be called the encoding's).

    >>> sorted(_text_atoms('p(X) :- q(X,f(Y)), not r; 1 < #count { Z: s(Z) }.'))
    [('p', 1), ('q', 2), ('r', 0), ('s', 1)]
    """
    found: set[tuple[str, int]] = set()
    depth, start, name = 0, 0, ""
    for match in _WORD.finditer(text):
        word = match.group()
        if word == "(":
            if depth == 0:
                start = match.start()
            depth += 1
        elif word == ")":
            depth -= 1
            if depth == 0 and name:
                signature = _text_signature(name + text[start:match.end()])
                if signature:
                    found.add(signature)
                name = ""
        elif depth == 0 and word[0] not in '"#@':
            if name:  # the previous name had no arguments
                found.add((name, 0))
            name = "" if word == "not" else word
            slash = re.match(r"/(\d+)", text[match.end():])  # #defined p/2, #show p/2
            if slash and name:
                found.add((name, int(slash.group(1))))
                name = ""
            elif text[match.end():match.end() + 1] != "(" and name:
                found.add((name, 0))
                name = ""
    return found


@functools.cache
def _shipped(paths: tuple[str, ...]) -> _Shipped:
    """What a user's file is checked against: the shipped encodings (``paths``; the
    files of a ``variants`` folder show which of their predicates a variant may define).
    Read from each statement's text (walking clingo's syntax tree from Python costs
    seconds for the whole encoding)."""
    from clingo import ast as cast

    known: set[tuple[str, int]] = set()
    yaku: set[str] = set()
    hooks: set[tuple[str, int]] = set(_RULE_FACTS)
    yakuman: set[str] = set()

    def visit(statement: ast.AST) -> None:
        if statement.ast_type == cast.ASTType.Comment:  # clingo 5.8 keeps them
            return
        text = str(statement)
        known.update(_text_atoms(text))
        for head in ("yaku_id(", "custom_yaku("):  # a local yaku of a variant file too
            if text.startswith(head):
                yaku.add(text[len(head):].split(",", 1)[0])
        if re.fullmatch(r"yakuman_yaku\(([a-z_]\w*)\)\.", text):
            yakuman.add(text[len("yakuman_yaku("):-2])
        if Path(statement.location.begin.filename).parent.name == "variants" \
                and statement.ast_type == cast.ASTType.Rule:
            hooks.update(_text_atoms(str(statement.head)))

    _walk(list(paths), visit)
    # a user's yaku is a custom_yaku/4 (never a yakuman_yaku/1 fact of a shipped name)
    return _Shipped(frozenset(known), frozenset(yaku), frozenset(hooks - {("yakuman_yaku", 1)}),
                    frozenset(yakuman))


def check_win_files(paths: Sequence[str], shipped: Sequence[str],
                    situation: bool = True) -> Win | None:
    """Check the user's scoring files ``paths`` against the rules of a win file (see
    ``docs/win-files.md``) and return the situation they state.

    ``shipped``: the scoring encoding and the variant files mjasp ships (their predicates
    are known). ``situation=False``: the files are variants played beside a hand and a
    ``Win`` given otherwise; a hand or situation fact in them is an error (None is
    returned). Every rule is an ``EncodingError`` or ``WinError`` naming ``file:line``:

    - a number beyond clingo's 32-bit integers;
    - a situation fact that is not a plain fact, or of the wrong arity; two facts of one
      situation predicate (``riichi(1). riichi(2).``); the same indicator fact twice
      (clingo would merge them: an indicator shown twice is ``dora_indicator("7m",2)``);
    - a fact or rule for what the encoding derives from the situation (``seat(28)``);
    - a predicate that nothing reads (``double_riichi.``, a misspelt ``dora("7m")``);
    - a built-in yaku added by hand (``found(riichi,1) :- ...``), a rule for the yaku
      the encoding reports (``yaku/2``), a custom yaku named like a built-in one;
    - a ``removed/1``, ``double/1`` or ``alone/1`` naming no yaku (``removed(tanyoa)``,
      ``removed("tanyao")``: a yaku is named by its constant), a ``double/1`` of a yaku
      that is no yakuman (``double(riichi)``: the hook doubles a yakuman, exclusions.lp);
    - any other hook the scoring reads with an argument out of its domain
      (``_HOOK_ARGUMENTS``: ``yakuman_limit(0)``, ``kazoe_row(4)``, ``absent(40)``,
      ``disabled(sevenpairs)``, ``pairs_of(5,2)``); a variable or an arithmetic term is
      the grounder's and passes.
    """
    import clingo
    from clingo import ast as cast

    check_numbers(paths)
    known, builtin, hooks, yakuman = _shipped(tuple(shipped))
    defined: dict[tuple[str, int], str] = {}
    read: set[tuple[str, int]] = set()
    stated: list[tuple[clingo.Symbol, str]] = []
    custom: set[str] = set()
    custom_yakuman: set[str] = set()
    found: list[tuple[str, str]] = []
    named: list[tuple[str, str, str]] = []  # the yaku a removed/1, double/1 or alone/1 names

    def visit(statement: ast.AST) -> None:
        where = f"{statement.location.begin.filename}:{statement.location.begin.line}"
        if statement.ast_type != cast.ASTType.Rule:
            _atoms(statement, read)
            return
        atom = _head_atom(statement)
        heads: set[tuple[str, int]] = set()
        _atoms(statement.head, heads)
        _atoms(statement.body, read)
        signature = _signature(atom) if atom is not None else None
        if atom is None:
            _atoms(statement.head, read)  # the conditions of a choice or aggregate
        for name, arity in heads:
            defined.setdefault((name, arity), where)
            if name in SITUATION and (atom is None or len(statement.body)
                                      or statement.head.sign != cast.Sign.NoSign):
                raise WinError(f"{where}: {statement}: situation facts must be plain "
                               f"facts, e.g. {_example(name)}")
            if name in DERIVED_SITUATION and (name, arity) in known:
                raise EncodingError(f"{where}: {statement}: {name}/{arity} is derived by the "
                                    f"scoring encoding from {DERIVED_SITUATION[name]}; a win "
                                    "file states the situation with the facts of "
                                    "docs/win-files.md")
            if name in _YAKU_HEADS:
                raise EncodingError(f"{where}: {statement}: {name}/{arity} is the encoding's "
                                    "own; a file adds a yaku with custom_yaku/4 and found/2 "
                                    "(examples/local_yaku/)")
            if ((name, arity) in known and (name, arity) not in hooks
                    and (name, arity) not in _INPUTS and name not in SITUATION):
                # dora_tiles/3, points/1, fu_part/3 ...: what the encoding derives for a
                # score; a file defining them would change a score behind its rules' back
                raise EncodingError(f"{where}: {statement}: {name}/{arity} is derived by the "
                                    "scoring encoding; a variant file defines only what the "
                                    "shipped variants do (removed/1, double/1, option/2, "
                                    "found/2 of its own custom yaku ...)")
        if signature is None:
            return
        assert atom is not None
        name, arity = signature
        if name in SITUATION:
            arities = SITUATION[name][0]
            if arity not in (arities if isinstance(arities, tuple) else (arities,)):
                raise WinError(f"{where}: {atom}: {name}/{arity} is not a situation fact; "
                               f"write {_example(name)}")
            try:
                stated.append((clingo.parse_term(str(atom)), where))
            except RuntimeError:
                raise WinError(f"{where}: {atom}: write the values out, e.g. "
                               f"{_example(name)}") from None
        elif signature == ("custom_yaku", 4):
            custom.add(str(atom.symbol.arguments[0]))
            if str(atom.symbol.arguments[3]) == "yakuman":
                custom_yakuman.add(str(atom.symbol.arguments[0]))
        elif signature == ("found", 2):
            found.append((str(atom.symbol.arguments[0]), f"{where}: {statement}"))
        elif signature in _HOOK_ARGUMENTS:
            for at, (argument, wanted) in enumerate(zip(
                    atom.symbol.arguments, _HOOK_ARGUMENTS[signature], strict=True)):
                if argument.ast_type in (cast.ASTType.Variable, cast.ASTType.Pool,
                                         cast.ASTType.BinaryOperation):
                    continue  # the value is the grounder's
                if isinstance(wanted, str) and re.fullmatch(r"[a-z_]\w*", str(argument)):
                    named.append((str(argument), f"{where}: {statement}", name))
                elif isinstance(wanted, str):
                    # "tanyao", 3, f(x): no yaku is named so, and the hook would change nothing
                    raise EncodingError(f"{where}: {statement}: {name}/1 names a yaku by its "
                                        f"constant, e.g. {name}(tanyao), not {argument}")
                elif not _argument_fits(str(argument), wanted):
                    which = f" as argument {at + 1}" if arity > 1 else ""
                    raise EncodingError(f"{where}: {statement}: {name}/{arity} takes "
                                        f"{_argument_text(wanted)}{which}, not {argument}")

    _walk(paths, visit)
    for name in sorted(custom & builtin):
        raise EncodingError(f"custom_yaku({name},...): {name} is a built-in yaku; give the "
                            "custom yaku a name of its own")
    for name, text in found:
        if name not in custom:
            what = (f"{name} is a built-in yaku (only its own rule adds it)" if name in builtin
                    else f"{name} is not declared by custom_yaku/4")
            raise EncodingError(f"{text}: {what}; a file adds its own yaku: "
                                f"custom_yaku({name if name not in builtin else 'my_yaku'},"
                                "\"English\",\"Japanese\",yaku) and found/2 for it")
    for name, text, hook in named:  # a misspelt name would change nothing, unsaid
        if name not in custom and name not in builtin:
            raise EncodingError(f"{text}: {name} is no yaku (the built-in ones are named in "
                                "encodings/scoring/yaku_ids.lp; a file's own by custom_yaku/4)")
        if _HOOK_ARGUMENTS[hook, 1] == ("yakuman",) and name not in yakuman | custom_yakuman:
            raise EncodingError(f"{text}: {name} is no yakuman; double/1 makes a yakuman a "
                                "double one (encodings/scoring/exclusions.lp)")
    unknown = sorted((where, f"{name}/{arity}") for (name, arity), where in defined.items()
                     if (name, arity) not in known and (name, arity) not in read
                     and (name, arity) not in _INPUTS and name not in SITUATION)
    if unknown:
        where, what = unknown[0]
        raise EncodingError(f"{where}: nothing reads {what}: it is not a situation fact; "
                            f"a win file states the situation with {', '.join(SITUATION)} "
                            "(docs/win-files.md)")
    if not situation:
        given = stated[0][1] if stated else defined.get(("hand", 1)) or defined.get(
            ("count", 2)) or defined.get(("meld", 2))
        if given:
            raise EncodingError(f"{given}: a hand or situation fact in a variant file given "
                                "after HAND; score either HAND with options or FILE.lp alone")
        return None
    fields = _situation_fields(stated)
    try:
        return Win(**fields)  # type: ignore[arg-type]
    except WinError as error:  # a value out of range: name the facts it came from
        files = sorted({where.rsplit(":", 1)[0] for _, where in stated}) or list(paths)
        raise WinError(f"the situation facts of {', '.join(files)}: {error}") from None


def scoring_only(paths: Sequence[str], scoring: Sequence[str],
                 readings: Sequence[str]) -> str | None:
    """Where the user's files ``paths`` define a hook of the scoring encoding that the
    readings' encoding never reads (``removed/1``, ``double/1``, ``option/2``,
    ``custom_yaku/4`` ...: a scoring variant), as ``file:line: name/arity``; None when they
    define none. ``scoring``: the scoring encoding and its shipped variant files (what they
    define are the hooks); ``readings``: the entry file of the readings (``engine.lp``,
    with what it includes). ``mjasp solve`` says so in one line: such a file changes a
    score, never a reading."""
    from clingo import ast as cast

    hooks = _shipped(tuple(scoring)).hooks - _shipped(tuple(readings)).known
    found: list[str] = []

    def visit(statement: ast.AST) -> None:
        if found or statement.ast_type != cast.ASTType.Rule:
            return
        heads: set[tuple[str, int]] = set()
        _atoms(statement.head, heads)
        for name, arity in sorted(heads & hooks):
            found.append(f"{statement.location.begin.filename}:"
                         f"{statement.location.begin.line}: {name}/{arity}")
            return

    _walk(paths, visit)
    return found[0] if found else None


def option_facts(paths: Sequence[str]) -> list[tuple[str, str, str]]:
    """The plain ``option(Name,Value)`` facts of ``paths`` as ``(name, value, file:line)``
    texts, in the order written (what the other checks make of them is theirs)."""
    from clingo import ast as cast

    found: list[tuple[str, str, str]] = []

    def visit(statement: ast.AST) -> None:
        if statement.ast_type != cast.ASTType.Rule or len(statement.body):
            return
        atom = _head_atom(statement)
        if atom is not None and _signature(atom) == ("option", 2):
            name, value = (str(a) for a in atom.symbol.arguments)
            found.append((name, value, f"{statement.location.begin.filename}:"
                                       f"{statement.location.begin.line}"))

    _walk(paths, visit)
    return found


def _example(name: str) -> str:
    return str(SITUATION[name][1])


def _situation_fields(facts: Sequence[tuple[Symbol, str]]) -> dict[str, object]:
    """The ``Win`` fields of the situation facts (each written once, checked above)."""
    from clingo import SymbolType

    seen: dict[str, list[tuple[Symbol, str]]] = {}
    for fact, where in facts:
        seen.setdefault(fact.name, []).append((fact, where))
    fields: dict[str, object] = {}
    shown: dict[str, list[str]] = {name: [] for name in INDICATORS}
    for name, written in seen.items():
        texts = [f"{fact} ({where})" for fact, where in written]
        if name in INDICATORS:
            twice = [f"{fact} ({where})" for i, (fact, where) in enumerate(written)
                     if any(fact == other for other, _ in written[:i])]
            if twice:
                fact = next(f for i, (f, _) in enumerate(written)
                            if any(f == other for other, _ in written[:i]))
                raise WinError(f"{twice[0]} repeats a fact: clingo would count it once; an "
                               f"indicator shown twice is {name}({fact.arguments[0]},2)")
        elif len(written) > 1:
            raise WinError(f"{', '.join(texts)}: a win file has at most one {name} fact")
        for fact, where in written:
            args = fact.arguments
            try:
                if name in INDICATORS:
                    times = args[1].number if len(args) == 2 else 1
                    if args[1:] and (args[1].type != SymbolType.Number or not 1 <= times <= 5):
                        raise ValueError
                    shown[name] += [_text(args[0])] * times
                elif name == "win_tile":
                    fields["tile"] = _text(args[0])
                elif name in ("seat_wind", "round_wind", "liable"):
                    if args[0].type != SymbolType.Function or args[0].arguments:
                        raise ValueError
                    fields[name] = args[0].name.upper()
                elif args:
                    if args[0].type != SymbolType.Number:
                        raise ValueError
                    fields[name] = args[0].number
                else:
                    fields[name] = True
            except (RuntimeError, ValueError):
                raise WinError(f"{where}: {fact}: bad argument; write {_example(name)} "
                               "(docs/win-files.md)") from None
    if "tile" not in fields:
        raise WinError('no win_tile/1 fact; write win_tile("8s")')
    fields["dora_indicators"] = tuple(shown["dora_indicator"])
    fields["ura_indicators"] = tuple(shown["ura_indicator"])
    return fields


def _text(term: Symbol) -> str:
    from clingo import SymbolType

    if term.type != SymbolType.String:
        raise ValueError(term)
    return term.string
