"""``mjasp advise HAND``: what to discard, by value (``docs/advise.md``)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import click

from mjasp.cli.app import (
    FiniteFloat,
    changed_options,
    emit_json,
    given_words,
    json_option,
    main,
    refuse_rule_file_conflicts,
    rule_changes_option,
    rules_option,
    shows_progress,
    with_options,
)
from mjasp.cli.limits import (
    DEFAULT_MEMORY_MB,
    DEFAULT_TIME_LIMIT,
    MAX_MEMORY_MB,
    MAX_TIME_LIMIT,
    run_limited,
)

if TYPE_CHECKING:
    from mjasp.advice import Advice
    from mjasp.rules import Rules


def _run(hand: str, options: dict[str, Any]) -> Advice:
    from mjasp.advice import advise  # numpy loads only when a hand is advised

    return advise(hand, **options)


def _tick(nodes: int) -> None:
    sys.stderr.write(f"\r\033[K  searching: {nodes} hands")
    sys.stderr.flush()


@main.command("advise")
@click.argument("hand")
@click.option("--dora", default="", metavar="TILES", help="Dora indicators (mpsz).")
@click.option("--seat", default="E", show_default=True,  # any case, as mjasp score's
              type=click.Choice(["E", "S", "W", "N"], case_sensitive=False), help="Seat wind.")
@click.option("--round", "round_", default="E", show_default=True,
              type=click.Choice(["E", "S", "W", "N"], case_sensitive=False), help="Round wind.")
@click.option("--draws", type=int, default=17, show_default=True,
              help="Draws left (0..69).")
@click.option("--visible", default="", metavar="TILES",
              help="Tiles seen elsewhere (mpsz), not in the wall.")
@rules_option  # (scoring and the wall)
@rule_changes_option
@click.option("--variant", "variants", multiple=True, metavar="FILE.lp",
              help="A rule file mjasp ships, played as the options it declares: a "
                   "variant (kiriage.lp, daisharin.lp) or a preset (presets/wrc.lp) "
                   "(repeatable; an --option the files contradict is refused, as by "
                   "mjasp score).")
@click.option("--riichi", default="choose", show_default=True,
              type=click.Choice(["always", "never", "choose"]),
              help="At a closed tenpai: always riichi, never, or the better by value.")
@click.option("--model", default="mjasp", show_default=True,
              type=click.Choice(["mjasp", "mahjong-cpp"]),
              help="mjasp's model, or mahjong-cpp's as its code computes it.")
@click.option("--explain", "explain", default=None, metavar="DISCARD",
              help="Explain one discard (- for a 13-tile hand): expected points by hand "
                   "value, turn, riichi/dama; the likeliest lines; the score distribution.")
# the ranges of mjasp solve and score: a finite number of seconds, a memory the kernel takes
@click.option("--time-limit", type=FiniteFloat(0, MAX_TIME_LIMIT),
              default=DEFAULT_TIME_LIMIT, show_default=True, metavar="SECONDS",
              help="Stop after this long; exit 3.")
@click.option("--memory-limit", type=click.IntRange(0, MAX_MEMORY_MB),
              default=DEFAULT_MEMORY_MB, show_default=True, metavar="MB",
              help="Stop above this memory; exit 3.")
@json_option
def advise_command(hand: str, dora: str, seat: str, round_: str, draws: int, visible: str,
                   rules: Rules, options: tuple[str, ...], variants: tuple[str, ...],
                   riichi: str, model: str,
                   explain: str | None, time_limit: float, memory_limit: int,
                   as_json: bool) -> None:
    """What to discard from HAND, by value: per discard the shanten, effective tiles,
    tenpai and win probability and expected points (exact, see docs/advise.md).

    \b
    Example:
      $ mjasp advise 222567m345p33667s --dora 1z --draws 8
      222567m345p33667s: 0-shanten, 8 draws, model mjasp
      discard  shanten  tiles   tenpai%    win%    points  riichi  effective tiles
      6s       0        8        100.00   42.14    3425.3  riichi  5s(4) 8s(4)
      7s       0        4        100.00   29.84    1530.3  dama    3s(2) 6s(2)
      ...
    """
    played_rules = with_options(rules, options)
    if variants:
        from mjasp.solvers.scoring_variants import shipped, variant_rules  # clingo: files

        # a preset file is the rules unless --rules or --option chose others (then the two
        # must agree), and a file's option/2 fact must agree with an --option: as mjasp
        # score refuses them (the default tenhou is no choice)
        named = click.get_current_context().get_parameter_source("rules")
        explicit = named is not click.core.ParameterSource.DEFAULT
        from_files = variant_rules(variants, rules if explicit else None)
        refuse_rule_file_conflicts(options, variants, [shipped(f) or f for f in variants],
                                   played_rules if explicit or options else None,
                                   given_words(rules.name, explicit, options))
        played_rules = with_options(from_files, options)
    played: dict[str, Any] = dict(dora_indicators=dora, seat_wind=seat, round_wind=round_,
                                  draws=draws, visible=visible, rules=played_rules,
                                  riichi=riichi, model=model)
    if explain is not None:
        from mjasp.advice.explain import explain_discard
        result: Any = run_limited(explain_discard, (hand, explain, played),
                                  time_limit=time_limit, memory_mb=memory_limit,
                                  what="mjasp advise", clock="computing")
        if as_json:
            emit_json(result)
        else:
            _print_explanation(result)
        return
    if shows_progress(as_json):
        played["progress"] = _tick
    if time_limit or memory_limit:
        played.pop("progress", None)
        found = run_limited(_run, (hand, played), time_limit=time_limit,
                            memory_mb=memory_limit, what="mjasp advise",
                            clock=None if as_json else "computing")
    else:
        found = _run(hand, played)
    if as_json:
        data = found.to_json()
        # the options --option changed, as mjasp score --json reports them
        data["settings"]["options"] = changed_options(played["rules"])
        emit_json(data)
        return
    _print_table(found)


def _print_table(a: Advice) -> None:
    if a.win_points is not None:
        click.echo(f"{a.hand}: complete — a self-draw win scores {a.win_points}")
        if a.note:  # which tile that self-draw was: the score depends on it
            click.echo(f"note: {a.note}")
        return
    shape = "complete" if a.shanten == -1 else f"{a.shanten}-shanten"  # without a yaku
    click.echo(f"{a.hand}: {shape}, {a.draws} draws, model {a.model}")
    if a.note:
        click.echo(f"note: {a.note}")
    click.echo(f"{'discard':<8} {'shanten':<8} {'tiles':<6} {'tenpai%':>8} {'win%':>7} "
               f"{'points':>9}  riichi  effective tiles")
    for c in a.candidates:
        name = c.discard or "-"
        tiles = " ".join(f"{t}({n})" for t, n in c.ukeire)
        if c.tenpai_prob:
            click.echo(f"{name:<8} {c.shanten:<8} {c.ukeire_count:<6} "
                       f"{100 * c.tenpai_prob[0]:>8.2f} {100 * c.win_prob[0]:>7.2f} "
                       f"{c.expected_points[0]:>9.1f}  {c.decision:<6}  {tiles}")
        else:
            click.echo(f"{name:<8} {c.shanten:<8} {c.ukeire_count:<6} {'':>8} {'':>7} "
                       f"{'':>9}  {'':<6}  {tiles}")


def _section(title: str, rows: list[str], legend: str = "", empty: str = "none") -> None:
    """One part of an explanation: its title (with ``legend``, what its rows hold) and
    rows, or the title and ``empty`` on one line when it has none (no draws left, or no
    win reachable)."""
    if rows:
        click.echo(f"{title}{' ' + legend if legend else ''}:")
        for row in rows:
            click.echo(f"  {row}")
    else:
        click.echo(f"{title}: {empty}")


def _print_explanation(e: dict[str, Any]) -> None:
    what = f"discard {e['discard']}" if e["discard"] else "as it stands"
    click.echo(f"{e['hand']}: {what} — expected {e['expected_points']:.1f} "
               f"points, win {100 * e['win_prob']:.2f}%, "
               f"P(>= mangan) {100 * e['p_mangan_or_more']:.2f}%")
    _section("by riichi/dama", [f"{k:<8} {v:>10.1f}" for k, v in e["by_riichi"].items()])
    _section("by winning hand",
             [f"{row['points']:>6}  {row['share']:>9.1f}  p={row['prob']:.4f}  {row['yaku']}"
              for row in e["by_hand"][:12]], legend="(points, yaku), largest share first")
    _section("by wait", [f"{k:<4} {v:>10.1f}" for k, v in e["by_wait"].items()])
    _section("by turn",
             [" ".join(f"{i + 1}:{v:.0f}" for i, v in enumerate(e["by_turn"]))]
             if e["by_turn"] else [], legend="(draw number: points)", empty="no draws left")
    _section("score distribution", [f"{pts:>7}  {100 * p:6.2f}%" for pts, p in e["distribution"]])
    _section("likeliest lines of play",
             [f"{100 * line['prob']:6.3f}%  {line['line']}" for line in e["lines"]])
