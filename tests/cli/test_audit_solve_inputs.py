"""``mjasp solve``: a file that derives mjasp's inputs (``hold/2``, ``called/2``) by a rule.

mjasp sets those atoms per hand as externals. Plain clingo reads a rule deriving one as part
of the program: ``called(pon,27) :- hold(0,3).`` declares a pon of 1z, so a hand of 14
concealed tiles plus that pon has 17 tiles and no reading. mjasp used to drop such rules
silently (its assumptions win) and print the hand's readings as if the rule were not
there; a derived input is now refused, as a fact setting it already was.
"""

from __future__ import annotations

import re
from pathlib import Path

import clingo
import pytest
from click.testing import CliRunner

from mjasp.cli import main
from mjasp.core.hand import Hand
from mjasp.rules import find_rules
from mjasp.solvers.asp import encoding, rule_facts

HAND = "11122233344455m"


def plain_clingo_models(hand: str, extra: str) -> int:
    """Answer sets of ``decompose.lp`` with the hand as plain ``hold/2`` facts plus
    ``extra``: what ``clingo decompose.lp file.lp`` finds, without mjasp's engine."""
    counts = Hand.parse(hand).counts
    facts = " ".join(f"hold({k},{n})." for k, n in enumerate(counts) if n)
    ctl = clingo.Control(["--models=0", "--warn=none"])
    ctl.load(encoding("decompose.lp"))
    ctl.add("base", [], rule_facts(find_rules("tenhou")) + " " + facts + " " + extra)
    ctl.ground([("base", [])])
    ctl.solve()
    return int(ctl.statistics["summary"]["models"]["enumerated"])


@pytest.mark.parametrize(("rule", "name"), [
    ("called(pon,27) :- hold(0,3).", "called"),    # a pon of 1z, when 1m is held 3 times
    ("1 { called(pon,27) }.", "called"),            # a pon of 1z by a choice
    ("called(pon,27,1) :- hold(0,3).", "called"),  # the same by called/3
    ("hold(5,2) :- hold(0,3).", "hold"),           # two more 6m
    ("1 { hold(5,1) }.", "hold"),
])
def test_a_rule_deriving_an_input_is_refused(tmp_path: Path, rule: str, name: str) -> None:
    # the rule changes plain clingo's answer: the hand alone has 4 readings (hand-worked:
    # 111 222 333 444 55, 111 234x3 55, 111 234 345x2 22, 123x3 444 55)
    assert plain_clingo_models(HAND, "") == 4
    assert plain_clingo_models(HAND, rule) != 4
    path = tmp_path / "hand.lp"
    path.write_text(f'hand("{HAND}").\n{rule}\n')
    result = CliRunner().invoke(main, ["solve", str(path)])
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and len(result.stderr.strip().splitlines()) == 1
    assert re.search(r"hand\.lp:2: .*: " + name + r"/2 is set by mjasp", result.stderr)


@pytest.mark.parametrize("variant", [
    ":- hold(0,3).",    # a constraint that reads hold/2
    "#false.",          # an inconsistent program (clingo then drops the externals' flags)
    ":- not x.",
    "-hold(0,3).",      # classical negation: another predicate, inconsistent with hold(0,3)
])
def test_a_variant_that_rules_readings_out_is_answered_as_clingo_does(
        tmp_path: Path, variant: str) -> None:
    path = tmp_path / "hand.lp"
    path.write_text(f'hand("{HAND}").\n{variant}\n')
    assert plain_clingo_models(HAND, variant) == 0
    result = CliRunner().invoke(main, ["solve", str(path)])
    assert result.exit_code == 0 and result.stdout == f"{HAND}: no readings\n"


def ground_atoms(path: Path) -> list[str]:
    """The atoms plain clingo grounds from ``path`` alone (its base program)."""
    ctl = clingo.Control(["--warn=none"])
    ctl.load(str(path))
    ctl.ground([("base", [])])
    return [str(atom.symbol) for atom in ctl.symbolic_atoms]


def test_a_hand_fact_outside_the_base_program_is_refused(tmp_path: Path) -> None:
    """clingo grounds only ``#program base``: a hand under ``#program foo.`` is no hand of
    the program (mjasp used to read it anyway and print its readings)."""
    path = tmp_path / "hand.lp"
    path.write_text(f'#program foo.\nhand("{HAND}").\n')
    assert ground_atoms(path) == []
    result = CliRunner().invoke(main, ["solve", str(path)])
    assert result.exit_code == 2 and result.stdout == ""
    assert "hand.lp:2:" in result.stderr and "#program foo" in result.stderr


def test_a_part_ends_with_its_file(tmp_path: Path) -> None:
    """A ``#program`` in an included file does not reach back into the including file, and
    ``#program base.`` returns to the base part: both hands are the program's."""
    (tmp_path / "part.lp").write_text("#program foo.\nx.\n")
    for text in (f'#include "part.lp".\nhand("{HAND}").\n',
                 f'#program foo.\n#program base.\nhand("{HAND}").\n'):
        path = tmp_path / "hand.lp"
        path.write_text(text)
        assert ground_atoms(path) == [f'hand("{HAND}")']
        result = CliRunner().invoke(main, ["solve", str(path)])
        assert result.exit_code == 0 and result.stdout.startswith(f"{HAND}: 4 readings")


@pytest.mark.parametrize(("variant", "extra"), [
    ("block(seq,9,1).", "123p"),                          # a shown block the hand lacks
    ("block(pair,33,1) :- block(seq,0,1).", "77z"),
])
def test_a_variant_that_shows_blocks_the_hand_lacks_is_an_error(
        tmp_path: Path, variant: str, extra: str) -> None:
    """123m456p789s11222z has one reading (hand-worked: 123m 456p 789s 222z 11z); a shown
    ``block/3`` fact of a variant joins it in plain clingo's answer set, which then holds
    17 or 16 tiles. mjasp used to print that as a reading of the 14-tile hand."""
    path = tmp_path / "hand.lp"
    path.write_text(f'hand("123m456p789s11222z").\n{variant}\n')
    ctl = clingo.Control(["--warn=none"])
    ctl.load(encoding("decompose.lp"))
    facts = " ".join(f"hold({k},{n})." for k, n in
                     enumerate(Hand.parse("123m456p789s11222z").counts) if n)
    ctl.add("base", [], rule_facts(find_rules("tenhou")) + " " + facts + " " + variant)
    ctl.ground([("base", [])])
    shown: list[list[str]] = []
    ctl.solve(on_model=lambda model: shown.append(
        sorted(str(s) for s in model.symbols(shown=True) if s.name == "block")))
    assert len(shown) == 1 and len(shown[0]) == 6  # five blocks of the hand and the extra
    result = CliRunner().invoke(main, ["solve", str(path)])
    assert result.exit_code == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert extra in result.stderr and "not add blocks" in result.stderr
