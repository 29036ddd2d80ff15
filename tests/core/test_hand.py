"""Hands and the mpsz notation: parsing, printing, ids, and every kind of bad input."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import mjasp
from mjasp.core.errors import HandError
from mjasp.core.hand import Hand, Meld, MeldKind, trusted_hand
from mjasp.core.tiles import FIVES, NUM_KINDS

EMPTY = (0,) * NUM_KINDS


def counts_of(**tiles: int) -> tuple[int, ...]:
    """34 counts from keyword names such as ``m5=2`` (suit letter, then digit)."""
    counts = [0] * NUM_KINDS
    for name, n in tiles.items():
        counts["mpsz".index(name[0]) * 9 + int(name[1]) - 1] = n
    return tuple(counts)


# -- parsing and printing --------------------------------------------------------------------

@pytest.mark.parametrize(("text", "canonical"), [
    ("11122233344455m", "11122233344455m"),
    ("5m 0m 5p", "05m5p"),  # spaces ignored, the red five printed first of its fives
    ("1z2z3z", "123z"),
    ("4p 5s 1m", "1m4p5s"),  # suits in m p s z order
    ("234m067p22z[789s](1111z)", "234m067p22z [789s] (1111z)"),
    ("[555p] [5505s]", "[555p] [0555s]"),
    ("", ""),
])
def test_canonical_text(text: str, canonical: str) -> None:
    hand = Hand.parse(text)
    assert str(hand) == canonical
    assert Hand.parse(canonical) == hand
    assert eval(repr(hand)) == hand  # repr is a constructor expression


def test_counts_melds_and_reds() -> None:
    hand = Hand.parse("234m067p22z [789s] (1111z)")
    assert hand.counts == counts_of(m2=1, m3=1, m4=1, p6=1, p7=1, p5=1, z2=2)
    assert hand.red == (0, 1, 0)
    assert hand.melds == (Meld(MeldKind.CHI, 24), Meld(MeldKind.ANKAN, 27))
    assert (hand.concealed_count, hand.tile_count, hand.is_closed) == (8, 14, False)
    assert Hand.parse("11m (1111z)").is_closed
    assert hand.total_counts()[27] == 4 and hand.total_counts()[24:27] == (1, 1, 1)
    assert len({hand, Hand.parse(str(hand))}) == 1  # hashable, equal by value


def test_ids() -> None:
    hand = Hand.parse("0555m19p7z")
    ids = hand.to_ids()
    assert sorted(i // 4 for i in ids) == [4, 4, 4, 4, 9, 17, 33]
    assert 16 in ids and len(set(ids)) == len(ids)
    assert Hand.from_ids(ids) == hand
    assert Hand.from_ids([17, 18]).red == (0, 0, 0)
    assert Hand.from_ids([16, 52, 88]).red == (1, 1, 1)


# -- bad input ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "position", "words"), [
    ("123x", 3, "unknown character"),
    ("12m3", 3, "no suit letter"),
    ("123", 0, "no suit letter"),
    ("m", 0, "no digits"),
    ("8z", 0, "honor"),
    ("0z", 0, "red five"),
    ("11m 1111m", 6, "6 copies of 1m"),  # position of the fifth copy
    ("[123m", 0, "unclosed"),
    ("123m]", 4, "unmatched"),
    ("[124m]", 0, "a meld is"),
    ("(111m)", 0, "closed kan"),
    ("[[123m]]", 1, "nested"),
    ("[1[23m]", 1, "no suit letter"),
    ("1m [0500m]", 3, "3 red fives in one meld"),  # no set has three red fives of a suit
])
def test_parse_errors_point_at_the_bad_character(text: str, position: int, words: str) -> None:
    with pytest.raises(HandError) as raised:
        Hand.parse(text)
    assert raised.value.position == position
    assert raised.value.text == text
    assert words in str(raised.value)
    assert f"at position {position}" in str(raised.value)


@pytest.mark.parametrize(("text", "words"), [
    ("123456789m123456p", "15 tiles"),
    ("123m [123m] [456m] [789m] [111p] [222p]", "18 tiles"),
    ("000m", "3 red fives of m; no set has more than 2"),
    ("0m [406m] [340m]", "3 red fives"),  # melds count: two in melds, one in hand
])
def test_whole_hand_errors(text: str, words: str) -> None:
    with pytest.raises(HandError, match=words):
        Hand.parse(text)


def test_constructor_errors() -> None:
    with pytest.raises(HandError, match="red fives of m but only 0 fives"):
        Hand(EMPTY, red=(1, 0, 0))  # a red five that is not a five
    with pytest.raises(HandError, match="5 copies of 1m"):
        Hand(counts_of(m1=2), melds=(Meld(MeldKind.PON, 0),))  # pon + 2 in hand = 5
    with pytest.raises(HandError, match="only 4"):
        Hand.from_counts(counts_of(p9=5))
    with pytest.raises(HandError, match="34 counts"):
        Hand((1, 1, 1))
    with pytest.raises(HandError, match="15 tiles"):
        Hand.from_counts(counts_of(m1=3, m2=3, m3=3, m4=3, m5=3))
    with pytest.raises(HandError, match="no sequence starts at 8m"):
        Hand(EMPTY, melds=(Meld(MeldKind.CHI, 7),))
    with pytest.raises(HandError, match="cannot hold 1 red"):
        Hand(EMPTY, melds=(Meld(MeldKind.PON, 0, red=1),))
    with pytest.raises(HandError, match="out of range"):
        Hand.from_ids([136])
    with pytest.raises(HandError, match="twice"):
        Hand.from_ids([5, 5])


@pytest.mark.parametrize(
    "text", ["123m", "1112223334445m", "123m456p789s1z [777s]", "11z [111m] [222m] [333m]"])
def test_complete_hand_needs_14_tiles(text: str) -> None:
    with pytest.raises(HandError, match="14 tiles"):
        mjasp.decompose(text)


def test_sanma_rejects_2m_to_8m() -> None:
    with pytest.raises(HandError, match="not in the tenhou-3p tile set"):
        mjasp.decompose("123m456p789s11222z", rules="sanma")


# -- properties --------------------------------------------------------------------------------

def examples(full: int) -> pytest.MarkDecorator:
    """Run a property on ``full`` examples under ``slow`` (CI), on a fifth of them in the
    contributors' loop (``-m "not slow"``): the same check, a smaller random sample."""
    return pytest.mark.parametrize("examples", [
        pytest.param(full, marks=pytest.mark.slow, id=str(full)), full // 5])


NOTATION = st.text(alphabet="0123456789mpsz[]() x", max_size=40)


@settings(max_examples=800, deadline=None)
@given(st.one_of(NOTATION, st.text(max_size=30)))
def test_parser_raises_only_hand_error(text: str) -> None:
    try:
        hand = Hand.parse(text)
    except HandError as error:
        position = error.position
        assert position is None or 0 <= position < len(text)
        return
    assert Hand.parse(str(hand)) == hand


@st.composite
def hands(draw: st.DrawFn) -> Hand:
    """Any legal hand: up to four melds, then concealed tiles up to 14, random red fives."""
    melds = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(MeldKind))
        if kind == MeldKind.CHI:
            tile = draw(st.sampled_from([t for t in range(27) if t % 9 < 7]))
        else:
            tile = draw(st.integers(0, 33))
        fives = sum(t in FIVES for t in Meld(kind, tile).tiles())
        melds.append(Meld(kind, tile, draw(st.integers(0, min(fives, 2)))))
    room = 14 - 3 * len(melds)
    tiles = draw(st.lists(st.integers(0, 33), max_size=room))
    counts = [0] * NUM_KINDS
    for tile in tiles:
        counts[tile] += 1
    # up to two red fives of a suit (the "aka 4" sets), melds included (else assumed away)
    red = tuple(draw(st.integers(0, min(counts[f], 2))) for f in FIVES)
    try:
        return Hand(tuple(counts), (red[0], red[1], red[2]), tuple(melds))
    except HandError:
        assume(False)
        raise


@examples(600)
def test_every_valid_hand_round_trips(examples: int) -> None:
    @settings(max_examples=examples, deadline=None)
    @given(hands())
    def check(hand: Hand) -> None:
        assert Hand.parse(str(hand)) == hand
        assert eval(repr(hand)) == hand
        assert Hand.from_counts(hand.counts, hand.melds).counts == hand.counts

    check()


@examples(600)
def test_ids_round_trip(examples: int) -> None:
    @settings(max_examples=examples, deadline=None)
    @given(hands())
    def check(hand: Hand) -> None:
        if max(hand.red) > 1:
            # the 136-tile set has one red id per suit: a second red five has no id
            with pytest.raises(HandError, match="one red id per suit"):
                hand.to_ids()
            return
        ids = hand.to_ids()
        assert len(ids) == len(set(ids)) == hand.concealed_count
        back = Hand.from_ids(ids, hand.melds)
        assert back.counts == hand.counts
        # four plain fives need id 4k, which the 136-id convention reads as the red one
        plain_quads = [s for s, f in enumerate(FIVES)
                       if hand.counts[f] == 4 and not hand.red[s]]
        if not plain_quads:
            assert back == hand

    check()


# -- the fast constructors equal the general path ---------------------------------------------
# Hand.parse (with and without melds), Hand.from_counts and Hand.from_ids each take a short
# path for well-formed input and leave everything else to the general one, which builds
# the hand through Hand.__post_init__'s checks. The reference below is that general path
# alone (each fast path switched off): same hand, or the same error at the same position.
# Each runs twice (kernel_path): with the compiled checks of mjasp/solvers/_kernel.c
# installed, and with the pure-Python ones; each on its full sample under slow (examples).

def _outcome(build: object, argument: object) -> object:
    try:
        hand = build(argument)  # type: ignore[operator]
    except HandError as error:
        return ("error", str(error), error.position)
    return ("hand", hand.counts, hand.red, hand.melds, type(hand.counts), type(hand.red))


def _general(build: object, argument: object) -> object:
    import mjasp.core.hand as hand_module

    with pytest.MonkeyPatch.context() as patch:
        for name in ("_parse_with_melds", "_plain_hand", "_ids_hand"):
            patch.setattr(hand_module, name, lambda *_: None)
        patch.setattr(hand_module, "_COMPILED", [])
        return _outcome(build, argument)


@st.composite
def meld_texts(draw: st.DrawFn) -> str:
    """A legal hand's text with its melds' digits shuffled and spaces moved, sometimes
    broken by one edit (a character changed, dropped or doubled)."""
    hand = draw(hands())
    words = [str(hand).split(" ")[0]] if hand.concealed_count else []
    for meld in hand.melds:
        text = str(meld)
        body = list(text[1:-2])
        body = draw(st.permutations(body))
        words.append(text[0] + "".join(body) + text[-2:])
    text = draw(st.sampled_from([" ", "", "  "])).join(words)
    if draw(st.booleans()) and text:
        at = draw(st.integers(0, len(text) - 1))
        edit = draw(st.sampled_from(["change", "drop", "double"]))
        if edit == "change":
            text = text[:at] + draw(st.sampled_from("0123456789mpsz[]() ")) + text[at + 1:]
        elif edit == "drop":
            text = text[:at] + text[at + 1:]
        else:
            text = text[:at] + text[at] + text[at:]
    return text


@examples(1000)
def test_parse_fast_path_equals_the_general_path(kernel_path: str, examples: int) -> None:
    @settings(max_examples=examples, deadline=None)
    @given(st.one_of(meld_texts(), NOTATION, hands().map(str)))
    def check(text: str) -> None:
        assert _outcome(Hand.parse, text) == _general(Hand.parse, text)

    check()


@examples(1000)
def test_compiled_meld_read_equals_the_python_one(examples: int) -> None:
    # the compiled read of text with melds gives the hand _parse_with_melds gives wherever
    # it answers (None leaves the text to it), and answers on every legal hand's text
    import mjasp.core.hand as hand_module
    from mjasp.solvers import kernel

    if not kernel.COMPILED:  # (built and switched on: MJASP_PURE_PYTHON runs Python only)
        pytest.skip("the compiled kernel is off")
    read = kernel._compiled.hand_text_melds  # type: ignore[union-attr]
    table = hand_module._MELD_TEXTS or hand_module._fill_meld_texts()

    @settings(max_examples=examples, deadline=None)
    @given(st.one_of(meld_texts(), hands().map(str)))
    def check(text: str) -> None:
        found = read(text, table, 14, 2)
        if found is not None:
            python = hand_module._parse_with_melds(text)
            assert python is not None and type(found) is Hand
            assert (found.counts, found.red, found.melds) == (python.counts, python.red,
                                                              python.melds)
            assert type(found.counts) is tuple and type(found.melds) is tuple

    check()
    # every legal hand with melds as str() writes it: the compiled read answers
    for text in ("05m678p678s [234p] [777z]", "123m [406p] [0555s] (1111z)",
                 "[123m][456m][789m][111z]", "11m [055m] [406m]",
                 "55z [123m] [123m] [123m] [123m]"):
        assert read(text, table, 14, 2) == Hand.parse(text)
    for text in ("0m [055m] [5555m]", "00m [055m] 1z", "123m [123m)", "(1111z) 22z", "[123z]"):
        assert read(text, table, 14, 2) is None


@pytest.mark.parametrize("text", [
    "05m678p678s [234p] [777z]", "123m [406p] [0555s] (1111z)", "[123m][456m][789m][111z]",
    "11m [055m] [406m]",       # two red fives of manzu, both in melds, four 5m: legal
    "0m [055m] [5555m]",       # eight copies of 5m across the hand and its melds
    "00m [055m] 1z",           # three red fives of manzu: more than any set has
    "1m [123m] [123m] [123m] [123m] [11z]",  # a pair is not a meld
    "123m [123m] [123m] [123m] [123m]",      # 15 tiles
    "123m [123m)", "123m (123m)", "[0000m]", "[123z]", "[890m]", "(1111z) 22z",
])
def test_parse_fast_path_on_chosen_edges(kernel_path: str, text: str) -> None:
    assert _outcome(Hand.parse, text) == _general(Hand.parse, text)


@examples(500)
def test_from_counts_fast_path_equals_the_general_path(kernel_path: str, examples: int) -> None:
    @settings(max_examples=examples, deadline=None)
    @given(st.one_of(
        st.lists(st.integers(-1, 5), min_size=33, max_size=35),
        st.lists(st.integers(0, 1), min_size=34, max_size=34).map(tuple),
        hands().map(lambda hand: list(hand.counts)),  # legal: at most 14 tiles, 0..4 each
        st.lists(st.sampled_from([0, 1, 2, True, 1.0, "1"]), min_size=34, max_size=34)))
    def check(counts: list[object]) -> None:
        assert _outcome(Hand.from_counts, counts) == _general(Hand.from_counts, counts)

    check()


@examples(500)
def test_from_ids_fast_path_equals_the_general_path(kernel_path: str, examples: int) -> None:
    @settings(max_examples=examples, deadline=None)
    @given(st.one_of(
        st.lists(st.integers(0, 135), max_size=15),
        st.sets(st.integers(0, 135), max_size=14).map(list),  # legal: distinct ids
        st.lists(st.integers(-2, 140), max_size=15).map(tuple),
        st.lists(st.sampled_from([0, 16, 17, 52, 88, 135, True, 2.0]), max_size=6)))
    def check(ids: list[object]) -> None:
        assert _outcome(Hand.from_ids, ids) == _general(Hand.from_ids, ids)

    check()


def test_from_counts_reads_numpy_arrays_on_the_fast_path(kernel_path: str) -> None:
    np = pytest.importorskip("numpy")
    counts = [3, 1, 1, 1, 1, 1, 1, 1, 3] + [0] * 25  # 1112345678999m, nine gates
    for dtype in (np.int8, np.uint8, np.int64):
        hand = Hand.from_counts(np.array(counts, dtype=dtype))
        assert str(hand) == "1112345678999m"
        assert all(type(n) is int for n in hand.counts)  # Python ints, hashable as usual
    with pytest.raises(HandError, match="integer"):
        Hand.from_counts(np.array(counts, dtype=float))
    with pytest.raises(HandError, match="only 4"):
        Hand.from_counts(np.array([5] + [0] * 33))


def test_from_ids_reads_the_red_fives(kernel_path: str) -> None:
    # ids 16, 52, 88 are the red fives (4 * kind of 5m, 5p, 5s); 17 a plain 5m
    hand = Hand.from_ids([16, 17, 52, 89])
    assert str(hand) == "05m0p5s"
    assert hand.red == (1, 1, 0)


@examples(300)
def test_trusted_hand_equals_the_checked_constructor(examples: int) -> None:
    # the values of a legal hand, built unchecked: the same value as Hand's own build
    @settings(max_examples=examples, deadline=None)
    @given(hands())
    def check(hand: Hand) -> None:
        red = (hand.red[0], hand.red[1], hand.red[2])
        trusted = trusted_hand(tuple(hand.counts), red, tuple(hand.melds))
        checked = Hand(tuple(hand.counts), red, tuple(hand.melds))
        assert type(trusted) is Hand
        assert trusted == checked and hash(trusted) == hash(checked)
        assert str(trusted) == str(checked) and repr(trusted) == repr(checked)
        assert trusted.total_counts() == checked.total_counts()

    check()


def test_trusted_hand_is_frozen() -> None:
    hand = trusted_hand((2,) + (0,) * 33)
    with pytest.raises(AttributeError):
        hand.counts = (0,) * 34  # type: ignore[misc]
