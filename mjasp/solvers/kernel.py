"""Which shanten kernel runs: the compiled one (``_kernel.c``) or the pure-Python tables.

``pip install`` compiles ``mjasp/solvers/_kernel.c`` when the machine has a C compiler
(``setup.py``, ``optional=True``); without one, or with the environment variable
``MJASP_PURE_PYTHON=1`` set before mjasp is imported, every call below runs the
pure-Python code of :mod:`mjasp.solvers.table` (and of :mod:`mjasp.solvers.lookup` for
readings and waits), which is the reference: both paths give the same answers
(``tests/solvers/test_kernel.py`` compares them, and the shanten / readings / waits
cross-checks run through each). Both read the same shipped files.

>>> COMPILED in (True, False)
True
>>> replacement([0] * 27 + [2] * 7, 4, True, True, True, False, False)   # 11223344556677z
0
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import fields
from types import ModuleType
from typing import TYPE_CHECKING, Final, TypeVar

from mjasp.solvers import extensions, table

# before anything imports the direct engine's modules: their Cython build, when current
extensions.install_finder()

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from mjasp.core.blocks import Block, Decomposition

    #: readings (blocks on the 34 kinds), holds the pair, special-form flags
    SuitEntry = tuple[tuple[tuple[Block, ...], ...], int, int]

#: The compiled module's functions this module calls: a build that lacks one is stale.
FUNCTIONS: Final = ("init", "ready", "shanten", "replacement", "draw_replacements", "winners",
                    "plain", "readings_init", "suit_entry", "reading_init", "common",
                    "text_readings", "hand_init", "hand_counts", "hand_ids", "hand_text",
                    "hand_text_melds", "win_init", "win_fill", "facts_init", "reading_facts",
                    "hand_facts_init", "hand_facts", "slots_init", "builder_init", "build",
                    "forget_suits", "batch", "shanten_capsule", "hand_readings")
# None when not built (no compiler at install) or stale (built from another _kernel.c)
_compiled, _why_not = extensions.load("mjasp.solvers._kernel", "_kernel.c", FUNCTIONS)
T = TypeVar("T")

#: Whether the compiled module was built from this source and imports.
AVAILABLE: Final = _compiled is not None
#: Whether the compiled kernel answers (else the pure-Python tables); tests switch it
#: with :func:`use_compiled`.
COMPILED: bool = AVAILABLE and os.environ.get("MJASP_PURE_PYTHON", "") in ("", "0")


def _install_constructors() -> None:
    """Hand the compiled ``Hand`` constructors to :mod:`mjasp.core.hand`, and ``Win``'s
    stores and test to :mod:`mjasp.core.win`, while COMPILED."""
    from mjasp.core import win
    from mjasp.core.hand import Hand, use_compiled_constructors
    from mjasp.rules import scorecard

    if COMPILED and _compiled is not None:
        scorecard.use_compiled_builders((builder(scorecard.Score),
                                         builder(scorecard.ScoredReading)))
        _compiled.hand_init(Hand)
        use_compiled_constructors((_compiled.hand_counts, _compiled.hand_ids,
                                   _compiled.hand_text, _compiled.hand_text_melds))
        _compiled.win_init(win.Win, tuple(vars(win.Win)[f.name] for f in fields(win.Win)),
                           frozenset(win.KINDS), frozenset(win.WINDS))
        win.use_compiled_fill((_compiled.win_fill,))
    else:
        use_compiled_constructors(())
        win.use_compiled_fill(())
        scorecard.use_compiled_builders(())


def forget_suits() -> None:
    """Drop the suit entries the compiled readings remember from ``lookup``'s tables
    (``lookup.clear`` empties the tables); nothing without the compiled module.

    >>> forget_suits()
    """
    if _compiled is not None:
        _compiled.forget_suits()


def builder(cls: type[T]) -> Callable[..., T]:
    """A compiled ``cls(...)`` of one positional value per dataclass field, in declaration
    order, without ``__init__``: the type's own ``__new__`` with no argument
    (``object.__new__`` for a class with ``__slots__``), then each field set through its
    descriptor in ``cls``: a slot, or an extension type's getset descriptor (so ``cls`` has
    ``__slots__`` or is an extension type). ``__post_init__`` is not run and a frozen class
    stays frozen. Use only when :data:`COMPILED`.

    >>> from mjasp.core.yaku import Yaku
    >>> from mjasp.rules.scorecard import YakuItem
    >>> builder(YakuItem)(Yaku.PINFU, 1) == YakuItem(Yaku.PINFU, 1) if COMPILED else True
    True
    """
    assert _compiled is not None
    descriptors = tuple(vars(cls)[f.name] for f in fields(cls))  # type: ignore[arg-type]
    return functools.partial(_compiled.build, _compiled.builder_init(cls, descriptors))


_install_constructors()


def describe() -> str:
    """Which path answers, in words (``mjasp --version`` prints it).

    >>> describe() in ("compiled kernel", "pure Python: MJASP_PURE_PYTHON is set",
    ...                "pure Python: the C extension was not built at install")
    True
    """
    if COMPILED:
        return "compiled kernel"
    if AVAILABLE:
        return "pure Python: MJASP_PURE_PYTHON is set"
    return f"pure Python: {_why_not}"


def use_compiled(flag: bool) -> bool:
    """Switch paths; returns the previous setting. True needs the compiled module.

    >>> previous = use_compiled(False); use_compiled(previous)
    False
    """
    global COMPILED
    if flag and not AVAILABLE:
        raise RuntimeError("mjasp was installed without its compiled kernel")
    previous, COMPILED = COMPILED, flag
    _install_constructors()
    return previous


def compiled() -> ModuleType:
    """The compiled module, with the shipped tables handed over on first use."""
    if _compiled is None:
        raise RuntimeError("mjasp was installed without its compiled kernel")
    if not _compiled.ready():
        from mjasp.core.hand import Hand

        a = shipped_raw(("number_ids", "honor_ids", "sanma_man", "pair", "triple", "final"))
        seven_pairs, thirteen_orphans = special_values()
        (pair_rows, numbers), (triple_rows, _), (_, honors, _) = (
            a["pair"][1], a["triple"][1], a["final"][1])
        _compiled.init(a["number_ids"][0], a["honor_ids"][0], a["sanma_man"][0], a["pair"][0],
                       a["triple"][0], a["final"][0], seven_pairs, thirteen_orphans, numbers,
                       honors, pair_rows, triple_rows, Hand)
    return _compiled


def shipped_raw(keys: Iterable[str], name: str = table.DATA_FILE,
                ) -> dict[str, tuple[bytes, tuple[int, ...]]]:
    """Raw little-endian data and shape of arrays in a shipped file (the shanten tables by
    default), read without numpy (the compiled path needs no numpy, so ``mjasp.shanten``,
    ``mjasp.decompose`` and ``mjasp.score`` never load it).

    An ``.npz`` is a zip of ``.npy`` files: a magic string, a version, the header's
    length and a header (a dict literal: dtype, order, shape), then the data
    (https://numpy.org/doc/stable/reference/generated/numpy.lib.format.html).
    """
    import ast
    import zipfile
    from importlib import resources

    out = {}
    data_file = resources.files("mjasp").joinpath("data", name)
    with data_file.open("rb") as handle, zipfile.ZipFile(handle) as archive:
        for key in keys:
            blob = archive.read(key + ".npy")
            if blob[:6] != b"\x93NUMPY":
                raise ValueError(f"{key}: not an .npy array")
            size = 2 if blob[6] == 1 else 4
            start = 8 + size + int.from_bytes(blob[8:8 + size], "little")
            header = ast.literal_eval(blob[8 + size:start].decode("latin1"))
            if header["descr"] not in ("<u4", "<u2", "|u1") or header["fortran_order"]:
                raise ValueError(f"{key}: unexpected layout {header}")
            out[key] = (blob[start:], tuple(header["shape"]))
    return out


def special_values() -> tuple[bytes, bytes]:
    """``table._seven_pairs_value`` and ``_thirteen_orphans_value`` of every unit byte
    0..255, in plain Python (the same formulas; tests/solvers/test_kernel.py compares them)."""
    seven, orphans = bytearray(256), bytearray(256)
    for packed in range(256):
        pairs = min(packed >> 5, 7)
        seven[packed] = 14 - 2 * pairs - min(packed & 31, 7 - pairs)
        missing = packed >> 4
        orphans[packed] = 1 + missing - (missing + (packed & 15) < 13)
    return bytes(seven), bytes(orphans)


def shanten_function() -> Callable[[object, object], int | None]:
    """``f(hand, form)``: the default path of ``mjasp.shanten`` in one compiled call.

    ``hand`` is a ``Hand`` without melds, plain mpsz text or 34 counts (list, tuple,
    ``bytes``); ``form`` None (or True) adds seven pairs and thirteen orphans for 13/14
    tiles, ``"standard"`` (or False) is the standard form alone. None when the hand or
    the form is anything else or breaks a rule (the general path answers or explains).
    """
    function: Callable[[object, object], int | None] = compiled().shanten
    return function


def replacement(counts: Sequence[int], melds: int, standard: bool = True,
                seven_pairs: bool = False, orphans: bool = False, three_player: bool = False,
                quads: bool = False) -> int:
    """:func:`mjasp.solvers.table.replacement` by the active path (counts 0..4)."""
    if COMPILED:
        value: int = compiled().replacement(counts, melds, standard, seven_pairs, orphans,
                                            three_player, quads)
        return value
    return table.replacement(counts, melds, standard, seven_pairs, orphans, three_player,
                             quads)


def draw_replacements(counts: Sequence[int], melds: int, tiles: Iterable[int],
                      standard: bool = True, seven_pairs: bool = False, orphans: bool = False,
                      three_player: bool = False, quads: bool = False) -> list[int]:
    """:func:`mjasp.solvers.table.draw_replacements` by the active path.

    >>> draw_replacements([1, 1] + [0] * 25 + [2, 0, 0, 0, 0, 0, 0], 1, [2, 27])
    [0, 1]
    """
    if COMPILED:
        values: list[int] = compiled().draw_replacements(
            counts, melds, list(tiles), standard, seven_pairs, orphans, three_player, quads)
        return values
    return table.draw_replacements(counts, melds, tiles, standard, seven_pairs, orphans,
                                   three_player, quads)


def winners(counts: Sequence[int], melds: int, held: Sequence[int], kinds: bytes,
            standard: bool, seven_pairs: bool, orphans: bool, three_player: bool,
            quads: bool) -> list[int]:
    """Compiled: the ``kinds`` (in order) held fewer than 4 times (``held``: melds
    included) whose draw makes replacement 0, i.e. the winning tiles. Call only when
    :data:`COMPILED` (the pure path filters :func:`draw_replacements`).

    >>> two_three_four_four = [0, 1, 1, 2] + [0] * 30   # 2344m waits on 1m and 4m
    >>> winners(two_three_four_four, 1, two_three_four_four, bytes(range(34)),
    ...         True, False, False, False, False) if COMPILED else [0, 3]
    [0, 3]
    """
    found: list[int] = compiled().winners(counts, melds, held, kinds, standard, seven_pairs,
                                          orphans, three_player, quads)
    return found


def plain_function() -> Callable[[str, int], tuple[int, ...] | None]:
    """Compiled ``f(text, tiles)``: the 34 counts of plain mpsz ``text`` of exactly
    ``tiles`` tiles (digits then a suit letter, spaces, at most one red five a suit), else
    None. Use only when :data:`COMPILED` (``notation.plain_counts`` is the pure path).

    >>> plain_function()("123m", 3)[:4] if COMPILED else (1, 1, 1, 0)
    (1, 1, 1, 0)
    """
    function: Callable[[str, int], tuple[int, ...] | None] = compiled().plain
    return function


def suit_entry_function() -> Callable[[tuple[int, ...], int], SuitEntry]:
    """Compiled ``f(counts, suit)``: the readings of one suit vector from the shipped file
    (``suit_data.shipped_readings`` on the 34 kinds of suit 0..3, the same Block objects),
    whether the suit holds 2 tiles (mod 3) and its special-form flags
    (``lookup.special_flags``): what :mod:`mjasp.solvers.lookup` keeps per suit vector
    (its ``SuitEntry``).

    >>> f = suit_entry_function() if COMPILED else None
    >>> [" ".join(map(str, r)) for r in f((1, 1, 1) + (0,) * 6, 1)[0]] if f else ["123p"]
    ['123p']
    """
    module = compiled()
    if not _READINGS_SENT:
        from mjasp.solvers import suit_data

        names = [f"{space}_{part}" for space, _ in suit_data.SPACES
                 for part in ("index", "offsets", "blocks", "codes")]
        raw = shipped_raw(names, suit_data.DATA_FILE)
        # uint32 arrays and uint8 codes, as the C side reads them (little-endian, as above)
        data = [raw[name][0] for name in names]
        if any(raw[name][1] != (len(data[i]) // (1 if name.endswith("codes") else 4),)
               for i, name in enumerate(names)):
            raise ValueError(f"{suit_data.DATA_FILE}: an array of another shape or width")
        blocks = []
        for base, honors in ((0, False), (9, False), (18, False), (27, True)):
            decoded = suit_data.block_codes(honors, base)
            blocks.append([decoded.get(code) for code in range(256)])
        module.readings_init(*data, tuple(blocks))
        _READINGS_SENT.append(True)
    function: Callable[[tuple[int, ...], int], SuitEntry] = module.suit_entry
    return function


def reading_functions(pairs: tuple[Block, ...], singles: tuple[Block, ...]) -> tuple[
        Callable[..., list[Decomposition] | None], Callable[..., list[Decomposition] | None]]:
    """Compiled ``common(counts, tables, melds, fill, allowed)`` and ``text_readings(text,
    tables, melds, fill, allowed)``: ``lookup.counts_readings`` of 34 counts, and
    ``decompose`` of plain mpsz text of 14 tiles (``pairs``/``singles``: the block of each
    kind the special forms use), else None when ``lookup.counts_readings`` must work the
    hand out itself (several readings in a suit, or with ``fill`` false a suit vector not
    in ``tables``).
    Use only when :data:`COMPILED`."""
    from mjasp.core.blocks import Decomposition, Form

    suit_entry_function()  # hands the shipped suit readings over: misses decode in C
    module = compiled()
    module.reading_init(Decomposition, Form.STANDARD, Form.CHIITOITSU, Form.KOKUSHI, pairs,
                        singles)
    return module.common, module.text_readings


def facts_functions(reading_facts: type, hand_facts: type, no_sets: frozenset[int],
                    flag_fields: tuple[str, ...], wind_tiles: dict[str, int]) -> tuple[
        Callable[..., object], Callable[..., object]]:
    """Compiled ``reading_facts(decomposition)`` and ``hand_facts(hand, win, won)``: the
    direct scoring engine's ``_reading_facts`` and ``_hand_facts`` (``reading_facts`` and
    ``hand_facts``: its two fact types, filled field by field in declaration order;
    ``no_sets``: the set tiles of a reading without sets; ``flag_fields``: the Win flags of
    ``HandFacts.flags``; ``wind_tiles``: the kind of each wind by name). Use only when
    :data:`COMPILED`."""
    from mjasp.core.blocks import Block, BlockKind, Decomposition, Form
    from mjasp.core.hand import Hand, Meld, MeldKind
    from mjasp.core.win import Win

    module = compiled()
    module.facts_init(reading_facts, tuple(vars(reading_facts)[f.name]
                                           for f in fields(reading_facts)),
                      (BlockKind.SEQUENCE, BlockKind.TRIPLET, BlockKind.PAIR),
                      (MeldKind.CHI, MeldKind.KAN, MeldKind.ANKAN), Form.STANDARD, no_sets)
    module.hand_facts_init(hand_facts, tuple(vars(hand_facts)[f.name] for f in fields(hand_facts)),
                           (MeldKind.CHI, MeldKind.PON, MeldKind.KAN, MeldKind.ANKAN),
                           wind_tiles, flag_fields)
    # the fields both read, each through its slot descriptor (no lookup by name per read)
    module.slots_init(Block, Meld, Decomposition, Hand, Win)
    return module.reading_facts, module.hand_facts


#: Whether the shipped suit readings were handed to the compiled module.
_READINGS_SENT: list[bool] = []


def batch_shanten(hands: npt.NDArray[np.uint8], out: npt.NDArray[np.int8], standard: bool,
                  seven_pairs: bool, orphans: bool, three_player: bool, quads: bool) -> int:
    """Compiled shanten of each row of a C-contiguous ``(N, 34)`` ``uint8`` array into
    ``out`` (``int8``, N); -1, or the first row that breaks a rule (counts 0..4, 3n+1 or
    3n+2 tiles up to 14, no 2m-8m in sanma, 13/14 tiles for a special form alone), whose
    error the caller's checks then raise. Call only when :data:`COMPILED`."""
    bad: int = compiled().batch(hands, out, standard, seven_pairs, orphans, three_player,
                                quads)
    return bad
