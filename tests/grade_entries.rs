//! Answer files holding many answers, and answers that are odd in one
//! place: each answer is its student's row, right or wrong on its own;
//! whatever an answer file holds is reported where it is written, and
//! nothing from it reaches a spreadsheet or a terminal as anything but text.
//!
//! The tree is tests/fixtures/class.tree, hand-worked in its comment
//! (alpha-beta, cuts on equality): value 5, best B, pruned E.2 (1.2.2) and
//! G (2.2), leaves 3 5 6 1 2. Under the default rubric an answer giving
//! only `value` and `pruned` is out of 3.

mod common;

use common::{gametree, stderr, stdout};

const SPEC: &str = "tests/fixtures/class.tree";

/// Grades `text` written as `name` in a scratch folder; (exit code, output).
fn grade_text(group: &str, name: &str, text: &str, format: &str) -> (Option<i32>, String) {
    let dir = common::scratch("grade_entries", group);
    let file = dir.join(name);
    std::fs::write(&file, text).unwrap();
    let out = gametree(&["grade", SPEC, file.to_str().unwrap(), "--format", format]);
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
    (out.status.code(), stdout(&out))
}

fn rows(json: &str) -> Vec<serde_json::Value> {
    let v: serde_json::Value = serde_json::from_str(json).unwrap();
    v["grades"].as_array().unwrap().clone()
}

/// The error of a row, with the file's folder taken off.
fn error(row: &serde_json::Value) -> String {
    let e = row["error"].as_str().unwrap_or_else(|| panic!("no error: {row}"));
    e.rsplit('/').next().unwrap().to_string()
}

#[test]
fn one_bad_answer_in_a_list_costs_only_its_student() {
    let text = "\
- student: Ana
  value: 5
  pruned: [E.2, G]
- student: Bob
  valu: 5
- student: Cy
  value: 4
  pruned: [E.2, G]
";
    let (code, json) = grade_text("list", "list.yaml", text, "json");
    assert_eq!(code, Some(1));
    let rows = rows(&json);
    let got: Vec<_> = rows.iter().map(|r| (r["student"].as_str().unwrap(), r["score"].as_f64().unwrap())).collect();
    assert_eq!(got, [("Ana", 3.0), ("Bob", 0.0), ("Cy", 2.0)], "{json}");
    // `valu` on line 5, not the `valu` of Ana's `value` on line 2.
    assert_eq!(
        error(&rows[1]),
        "list.yaml:5:3: unknown key `valu` (did you mean `value`?): expected one of student, name, algorithm, value, best, pruned, leaves, values, windows"
    );
    assert!(rows[0]["error"].is_null() && rows[2]["error"].is_null(), "{json}");
}

#[test]
fn one_bad_answer_in_a_mapping_of_students_costs_only_its_student() {
    let text = "\
Ana:
  value: 5
  pruned: [E.2, G]
Bob:
  value: 5
  pruned: [E.2, G, Q]
Cy:
  value: 5
  pruned: [G]
";
    let (_, csv) = grade_text("map", "map.yaml", text, "csv");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 4, "{csv}");
    assert!(lines[1].starts_with("Ana,"), "{csv}");
    assert!(lines[2].starts_with("Bob,") && lines[2].contains("map.yaml:6:20: `Q` does not name a node"), "{csv}");
    // Cy misses one of the two pruned edges: half the partial credit.
    assert!(lines[3].starts_with("Cy,") && lines[3].contains(",2,3,1,1,"), "{csv}");
}

#[test]
fn an_answer_in_flow_style_is_still_located() {
    let (_, json) = grade_text("flow", "flow.yaml", "[{student: Ana, value: 5}, {student: Bob, value: x}]\n", "json");
    let rows = rows(&json);
    assert_eq!(rows[0]["score"].as_f64(), Some(1.0));
    assert_eq!(rows[1]["student"], "Bob");
    assert_eq!(error(&rows[1]), "flow.yaml:1:50: `x` is not a number");
}

#[test]
fn an_empty_list_is_an_error_row_not_a_missing_submission() {
    let (code, csv) = grade_text("empty", "empty.yaml", "[]\n", "csv");
    assert_eq!(code, Some(1));
    assert!(csv.contains("\nempty,") && csv.contains("empty.yaml:1:1: this list holds no answer"), "{csv}");
    let (_, json) = grade_text("empty", "empty.yaml", "[]\n", "gradescope");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let output = v["output"].as_str().unwrap();
    assert!(output.contains("this list holds no answer") && !output.contains("No answer file"), "{output}");
    let (_, json) = grade_text("empty", "empty.yaml", "[]\n", "prairielearn");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(v["message"].as_str().unwrap().contains("this list holds no answer"), "{json}");
}

#[test]
fn one_node_named_twice_in_values_is_refused_at_the_second_name() {
    // B is the root's first child, "1": the same node.
    let (_, json) = grade_text("twice", "twice.yaml", "value: 5\nvalues: {B: 5, \"1\": 5}\n", "json");
    assert_eq!(error(&rows(&json)[0]), "twice.yaml:2:17: `values` gives node B (1) twice: as `B` and as `1`");
    let (_, json) = grade_text("twice", "twice.yaml", "windows:\n  C: [5, inf]\n  \"2\": [5, inf]\n", "json");
    assert_eq!(error(&rows(&json)[0]), "twice.yaml:3:4: `windows` gives node C (2) twice: as `C` and as `2`");
}

#[test]
fn a_quoted_inner_node_path_in_leaves_is_that_node_never_a_decimal() {
    // "1.1" is D, not 11/10; alpha-beta evaluates D.1 = 3 first.
    let (_, json) = grade_text("inner", "inner.yaml", "leaves: [\"1.1\", 5, 6, 1, 2]\n", "json");
    let mark = &rows(&json)[0]["marks"][0];
    assert_eq!(mark["item"], "leaves");
    assert_eq!(mark["right"], false);
    assert_eq!(mark["answer"], "1.1 5 6 1 2", "{mark}");
}

#[test]
fn leaves_a_depth_limited_search_evaluates_at_inner_nodes_are_graded() {
    // specs/ids-best-move-changes.tree, hand-worked there: iteration 1
    // evaluates B (eval 4) and C (eval 6); iteration 2 searches C first
    // (7 3 9), then B (5 8 6). Written as the nodes, by name and path.
    let text = "leaves: [a1, C, \"2.1\", \"2.2\", \"2.3\", B.1, \"1.2\", \"1.3\"]\nvalue: 5\npruned: []\n";
    let dir = common::scratch("grade_entries", "ids");
    std::fs::write(dir.join("ids.yaml"), text).unwrap();
    let file = dir.join("ids.yaml");
    let out = gametree(&["grade", "specs/ids-best-move-changes.tree", file.to_str().unwrap(), "-a", "ids"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(stdout(&out).contains("right  leaves:"), "{}", stdout(&out));
    // The same nodes in another order: wrong at the first.
    let text = "leaves: [C, a1, \"2.1\", \"2.2\", \"2.3\", B.1, \"1.2\", \"1.3\"]\nvalue: 5\npruned: []\n";
    std::fs::write(&file, text).unwrap();
    let out = gametree(&["grade", "specs/ids-best-move-changes.tree", file.to_str().unwrap(), "-a", "ids"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("first difference at leaf 1"), "{}", stdout(&out));
}

#[test]
fn a_number_too_large_is_named_as_in_a_spec() {
    let text = "value: 123456789012345678901234567890\n";
    let (_, json) = grade_text("large", "large.yaml", text, "json");
    let want = "large.yaml:1:8: `123456789012345678901234567890` is too large or too precise to hold exactly (at most 18 significant digits)";
    assert_eq!(error(&rows(&json)[0]), want);
    let (_, json) = grade_text("large", "large.yaml", "value: \"1234567890123456789012345\"\n", "json");
    assert!(error(&rows(&json)[0]).contains("is too large or too precise"), "{json}");
}

#[test]
fn a_name_a_spreadsheet_would_run_stays_text_in_the_gradebook() {
    for (name, cell) in [
        ("=HYPERLINK(\"http://x\")", "\"'=HYPERLINK(\"\"http://x\"\")\""),
        ("+1", "'+1"),
        ("-1+2", "'-1+2"),
        ("@SUM(A1)", "'@SUM(A1)"),
    ] {
        let text = format!("student: '{name}'\nvalue: 5\n");
        let (_, csv) = grade_text("formula", "f.yaml", &text, "csv");
        let row = csv.lines().nth(1).unwrap();
        assert!(row.starts_with(&format!("{cell},")), "{name}: {csv}");
    }
}

#[test]
fn control_characters_in_an_answer_never_reach_the_terminal() {
    let text = "student: \"\\e[2J\\e[31mAna\"\nvalue: 5\n";
    let (_, out) = grade_text("control", "c.yaml", text, "text");
    assert!(!out.contains('\u{1b}'), "{out:?}");
    assert!(out.contains("\\u{1b}[2J\\u{1b}[31mAna: 1/3"), "{out}");
}

/// The law behind the rows: a student's row is the same whether their
/// answer is alone in a file or in a list or mapping beside a bad one, and
/// the bad one's error lies within its own entry, wherever it stands.
#[test]
fn a_students_row_does_not_depend_on_the_answers_beside_it() {
    let good = [
        ("Ana", "value: 5\npruned: [E.2, G]\nleaves: [3, 5, 6, 1, 2]\n"),
        ("Bob", "value: 5\npruned: [G]\nvalues: {B: 5, C: \"<= 2\"}\n"),
        ("Cy", "value: 4\nbest: C\nwindows: {E: [-inf, 5]}\n"),
    ];
    let bad = [
        "value: 5\npruned: [E.2, Q]\n",
        "valu: 5\n",
        "value: 5\nvalues: {B: 5, \"1\": 5}\n",
        "value: five\n",
        "algorithm: alphabetta\n",
        "windows: {E: \"(1, 2, 3)\"}\n",
    ];
    let alone: Vec<serde_json::Value> = good
        .iter()
        .map(|(who, body)| {
            let (_, json) = grade_text("alone", &format!("{who}.yaml"), &format!("student: {who}\n{body}"), "json");
            rows(&json).remove(0)
        })
        .collect();
    let indent = |body: &str, first: &str| {
        body.lines().enumerate().map(|(i, l)| format!("{}{l}\n", if i == 0 { first } else { "  " })).collect::<String>()
    };
    for (k, wrong) in bad.iter().enumerate() {
        for at in 0..=good.len() {
            let mut entries: Vec<(String, &str)> = good.iter().map(|(w, b)| (w.to_string(), *b)).collect();
            entries.insert(at, ("Zed".to_string(), wrong));
            let list: String = entries.iter().map(|(w, b)| format!("- student: {w}\n{}", indent(b, "  "))).collect();
            let map: String = entries.iter().map(|(w, b)| format!("{w}:\n{}", indent(b, "  "))).collect();
            for (form, text) in [("list", list), ("map", map)] {
                let (_, json) = grade_text("beside", &format!("{form}{k}{at}.yaml"), &text, "json");
                let got = rows(&json);
                assert_eq!(got.len(), good.len() + 1, "{text}\n{json}");
                let zed = &got[at];
                assert_eq!(zed["student"], "Zed", "{text}");
                // file:LINE:col — the line is one of Zed's.
                let e = error(zed);
                let line: usize = e.split(':').nth(1).unwrap().parse().unwrap();
                let first = 1 + text.lines().position(|l| l.contains("Zed")).unwrap();
                let last = first + wrong.lines().count();
                assert!((first..=last).contains(&line), "{form} {k} at {at}: {e}\n{text}");
                let others: Vec<_> = got.iter().enumerate().filter(|(i, _)| *i != at).map(|(_, r)| r).collect();
                for (row, want) in others.iter().zip(&alone) {
                    assert_eq!(row["student"], want["student"]);
                    assert_eq!(row["score"], want["score"], "{text}");
                    assert_eq!(row["marks"], want["marks"], "{text}");
                    assert!(row["error"].is_null(), "{row}");
                }
            }
        }
    }
}

#[test]
fn lists_written_as_text_read_as_lists() {
    // As `expect` writes them, or with commas: YAML reads each as a string.
    // Hand-marked: value 1 + pruned 2 + leaves 2 = 5 of 5.
    for text in [
        "value: 5\npruned: E.2 G\nleaves: 3 5 6 1 2\n",
        "value: 5\npruned: E.2, G\nleaves: 3, 5, 6, 1, 2\n",
        "value: 5\npruned: \"1.2.2, 2.2\"\nleaves: D.1 D.2 E.1 F.1 F.2\n",
    ] {
        let (code, json) = grade_text("text-lists", "t.yaml", text, "json");
        let row = &rows(&json)[0];
        assert_eq!(
            (code, row["score"].as_f64(), row["out_of"].as_f64()),
            (Some(0), Some(5.0), Some(5.0)),
            "{text}\n{row}"
        );
    }
}

#[test]
fn a_mistyped_key_is_named_with_the_key_meant() {
    for (text, want) in [
        ("Value: 5\n", "unknown key `Value` (did you mean `value`?)"),
        ("value: 5\nprune: [G]\n", "unknown key `prune` (did you mean `pruned`?)"),
        ("Values: {B: 5}\n", "unknown key `Values` (did you mean `values`?)"),
        ("value: 5\nwindow: {C: [5, inf]}\n", "unknown key `window` (did you mean `windows`?)"),
        ("value: 5\nfoo: 1\n", "unknown key `foo`: expected one of"),
    ] {
        let (_, json) = grade_text("typo", "typo.yaml", text, "json");
        let e = error(&rows(&json)[0]);
        assert!(e.contains(want), "{text}: {e}");
    }
    // A student whose name is a key in another case is still a student.
    let (_, json) = grade_text("typo", "best.yaml", "Best: {value: 5}\nVal: {value: 4}\n", "json");
    let rows = rows(&json);
    assert_eq!((rows[0]["student"].as_str(), rows[0]["score"].as_f64()), (Some("Best"), Some(1.0)));
    assert_eq!((rows[1]["student"].as_str(), rows[1]["score"].as_f64()), (Some("Val"), Some(0.0)));
}

/// A class folder as uploads and zips leave it: extensions in any case,
/// a Mac's `._` copies and `__MACOSX`, a file that is not YAML (graded
/// not, and said so).
#[test]
fn a_class_folder_as_a_zip_from_a_mac_leaves_it() {
    let dir = common::scratch("grade_entries", "uploads");
    std::fs::create_dir_all(dir.join("__MACOSX")).unwrap();
    std::fs::create_dir_all(dir.join("late")).unwrap();
    std::fs::write(dir.join("Ann.YAML"), "value: 5\npruned: [E.2, G]\n").unwrap();
    std::fs::write(dir.join("late/Bo.Yml"), "value: 4\n").unwrap();
    std::fs::write(dir.join("._Ann.YAML"), b"\x00\x05\x16\x07junk").unwrap();
    std::fs::write(dir.join("__MACOSX/._Ann.YAML"), b"\x00\x05\x16\x07junk").unwrap();
    std::fs::write(dir.join("cy.txt"), "value: 5\n").unwrap();
    let out = gametree(&["grade", SPEC, dir.to_str().unwrap(), "--format", "csv"]);
    let csv = stdout(&out);
    let students: Vec<&str> = csv.lines().skip(1).map(|l| l.split(',').next().unwrap()).collect();
    assert_eq!(students, ["Ann", "Bo"], "{csv}");
    assert!(csv.contains("Ann,") && csv.contains("Ann.YAML,3,3,"), "{csv}");
    let err = stderr(&out);
    assert!(err.contains("note: not graded (not a .yaml or .yml file):") && err.contains("cy.txt"), "{err}");
    assert!(!err.contains("MACOSX") && !err.contains("._Ann"), "{err}");
}

/// A template handed out with blanks: what is left blank is not given
/// (never right by accident: this tree prunes something, but a blank
/// `pruned:` must not read as "nothing pruned" on a tree that prunes
/// nothing either), and what is filled in is marked.
#[test]
fn a_template_left_partly_blank_marks_what_is_filled_in() {
    let text = "student: Ann\nvalue:\npruned: [E.2, G]\nbest:\nleaves:\nvalues:\n  B:\n  C: 2\nwindows:\n";
    let (_, json) = grade_text("blank", "blank.yaml", text, "json");
    let row = &rows(&json)[0];
    assert!(row["error"].is_null(), "{row}");
    // pruned 2 + values C 1 of the required value 1, pruned 2, values C 1.
    assert_eq!((row["score"].as_f64(), row["out_of"].as_f64()), (Some(3.0), Some(4.0)), "{row}");
    let items: Vec<_> =
        row["marks"].as_array().unwrap().iter().map(|m| (m["item"].clone(), m["answer"].clone())).collect();
    assert_eq!(
        items,
        [
            ("pruned".into(), "E.2 (1.2.2) G (2.2)".into()),
            ("values C".into(), "2".into()),
            ("value".into(), "(missing)".into())
        ]
    );
    // A tree where nothing is pruned (minimax): a blank `pruned:` is
    // missing, `pruned: []` is right.
    let (_, json) = grade_text("blank", "mm.yaml", "algorithm: minimax\nvalue: 5\npruned:\n", "json");
    let row = &rows(&json)[0];
    assert_eq!(row["marks"][1]["answer"], "(missing)", "{row}");
    let (code, _) = grade_text("blank", "mm.yaml", "algorithm: minimax\nvalue: 5\npruned: []\n", "json");
    assert_eq!(code, Some(0));
}

#[test]
fn a_byte_order_mark_and_windows_line_ends_are_read_through() {
    let text = "\u{FEFF}student: Ann\r\nvalue: 5\r\npruned: [E.2, Q]\r\n";
    let (_, json) = grade_text("bom", "bom.yaml", text, "json");
    let row = &rows(&json)[0];
    assert_eq!(row["student"], "Ann");
    assert_eq!(
        error(row),
        "bom.yaml:3:15: `Q` does not name a node: no node is named `Q` and no root move is labelled `Q`"
    );
    let (code, _) = grade_text("bom", "bom.yaml", "\u{FEFF}value: 5\r\npruned: [E.2, G]\r\n", "json");
    assert_eq!(code, Some(0));
}

#[test]
fn answers_pasted_one_after_another_as_documents_are_a_list() {
    let text = "# Ana\n---\nstudent: Ana\nvalue: 5\n--- # Bob\nstudent: Bob\nvalu: 5\n---\n[]\n---\nstudent: Cy\nvalue: 4\n...\n";
    let (_, json) = grade_text("documents", "docs.yaml", text, "json");
    let graded = rows(&json);
    let who: Vec<_> = graded.iter().map(|r| r["student"].as_str().unwrap()).collect();
    assert_eq!(who, ["Ana", "Bob", "docs#3", "Cy"]);
    assert_eq!(graded[0]["score"].as_f64(), Some(1.0));
    assert!(error(&graded[1]).starts_with("docs.yaml:7:1: unknown key `valu`"), "{}", graded[1]);
    assert!(error(&graded[2]).starts_with("docs.yaml:9:1: this list holds no answer"), "{}", graded[2]);
    assert_eq!(graded[3]["score"].as_f64(), Some(0.0));
    // Only markers: no answer at all, one error row.
    let (_, json) = grade_text("documents", "none.yaml", "---\n---\n", "json");
    assert!(error(&rows(&json)[0]).starts_with("none.yaml:1:1: an answer file holds an answer"));
}

/// One submission (Gradescope, PrairieLearn) holding no answer file but
/// `answer.txt`: the student reads what they uploaded and what to rename.
#[test]
fn a_submission_with_the_wrong_extension_says_what_it_holds() {
    let dir = common::scratch("grade_entries", "submission");
    std::fs::write(dir.join("answer.txt"), "value: 5\n").unwrap();
    for (format, field) in [("gradescope", "output"), ("prairielearn", "message")] {
        let out = gametree(&["grade", SPEC, dir.to_str().unwrap(), "--format", format]);
        let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        let said = v[field].as_str().unwrap();
        assert!(said.contains("No answer file (.yaml or .yml) was"), "{said}");
        assert!(said.contains("It holds answer.txt: an answer file's name ends in .yaml or .yml."), "{said}");
        assert_eq!(v["score"].as_f64(), Some(0.0));
    }
}

#[test]
fn a_student_name_is_a_name() {
    let (_, json) = grade_text("name", "n.yaml", "value: 5\nstudent: [Ana, Ben]\n", "json");
    let row = &rows(&json)[0];
    assert_eq!(row["student"], "n");
    assert_eq!(error(row), "n.yaml:2:1: `student` is the student's name, as in `student: Ana`");
    let (_, json) = grade_text("name", "n.yaml", "student: 1042\nvalue: 5\n", "json");
    assert_eq!(rows(&json)[0]["student"], "1042");
}

/// `pruned: none`, the word the quiz exports ask a student to write when
/// nothing is pruned, is the empty answer: graded (here wrong, the search
/// prunes E.2 and G), not refused as naming no node. On a tree with a
/// node named `none` it names that node.
#[test]
fn pruned_none_is_the_empty_answer_unless_a_node_is_named_none() {
    let (code, json) = grade_text("none", "none.yaml", "value: 5\npruned: none\n", "json");
    assert_eq!(code, Some(1));
    let row = &rows(&json)[0];
    assert!(row["error"].is_null(), "{row}");
    let mark = row["marks"].as_array().unwrap().iter().find(|m| m["item"] == "pruned").unwrap().clone();
    assert_eq!(mark["right"], false, "{mark}");
    assert_eq!(mark["answer"], "(none)", "{mark}");
    let dir = common::scratch("grade_entries", "named-none");
    let spec = dir.join("t.tree");
    std::fs::write(&spec, "MAX A {\n  MIN B { 3 5 }\n  MIN none { 2 9 }\n}\n").unwrap();
    let answer = dir.join("a.yaml");
    std::fs::write(&answer, "value: 3\npruned: none.2\n").unwrap();
    let out = gametree(&["grade", spec.to_str().unwrap(), answer.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    std::fs::write(&answer, "value: 3\npruned: none\n").unwrap();
    let out = gametree(&["grade", spec.to_str().unwrap(), answer.to_str().unwrap()]);
    assert!(stdout(&out).contains("extra (not pruned edges): none (2)"), "{}", stdout(&out));
}
