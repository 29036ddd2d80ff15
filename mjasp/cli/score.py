"""``mjasp score HAND --win TILE ...``: what a winning hand is worth (``--rules``: under
which rules; Tenhou's by default)."""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

import click

from mjasp.cli.app import (
    batch_option,
    changed_options,
    emit_json,
    given_words,
    json_option,
    line_options,
    main,
    one_hand,
    refuse_rule_file_conflicts,
    rule_changes_option,
    rules_option,
    run_batch,
    with_options,
)
from mjasp.cli.limits import limit_options, run_limited
from mjasp.core.errors import MjaspError
from mjasp.core.hand import Hand
from mjasp.core.win import WINDS, Win
from mjasp.rules import Rules
from mjasp.rules.validity import as_hand
from mjasp.solvers.registry import SCORING_ENGINES

if TYPE_CHECKING:
    from mjasp.scoring.api import Score


def headline(s: Score, win: Win, rules: Rules | None = None) -> str:
    """The first line: fu, han, limit, points, and who pays them (honba and sticks aside).

    >>> from mjasp.scoring.api import score
    >>> win = Win("8s", tsumo=True, seat_wind="W", dora_indicators=("7m",))
    >>> headline(score("05m678p678s [234p] [777z]", win), win)
    '30 fu 2 han: 2000 (500/1000 tsumo)'
    """
    from mjasp.rules.points import payments

    if s.reason:
        return f"0 points: {s.reason}"
    bare = payments(s.han, s.fu, s.yakuman, dealer=win.dealer, tsumo=win.tsumo, rules=rules)
    if s.payments.liable:
        # liability moves a yakuman's part to the liable seat: describe() says who pays what
        who = f"{'tsumo' if win.tsumo else 'ron'}, {win.liable} liable"
    elif not win.tsumo:
        who = "ron"
    elif win.dealer:
        who = f"{bare.others} all tsumo"
    else:
        who = f"{bare.others}/{bare.dealer} tsumo"
    if s.yakuman:
        value = "yakuman" if s.yakuman == 1 else f"{s.yakuman}x yakuman"
    else:
        limit = {None: "", "yakuman": " counted yakuman"}.get(s.limit, f" {s.limit}")
        value = f"{s.fu} fu {s.han} han{limit}"
    return f"{value}: {s.points} ({who})"


def describe(s: Score, win: Win) -> list[str]:
    """The lines after the headline: yaku, fu parts, reading, payments."""
    lines = [_pad(f"  {i.yaku.english} ({i.yaku.japanese})", 40) + f"{i.han:>3} han"
             for i in s.yaku]
    if s.fu_details:
        parts = ", ".join(f"{reason} {fu}" for reason, fu in s.fu_details)
        raw = sum(fu for _, fu in s.fu_details)
        lines.append(f"fu: {parts} = {raw}" + (f" -> {s.fu}" if raw != s.fu else ""))
    if s.reading is not None:
        lines.append(f"reading: {s.reading.decomposition}  (winning tile {win.tile} in "
                     f"{s.reading.win_block}, {s.reading.wait.value} wait)")
    p = s.payments
    if p.liable:
        # liability (pao): the liable seat pays for its yakuman (see mjasp.rules.points)
        lines.append(f"liable: {win.liable} pays {p.liable}"
                     + (f", the discarder {p.ron}" if not win.tsumo else
                        f", the others {p.others}/{p.dealer}" if p.others else ""))
    if s.points and (win.honba or win.riichi_sticks):
        paid = (f"{p.ron} ron" if not win.tsumo else
                f"{p.liable} from {win.liable}" if p.liable and not p.others else
                f"{p.others} all" if win.dealer else f"{p.others}/{p.dealer}")
        if p.liable and (p.others or not win.tsumo):
            paid += f" + {p.liable} from {win.liable}"
        lines.append(f"payments: {paid} with {win.honba} honba, + {p.sticks} riichi sticks"
                     f" = {p.total}")
    return lines


def _tiles(text: str) -> tuple[str, ...]:
    return tuple(t.strip() for t in text.split(",") if t.strip())


@main.command("score")
@click.argument("hand", nargs=-1, required=False, metavar="HAND | FILE.lp [VARIANT.lp ...]")
@click.option("--win", "tile", metavar="TILE", help="The winning tile (mpsz, 0 = red five).")
@click.option("--tsumo", is_flag=True, help="Won by self-draw (default: ron).")
@click.option("--seat", type=click.Choice(WINDS, case_sensitive=False), default="E",
              show_default=True, help="Seat wind (the dealer sits East).")
@click.option("--round", "round_wind", type=click.Choice(WINDS, case_sensitive=False),
              default="E", show_default=True, help="Round wind.")
@click.option("--dora", default="", metavar="TILES", help="Dora indicators, e.g. 7m,3z.")
@click.option("--ura", default="", metavar="TILES", help="Ura dora indicators (riichi only).")
@click.option("--riichi", is_flag=True, help="Riichi.")
@click.option("--double-riichi", is_flag=True, help="Double riichi.")
@click.option("--ippatsu", is_flag=True)
@click.option("--rinshan", is_flag=True, help="Won on the replacement tile after a kan.")
@click.option("--chankan", is_flag=True, help="Robbed a kan.")
@click.option("--haitei", is_flag=True, help="Won on the last tile drawn.")
@click.option("--houtei", is_flag=True, help="Won on the last tile discarded.")
@click.option("--tenhou", is_flag=True, help="The dealer's first draw.")
@click.option("--chiihou", is_flag=True, help="A non-dealer's first draw.")
@click.option("--north", "north_dora", type=click.IntRange(0, 4), default=0,
              help="Three players: north tiles set aside (nukidora), each a dora.")
@click.option("--robbed-north", is_flag=True,
              help="Three players: a ron on a north tile another player set aside (no "
                   "chankan).")
@click.option("--liable", type=click.Choice(WINDS, case_sensitive=False), default=None,
              help="The seat liable for a yakuman (pao): it pays that yakuman's part.")
@click.option("--renhou", is_flag=True,
              help="A non-dealer's ron before their first draw (a yaku where the rules "
                   "play it).")
@click.option("--honba", type=click.IntRange(min=0), default=0, show_default=True)
@click.option("--sticks", type=click.IntRange(min=0), default=0, show_default=True,
              help="Riichi sticks on the table, to the winner.")
@click.option("--all", "show_all", is_flag=True,
              help="Every candidate (reading x winning-tile placement), best first.")
@click.option("--solver", type=click.Choice(list(SCORING_ENGINES)), default="direct",
              show_default=True, help="Scoring engine.")
@rule_changes_option
@limit_options
@rules_option
@json_option
@batch_option
def score_command(hand: tuple[str, ...], tile: str | None, tsumo: bool, seat: str, round_wind: str,
                  dora: str, ura: str, riichi: bool, double_riichi: bool, ippatsu: bool,
                  rinshan: bool, chankan: bool, haitei: bool, houtei: bool, tenhou: bool,
                  chiihou: bool, renhou: bool, north_dora: int, robbed_north: bool,
                  liable: str | None,
                  honba: int, sticks: int, show_all: bool, solver: str,
                  options: tuple[str, ...], time_limit: float, memory_limit: int,
                  rules: Rules, as_json: bool, batch: TextIO | None) -> int:
    """Score HAND (every tile, the winning one included; melds in brackets) under --rules.

    The best of every reading and every placement of the winning tile: most points,
    then a real yakuman over a counted one, then han, then fu.

    \b
    Example:
      $ mjasp score "05m678p678s [234p] [777z]" --win 8s --tsumo --seat W --dora 7m
      30 fu 2 han: 2000 (500/1000 tsumo)
        Red dragon (役牌 中)                    1 han
        Aka dora (赤ドラ)                       1 han
      fu: base 20, tsumo 2, open triplet terminal/honor 4 = 26 -> 30
      reading: 678p 678s 55m [234p] [777z]  (winning tile 8s in 678s, ryanmen wait)
    """
    one_hand(hand or None, batch)
    # a preset file (presets/wrc.lp) is played as its rules unless --rules or --option
    # chose others: then the two must agree (the default tenhou is no choice)
    source = click.get_current_context().get_parameter_source("rules")
    explicit = source is not click.core.ParameterSource.DEFAULT
    chosen = bool(options) or explicit
    given = given_words(rules.name, explicit, options)
    rules = with_options(rules, options)
    files = tuple(a for a in hand if a.endswith(".lp"))
    text = [a for a in hand if not a.endswith(".lp")]
    # the direct engine plays no file: asked for by name, it declines aloud
    named = click.get_current_context().get_parameter_source("solver")
    if files and solver == "direct" and named is not click.core.ParameterSource.DEFAULT:
        raise click.UsageError(".lp files are played by the ASP engine, not the direct "
                               "one; give --solver asp or leave out --solver")
    if hand[0:1] and hand[0].endswith(".lp"):
        if text:
            raise click.UsageError(f"{text[0]!r} after FILE.lp: give a HAND and variant "
                                   "files (HAND VARIANT.lp ...), or only .lp files")
        if tile is not None:
            raise click.UsageError("with FILE.lp the situation is its facts (win_tile/1, "
                                   "tsumo, ...; docs/win-files.md); leave out --win and the "
                                   "other situation options")
        parsed, win, found, played = run_limited(
            _score_files, (options, files, _existing(files), rules if chosen else None, given),
            time_limit=time_limit,
            memory_mb=memory_limit, what="mjasp score", clock="grounding and scoring")
        _echo_scores(parsed, win, found, show_all, as_json, played, "asp")
        return 0
    for arg in text:
        if _on_disk(arg, Path.is_dir):
            raise click.BadParameter(f"{arg}: is a directory; HAND is mpsz text (or give "
                                     "FILE.lp)", param_hint="HAND")
        if "/" in arg or _on_disk(arg, Path.is_file):
            raise click.BadParameter(f"{arg}: a file without .lp; HAND is mpsz text, a "
                                     "win file is FILE.lp", param_hint="HAND")
    if riichi and double_riichi:
        raise click.UsageError("--riichi and --double-riichi exclude each other")
    if tile is None and batch is not None:
        # each line then brings its own situation ("win": {...})
        return run_batch(batch, lambda text, given: _line_score(text, given, None, rules))
    if tile is None:
        raise click.UsageError("--win TILE is required (the winning tile)")
    win = Win(tile=tile, tsumo=tsumo, seat_wind=seat.upper(), round_wind=round_wind.upper(),
              dora_indicators=_tiles(dora), ura_indicators=_tiles(ura),
              riichi=2 if double_riichi else int(riichi), ippatsu=ippatsu, rinshan=rinshan,
              chankan=chankan, haitei=haitei, houtei=houtei, tenhou=tenhou, chiihou=chiihou,
              renhou=renhou, honba=honba, riichi_sticks=sticks, north_dora=north_dora,
              robbed_north=robbed_north,
              liable=liable.upper() if liable else None)
    if batch is not None:
        return run_batch(batch, lambda text, given: _line_score(text, given, win, rules))
    parsed = as_hand(" ".join(text))
    if files:  # HAND VARIANT.lp ...: the variants are rules, played by the ASP engine
        parsed, win, found, played = run_limited(
            _score_files, (options, files, _existing(files), rules if chosen else None, given,
                           (), parsed, win),
            time_limit=time_limit,
            memory_mb=memory_limit, what="mjasp score", clock="grounding and scoring")
        _echo_scores(parsed, win, found, show_all, as_json, played, "asp")
        return 0
    found = _candidates(parsed, win, rules, solver)
    _echo_scores(parsed, win, found, show_all, as_json, rules, solver)
    return 0


#: The options a batch line may set besides "win" (the others are the command line's).
LINE_OPTIONS = ("show_all", "solver", "rules")


def _line_score(text: str, given: dict[str, Any], win: Win | None,
                rules: Rules) -> dict[str, Any]:
    """One batch line: its hand, its situation ("win": the fields of ``Win``, else the
    command line's) and options, scored as ``mjasp score HAND --json`` would."""
    given = dict(given)
    situation = given.pop("win", None)
    if situation is not None:
        if not isinstance(situation, dict):
            raise click.UsageError('"win" must be a JSON object of Win fields')
        try:
            win = Win(**situation)
        except TypeError as error:  # a field Win does not have, or no tile
            raise click.UsageError(f'"win": {error}') from None
    if win is None:
        raise click.UsageError('give the winning tile: --win TILE, or "win": {"tile": ...}')
    options = line_options(given, LINE_OPTIONS)
    if "rules" not in given:  # the command line's rules, its --option changes included
        options["rules"] = rules
    parsed = as_hand(text)
    found = _candidates(parsed, win, options["rules"], options["solver"])
    return score_json(parsed, win, found, options["show_all"], options["rules"],
                      options["solver"])


def _candidates(parsed: Hand, win: Win, rules: Rules, solver: str) -> list[Score]:
    from mjasp.scoring.api import score_candidates

    found = score_candidates(parsed, win, rules=rules, solver=solver)
    if not found:
        raise MjaspError(f"{parsed} is not a complete hand")
    return found


def score_json(parsed: Hand, win: Win, found: list[Score], show_all: bool, rules: Rules,
               solver: str) -> dict[str, Any]:
    """What ``mjasp score HAND --json`` prints: the best of ``found`` (and every
    candidate with ``show_all``), with the situation and the rules played."""
    data: dict[str, Any] = {"hand": str(parsed), "win": dataclasses.asdict(win),
                            "rules": rules.name, "options": changed_options(rules),
                            "solver": solver, **found[0].to_json()}
    if show_all:
        data["candidates"] = [s.to_json() for s in found]
    return data


def _on_disk(arg: str, test: Callable[[Path], bool]) -> bool:
    """Whether ``arg`` names a file system entry that passes ``test``.

    Empty text is no path (``Path("")`` would be the current directory), and text too
    long for a file name is no path either (the system refuses to look it up).

    >>> _on_disk("", Path.is_dir), _on_disk("1m" * 200, Path.is_file)
    (False, False)
    """
    try:
        return bool(arg) and test(Path(arg))
    except OSError:  # ENAMETOOLONG and kin: no such entry can exist
        return False


def _score_files(options: Sequence[str], names: Sequence[str], files: Sequence[str],
                 rules: Rules | None, chosen_words: str,
                 *rest: Any) -> tuple[Hand, Win, list[Score], Rules]:
    """``score_files`` of ``files`` (named ``names`` by the user) once they agree with the
    rules chosen (``refuse_rule_file_conflicts``)."""
    from mjasp.scoring.api import score_files  # the engines load only to score

    refuse_rule_file_conflicts(options, names, files, rules, chosen_words)
    return score_files(files, rules, *rest)


def _existing(files: Sequence[str]) -> tuple[str, ...]:
    """The files as paths: a variant or preset mjasp ships may be named alone
    (kiriage.lp, presets/wrc.lp); a missing file or a directory is an error."""
    from mjasp.solvers.scoring_variants import shipped  # clingo: only for .lp files

    paths = tuple(f if _on_disk(f, Path.is_file) else shipped(f) or f for f in files)
    for path in paths:
        if _on_disk(path, Path.is_dir):
            raise click.BadParameter(f"{path}: is a directory, not a file",
                                     param_hint="FILE.lp")
        if not _on_disk(path, Path.is_file):
            raise click.BadParameter(f"{path}: no such file", param_hint="FILE.lp")
    return paths


def _echo_scores(parsed: Hand, win: Win, found: list[Score], show_all: bool, as_json: bool,
                 rules: Rules, solver: str) -> None:
    if not found:  # e.g. a variant took a tile of the hand out of play (absent/1)
        raise MjaspError(f"{parsed} is not a complete hand under the rules played")
    best = found[0]
    if as_json:
        emit_json(score_json(parsed, win, found, show_all, rules, solver))
        return
    click.echo(headline(best, win, rules))
    for line in describe(best, win):
        click.echo(line)
    if show_all:
        click.echo(f"candidates ({len(found)}, best first):")
        for s in found:
            where = (f"{s.reading.decomposition}  [{s.reading.win_block} "
                     f"{s.reading.wait.value}]" if s.reading else "")
            yaku = ", ".join(f"{i.yaku.english} {i.han}" for i in s.yaku) or "no yaku"
            click.echo(f"  {headline(s, win, rules)}  {where}  {yaku}")


def _pad(text: str, width: int) -> str:
    """``text`` padded to ``width`` terminal columns (a CJK character takes two)."""
    columns = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
    return text + " " * max(1, width - columns)
