"""Random exam-style puzzles across algorithms, options and facts, each
solved by `gametree puzzle` with a 10 s timeout; prints one line a puzzle,
its time first (sort with `sort -rn`).

    python3 benches/puzzle_sweep.py SEED N BIN OUTDIR

Each puzzle: a tree of 16-32 leaves (3x3x3, 2^4, 4x4, 3x3x2, 2x3x2x2,
3x2x3, 2^5, 4x3x2), MAX at the root, alternating plies (a CHANCE ply under
the root for `expectiminimax`); its leaves drawn over a small range or as
a permutation of 1..n or a multiset of 1..9; none, a quarter or half of
them kept known; one block of `alphabeta` (plain, `strict-cuts`,
`fail-hard`, `order=reverse`), `negamax-ab`, `pvs`, `minimax`, `negamax` or
`expectiminimax`, asking one to three facts (`value`, `pruned`, `best`,
`leaves`, `values` of three inner nodes, `visited`, `pv`) read off the
filled tree's own search (`solve --format json`), so the truth passes.
The spec goes to OUTDIR/s_SEED_i.tree and the `puzzle` arguments to
s_SEED_i.tree.args. A count of 0 would be a bug (the truth passes):
flagged ZERO-BUT-TRUTH-EXISTS.
"""
import random, subprocess, json, sys, time, os
seed, n, BIN, outdir = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
rng = random.Random(seed)
os.makedirs(outdir, exist_ok=True)
SHAPES = [[3,3,3],[2,2,2,2],[4,4],[3,3,2],[2,3,2,2],[3,2,3],[2,2,2,2,2],[4,3,2],[3,3,3]]
def gen_tree(dims, chance):
    # returns (text with leaves placeholders {i}), nleaves
    cnt = [0]
    def rec(level, kind):
        if level == len(dims):
            i = cnt[0]; cnt[0] += 1
            return '@%d@' % i
        if chance and level == 1:
            k = 'CHANCE'
        else:
            k = kind
        nk = 'MIN' if kind == 'MAX' else 'MAX'
        kids = [rec(level+1, nk) for _ in range(dims[level])]
        if k == 'CHANCE':
            return 'CHANCE { ' + ' '.join(kids) + ' }'
        return k + ' { ' + ' '.join(kids) + ' }'
    return rec(0, 'MAX'), cnt[0]
import re
def fill(b, v):
    return re.sub(r'@(\d+)@', lambda m: str(v[int(m.group(1))]), b)
ALGOS = ['alphabeta','alphabeta','alphabeta','negamax-ab','pvs','minimax','negamax','alphabeta(strict-cuts)','alphabeta(fail-hard)', 'alphabeta(order=reverse)']
for i in range(n):
    dims = rng.choice(SHAPES)
    algo = rng.choice(ALGOS + ['expectiminimax'])
    chance = algo == 'expectiminimax'
    body, nl = gen_tree(dims, chance)
    mode = rng.choice(['domain','domain','values'])
    if mode == 'domain':
        lo = rng.choice([0,0,1,-5]); hi = lo + rng.choice([3,5,9,9,12,20])
        vals = [rng.randint(lo, hi) for _ in range(nl)]
    else:
        pool = rng.choice([list(range(1, nl+1)), [rng.randint(1, 9) for _ in range(nl)]])
        vals = pool[:]; rng.shuffle(vals)
    known = rng.choice([0,0,0,nl//4, nl//2])
    keep = set(rng.sample(range(nl), known))
    full = 'title "s"\n' + fill(body, vals) + '\n'
    open('/tmp/sw_full.tree','w').write(full)
    base = algo.split('(')[0]
    args = [BIN,'solve','/tmp/sw_full.tree','-a',base,'--format','json']
    if 'strict' in algo: args.append('--strict-cuts')
    if 'fail-hard' in algo: args.append('--fail-hard')
    if 'reverse' in algo: args += ['--order','reverse']
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode != 0:
        print('solve failed', r.stderr[:200]); continue
    r = json.loads(r.stdout)['results'][0]
    facts = []
    pool_f = ['value','pruned','best','leaves','values','visited','pv']
    if base in ('minimax','negamax','expectiminimax'): pool_f = ['value','best','values','pv']
    k = rng.choice([1,2,2,3])
    for f in rng.sample(pool_f, min(k, len(pool_f))):
        if f == 'value': facts.append('value %s' % json.dumps(r['value']) if not isinstance(r['value'], float) else 'value %s' % r.get('value_exact', r['value']))
        elif f == 'pruned': facts.append('pruned ' + ' '.join(r['pruned']) if r['pruned'] else 'pruned')
        elif f == 'best': facts.append('best %s' % r['best_move'])
        elif f == 'leaves':
            # leaf values in order
            lv = {nd['path']: nd for nd in r['nodes']}
            facts.append('leaves ' + ' '.join(str(lv[p].get('value_exact', lv[p]['value'])) for p in r['leaf_order']))
        elif f == 'values':
            # Each path once, at its last visit (a re-search enters a node again).
            last = {nd['path']: nd for nd in r['nodes']}
            inner = [nd for nd in last.values() if nd['kind'] != 'leaf' and nd['bound'] == 'exact']
            sel = rng.sample(inner, min(3, len(inner)))
            facts.append('values ' + ' '.join('%s=%s' % (nd['path'], nd.get('value_exact', nd['value'])) for nd in sel))
        elif f == 'visited': facts.append('visited ' + ' '.join(r['visit_order']))
        elif f == 'pv': facts.append('pv ' + ' '.join(r['pv']))
    leaves = [str(v) if j in keep else '?' for j, v in enumerate(vals)]
    spec = 'title "s"\n' + fill(body, leaves) + '\nexpect %s {\n  %s\n}\n' % (algo, '\n  '.join(facts))
    fn = os.path.join(outdir, 's_%d_%d.tree' % (seed, i))
    open(fn, 'w').write(spec)
    pargs = [BIN, 'puzzle', fn, '--format', 'json']
    if mode == 'domain': pargs += ['--domain', '%d..%d' % (lo, hi)]
    else:
        unk = [v for j, v in enumerate(vals) if j not in keep]
        pargs += ['--values', ','.join(map(str, unk))]
    open(fn + '.args','w').write(' '.join(pargs[2:]))
    t = time.time()
    try:
        p = subprocess.run(pargs, capture_output=True, text=True, timeout=10)
        dt = time.time() - t
        if p.returncode not in (0, 1):
            out = 'ERR rc=%d %s' % (p.returncode, p.stderr.strip().splitlines()[-1][:150] if p.stderr.strip() else '')
        else:
            j = json.loads(p.stdout)
            out = 'count=%s unique=%s' % (j['count'], j['unique'])
            # check the real assignment is among solutions if listed completely
            if j['count'] == 0: out += ' ZERO-BUT-TRUTH-EXISTS'
    except subprocess.TimeoutExpired:
        dt = 10; out = 'TIMEOUT'
    print('%6.2f %s %-26s nl=%d known=%d %s %s | %s' % (dt, fn, algo, nl, known, mode, 'x'.join(map(str,dims)), out), flush=True)
