//! Grading a whole class (`tests/fixtures/class/` against
//! `tests/fixtures/class.tree`) in every format. The scores asserted here
//! are hand-marked in each answer file's comment under the default rubric;
//! the snapshots, read and checked against those marks, pin the layout.

mod common;

use common::{gametree, stderr, stdout};

const SPEC: &str = "tests/fixtures/class.tree";
const CLASS: &str = "tests/fixtures/class";

fn grade(args: &[&str]) -> (Option<i32>, String) {
    let mut all = vec!["grade", SPEC];
    all.extend(args);
    let out = gametree(&all);
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
    (out.status.code(), stdout(&out))
}

/// (student, file, score, out_of) for every row, hand-marked.
const MARKED: [(&str, &str, f64, f64); 7] = [
    ("Ana", "ana.yaml", 11.0, 11.0),
    ("Ben", "ben.yaml", 3.0, 5.0),
    ("cy", "cy.yaml", 0.0, 3.0),
    ("Dee", "dee.yaml", 11.0, 11.0),
    ("Eli", "eli.yaml", 3.0, 3.0),
    ("Fay", "fay.yaml", 3.0, 4.0),
    ("Ana", "late/ana.yaml", 2.0, 3.0),
];

#[test]
fn a_class_folder_is_graded_file_by_file_with_hand_marked_scores() {
    let (code, json) = grade(&[CLASS, "--format", "json"]);
    assert_eq!(code, Some(1));
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    let rows = json["grades"].as_array().unwrap();
    assert_eq!(rows.len(), MARKED.len());
    for (row, (student, file, score, out_of)) in rows.iter().zip(MARKED) {
        assert_eq!(row["student"], student, "{row}");
        assert_eq!(row["file"], format!("{CLASS}/{file}"), "{row}");
        assert_eq!(row["score"].as_f64(), Some(score), "{row}");
        assert_eq!(row["out_of"].as_f64(), Some(out_of), "{row}");
    }
    assert_eq!(rows[2]["error"], "tests/fixtures/class/cy.yaml:5:6: YAML error: did not find expected ',' or ']'");
    let eli = &rows[4]["marks"][1];
    assert_eq!(eli["right"], true);
    assert!(eli["note"].as_str().unwrap().contains("the convention is to list only the topmost pruned edges"), "{eli}");
    insta::assert_json_snapshot!("class_json", json);
}

#[test]
fn the_class_as_text_and_as_a_gradebook() {
    let (code, text) = grade(&[CLASS]);
    assert_eq!(code, Some(1));
    assert!(text.ends_with("3 of 7 answers fully right; 1 could not be read\n"), "{text}");
    assert!(text.contains("  5 | value: 5\n    |      ^\n"), "{text}");
    insta::assert_snapshot!("class_text", text);
    let (_, csv) = grade(&[CLASS, "--format", "csv"]);
    insta::assert_snapshot!("class_csv", csv);
}

#[test]
fn one_fully_right_answer_exits_0_and_a_file_given_twice_is_two_rows() {
    let ana = format!("{CLASS}/ana.yaml");
    assert_eq!(grade(&[&ana]).0, Some(0));
    // The README's example in slide notation (examples/gradescope/question.tree is this spec).
    let (code, text) = grade(&["examples/answer-slide-notation.yaml"]);
    assert_eq!(code, Some(0));
    assert!(text.contains("Dee: 11/11"), "{text}");
    let (code, csv) = grade(&[&ana, &ana, "--format", "csv"]);
    assert_eq!(code, Some(0));
    assert_eq!(csv.lines().filter(|l| l.starts_with("Ana,")).count(), 2, "{csv}");
}

#[test]
fn gradescope_results_for_one_submission() {
    let (code, ben) =
        grade(&[&format!("{CLASS}/ben.yaml"), "--format", "gradescope", "--visibility", "after_due_date"]);
    assert_eq!(code, Some(1));
    let json: serde_json::Value = serde_json::from_str(&ben).unwrap();
    assert_eq!(json["score"], 3);
    assert_eq!(json["visibility"], "after_due_date");
    let total: f64 = json["tests"].as_array().unwrap().iter().map(|t| t["max_score"].as_f64().unwrap()).sum();
    assert_eq!(total, 5.0);
    insta::assert_json_snapshot!("gradescope_ben", json);
    let (code, cy) = grade(&[&format!("{CLASS}/cy.yaml"), "--format", "gradescope"]);
    assert_eq!(code, Some(1));
    let json: serde_json::Value = serde_json::from_str(&cy).unwrap();
    assert_eq!(json["score"], 0);
    assert_eq!(json["tests"][0]["max_score"], 3);
    insta::assert_json_snapshot!("gradescope_cy", json);
}

#[test]
fn gradescope_and_prairielearn_grade_one_submission_only() {
    for format in ["gradescope", "prairielearn"] {
        let out = gametree(&["grade", SPEC, CLASS, "--format", format]);
        assert_eq!(out.status.code(), Some(2), "{format}");
        assert!(stderr(&out).contains("grades one submission; 7 answers were given"), "{}", stderr(&out));
        assert!(stdout(&out).is_empty());
    }
}

#[test]
fn prairielearn_results_for_one_submission() {
    let (code, ben) = grade(&[&format!("{CLASS}/ben.yaml"), "--format", "prairielearn"]);
    assert_eq!(code, Some(1));
    let json: serde_json::Value = serde_json::from_str(&ben).unwrap();
    assert_eq!(json["gradable"], true);
    assert_eq!(json["score"], 0.6);
    insta::assert_json_snapshot!("prairielearn_ben", json);
    let (_, eli) = grade(&[&format!("{CLASS}/eli.yaml"), "--format", "prairielearn"]);
    let json: serde_json::Value = serde_json::from_str(&eli).unwrap();
    assert_eq!(json["score"], 1.0);
    insta::assert_json_snapshot!("prairielearn_eli", json);
    let (code, cy) = grade(&[&format!("{CLASS}/cy.yaml"), "--format", "prairielearn"]);
    assert_eq!(code, Some(1));
    let json: serde_json::Value = serde_json::from_str(&cy).unwrap();
    assert_eq!(json["gradable"], false);
    assert!(json["format_errors"][0].as_str().unwrap().contains("cy.yaml:5:6"), "{json}");
    insta::assert_json_snapshot!("prairielearn_cy", json);
}

#[test]
fn the_example_rubric_is_the_default_one() {
    let text = std::fs::read_to_string("tests/fixtures/class.tree").unwrap();
    let game = gametree::load("class.tree", &text).unwrap();
    let rubric = std::fs::read_to_string("examples/rubric.yaml").unwrap();
    assert_eq!(gametree::check::grade::Rubric::parse(&game, &rubric), Ok(gametree::check::grade::Rubric::default()));
}

#[test]
fn a_rubric_sets_points_required_items_and_partial_credit() {
    let dir = common::scratch("grade-class", "rubric");
    let rubric = dir.join("rubric.yaml");
    // value 2 (required), pruned 4 all or nothing (required), leaves 3 with
    // partial credit, values: C required at 2 points, others 1.
    std::fs::write(
        &rubric,
        "rubric:\n  value: { points: 2, required: true }\n  pruned: { points: 4, required: true, partial: false }\n  \
         leaves: { points: 3, partial: true }\n  values: { points: 1, required: [C], nodes: { C: 2 } }\n",
    )
    .unwrap();
    let (code, csv) = grade(&[
        &format!("{CLASS}/ben.yaml"),
        &format!("{CLASS}/fay.yaml"),
        "--rubric",
        rubric.to_str().unwrap(),
        "--format",
        "csv",
    ]);
    assert_eq!(code, Some(1));
    // Ben: value 2/2; pruned wrong, no partial credit: 0/4; leaves 3 x 3/6 =
    // 1.5/3; values C missing and required: 0/2. 3.5/11.
    // Fay: value 2/2, pruned 4/4, values C wrong (≥ 2, an upper bound): 0/2. 6/8.
    assert!(csv.contains("Ben,tests/fixtures/class/ben.yaml,3.5,11,2,0,1.5,0,"), "{csv}");
    assert!(csv.contains("Fay,tests/fixtures/class/fay.yaml,6,8,2,4,,0,"), "{csv}");
}

#[test]
fn a_bad_rubric_is_pointed_at_and_exits_2() {
    let dir = common::scratch("grade-class", "bad-rubric");
    for (text, why, at) in [
        (
            "value: { points: 1 }\npruned: { points: lots }\n",
            "points are a number, 0 or more; `lots` is not",
            "rubric.yaml:2:19",
        ),
        ("value: { points: 1 }\nvalues: { required: [Q] }\n", "`Q` does not name a node", "rubric.yaml:2:22"),
        ("valeu: { points: 1 }\n", "unknown rubric item `valeu`", "rubric.yaml:1:1"),
        ("value: { points: 1, partial: true }\n", "unknown key `partial` in `value`", "rubric.yaml:1:21"),
    ] {
        let rubric = dir.join("rubric.yaml");
        std::fs::write(&rubric, text).unwrap();
        let out = gametree(&["grade", SPEC, CLASS, "--rubric", rubric.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{text}");
        let err = stderr(&out);
        assert!(err.contains(why), "{text}\n{err}");
        assert!(err.contains(at), "{text}\n{err}");
        assert!(err.contains('^'), "{err}");
        assert!(stdout(&out).is_empty());
    }
}

/// tests/fixtures/class.tree's tree with a rubric of its own.
const SPEC_WITH_RUBRIC: &str = "MAX A {
  MIN B { MAX D { 3 5 } MAX E { 6 9 } }
  MIN C { MAX F { 1 2 } MAX G { 8 4 } }
}

# the course's points
rubric {
  value 2 required  # the root
  pruned 4 required partial
  values 1 required [B C] C=2
}
";

#[test]
fn a_spec_declares_its_rubric_in_the_tree_and_the_yaml_form() {
    let dir = common::scratch("grade-class", "spec-rubric");
    let tree = dir.join("q.tree");
    std::fs::write(&tree, SPEC_WITH_RUBRIC).unwrap();
    let yaml = dir.join("q.yaml");
    let out = gametree(&["convert", tree.to_str().unwrap(), "--to", "yaml", "-o", yaml.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = std::fs::read_to_string(&yaml).unwrap();
    assert!(text.contains("rubric:\n  value:\n    points: 2\n    required: true\n"), "{text}");
    assert!(text.contains("    required: [B, C]\n    nodes:\n      C: 2\n"), "{text}");
    // Back to .tree: the same rubric (the comments are not carried by YAML).
    let back = gametree(&["convert", yaml.to_str().unwrap(), "--to", "tree"]);
    assert!(
        stdout(&back)
            .ends_with("rubric {\n  value 2 required\n  pruned 4 required partial\n  values 1 required [B C] C=2\n}\n"),
        "{}",
        stdout(&back)
    );
    // fmt keeps the comments around and inside the block.
    let fmt = gametree(&["fmt", tree.to_str().unwrap()]);
    assert!(
        stdout(&fmt).contains("# the course's points\nrubric {\n  value 2 required  # the root\n"),
        "{}",
        stdout(&fmt)
    );
    // Ben under this rubric: value 2/2; pruned 1 of 2 edges missing: 4 - 2 =
    // 2/4; values B and C required and missing: 0/1, 0/2; leaves not in
    // the rubric: 0/0. 4/9.
    for spec in [&tree, &yaml] {
        let out = gametree(&["grade", spec.to_str().unwrap(), &format!("{CLASS}/ben.yaml"), "--format", "csv"]);
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        assert!(stdout(&out).contains("Ben,tests/fixtures/class/ben.yaml,4,9,2,2,0,0,0,"), "{}", stdout(&out));
    }
    // --rubric wins over the spec's.
    let out = gametree(&[
        "grade",
        tree.to_str().unwrap(),
        &format!("{CLASS}/ben.yaml"),
        "--rubric",
        "examples/rubric.yaml",
        "--format",
        "csv",
    ]);
    assert!(stdout(&out).contains("Ben,tests/fixtures/class/ben.yaml,3,5,"), "{}", stdout(&out));
}

#[test]
fn a_bad_rubric_in_a_spec_is_pointed_at_and_exits_2() {
    let dir = common::scratch("grade-class", "bad-spec-rubric");
    for (rubric, why, at) in [
        ("rubric { value 1 partial }", "`partial` applies to `pruned` and `leaves`, not `value`", "q.tree:2:18"),
        ("rubric { values 1 required [Q] }", "`Q` does not name a node", "q.tree:2:29"),
        ("rubric { value 1 value 2 }", "`value` is given twice in the rubric", "q.tree:2:18"),
        ("rubric { pruned 1 required [B] }", "list nodes only for `values` and `windows`", "q.tree:2:19"),
        ("rubric { value lots }", "expected a number", "q.tree:2:16"),
    ] {
        let tree = dir.join("q.tree");
        std::fs::write(&tree, format!("MAX A {{ MIN B {{ 1 2 }} 3 }}\n{rubric}\n")).unwrap();
        let out = gametree(&["grade", tree.to_str().unwrap(), &format!("{CLASS}/ben.yaml")]);
        assert_eq!(out.status.code(), Some(2), "{rubric}");
        let err = stderr(&out);
        assert!(err.contains(why) && err.contains(at) && err.contains('^'), "{rubric}\n{err}");
        assert!(stdout(&out).is_empty());
    }
}

#[test]
fn an_algorithm_that_does_not_apply_is_bad_usage_but_an_answer_naming_one_is_its_row() {
    let out = gametree(&["grade", "specs/chance-1-6.tree", &format!("{CLASS}/ben.yaml"), "-a", "alphabeta"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("`alphabeta` does not apply to this tree"), "{}", stderr(&out));
    assert!(stdout(&out).is_empty());
    let dir = common::scratch("grade-class", "answer-algorithm");
    std::fs::write(dir.join("a.yaml"), "student: Al\nalgorithm: expectiminimax\nvalue: 5\npruned: []\n").unwrap();
    std::fs::write(dir.join("b.yaml"), "student: Bo\nvalue: 5\npruned: [E.2, G]\n").unwrap();
    let out = gametree(&["grade", SPEC, dir.to_str().unwrap(), "--format", "csv"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // expectiminimax applies to MAX/MIN trees too (and prunes nothing): Al
    // is graded with it, 3/3.
    assert!(stdout(&out).contains("Al,") && stdout(&out).contains(",3,3,"), "{}", stdout(&out));
    std::fs::write(dir.join("a.yaml"), "student: Al\nalgorithm: maxn\nvalue: 5\n").unwrap();
    let out = gametree(&["grade", SPEC, dir.to_str().unwrap(), "--format", "csv"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let csv = stdout(&out);
    assert!(csv.contains("does not apply to this tree"), "{csv}");
    assert!(csv.contains("Bo,") && csv.contains(",3,3,"), "{csv}");
}

#[test]
fn no_answer_or_rubric_text_makes_grading_panic() {
    use gametree::check::grade::class::Grader;
    use gametree::check::grade::{Rubric, render};
    let spec = std::fs::read_to_string(SPEC).unwrap();
    let game = gametree::load(SPEC, &spec).unwrap();
    let rubric = Rubric::default();
    let grader = Grader {
        game: &game,
        spec: gametree::diagnostic::Source { name: SPEC, text: &spec },
        rubric: &rubric,
        algorithm: None,
        options: gametree::search::options::Options::default(),
    };
    let mut texts: Vec<String> = ["ana", "ben", "cy", "dee", "eli", "fay", "late/ana"]
        .iter()
        .map(|f| std::fs::read_to_string(format!("{CLASS}/{f}.yaml")).unwrap())
        .collect();
    texts.push(std::fs::read_to_string("examples/rubric.yaml").unwrap());
    for text in &texts {
        for (i, _) in text.char_indices() {
            for cut in [text[..i].to_string(), format!("{}\t{}", &text[..i], &text[i..])] {
                let rows = grader.file("x.yaml", &cut);
                let _ = render::Text(&rows).to_string();
                let _ = render::csv(&rows);
                let _ = Rubric::parse(&game, &cut);
            }
        }
    }
}

/// A folder reached again through a link (`ln -s . loop`, or a second
/// link to it) is read once: each answer is one row (found by testing:
/// the loop made every answer a row about forty times over).
#[cfg(unix)]
#[test]
fn a_folder_linked_back_into_itself_is_graded_once() {
    let dir = common::scratch("grade_class", "loop");
    std::fs::write(dir.join("a.yaml"), "student: Ana\nvalue: 5\npruned: [E.2, G]\n").unwrap();
    std::os::unix::fs::symlink(".", dir.join("loop")).unwrap();
    std::os::unix::fs::symlink(&dir, dir.join("again")).unwrap();
    let (_, csv) = grade(&[dir.to_str().unwrap(), "--format", "csv"]);
    let rows: Vec<&str> = csv.lines().skip(1).collect();
    assert_eq!(rows.len(), 1, "{csv}");
    assert!(rows[0].starts_with("Ana,"), "{csv}");
}
