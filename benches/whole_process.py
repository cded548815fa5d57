#!/usr/bin/env python3
"""Whole processes, as a user times them: `gametree solve FILE -a ALGO`
(text, and `--format json` to /dev/null) beside the limit program run as
a process of its own on the same file, with each run's peak resident
memory (the kernel's count for the child: binary, libraries, heap and
all) per node of the tree.

    cargo bench --bench matrix -- write /tmp/trees            # 10^6 leaves
    cargo bench --bench matrix -- write /tmp/trees 10x7       # 10^7
    rustc -O --edition 2024 benches/matrix/limit_process.rs -o target/limit
    cargo build --release
    python3 benches/whole_process.py /tmp/trees target/release/gametree target/limit [RUNS]

Times are the best of RUNS (default 3) runs, interleaved with the
limit's; memory is the highest peak of them. Linux only (os.wait4).
`ONLY=star1,star2` in the environment runs only those algorithms.

The limit answers the value and writes nothing else, so the JSON column's
first ratio also measures writing the report. For the searches whose
report covers every node (`minimax`, `negamax`, `expectiminimax`) on the
text forms, a second ratio is to `limit FILE --json ALGO`
(`benches/matrix/limit_json.rs`), a tight one-thread program that writes
the very same report: its bytes are compared with gametree's on the first
run, and a difference stops the script.
"""
import filecmp
import os
import re
import subprocess
import sys
import tempfile
import time

ALGORITHMS = {
    "minmax": ["minimax", "negamax", "alphabeta", "negamax-ab", "negamax-tt", "pvs", "mtdf", "ids"],
    "chance": ["expectiminimax", "star1", "star2"],
    "players": ["maxn"],
}


# The searches whose JSON report the limit writes too (text forms only).
SAME_REPORT = {"minimax", "negamax", "expectiminimax"}


def same_bytes(gametree, limit, path, algorithm):
    """Stops the script unless the limit writes gametree's JSON report
    (both written to files and compared there: a report held in this
    process would count in every later child's peak memory, which
    includes what it had before its exec)."""
    with tempfile.TemporaryDirectory() as folder:
        files = []
        for name, argv in (("ours", [gametree, "solve", path, "-a", algorithm, "--format", "json"]),
                           ("limit", [limit, path, "--json", algorithm])):
            files.append(os.path.join(folder, name))
            with open(files[-1], "wb") as out:
                subprocess.run(argv, stdout=out, check=True)
        if os.path.getsize(files[0]) == 0 or not filecmp.cmp(*files, shallow=False):
            sys.exit(f"{path} {algorithm}: the limit's JSON report differs from gametree's")


def run(argv):
    """Wall seconds and peak resident bytes of one run of `argv`."""
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.dup2(null, 2)
        os.execv(argv[0], argv)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"{' '.join(argv)} failed ({status})")
    return wall, usage.ru_maxrss * 1024


def main():
    folder, gametree, limit = sys.argv[1:4]
    runs = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    print("| leaves | tree | form | algorithm | limit s | text s | × limit | JSON s | × limit | JSON limit s | × JSON limit | peak B/node (text / JSON) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for name in sorted(os.listdir(folder)):
        m = re.fullmatch(r"(minmax|chance|players)-(quick|full|yaml)-(\d+)x(\d+)\.(tree|yaml)", name)
        if not m:
            continue
        shape, form, b, d = m[1], m[2], int(m[3]), int(m[4])
        nodes = (b ** (d + 1) - 1) // (b - 1)
        path = os.path.join(folder, name)
        only = os.environ.get("ONLY")
        for algorithm in ALGORITHMS[shape]:
            if only and algorithm not in only.split(","):
                continue
            best = {"limit": 1e9, "text": 1e9, "json": 1e9, "json limit": 1e9}
            peak = {"text": 0, "json": 0}
            report = algorithm in SAME_REPORT and form != "yaml"
            if report:
                same_bytes(gametree, limit, path, algorithm)
            for _ in range(runs):
                best["limit"] = min(best["limit"], run([limit, path])[0])
                if report:
                    best["json limit"] = min(best["json limit"], run([limit, path, "--json", algorithm])[0])
                for out, extra in (("text", []), ("json", ["--format", "json"])):
                    wall, rss = run([gametree, "solve", path, "-a", algorithm, *extra])
                    best[out] = min(best[out], wall)
                    peak[out] = max(peak[out], rss)
            lim = best["limit"]
            if report:
                jl = best["json limit"]
                same = f"{jl:.3f} | {best['json'] / jl:.1f}"
            else:
                same = "— | —"
            print(
                f"| {b ** d} | {shape} | {form} | {algorithm} | {lim:.3f} | {best['text']:.3f} | "
                f"{best['text'] / lim:.1f} | {best['json']:.3f} | {best['json'] / lim:.1f} | {same} | "
                f"{peak['text'] / nodes:.0f} / {peak['json'] / nodes:.0f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
