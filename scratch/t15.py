import json, mjasp
from mjasp.advise import advise
from mjasp.advise import model as M
REF = {json.loads(l)['id']: json.loads(l) for l in open('/work/shared/data/ev/mahjong_cpp_reference.jsonl')}
d = REF['issue18_extra0']
orig = M.Model.score
def variant(name):
    def score(self, h14, tile, riichi, ippatsu, haitei):
        if name == 'ura1':
            self.dora_indicators = ()
            hand = M.to_hand(h14); base = dict(tile=M.name37(tile), tsumo=True, seat_wind='E', round_wind='E', dora_indicators=(), riichi=1)
            return self._ura_expectation(h14, hand, base, 1)
        return orig(self, h14, tile, riichi, ippatsu, haitei)
    return score
for name in ['base', 'ura1']:
    M.Model.score = variant(name)
    a = advise(d['hand'], model='mahjong-cpp', extra=0, wall_sum=121)
    got = {c.discard: c for c in a.candidates}
    for r in d['discards']:
        c = got[r['tile']]
        print(name, r['tile'], ['%.4f/%.4f' % (x, y) for x, y in zip(c.expected_points[12:16], r['exp_score'][12:16])])
