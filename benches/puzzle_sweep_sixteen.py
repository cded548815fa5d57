"""Random 16-leaf puzzles over --domain 0..5, across every algorithm a
puzzle takes (mtdf, negamax-tt, ids and star1 among them, which
`puzzle_sweep.py` leaves out), each solved by `gametree puzzle` with a
20 s timeout (`SWEEP_SORTED=1`: only blocks searching in a sorted order,
`order=best|worst|eval`); prints one line a puzzle, its time first (sort with
`sort -rn`).

    python3 benches/puzzle_sweep_sixteen.py SEED N BIN OUTDIR [LEAVES]

Each puzzle: a tree of 16 leaves (4x4, 2^4, 2x4x2, 4x2x2; LEAVES 27:
3x3x3, 3x9, 9x3, the classic exam shapes), MAX at the
root, alternating plies (a CHANCE ply under the root for
`expectiminimax` and `star1`); its leaves drawn over 0..5, every one
unknown; `bounds [0, 5]` declared half the time (always for `star1`);
one block asking two of `value`, `pruned`, `best`, `leaves`, `pv`,
`visited`, `values` (of two inner nodes returning exact values), read
off the filled tree's own search (`solve --format json`), so the truth
passes. The spec goes to OUTDIR/p_SEED_i.tree. A count of 0, or an
error, would be a bug: such a line ends in ZERO or ERR.
"""
import json, os, random, re, subprocess, sys, time

seed, n, BIN, outdir = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
LEAVES = int(sys.argv[5]) if len(sys.argv) > 5 else 16
rng = random.Random(seed)
os.makedirs(outdir, exist_ok=True)
SHAPES = {16: [[4, 4], [2, 2, 2, 2], [2, 4, 2], [4, 2, 2]], 27: [[3, 3, 3], [3, 9], [9, 3]]}[LEAVES]
ALGOS = ['alphabeta', 'alphabeta(strict-cuts)', 'alphabeta(fail-hard)', 'negamax-ab', 'pvs', 'minimax',
         'negamax', 'expectiminimax', 'mtdf', 'negamax-tt', 'ids', 'star1']
FACTS = ['value', 'pruned', 'best', 'leaves', 'pv', 'visited', 'values']
if os.environ.get('SWEEP_SORTED'):
    # Only searches in a sorted order (the draws without it stay as they were).
    ALGOS = ['%s(order=%s)' % (a, o) for a in ('alphabeta', 'negamax-ab', 'pvs', 'mtdf', 'ids', 'minimax')
             for o in ('best', 'worst', 'eval')]


def tree(dims, chance, leaves, level=0, kind='MAX'):
    if level == len(dims):
        return str(next(leaves))
    k = 'CHANCE' if chance and level == 1 else kind
    other = 'MIN' if kind == 'MAX' else 'MAX'
    return k + ' { ' + ' '.join(tree(dims, chance, leaves, level + 1, other) for _ in range(dims[level])) + ' }'


for i in range(n):
    dims, algo = rng.choice(SHAPES), rng.choice(ALGOS)
    name, _, opt = algo.rstrip(')').partition('(')
    chance = name in ('expectiminimax', 'star1')
    vals = [rng.randint(0, 5) for _ in range(LEAVES)]
    bounds = 'bounds [0, 5]\n' if rng.random() < 0.5 or name == 'star1' else ''
    full = tree(dims, chance, iter(vals))
    path = os.path.join(outdir, 'p_%d_%d.tree' % (seed, i))
    with open(path, 'w') as f:
        f.write(bounds + full + '\n')
    run = subprocess.run([BIN, 'solve', path, '-a', name] + (['--' + opt] if opt else []) + ['--format', 'json'],
                         capture_output=True, text=True)
    r = json.loads(run.stdout)['results'][0]
    value = {v['path']: v['value'] for v in r['nodes']}
    items = []
    for fact in rng.sample(FACTS, 2):
        if fact == 'value':
            items.append('value %s' % r.get('value_exact', r['value']))
        elif fact == 'pruned' and r['pruned']:
            items.append('pruned ' + ' '.join(r['pruned']))
        elif fact == 'best' and r.get('best_move'):
            items.append('best ' + r['best_move'])
        elif fact == 'pv' and r.get('pv'):
            items.append('pv ' + ' '.join(r['pv']))
        elif fact == 'leaves' and r.get('leaf_order'):
            items.append('leaves ' + ' '.join(str(value[p]) for p in r['leaf_order']))
        elif fact == 'visited':
            items.append('visited ' + ' '.join(r['visit_order']))
        elif fact == 'values':
            inner = [v for v in r['nodes'] if v['kind'] != 'leaf' and v.get('value') is not None
                     and v.get('bound', 'exact') == 'exact']
            picked = rng.sample(inner, min(2, len(inner)))
            items.append('values ' + ' '.join('%s=%s' % (v['path'], v['value']) for v in picked))
    items = items or ['value %s' % r.get('value_exact', r['value'])]
    # A `values` item is read off every visit of `nodes`, but a search in
    # passes (`mtdf`, `ids`) answers it from its deciding pass: kept only
    # when the filled tree passes it (`gametree check`), so the truth does.
    block = ' (%s)' % opt if opt else ''
    with open(path, 'w') as f:
        f.write(bounds + full + '\nexpect %s%s { %s }\n' % (name, block, '  '.join(items)))
    if subprocess.run([BIN, 'check', path], capture_output=True).returncode != 0:
        items = [i for i in items if not i.startswith('values ')] or ['value %s' % r.get('value_exact', r['value'])]
    blank = re.sub(r'(?<=[{ ])\d+(?= )', '?', full)
    block = ' (%s)' % opt if opt else ''
    with open(path, 'w') as f:
        f.write(bounds + blank + '\nexpect %s%s { %s }\n' % (name, block, '  '.join(items)))
    start = time.time()
    try:
        out = subprocess.run([BIN, 'puzzle', path, '--domain', '0..5', '--format', 'json'],
                             capture_output=True, text=True, timeout=20)
        took = time.time() - start
        if out.returncode != 0:
            result = 'ERR ' + out.stderr.strip()[:200]
        else:
            count = json.loads(out.stdout)['count']
            result = 'count=%s%s' % (count, ' ZERO' if count == 0 else '')
    except subprocess.TimeoutExpired:
        took, result = 20.0, 'TIMEOUT'
    print('%6.2f %s %-24s %s | %s' % (took, path, algo, ' / '.join(items)[:70], result), flush=True)
