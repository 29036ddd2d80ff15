import sys
sys.path.insert(0, 'scratch')
from exp import *

def graph(d):
    c = Compat(d)
    s0 = c.s0; lim = s0 + c.extra
    def exc(h):
        return sum(max(0, a - b) for a, b in zip(h[:34], c.H0[:34]))
    n13 = set(); n14 = set(); n14nt = set(); nwin = set()
    stack = []
    for x0 in tiles_of(c.H0):
        start = sub(c.H0, x0)
        if shanten(start) <= lim and start not in n13:
            n13.add(start); stack.append(start)
    while stack:
        h = stack.pop()
        for x, w in draws(c.wall(h)):
            h14 = add(h, x)
            n14.add(h14)
            if shanten(h14) == -1: nwin.add(h14); continue
            for y in tiles_of(h14):
                h2 = sub(h14, y)
                if h2 == h: continue
                if exc(h2) + shanten(h2) <= lim:
                    n14nt.add(h14)
                    if h2 not in n13:
                        n13.add(h2); stack.append(h2)
    n13k = {h[:34] for h in n13}
    return dict(n13=len(n13), n13k=len(n13k), n14=len(n14), n14nt=len(n14nt), nwin=len(nwin))

for d in REF:
    if d['id'] not in sys.argv[1:]: continue
    print(d['id'], d['searched'], graph(d))
