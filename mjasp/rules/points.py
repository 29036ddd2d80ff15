"""Points from (han, fu, yakuman): the one function both scoring engines share.

Tenhou's table (no kiriage mangan, kazoe yakuman at 13 han) by default, as in the standard
scoring tables, e.g. https://riichi.wiki/Japanese_mahjong_scoring_rules and
https://en.wikipedia.org/wiki/Japanese_Mahjong_scoring_rules :

- base = fu * 2**(han + 2); mangan (2000) when han >= 5 or base > 2000;
  haneman 6-7 han (3000), baiman 8-10 (4000), sanbaiman 11-12 (6000),
  13+ han a counted yakuman (8000); a real yakuman 8000 per multiple.
- ron: the discarder pays 4 base (6 base to a dealer); tsumo: the dealer pays 2 base,
  each non-dealer 1 base (a dealer's tsumo: 2 base from each); every payment rounded
  up to 100.
- honba: 300 on ron, 100 from each payer on tsumo; riichi sticks: 1000 each.

Three players (``Rules.players == 3``) pay the same shares, one payer fewer: with
``Rules.tsumo_loss`` (Tenhou, Mahjong Soul) the absent North's share is lost
(https://riichi.wiki/Sanma "Scoring": a non-dealer mangan tsumo is 4000 + 2000); without
it the absent share is split between the two payers (Mahjong Soul's optional
"north bisection"): the North's four-player payment (rounded up to 100) is halved, the
half rounded up to 100 and added to each payer's four-player payment, so a 30 fu 3 han
tsumo (1000 + 2000 with four) is 1500 + 2500 and a mangan 5000 + 3000 or 6000 all
(https://xn--ehqsqk89oqxg.com/sanma/marudori.html, "北家分の支払いのみを折半する方法":
"1000/2000 ... 北家の1000を折半 ... 1500/2500"; the Mahjong Soul record converter
Equim-chan/tensoul adds ``ceil(point_zimo_xian / 2 / 100) * 100`` to every payment when
a three-player record turns tsumo loss off, convert.js ``parsehule``).
``Rules.honba_points`` is what one honba adds to a ron; a tsumo splits it evenly among
the payers.

Liability (pao, ``Rules.pao``, ``Win.liable``): only the liable yakuman's part is
settled this way (https://riichi.wiki/Sekinin_barai "Point exchanges"; each yakuman
settled on its own), or with ``Rules.pao_whole_hand`` (Tenhou) the whole hand: on
tsumo the liable player pays every share of that part (four
players: as much as a ron; three with tsumo loss: the absent North's share stays unpaid,
as on Tenhou and Mahjong Soul, https://w.atwiki.jp/mahjlocal/pages/68.html) and the rest
is paid as an ordinary tsumo; on ron the liable player pays half of that part and the
discarder the rest. Either way the liable player pays every honba, and nobody else pays
any: "the ronned player and liable player each pay half the value of the hand, and the
liable player pays for honba", and on a tsumo of two yakuman with one liable, the liable
player pays "full of daisangen along with honba payments" while the others pay their
shares of the other yakuman without honba (riichi.wiki Sekinin barai, revisions of 2024;
a Mahjong Soul record of a daisangen ron with 2 honba has the liable player pay 16,600
and the discarder 16,000).

Other rules (``rules=``, a :class:`mjasp.rules.Rules`) change the table in three places:
``kiriage`` (4 han 30 fu and 3 han 60 fu become mangan), ``kazoe`` (13+ han a yakuman,
a sanbaiman, or one yakuman per 13 han) and ``yakuman_cap`` (the largest multiple paid);
https://riichi.wiki/Japanese_mahjong_scoring_rules (kiriage mangan, kazoe yakuman).

>>> value(2, 30, 0)
(480, None)
>>> points(2, 30, 0, dealer=False, tsumo=True)
2000
>>> payments(2, 30, 0, dealer=False, tsumo=True, honba=1, sticks=1)
Payments(ron=0, dealer=1100, others=600, sticks=1000, total=3300, liable=0)
"""

from __future__ import annotations

from dataclasses import dataclass

from mjasp.rules import Rules

#: The limits by name, with their base points.
LIMITS = {"mangan": 2000, "haneman": 3000, "baiman": 4000, "sanbaiman": 6000, "yakuman": 8000}


@dataclass(frozen=True, slots=True)
class Payments:
    """Who pays what (honba included) and the winner's whole gain.

    ``ron``: what the discarder pays (0 on tsumo); ``dealer``: on a non-dealer's tsumo,
    what the dealer pays (else 0); ``others``: on tsumo, what each non-dealer pays
    (else 0); ``sticks``: the riichi sticks collected, 1000 each; ``total``: all of it;
    ``liable``: what the liable player pays for a yakuman with liability (pao), on top of
    any share of theirs in ``dealer`` or ``others``.

    >>> Payments(ron=8000, dealer=0, others=0, sticks=0, total=8000).total
    8000
    """

    ron: int
    dealer: int
    others: int
    sticks: int
    total: int
    liable: int = 0


def value(han: int, fu: int, yakuman: int, rules: Rules | None = None) -> tuple[int, str | None]:
    """Base points and limit name of a hand (``yakuman`` = real yakuman multiple) under
    ``rules`` (None: Tenhou's).

    >>> value(4, 40, 0), value(13, 30, 0), value(0, 0, 2)
    ((2000, 'mangan'), (8000, 'yakuman'), (16000, 'yakuman'))
    >>> from mjasp.rules import RULES
    >>> value(4, 30, 0), value(4, 30, 0, RULES["tenhou"].replace(kiriage=True))
    ((1920, None), (2000, 'mangan'))
    """
    if rules is None:
        rules = _TENHOU
    if yakuman:
        cap = rules.yakuman_cap
        return 8000 * (min(yakuman, cap) if cap else yakuman), "yakuman"
    if han >= 13:
        kazoe = rules.kazoe
        if kazoe == "yakuman":
            return 8000, "yakuman"  # kazoe yakuman
        if kazoe == "sanbaiman":
            return 6000, "sanbaiman"
        cap = rules.yakuman_cap  # "multiple": one yakuman per 13 han
        return 8000 * (min(han // 13, cap) if cap else han // 13), "yakuman"
    if han >= 11:
        return 6000, "sanbaiman"
    if han >= 8:
        return 4000, "baiman"
    if han >= 6:
        return 3000, "haneman"
    base = fu * 2 ** (han + 2)
    # kiriage (not on Tenhou) rounds 4 han 30 fu and 3 han 60 fu (both 1920) up to mangan;
    # 2 han 120 fu is 1920 too but is not in the rule
    if han >= 5 or base > 2000 or (rules.kiriage and base == 1920 and han >= 3):
        return 2000, "mangan"
    return base, None


_TENHOU = Rules()


def _up(points: float) -> int:
    """Rounded up to 100 (``-(-x // 100) * 100`` for a float share too)."""
    return -(-int(points * 2) // 200) * 100


def _split(base: int, dealer: bool, tsumo: bool, players: int = 4,
           tsumo_loss: bool = True) -> tuple[int, int, int]:
    """(ron, dealer's share, each non-dealer's share) before honba."""
    # each payment rounded up to 100: -(-x // 100) * 100
    if not tsumo:
        return -(-base * (6 if dealer else 4) // 100) * 100, 0, 0
    double, single = -(-2 * base // 100) * 100, -(-base // 100) * 100
    if players == 3 and not tsumo_loss:
        # north bisection: the absent North's payment (a non-dealer's, so the dealer's
        # double share on a dealer's tsumo) halved, each half rounded up to 100
        half = -(-(double if dealer else single) // 200) * 100
        if dealer:
            return 0, 0, double + half
        return 0, double + half, single + half
    if dealer:
        return 0, 0, double
    return 0, double, single


def settle(base: int, dealer: bool, tsumo: bool, honba: int = 0, sticks: int = 0,
           rules: Rules | None = None, liable_base: int = 0) -> tuple[int, Payments]:
    """The winner's gain before honba and sticks, and every payment, from base points.

    ``rules`` (default Tenhou's four players) decide the payers, the tsumo loss and the
    honba; ``liable_base``: the part of ``base`` that a liable player answers for (pao).

    >>> settle(480, dealer=False, tsumo=True, honba=1)
    (2000, Payments(ron=0, dealer=1100, others=600, sticks=0, total=2300, liable=0))
    >>> settle(2000, dealer=False, tsumo=True, rules=Rules(players=3, tsumo_loss=True))
    (6000, Payments(ron=0, dealer=4000, others=2000, sticks=0, total=6000, liable=0))
    """
    if rules is None:
        players, loss, honba_points = 4, True, 300
    else:
        players, loss, honba_points = rules.players, rules.tsumo_loss or rules.players == 4, \
            rules.honba_points
    rest = base - liable_base
    ron, from_dealer, each = _split(rest, dealer, tsumo, players, loss) if rest else (0, 0, 0)
    liable = 0
    if liable_base:
        if tsumo:
            # the liable player pays every share of that part, as the rules pay a tsumo
            # (with tsumo loss the absent North's share stays unpaid)
            _, to_dealer, share = _split(liable_base, dealer, True, players, loss)
            liable = to_dealer + share * (players - 1 - (not dealer))
        else:
            value = _split(liable_base, dealer, False)[0]
            liable = _up(value / 2)
            ron += value - liable
    extra = honba_points * honba
    if tsumo:
        payers = players - 1
        gain = from_dealer + each * (payers - (not dealer)) + liable
        if liable_base:
            liable += extra  # the liable player pays every honba (see the module notes)
        else:
            if not dealer:
                from_dealer += extra // payers
            each += extra // payers
        paid = gain + extra
    else:
        gain = ron + liable
        if liable_base:
            liable += extra  # on ron too: the discarder pays no honba beside the liable
        else:
            ron += extra
        paid = ron + liable
    return gain, split_payments(ron, from_dealer, each, 1000 * sticks, paid + 1000 * sticks, liable)


# Building a frozen slots dataclass through its generated ``__init__`` costs about 1,800
# instructions a field under callgrind (``object.__setattr__`` by name); setting the slots
# through their descriptors costs about half. ``settle`` runs for every candidate of
# every hand, so it builds its ``Payments`` this way (Payments has no __post_init__).
#: How many distinct payments ``split_payments`` keeps (the usual ones are a few hundred).
PAYMENTS_CACHED = 4096
_PAYMENTS: dict[tuple[int, ...], Payments] = {}
_SET_PAYMENTS = tuple(getattr(Payments, name).__set__
                      for name in ("ron", "dealer", "others", "sticks", "total", "liable"))


def split_payments(ron: int, dealer: int, others: int, sticks: int, total: int,
              liable: int = 0) -> Payments:
    """``Payments(ron, dealer, others, sticks, total, liable)``, faster (see above): a
    Payments is a frozen value, so equal ones are made once and shared.

    >>> split_payments(0, 1100, 600, 0, 2300) is split_payments(0, 1100, 600, 0, 2300)
    True
    """
    key = (ron, dealer, others, sticks, total, liable)
    made = _PAYMENTS.get(key)
    if made is not None:
        return made
    if len(_PAYMENTS) >= PAYMENTS_CACHED:  # bounded: many honba and sticks values
        _PAYMENTS.clear()
    made = _PAYMENTS[key] = object.__new__(Payments)
    set_ron, set_dealer, set_others, set_sticks, set_total, set_liable = _SET_PAYMENTS
    set_ron(made, ron)
    set_dealer(made, dealer)
    set_others(made, others)
    set_sticks(made, sticks)
    set_total(made, total)
    set_liable(made, liable)
    return made


def points(han: int, fu: int, yakuman: int, *, dealer: bool, tsumo: bool,
           rules: Rules | None = None) -> int:
    """The winner's gain before honba and riichi sticks.

    >>> points(3, 30, 0, dealer=True, tsumo=False), points(1, 30, 0, dealer=True, tsumo=True)
    (5800, 1500)
    """
    return settle(value(han, fu, yakuman, rules)[0], dealer=dealer, tsumo=tsumo, rules=rules)[0]


def payments(han: int, fu: int, yakuman: int, *, dealer: bool, tsumo: bool,
             honba: int = 0, sticks: int = 0, rules: Rules | None = None) -> Payments:
    """Every payment of a win, honba and riichi sticks included.

    >>> payments(1, 30, 0, dealer=True, tsumo=False, honba=2)
    Payments(ron=2100, dealer=0, others=0, sticks=0, total=2100, liable=0)
    """
    return settle(value(han, fu, yakuman, rules)[0], dealer=dealer, tsumo=tsumo, honba=honba,
                  sticks=sticks, rules=rules)[1]


def no_payments() -> Payments:
    """The payments of a hand worth nothing (no yaku).

    >>> no_payments().total
    0
    """
    return Payments(0, 0, 0, 0, 0)
