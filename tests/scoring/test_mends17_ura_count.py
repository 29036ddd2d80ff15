"""Ura indicators given in another number than the dora indicators are a situation that
cannot happen (one under each dora indicator, all turned at a riichi win: every riichi win
of the shared Tenhou logs lists as many doraHaiUra as doraHai): the Win is refused, so
every path that scores one refuses it; every equal count is accepted."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from mjasp import Win, score
from mjasp.cli import main
from mjasp.core.win import WinError
from tests.conftest import shared_data

HAND = "234m567p234678s55m"  # closed, no kan: any 1..5 indicators (other seats' kans)


def _win(dora: tuple[str, ...], ura: tuple[str, ...]) -> Win:
    return Win("2m", tsumo=True, rinshan=False, riichi=1, dora_indicators=dora,
               ura_indicators=ura)


@pytest.mark.parametrize(("dora", "ura"), [(("1p", "2p"), ("3p",)),
                                           (("1p", "2p", "3p"), ("4p", "5p"))])
def test_fewer_ura_than_dora_refused(dora: tuple[str, ...], ura: tuple[str, ...]) -> None:
    with pytest.raises(WinError, match=f"{len(ura)} ura indicators and "
                                       f"{len(dora)} dora indicators"):
        _win(dora, ura)


@pytest.mark.parametrize("n", [1, 2, 3])
def test_equal_counts_and_no_ura_accepted(n: int) -> None:
    dora = ("1p", "2p", "3p")[:n]
    assert score(HAND, _win(dora, ("4p", "6p", "7p")[:n])).han >= 1
    assert score(HAND, _win(dora, ())).han >= 1  # ura not given: not counted


def test_cli_one_line_exit_2() -> None:
    result = CliRunner().invoke(main, ["score", HAND, "--win", "2m", "--tsumo", "--riichi",
                                       "--dora", "1p,2p", "--ura", "3p"])
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1 and "1 ura indicators and 2 dora" in result.stderr


def test_the_shared_tenhou_wins_give_as_many_ura_as_dora() -> None:
    # the rule's evidence, read from the raw records: every AGARI with doraHaiUra
    import re

    seen = 0
    for path in sorted(shared_data("logs").glob("*.mjlog")):
        for tag in re.findall(r"<AGARI [^>]*>", path.read_text(encoding="utf-8")):
            ura = re.search(r'doraHaiUra="([^"]*)"', tag)
            if ura:
                dora = re.search(r'doraHai="([^"]*)"', tag)
                assert dora is not None
                assert len(ura.group(1).split(",")) == len(dora.group(1).split(","))
                seen += 1
    assert seen > 10


def test_win_file_refused(tmp_path: Path) -> None:
    pytest.importorskip("clingo")
    facts = tmp_path / "win.lp"
    facts.write_text('hand("234m567p234678s55m").\nwin_tile("2m").\nseat_wind(s).\n'
                     'riichi(1).\ndora_indicator("4p").\ndora_indicator("6p").\n'
                     'ura_indicator("1s").\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["score", str(facts)])
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1 and "1 ura indicators and 2 dora" in result.stderr
    facts.write_text(facts.read_text() + 'ura_indicator("2s").\n', encoding="utf-8")
    assert CliRunner().invoke(main, ["score", str(facts)]).exit_code == 0
