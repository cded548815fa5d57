"""The Python module against the command line, on every spec in specs/,
and its errors and options. Run from a venv where `pip install .` put both
the module and the `gametree` command."""

import json
import pathlib
import shutil
import subprocess
import sys
import threading
from fractions import Fraction

import pytest

import gametree

ROOT = pathlib.Path(__file__).resolve().parents[2]
SPECS = sorted(p for p in (ROOT / "specs").rglob("*.tree"))
FIG_5_2 = "MAX A { MIN B { 3 12 8 } MIN C { 2 4 6 } MIN D { 14 5 2 } }"


def cli(*args):
    beside = pathlib.Path(sys.executable).parent / "gametree"
    exe = str(beside) if beside.exists() else shutil.which("gametree")
    assert exe, "the venv has no `gametree` command"
    return subprocess.run([exe, *args], capture_output=True, text=True)


def cli_json(*args):
    out = cli(*args)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_the_readme_line_works():
    spec = (ROOT / "specs/aima-fig5-2.tree").read_text()
    assert gametree.solve(spec)["value"] == 3


def test_the_command_is_installed_and_knows_its_version():
    out = cli("--version")
    assert out.returncode == 0
    assert out.stdout.startswith("gametree ")


@pytest.mark.parametrize("path", SPECS, ids=lambda p: p.name)
def test_solve_gives_the_cli_json_for_every_algorithm(path):
    spec = gametree.load(path)
    out = cli("solve", str(path), "--format", "json")
    if out.returncode != 0:
        # A puzzle (`?` leaves): both refuse it, the module with the place.
        assert out.returncode == 2
        with pytest.raises(gametree.SpecError) as e:
            gametree.solve_all(spec)
        assert e.value.line >= 1
        return
    whole = json.loads(out.stdout)
    assert gametree.solve_all(spec) == whole
    for result in whole["results"]:
        mine = gametree.solve(spec, result["algorithm"])
        assert dict(mine) == result, result["algorithm"]


@pytest.mark.parametrize("path", SPECS, ids=lambda p: p.name)
def test_check_agrees_with_the_cli(path):
    spec = gametree.load(path)
    out = cli("check", str(path))
    mine = gametree.check(spec)
    assert out.returncode == (0 if mine["failed"] == 0 else 1), out.stdout
    assert f"{mine['passed']} passed, {mine['failed']} failed" in out.stdout


def test_values_and_pruned_edges_are_the_textbooks():
    # AIMA Figure 5.2: alpha-beta prunes C's second and third leaves.
    r = gametree.solve(FIG_5_2)
    assert (r["value"], r["best_move"], r["pruned"]) == (3, "1", ["2.2", "2.3"])
    assert r["leaf_order"] == ["1.1", "1.2", "1.3", "2.1", "3.1", "3.2", "3.3"]


def test_options_are_keywords_with_the_cli_names():
    tie = "MAX { MIN { 3 5 } MIN { 3 1 } }"
    # Cut on equality: the second MIN sees 3 <= alpha = 3 and stops.
    assert gametree.solve(tie)["pruned"] == ["2.2"]
    # Strict cuts: 3 < 3 is false, so it looks at the 1 (and nothing is left).
    assert gametree.solve(tie, strict_cuts=True)["pruned"] == []
    assert gametree.solve(FIG_5_2, order="best")["pruned"] == gametree.solve(FIG_5_2, order="best")["pruned"]
    d1 = gametree.solve("MAX { MIN [eval=4] { 1 2 } MIN [eval=6] { 0 9 } }", depth=1)
    assert d1["value"] == 6


def test_an_unknown_keyword_is_a_type_error_naming_it():
    with pytest.raises(TypeError, match="strict_cut"):
        gametree.solve(FIG_5_2, strict_cut=True)


def test_a_bad_option_value_or_algorithm_is_a_value_error():
    with pytest.raises(ValueError, match="order"):
        gametree.solve(FIG_5_2, order="sideways")
    with pytest.raises(ValueError, match="alphabeta"):
        gametree.solve(FIG_5_2, "alfabeta")


def test_spec_errors_carry_line_and_column():
    with pytest.raises(gametree.SpecError) as e:
        gametree.solve("MAX {\n  3 4\n  MIN { 1 2\n}\n")
    assert isinstance(e.value, ValueError)
    assert e.value.line == 5 or e.value.line == 4
    assert e.value.col >= 1
    assert "^" in e.value.rendered
    with pytest.raises(gametree.SpecError) as e:
        gametree.solve("bounds [0, 5]\nMAX { 1 7 }")
    assert (e.value.line, e.value.col) == (2, 9)


def test_an_algorithm_that_does_not_apply_is_a_spec_error():
    with pytest.raises(gametree.SpecError, match="alphabeta"):
        gametree.solve("MAX { CHANCE { 1 2 } 3 }", "alphabeta")


def test_value_only_reports_exact_fractions():
    spec = "MAX { CHANCE { 1 2 } CHANCE { 1/3: 0 2/3: 3 } }"
    # (1 + 2) / 2 = 3/2 and 1/3 * 0 + 2/3 * 3 = 2: the root takes 2.
    assert gametree.solve(spec, "expectiminimax", report="value") == 2
    assert gametree.solve("CHANCE { 1 2 }", "expectiminimax", report="value") == Fraction(3, 2)
    assert gametree.solve("players A B\nA { (1, 2) (3, 0) }", "maxn", report="value") == [3, 0]


def test_load_reads_both_forms(tmp_path):
    tree = tmp_path / "t.tree"
    tree.write_text(FIG_5_2)
    yaml = tmp_path / "t.yaml"
    out = cli("convert", str(tree), "--to", "yaml", "-o", str(yaml))
    assert out.returncode == 0, out.stderr
    spec = gametree.load(yaml)
    assert spec.name.endswith("t.yaml")
    assert gametree.solve(spec)["pruned"] == ["2.2", "2.3"]
    bad = tmp_path / "bad.tree"
    bad.write_text("MAX { 1 2")
    with pytest.raises(gametree.SpecError) as e:
        gametree.load(bad)
    assert e.value.file.endswith("bad.tree")


def test_check_reports_what_differs():
    r = gametree.check("MAX { 3 5 } expect minimax { value 4 } expect minimax { value 5 }")
    assert (r["passed"], r["failed"]) == (1, 1)
    m = r["blocks"][0]["mismatches"][0]
    assert (m["item"], m["expected"], m["got"]) == ("value", "4", "5")


def test_draw_makes_the_diagrams():
    svg = gametree.draw(FIG_5_2)
    assert "<svg" in svg[:200] and svg.rstrip().endswith("</svg>")
    page = gametree.draw(FIG_5_2, "html", steps=True)
    assert "http://" not in page.replace("http://www.w3.org", "") and "https://" not in page
    assert gametree.draw(FIG_5_2, "tikz", standalone=True).startswith("%")
    assert "digraph" in gametree.draw(FIG_5_2, "dot")
    assert "<svg" in gametree.solve(FIG_5_2)._repr_svg_()[:200]


def test_generate_is_the_cli_generate():
    mine = gametree.generate(depth=2, branching=3, range=(0, 9), min_pruned=1, seed=7)
    out = cli("generate", "--depth", "2", "--branching", "3", "--range", "0..9", "--min-pruned", "1", "--seed", "7")
    assert out.returncode == 0, out.stderr
    assert mine == out.stdout
    assert gametree.check(mine)["failed"] == 0


def test_searches_run_in_threads():
    spec = gametree.generate(depth=4, branching=4, seed=2)
    results = []
    threads = [threading.Thread(target=lambda: results.append(gametree.solve(spec, "minimax", report="value"))) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(map(str, results))) == 1 and len(results) == 4


def test_algorithms_lists_the_cli_names():
    names = gametree.algorithms()
    assert {"minimax", "alphabeta", "expectiminimax", "star1", "maxn"} <= set(names)


def test_the_docstring_examples_run():
    import doctest

    failures, tried = doctest.testmod(gametree)
    assert tried > 10 and failures == 0


CLASS = ROOT / "tests/fixtures/class"


def test_grade_gives_the_cli_json_for_a_class():
    spec = gametree.load(ROOT / "tests/fixtures/class.tree")
    for answer in sorted(CLASS.glob("*.yaml")):
        mine = gametree.grade(spec, answer.read_text())
        out = cli("grade", str(ROOT / "tests/fixtures/class.tree"), str(answer), "--format", "json")
        theirs = json.loads(out.stdout)
        assert out.returncode in (0, 1), out.stderr
        strip = lambda g: {k: v for k, v in g.items() if k not in ("file", "error", "student")}
        assert [strip(g) for g in mine["grades"]] == [strip(g) for g in theirs["grades"]], answer.name
        assert [g["error"] is None for g in mine["grades"]] == [g["error"] is None for g in theirs["grades"]]


def test_grade_marks_a_wrong_answer_and_names_the_divergence():
    r = gametree.grade(FIG_5_2, "value: 3\npruned: [C.3]\nleaves: [3, 12, 8, 2, 4, 14, 5, 2]\n")
    g = r["grades"][0]
    assert g["score"] < g["out_of"]
    assert g["first_divergence"] and "C" in g["first_divergence"]


def test_an_unreadable_answer_is_a_row_not_an_exception():
    r = gametree.grade(FIG_5_2, ["value: [unclosed", "value: 3\npruned: [C.2, C.3]\n"])
    assert len(r["grades"]) == 2
    assert r["grades"][0]["error"] and r["grades"][0]["score"] == 0
    assert r["grades"][1]["error"] is None


def test_a_bad_rubric_is_a_spec_error():
    with pytest.raises(gametree.SpecError):
        gametree.grade(FIG_5_2, "value: 3\n", rubric="nonsense: { points: 1 }\n")
