"""`gametree puzzle` against brute force through `gametree check`: random
small puzzles (a few unknown leaves over a small range, every algorithm a
puzzle takes, random conventions), each counted by `puzzle` and by
writing out every filling of its unknowns and counting the files `check`
passes — the invariant every way of counting keeps. Prints a line a
puzzle, and `DIFF` with the spec where the two disagree; exits 1 on any.

    python3 benches/puzzle_oracle.py SEED N BIN [WORKDIR [HI [UNKNOWNS]]]

(HI: leaves over 0..HI, 4 by default; UNKNOWNS: at most this many
unknown leaves, 5 by default; (HI + 1)^UNKNOWNS files a puzzle.
`ORACLE_ALGOS=pvs,mtdf` draws from those algorithms only; `ORACLE_SORTED=1`
draws `--order best`, `--order worst` and `--order eval` (with no `eval`
written, leaves by their values) among the options too.)

Each puzzle: a tree of 4–27 leaves (shapes 2x2, 2x3, 3x2, 3x3, 2x2x2,
2x2x2x2, 3x3x3, 3x9), MAX or MIN at the root, alternating plies or
(three times in ten) each node's kind drawn (a CHANCE ply under the root
for `expectiminimax`, `star1` and `star2`); leaves drawn over
0..HI, 3–UNKNOWNS of them unknown; `bounds [0, HI]` half the time (always for
`star1` and `star2`); options drawn from strict cuts, fail-hard, reverse
order, ignored bounds and last ties (a combination `solve` refuses is
drawn again); one block asking one to three of `value`, `pruned`, `best`,
`pv`, `leaves`, `visited`, `values`, `stats`, read off the filled tree's
own search with the same options (`solve --format json`), items the
filled tree does not pass (`check`) dropped; counted over the range, or
a third of the time over a multiset of values (`--values`, brute force
over its distinct orderings). Takes about a second a puzzle.
"""
import itertools, json, os, random, re, shutil, subprocess, sys

seed, n, BIN = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
work = sys.argv[4] if len(sys.argv) > 4 else '/tmp/puzzle_oracle'
rng = random.Random(seed)
os.makedirs(work, exist_ok=True)
HI = int(sys.argv[5]) if len(sys.argv) > 5 else 4
MOST = int(sys.argv[6]) if len(sys.argv) > 6 else 5
SHAPES = [[2, 2], [2, 3], [3, 2], [3, 3], [2, 2, 2], [2, 2, 2, 2], [3, 3, 3], [3, 9]]
ALGOS = ['alphabeta', 'negamax-ab', 'pvs', 'minimax', 'negamax', 'expectiminimax', 'mtdf', 'negamax-tt',
         'ids', 'star1', 'star2']
ALGOS = os.environ.get('ORACLE_ALGOS', ','.join(ALGOS)).split(',')
OPTIONS = [('strict-cuts', ['--strict-cuts']), ('fail-hard', ['--fail-hard']),
           ('order=reverse', ['--order', 'reverse']), ('ignore-bounds', ['--ignore-bounds']),
           ('ties=last', ['--ties', 'last'])]
if os.environ.get('ORACLE_SORTED'):
    # Best or worst first, or by eval, as well (the draws of earlier seeds stay as they were without it).
    OPTIONS += [('order=best', ['--order', 'best']), ('order=worst', ['--order', 'worst']),
                ('order=eval', ['--order', 'eval'])]
FACTS = ['value', 'pruned', 'best', 'pv', 'leaves', 'visited', 'values', 'stats']


def tree(dims, chance, leaves, kind, mixed, level=0):
    if level == len(dims):
        return str(next(leaves))
    k = 'CHANCE' if chance and level == 1 else kind
    kids = []
    for _ in range(dims[level]):
        other = rng.choice(['MAX', 'MIN']) if mixed else 'MIN' if kind == 'MAX' else 'MAX'
        kids.append(tree(dims, chance, leaves, other, mixed, level + 1))
    return k + ' { ' + ' '.join(kids) + ' }'


def run(args, timeout=60):
    try:
        return subprocess.run([BIN] + args, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None


def items_of(r, value, facts):
    items = []
    for fact in facts:
        if fact == 'value':
            items.append('value %s' % r.get('value_exact', r['value']))
        elif fact == 'pruned':
            items.append('pruned ' + ' '.join(r['pruned']) if r['pruned'] else None)
        elif fact == 'best' and r.get('best_move'):
            items.append('best ' + r['best_move'])
        elif fact == 'pv' and r.get('pv'):
            items.append('pv ' + ' '.join(r['pv']))
        elif fact == 'leaves' and r.get('leaf_order'):
            items.append('leaves ' + ' '.join(value[p] for p in r['leaf_order']))
        elif fact == 'visited':
            items.append('visited ' + ' '.join(r['visit_order']))
        elif fact == 'values':
            inner = [v for v in r['nodes'] if v['kind'] != 'leaf' and v.get('value') is not None]
            picked = rng.sample(inner, min(2, len(inner)))
            exact = lambda v: v.get('value_exact', v['value'])
            items.append('values ' + ' '.join('%s=%s' % (v['path'], exact(v)) for v in picked))
        elif fact == 'stats':
            s = r['stats']
            items.append('stats ' + ' '.join('%s=%s' % (k, s[k]) for k in ('nodes_visited', 'leaves_evaluated', 'cutoffs')))
    return [i for i in items if i]


bad = done = 0
for i in range(n):
    while True:
        dims, name = rng.choice(SHAPES), rng.choice(ALGOS)
        chance = name in ('expectiminimax', 'star1', 'star2')
        if chance and len(dims) < 2:
            continue
        opts = [o for o in OPTIONS if rng.random() < 0.25]
        bounds = 'bounds [0, %d]\n' % HI if rng.random() < 0.5 or name in ('star1', 'star2') else ''
        leaves = 1
        for d in dims:
            leaves *= d
        vals = [rng.randint(0, HI) for _ in range(leaves)]
        root = rng.choice(['MAX', 'MIN'])
        full = tree(dims, chance, iter(vals), root, rng.random() < 0.3)
        path = os.path.join(work, 'p_%d_%d.tree' % (seed, i))
        with open(path, 'w') as f:
            f.write(bounds + full + '\n')
        out = run(['solve', path, '-a', name, '--format', 'json'] + [a for _, flags in opts for a in flags])
        if out is not None and out.returncode == 0:
            break
    r = json.loads(out.stdout)['results'][0]
    value = {v['path']: str(v.get('value_exact', v['value'])) for v in r['nodes']}
    items = items_of(r, value, rng.sample(FACTS, rng.randint(1, 3)))
    block = '(%s)' % ', '.join(o for o, _ in opts) if opts else ''
    kept = []
    for item in items:  # what the filled tree passes (a search in passes reads some items off one pass)
        with open(path, 'w') as f:
            f.write(bounds + full + '\nexpect %s%s { %s }\n' % (name, block, item))
        if run(['check', path]).returncode == 0:
            kept.append(item)
    kept = kept or ['value %s' % r.get('value_exact', r['value'])]
    unknown = set(rng.sample(range(leaves), rng.randint(3, min(MOST, leaves))))
    it = iter(range(leaves))
    blank = re.sub(r'(?<=[{ ])\d+(?= )', lambda m: '?' if next(it) in unknown else m.group(0), full)
    spec = bounds + blank + '\nexpect %s%s { %s }\n' % (name, block, '  '.join(kept))
    with open(path, 'w') as f:
        f.write(spec)
    # Over the range, or (a third of the time) over a multiset of values
    # (`--values`: its distinct orderings), the unknowns' own or drawn.
    order = sorted(unknown)
    multiset = None
    if rng.random() < 1 / 3:
        multiset = [vals[k] if rng.random() < 0.7 else rng.randint(0, HI) for k in order]
        multiset = [int(v) for v in multiset]
    domain = ['--values', ','.join(map(str, multiset))] if multiset else ['--domain', '0..%d' % HI]
    got = run(['puzzle', path] + domain + ['--limit', '1', '--format', 'json'])
    if got is None:
        print('%s %-16s TIMEOUT' % (path, name), flush=True)
        continue
    count = json.loads(got.stdout)['count'] if got.stdout.strip() else 'ERR ' + got.stderr.strip()[:120]
    fills = os.path.join(work, 'fills')
    shutil.rmtree(fills, ignore_errors=True)
    os.makedirs(fills)
    fillings = sorted(set(itertools.permutations(multiset))) if multiset else \
        itertools.product(range(HI + 1), repeat=len(unknown))
    for j, combo in enumerate(fillings):
        c = iter(combo)
        with open(os.path.join(fills, 'f%05d.tree' % j), 'w') as f:
            f.write(re.sub(r'\?', lambda m: str(next(c)), spec))
    checked = run(['check', fills], timeout=300).stdout
    m = re.search(r'(\d+) passed, (\d+) failed', checked)
    passed = int(m.group(1)) if m else 'ERR'
    done += 1
    same = passed == count
    bad += not same
    over = 'values ' + ','.join(map(str, multiset)) if multiset else '0..%d' % HI
    print('%s %-16s %-28s %-16s count=%s check=%s%s' % (path, name, block, over, count, passed, '' if same else '  DIFF'),
          flush=True)
    if not same:
        print(spec, flush=True)
print('%d puzzles, %d disagree' % (done, bad))
sys.exit(1 if bad else 0)
