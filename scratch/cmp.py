import json, sys, time
import mjasp
from mjasp.advise import advise
REF = [json.loads(l) for l in open('/work/shared/data/ev/mahjong_cpp_reference.jsonl')]
W = {'1z':'E','2z':'S'}
tot = 0
for d in REF:
    if sys.argv[1:] and d['id'] not in sys.argv[1:]: continue
    if d['shanten'] >= 3 and 'all' not in sys.argv: continue
    c = d['config']
    t = time.time()
    a = advise(d['hand'], dora_indicators=d['dora_indicators'], seat_wind=W[d['seat_wind']], round_wind=W[d['round_wind']], model='mahjong-cpp', extra=c['extra'], wall_sum=c['sum'])
    el = time.time() - t
    got = {x.discard: x for x in a.candidates}
    worst = {}
    sh_ok = a.shanten == d['shanten']
    uk_ok = True; missing = 0
    for r in d['discards']:
        x = got.get(r['tile'])
        if x is None: missing += 1; continue
        uk_ok &= [list(u) for u in x.ukeire] == r['necessary_tiles'] and x.shanten == r['shanten_after']
        for f, g, sc in [('tenpai_prob', x.tenpai_prob, 1), ('win_prob', x.win_prob, 1), ('exp_score', x.expected_points, 1000)]:
            e = max(abs(a_ - b_) for a_, b_ in zip(g, r[f])) / sc
            worst[f] = max(worst.get(f, 0), e)
    print(d['id'], d['shanten'], 'sh', sh_ok, 'uke', uk_ok, 'missing', missing, len(got)-len(d['discards']), {k: '%.1e' % v for k, v in worst.items()}, '%.2fs' % el, 'ref %.1fms' % d['ms_median'], a.nodes, d['searched'])
