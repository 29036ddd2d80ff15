import json, sys
from mjasp.advise import advise
REF = {json.loads(l)['id']: json.loads(l) for l in open('/work/shared/data/ev/mahjong_cpp_reference.jsonl')}
d = REF[sys.argv[1]]; c = d['config']
a = advise(d['hand'], dora_indicators=d['dora_indicators'], model='mahjong-cpp', extra=c['extra'], wall_sum=c['sum'])
got = {x.discard: x for x in a.candidates}
for r in d['discards'][:int(sys.argv[2])]:
    x = got[r['tile']]
    for f, g in [('tenpai_prob', x.tenpai_prob), ('win_prob', x.win_prob), ('exp_score', x.expected_points)]:
        print(r['tile'], f, ' '.join('%.5g/%.5g' % (a_, b_) for a_, b_ in list(zip(g, r[f]))[::-1][:6]))
