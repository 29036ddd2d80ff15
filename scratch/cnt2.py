import json, sys
from mjasp.advise.model import Model
from mjasp.advise.tiles37 import *
REF = {json.loads(l)['id']: json.loads(l) for l in open('/work/shared/data/ev/mahjong_cpp_reference.jsonl')}
for id_ in sys.argv[1:]:
    d = REF[id_]
    H0 = parse37(d['hand'])
    m = Model(H0, unseen=tuple(d['wall']), model='mahjong-cpp', extra=d['config']['extra'], wall_sum=121)
    lim = m.limit
    n13 = set(); n14 = set(); n14p = set(); n13k=set(); n14k=set()
    stack = []
    for t in distinct_tiles(H0):
        h = sub37(H0, t)
        if m.shanten(h) <= lim: stack.append((h, 0)); n13.add((h, 0))
    while stack:
        node = stack.pop()
        e = m.edges(node)
        for tile, n, h14 in e.wins: n14.add(h14)
        for tile, n, opts in e.choices:
            n14.add(add37(node[0], tile))
            for o in opts:
                if o not in n13: n13.add(o); stack.append(o)
    hands13 = {h for h, u in n13}
    print(id_, d['searched'], 'n13 nodes', len(n13), 'hands13', len(hands13), 'n14', len(n14), 'sum', len(hands13)+len(n14), 'k', len({h[:34] for h in hands13}) + len({h[:34] for h in n14}))
