"""The last dealer's tenpai in first place before June 2010: Tenhou kept the deal.

Tenhou brought in the stop at the last dealer's tenpai in first place in June 2010:
"2010年6月から「ラス親トップの自動聴牌止め」を導入します。これまでは、ラス親のトップ時に聴牌
で流局した場合、連荘していました" (http://blog.tenhou.net/article/38215017.html). A real
phoenix-room game of 2009-02-20 (Tenhou log 2009022022gm-00a9-0000-cd94aac8, kept as
``log/test_data/bug1.xml`` in dnovikoff/tenhou, which states no licence: not copied here)
shows it: in South 4 the dealer (seat 3) is tenpai at the exhaustive draw and first with
37,400, and the game goes on to South 4, one honba (it ends there at a draw with the dealer
noten). mjasp ended such a game at South 4 for every date and reported the record's next
round as played after the game's end. The case rebuilt by hand: the South 4 draw of
test_audit_game_end.py with the dealer tenpai and first with 35,000, the next round
played, named by a Tenhou log id of before and after June 2010.
"""

from __future__ import annotations

import mjasp.logs as logs
from tests.logs.test_audit_game_end import _S4_DEALER_TENPAI, _last_hand


def _mismatches(name: str) -> list[tuple[str, str]]:
    start = [24000, 24000, 20000, 32000]
    after = [23000, 23000, 19000, 35000]
    data = _last_hand(start, _S4_DEALER_TENPAI, after, 7, 3, [-1000, -1000, -1000, 3000])
    checked = logs.check_game(logs.read_mjlog(data, name))
    return [(m.round, m.what) for m in checked.mismatches]


def test_the_last_dealers_tenpai_kept_the_deal_before_june_2010() -> None:
    assert _mismatches("2009022022gm-00a9-0000-cd94aac8.mjlog") == []
    assert _mismatches("2010053123gm-00a9-0000-00000000.mjlog") == []
    # from June 2010 on (and for a file not named by its log id) the game ends there
    after = [("S4-1", "a round after the game's end")]
    assert _mismatches("2010081709gm-00a9-0000-fe3371ad.mjlog") == after
    assert _mismatches("end.mjlog") == after
