import json, sys, time
import numpy as np
import mjasp
from mjasp.hand import Hand
from mjasp.tiles import tile_kind, tile_name

REF = [json.loads(l) for l in open('/work/shared/data/ev/mahjong_cpp_reference.jsonl')]
FIVES = (4, 13, 22)
WIND = {'1z': 'E', '2z': 'S', '3z': 'W', '4z': 'N'}

def parse37(text):
    h = Hand.parse(text)
    return tuple(h.counts) + tuple(h.red)

def name37(x):
    if x >= 34:
        return '0' + 'mps'[x - 34]
    return tile_name(x)

_sh = {}
def shanten(h):
    k = h[:34]
    r = _sh.get(k)
    if r is None:
        r = _sh[k] = mjasp.shanten(list(k))
    return r

def add(h, x):
    l = list(h); l[x if x < 34 else FIVES[x - 34]] += 1
    if x >= 34: l[x] += 1
    return tuple(l)

def sub(h, x):
    l = list(h); l[x if x < 34 else FIVES[x - 34]] -= 1
    if x >= 34: l[x] -= 1
    return tuple(l)

def tiles_of(h):
    """distinct discardable tiles (37 ids)"""
    out = []
    for k in range(34):
        if h[k]:
            if k in FIVES:
                s = FIVES.index(k)
                if h[k] > h[34 + s]: out.append(k)
                if h[34 + s]: out.append(34 + s)
            else:
                out.append(k)
    return out

def draws(wall):
    """(tile37, weight)"""
    out = []
    for k in range(34):
        w = wall[k]
        if k in FIVES:
            s = FIVES.index(k); r = wall[34 + s]
            if w - r > 0: out.append((k, w - r))
            if r > 0: out.append((34 + s, r))
        elif w > 0:
            out.append((k, w))
    return out

class Compat:
    def __init__(self, d, ura_mode='wall14', choose='sep'):
        self.d = d
        c = d['config']
        self.S = c['sum']; self.tmin = c['t_min']; self.tmax = c['t_max']; self.extra = c['extra']
        self.H0 = parse37(d['hand'])
        self.W0 = tuple(d['wall'])
        self.dora = tuple(d['dora_indicators'])
        self.seat = WIND[d['seat_wind']]; self.rnd = WIND[d['round_wind']]
        self.s0 = shanten(self.H0)
        self.ura_mode = ura_mode; self.choose = choose
        self._score = {}

    def wall(self, h):
        return tuple(a + b - c for a, b, c in zip(self.W0, self.H0, h))

    def excess(self, h):
        # tiles in h not in H0 (by kind, 34)
        return sum(max(0, a - b) for a, b in zip(h[:34], self.H0[:34]))

    def score(self, h14, x):
        key = (h14, x)
        r = self._score.get(key)
        if r is not None: return r
        hand = Hand(h14[:34], h14[34:])
        tile = name37(x)
        base = dict(tile=tile, tsumo=True, seat_wind=self.seat, round_wind=self.rnd,
                    dora_indicators=self.dora, riichi=1)
        if not self.dora:
            s = mjasp.score(hand, mjasp.Win(**base))
            r = s.points if s.han > 0 else 0.0
        else:
            wall = self.wall(h14)
            tot = 0.0; wsum = 0
            for k in range(34):
                w = wall[k]
                if w <= 0: continue
                s = mjasp.score(hand, mjasp.Win(**base, ura_indicators=(tile_name(k),)))
                tot += w * s.points; wsum += w
            r = tot / wsum
        self._score[key] = r
        return r

    def allowed(self, h13, h14):
        return self.excess(h13) + shanten(h13) <= self.s0 + self.extra

    def run(self):
        T = self.tmax + 2
        nodes13 = {}
        order = []
        # graph
        nodes14 = {}
        stack = []
        res = {}
        for x in tiles_of(self.H0):
            h = sub(self.H0, x)
            if shanten(h) > self.s0 + self.extra: continue
            if h not in nodes13:
                nodes13[h] = None; stack.append(h)
        while stack:
            h = stack.pop()
            edges = []
            for x, w in draws(self.wall(h)):
                h14 = add(h, x)
                if h14 in nodes14:
                    if len(nodes14[h14]) == 2 or len(nodes14[h14][1]) > 1: edges.append((w, h14))
                    continue
                if shanten(h14) == -1:
                    nodes14[h14] = ('win', x)
                    edges.append((w, h14))
                    continue
                outs = [h]
                for y in tiles_of(h14):
                    h2 = sub(h14, y)
                    if h2 != h and self.allowed(h2, h14):
                        outs.append(h2)
                        if h2 not in nodes13:
                            nodes13[h2] = None; stack.append(h2)
                nodes14[h14] = ('d', outs, shanten(h14) == 0)
                if len(outs) > 1: edges.append((w, h14))
            nodes13[h] = edges
        self.searched = (len(nodes13), len(nodes14))
        # DP backwards
        v13 = {h: np.zeros((T, 3)) for h in nodes13}
        v14 = {}
        for t in range(self.tmax - 1, self.tmin - 1, -1):
            for h, edges in nodes13.items():
                acc = np.zeros(3)
                stay = self.S - t
                for w, h14 in edges:
                    stay -= w
                    node = nodes14[h14]
                    if node[0] == 'win':
                        val = np.array([1.0, 1.0, self.score(h14, node[1])])
                    else:
                        vs = np.array([v13[h2][t + 1] for h2 in node[1]])
                        if self.choose == 'sep':
                            val = vs.max(axis=0)
                        else:
                            val = vs[np.argmax(vs[:, 2])]
                        if node[2]: val = val.copy(); val[0] = 1.0
                    acc += w * val
                v13[h][t] = (acc + stay * v13[h][t + 1]) / (self.S - t)
                if shanten(h) == 0: v13[h][t][0] = 1.0
        out = {}
        for x in tiles_of(self.H0):
            h = sub(self.H0, x)
            if h not in v13: continue
            out[name37(x)] = v13[h][self.tmin:self.tmax + 1]
        return out

def compare(d, out, verbose=True):
    worst = 0
    for disc in d['discards']:
        v = out[disc['tile']]
        for j, f in enumerate(['tenpai_prob', 'win_prob', 'exp_score']):
            ref = np.array(disc[f], float)
            err = np.abs(v[:, j] - ref).max() / (1 if j < 2 else 1000)
            worst = max(worst, err)
            if verbose and err > 1e-9:
                print(disc['tile'], f, 'ref', ref[:3], ref[-4:], 'got', v[:3, j], v[-4:, j])
    return worst

if __name__ == '__main__':
    ids = sys.argv[1:]
    for d in REF:
        if ids and d['id'] not in ids: continue
        t = time.time()
        c = Compat(d)
        out = c.run()
        print(d['id'], d['shanten'], 'searched', d['searched'], c.searched, 'worst', compare(d, out, verbose=bool(ids)), '%.2fs' % (time.time() - t))
