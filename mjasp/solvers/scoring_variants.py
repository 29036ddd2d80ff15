"""Rule options as files: the variant encodings of ``encodings/scoring/variants/`` that a
:class:`~mjasp.rules.Rules` implies, and the ``Rules`` that the ``option/2`` facts of
loaded files imply.

Every variant file plays one option value Tenhou does not have and declares it as a fact,
``option(kiriage,on).``; ``VARIANT_FILES`` is the one table from option values to files.
The ASP scoring engine loads the files of its rules, plus any the user gives
(``mjasp score hand.lp kiriage.lp``); the facts those declare change the rules the
scores are totalled by, and a file that contradicts the chosen preset is an error.

>>> variant_files(find_rules("wrc"))[:3]
['double_wind_2fu.lp', 'kazoe_sanbaiman.lp', 'kiriage.lp']
>>> with_options(find_rules("tenhou"), [("kiriage", "on")]).kiriage
True
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
from collections.abc import Iterable, Sequence
from pathlib import Path

from mjasp.core.errors import RulesError
from mjasp.core.tiles import MAX_RED_FIVES
from mjasp.rules import (
    DOUBLE_YAKUMAN,
    KAZOE,
    LOCAL_YAKU,
    RENHOU,
    RIICHI_KAN,
    RULES,
    Rules,
    find_rules,
)
from mjasp.solvers.asp import ENCODINGS

#: The variant encodings, one per option value (``encodings/scoring/variants/``).
VARIANTS = ENCODINGS / "scoring" / "variants"
#: The presets as entry files of ``#include``s of variants (``encodings/scoring/presets/``).
PRESETS = ENCODINGS / "scoring" / "presets"

_ON_OFF: dict[str, object] = {"on": True, "off": False}
#: How each option is spelled in an ``option(Name,Value)`` fact: option -> {term: value}.
#: Set-valued options (``double_yakuman``, ``local_yaku``) name one member a fact.
OPTION_TERMS: dict[str, dict[str, object]] = {
    "open_tanyao": _ON_OFF,
    "kiriage": _ON_OFF,
    "yakuman_stacking": _ON_OFF,
    "kazoe": {k: k for k in KAZOE},
    "renhou": {r: r for r in RENHOU},
    "double_wind_fu": {"2": 2, "4": 4},
    "double_yakuman": {y: y for y in DOUBLE_YAKUMAN},
    "local_yaku": {y: y for y in LOCAL_YAKU},
    # red fives per suit (man, pin, sou) as a clingo tuple: option(red_fives,(1,2,1))
    "red_fives": {f"({m},{p},{s})": (m, p, s) for m, p, s in
                  itertools.product(range(MAX_RED_FIVES + 1), repeat=3)},
    "riichi_kan": {r: r for r in RIICHI_KAN},
}
_SETS = ("double_yakuman", "local_yaku")

#: (option, value) -> the variant file that plays it: the values Tenhou does not have.
#: ``yakuman_cap`` (a number) is ``yakuman_cap.lp`` with an ``option(yakuman_cap,N)`` fact.
VARIANT_FILES: dict[tuple[str, object], str] = {
    ("open_tanyao", False): "no_open_tanyao.lp",
    ("kiriage", True): "kiriage.lp",
    ("kazoe", "sanbaiman"): "kazoe_sanbaiman.lp",
    ("kazoe", "multiple"): "kazoe_multiple.lp",
    ("double_wind_fu", 2): "double_wind_2fu.lp",
    ("yakuman_stacking", False): "no_yakuman_stacking.lp",
    ("renhou", "mangan"): "renhou_mangan.lp",
    ("renhou", "mangan_alone"): "renhou_mangan_alone.lp",
    ("renhou", "yakuman"): "renhou_yakuman.lp",
    **{("double_yakuman", y): f"double_{y}.lp" for y in DOUBLE_YAKUMAN},
    **{("local_yaku", y): f"{y}.lp" for y in LOCAL_YAKU},
    # the other counts need no file: the ASP engine reads the hand's red fives (aka/1) and
    # check_win the counts per suit; an option(red_fives,(M,P,S)) fact alone sets them
    ("red_fives", (0, 0, 0)): "no_red_fives.lp",
    ("red_fives", (1, 2, 1)): "red_fives_aka4.lp",
    # read by no scoring rule: by the kan check's (encodings/parts/riichi_kan_rule.lp)
    ("riichi_kan", "readings"): "riichi_kan_readings.lp",
}
CAP_FILE = "yakuman_cap.lp"

_TENHOU = Rules()


def variant_files(rules: Rules) -> list[str]:
    """The variant files (names in ``VARIANTS``) that make the ASP engine play ``rules``.

    >>> variant_files(find_rules("tenhou")), variant_files(Rules(yakuman_cap=2))
    ([], ['yakuman_cap.lp'])
    """
    files = []
    for option in OPTION_TERMS:
        value = getattr(rules, option)
        values = sorted(value) if option in _SETS else [value]
        files += [VARIANT_FILES[option, v] for v in values
                  if (option, v) in VARIANT_FILES]
    if rules.yakuman_cap:
        files.append(CAP_FILE)
    return sorted(files)


def option_facts(rules: Rules) -> str:
    """The ``option/2`` facts no variant file states: the yakuman cap's number.

    >>> option_facts(Rules(yakuman_cap=2)), option_facts(Rules())
    ('option(yakuman_cap,2).', '')
    """
    return f"option(yakuman_cap,{rules.yakuman_cap})." if rules.yakuman_cap else ""


def declared(rules: Rules) -> set[tuple[str, str]]:
    """The ``option(Name,Value)`` facts (as text pairs) the files of ``rules`` declare.

    >>> sorted(declared(find_rules("tenhou").replace(kiriage=True, yakuman_cap=2)))
    [('kiriage', 'on'), ('yakuman_cap', '2')]
    """
    facts = set()
    for option, terms in OPTION_TERMS.items():
        value = getattr(rules, option)
        values = value if option in _SETS else {value}
        facts |= {(option, term) for term, v in terms.items()
                  if v in values and (option, v) in VARIANT_FILES}
    if rules.yakuman_cap:
        facts.add(("yakuman_cap", str(rules.yakuman_cap)))
    return facts


def with_options(rules: Rules, options: Iterable[tuple[str, str]]) -> Rules:
    """``rules`` changed by ``option(Name,Value)`` facts (text pairs) found in loaded files.

    An option the preset leaves at Tenhou's value takes the file's; a preset's own value
    cannot be changed by a file (``RulesError`` names both), nor can two files disagree.

    >>> try:
    ...     with_options(find_rules("wrc"), [("kazoe", "multiple")])
    ... except RulesError as error:
    ...     print(error)
    option(kazoe,multiple) conflicts with rules 'wrc' (kazoe='sanbaiman')
    """
    changes: dict[str, object] = {}
    sets: dict[str, set[object]] = {}
    for name, term in sorted(set(options) - declared(rules)):
        value = _value(name, term)
        if name in _SETS:
            sets.setdefault(name, set(getattr(rules, name))).add(value)
            continue
        own, default = getattr(rules, name), getattr(_TENHOU, name)
        if own != default and own != value:
            raise RulesError(f"option({name},{term}) conflicts with rules {rules.name!r} "
                             f"({name}={own!r})")
        if name in changes and changes[name] != value:
            raise RulesError(f"option({name},{term}) conflicts with another option({name},_) "
                             f"of the loaded files ({name}={changes[name]!r})")
        changes[name] = value
    changes.update((name, frozenset(values)) for name, values in sets.items())
    if not changes:
        return rules
    return dataclasses.replace(rules, **changes)  # type: ignore[arg-type]


def _value(name: str, term: str) -> object:
    """The Python value of an ``option(name,term)`` fact (``RulesError`` if unknown)."""
    if name == "yakuman_cap":
        if term.isdigit():
            return int(term)
        raise RulesError(f"option(yakuman_cap,{term}): the cap is a number of yakuman")
    if name not in OPTION_TERMS:
        known = ", ".join([*OPTION_TERMS, "yakuman_cap"])
        raise RulesError(f"unknown option {name!r} in option({name},{term}); known: {known}")
    terms = OPTION_TERMS[name]
    if name == "red_fives" and term not in terms:
        raise RulesError(f"option(red_fives,{term}): the red fives per suit are a tuple "
                         f"(M,P,S) of 0-{MAX_RED_FIVES} each, e.g. option(red_fives,(1,2,1))")
    if term not in terms:
        raise RulesError(f"option({name},{term}): {name} is one of {', '.join(terms)}")
    return terms[term]


def shipped(name: str) -> str | None:
    """The path of a variant file (``kiriage.lp``) or preset entry file (``presets/wrc.lp``)
    mjasp ships, named as on the command line (None if it has no such file).

    >>> shipped("kiriage.lp").endswith("variants/kiriage.lp"), shipped("my_hand.lp")
    (True, None)
    """
    for folder, prefix in ((VARIANTS, ""), (PRESETS, "presets/")):
        if name.startswith(prefix) and "/" not in name[len(prefix):]:
            path = folder / name[len(prefix):]
            with contextlib.suppress(OSError):  # a name too long to look up is no file
                if path.is_file():
                    return str(path)
    return None


def preset_includes(name: str) -> list[str]:
    """The variant files a preset's entry file ``#include``s (names in ``VARIANTS``).

    >>> preset_includes("mahjongsoul")[:1]
    ['double_daisuushii.lp']
    """
    text = (PRESETS / f"{find_rules(name).name}.lp").read_text()
    # an entry file also includes ../score.lp (and three_players.lp): not variants
    return sorted(line.split('"')[1].rsplit("/", 1)[-1] for line in text.splitlines()
                  if line.startswith('#include "../variants/'))


def split_presets(rules: Rules | str | None,
                  files: Sequence[str]) -> tuple[Rules, list[str]]:
    """The rules to play and the files to load when ``files`` may name preset entry files
    mjasp ships (``presets/wrc.lp``): an entry file includes the whole of ``score.lp``, for
    plain clingo, so mjasp plays it as its rules (``--rules wrc``) instead of loading it.
    Two presets, or a preset beside other ``rules`` (``None``: none chosen), are a
    ``RulesError``.

    >>> rules, files = split_presets(None, [str(PRESETS / "wrc.lp"), "win.lp"])
    >>> rules.name, files
    ('wrc', ['win.lp'])
    """
    chosen = find_rules(rules)
    ours = Path(str(PRESETS)).resolve()
    named: list[str] = []
    rest: list[str] = []
    for name in files:
        path = Path(name)
        if path.suffix == ".lp" and path.resolve().parent == ours and path.stem in RULES:
            named.append(path.stem)
        else:
            rest.append(name)
    if not named:
        return chosen, rest
    if len(set(named)) > 1:
        raise RulesError(f"two preset files, presets/{named[0]}.lp and presets/{named[1]}.lp: "
                         "load one")
    preset = RULES[named[0]]
    if rules is not None and chosen != preset:
        raise RulesError(f"presets/{preset.name}.lp conflicts with rules {chosen.name!r} "
                         f"(they differ in {', '.join(chosen.diff(preset))}): give one of "
                         "them")
    return preset, rest


def variant_rules(files: Sequence[str], rules: Rules | str | None = None) -> Rules:
    """The rules that rule files mjasp ships make of ``rules`` (``None``: none chosen, as
    :func:`split_presets` reads it), for the engines that play rules as options (the
    direct one, ``mjasp.advise``): a preset entry file is its preset, a variant file the
    ``option/2`` facts it declares (how it is played is the ASP engine's, cross-checked
    with the direct one's option in tests/scoring/test_score_variants_agree.py). A file
    of the user's own rules, which only the ASP engine plays (``mjasp score``), or a
    variant that declares no option (``yakuman_cap.lp`` reads the cap from an
    ``option/2`` fact) is a ``RulesError``.

    >>> sorted(variant_rules(["daisharin.lp"], "wrc").local_yaku)
    ['daisharin']
    """
    from mjasp.core.facts import option_facts  # clingo: only for .lp files

    paths = [shipped(f) or f for f in files]
    played, rest = split_presets(rules, paths)
    ours = Path(str(VARIANTS)).resolve()
    options: list[tuple[str, str]] = []
    for given, path in zip(files, paths, strict=True):
        if path not in rest:
            continue  # a preset entry file: its rules
        if not Path(path).is_file():
            raise RulesError(f"{given}: no such file")
        if Path(path).resolve().parent != ours:
            raise RulesError(f"{given}: only the ASP engine plays a rule file of one's own "
                             f"(mjasp score HAND {given}); here a rule file is a variant "
                             "or preset file mjasp ships (kiriage.lp, presets/wrc.lp)")
        declared_here = [(name, term) for name, term, _ in option_facts([path])]
        if not declared_here:
            raise RulesError(f"{given} declares no option: give --option (e.g. "
                             "yakuman_cap=2) instead")
        options += declared_here
    return with_options(played, options)


__all__ = ["OPTION_TERMS", "PRESETS", "VARIANTS", "VARIANT_FILES", "declared",
           "option_facts", "preset_includes", "shipped", "split_presets", "variant_files",
           "variant_rules", "with_options"]
