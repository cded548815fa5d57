//! Quiz exports and chance-pruning questions as users run them:
//! `generate --chance --bounds --min-pruned`, `generate --count N
//! --export moodle|qti|prairielearn|gift`. Each export is read back by the
//! format's own structure (XML, zip, JSON, Python, GIFT blocks).

mod common;

use common::{gametree, stderr, stdout};

fn scratch(name: &str) -> std::path::PathBuf {
    common::scratch("export", name)
}

// ------------------------------------------------------ chance pruning

#[test]
fn a_chance_tree_asked_to_prune_two_edges_really_prunes_them_under_star1() {
    let dir = scratch("chance");
    let file = dir.join("c.tree");
    let args = [
        "generate",
        "--depth",
        "3",
        "--branching",
        "2",
        "--chance",
        "--bounds",
        "--range",
        "0..9",
        "--min-pruned",
        "2",
        "--seed",
        "11",
    ];
    let out = gametree(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    // The tree it gives (seed 11, attempt 7):
    //   MAX A { CHANCE B { MIN C { 0 8 }  MIN D { 0 0 } }
    //           CHANCE E { MIN F { 0 1 }  MIN G { 8 2 } } }, bounds [0, 9].
    assert!(text.contains("MIN C { 0 8 }") && text.contains("MIN G { 8 2 }"), "{text}");
    std::fs::write(&file, &text).unwrap();
    // Star1 by hand (Ballard 1983; children of a CHANCE node p = 1/2,
    // leaves in [L, U] = [0, 9]). Root window (0, 9).
    // B: for C, A = (α − p_D·U)/p_C = (0 − 4.5)/0.5 = −9 → clipped to 0,
    //   so C is searched with (0, 9); C.1 = 0 ≤ α = 0 cuts C.2. C = 0.
    //   B's upper bound 0.5·0 + 0.5·9 = 4.5 > α: go on. For D,
    //   A = (0 − 0.5·0)/0.5 = 0; D.1 = 0 ≤ 0 cuts D.2. B = 0, α = 0.
    // E: F as C was: F.1 = 0 ≤ 0 cuts F.2; F = 0. G: A = 0, G = min(8, 2)
    //   = 2 > 0, no cut. E = 0.5·0 + 0.5·2 = 1 > α: value 1, best E.
    // Pruned: C.2, D.2, F.2 (paths 1.1.2, 1.2.2, 2.1.2): three ≥ 2.
    let solve = gametree(&["solve", file.to_str().unwrap(), "-a", "star1", "--format", "json"]);
    assert_eq!(solve.status.code(), Some(0), "{}", stderr(&solve));
    let json: serde_json::Value = serde_json::from_str(&stdout(&solve)).unwrap();
    let result = &json["results"][0];
    assert_eq!(result["value"], 1);
    assert_eq!(result["pruned"], serde_json::json!(["1.1.2", "1.2.2", "2.1.2"]));
    assert!(text.contains("expect star1 { value 1  best E  pruned C.2 D.2 F.2"), "{text}");
    let check = gametree(&["check", file.to_str().unwrap()]);
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
}

// ------------------------------------------------------------ --count

#[test]
fn count_without_export_writes_that_many_different_checked_trees_into_a_folder() {
    let dir = scratch("count");
    let out = gametree(&["generate", "--depth", "2", "--branching", "3", "--count", "3", "--seed", "7"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("give -o FOLDER"), "{}", stderr(&out));
    let folder = dir.join("trees");
    let args = ["generate", "--depth", "2", "--branching", "3", "--min-pruned", "1", "--count", "3", "--seed", "7"];
    let run = |extra: &[&str]| gametree(&[&args[..], &["-o", folder.to_str().unwrap()], extra].concat());
    let out = run(&[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let texts: Vec<String> =
        (1..=3).map(|i| std::fs::read_to_string(folder.join(format!("tree-{i}.tree"))).unwrap()).collect();
    let trees: Vec<String> =
        texts.iter().map(|t| t.lines().filter(|l| !l.starts_with('#')).collect::<Vec<_>>().join("\n")).collect();
    assert!(trees[0] != trees[1] && trees[1] != trees[2] && trees[0] != trees[2], "{trees:?}");
    // The first is the tree `generate` alone gives for the same seed.
    let single = stdout(&gametree(&args[..args.len() - 4].iter().chain(&["--seed", "7"]).copied().collect::<Vec<_>>()));
    assert_eq!(single.lines().filter(|l| !l.starts_with('#')).collect::<Vec<_>>().join("\n"), trees[0]);
    let check = gametree(&["check", folder.to_str().unwrap()]);
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
    // Nothing is written over without --force.
    std::fs::write(folder.join("tree-2.tree"), "mine").unwrap();
    let again = run(&[]);
    assert_eq!(again.status.code(), Some(2));
    assert!(stderr(&again).contains("exists; pass --force"), "{}", stderr(&again));
    assert_eq!(std::fs::read_to_string(folder.join("tree-2.tree")).unwrap(), "mine");
    assert_eq!(run(&["--force"]).status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(folder.join("tree-2.tree")).unwrap(), texts[1]);
}

/// The quiz of seed 7 every export test reads: two depth-2, branching-3
/// trees that alpha-beta prunes. Tree 1 is
///   MAX A { MIN B { 2 0 0 }  MIN C { 0 7 7 }  MIN D { 1 9 2 } }:
/// B = 0, so α = 0 at A; C.1 = 0 ≤ α cuts C.2 and C.3; D = min(1, 9, 2)
/// = 1 > 0: value 1, pruned C.2 C.3.
const QUIZ: [&str; 12] =
    ["generate", "--depth", "2", "--branching", "3", "--min-pruned", "1", "--count", "2", "--seed", "7", "--export"];

fn export(format: &str, out: &std::path::Path) -> std::process::Output {
    gametree(&[&QUIZ[..], &[format, "-o", out.to_str().unwrap()]].concat())
}

// ---------------------------------------------------------------- GIFT

/// GIFT's text with its escapes undone, and where the unescaped specials
/// are (byte offsets in the raw text).
fn unescape(raw: &str) -> (String, Vec<(usize, char)>) {
    let (mut text, mut specials) = (String::new(), Vec::new());
    let mut chars = raw.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some((_, 'n')) => text.push('\n'),
                Some((_, e)) if "~=#{}:\\".contains(e) => text.push(e),
                other => panic!("`\\{other:?}` is not a GIFT escape in {raw}"),
            },
            '{' | '}' | '~' | '=' | '#' | ':' => {
                specials.push((i, c));
                text.push(c);
            }
            _ => text.push(c),
        }
    }
    (text, specials)
}

#[test]
fn gift_questions_are_blocks_with_one_answer_set_and_right_escapes() {
    let dir = scratch("gift");
    let file = dir.join("quiz.gift");
    let out = export("gift", &file);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = std::fs::read_to_string(&file).unwrap();
    let blocks: Vec<&str> =
        text.split("\n\n").map(str::trim).filter(|b| !b.is_empty() && !b.starts_with("//")).collect();
    assert_eq!(blocks.len(), 4, "two trees, a value and a pruned question each:\n{text}");
    let mut answers = Vec::new();
    for block in &blocks {
        assert!(!block.contains('\n'), "one question is one line (newlines as \\n): {block}");
        let (_, specials) = unescape(block);
        // `::title::`, then exactly one `{…}`; every other special is escaped.
        let kinds: String = specials.iter().map(|&(_, c)| c).collect();
        assert!(kinds.starts_with("::::{"), "{kinds} in {block}");
        let open = specials[4].0;
        let close = specials.last().unwrap();
        assert_eq!(close.1, '}', "{block}");
        assert_eq!(close.0, block.len() - 1, "the answers end the question: {block}");
        assert_eq!(kinds.matches('{').count() + kinds.matches('}').count(), 2, "balanced, one answer set: {block}");
        let title_end = specials[2].0;
        let (title, _) = unescape(&block[2..title_end]);
        assert!(title.starts_with("Game tree "), "{title}");
        assert!(block[title_end + 2..].starts_with("[html]"), "{block}");
        let (answer, _) = unescape(&block[open + 1..close.0]);
        answers.push((title, answer));
    }
    let (title, value) = &answers[0];
    assert_eq!(title, "Game tree 1 (seed 7), value");
    assert!(value.starts_with("#1:0####"), "numerical 1, no tolerance: {value}");
    let (title, pruned) = &answers[1];
    assert_eq!(title, "Game tree 1 (seed 7), pruned edges");
    assert!(pruned.starts_with("=C.2 C.3 =C.2, C.3####"), "{pruned}");
    // The tree is shown in the text, its braces escaped.
    assert!(blocks[0].contains("MIN C \\{ 0 7 7 \\}"), "{}", blocks[0]);
}

// -------------------------------------------------------------- Moodle

fn base64_decode(text: &str) -> Vec<u8> {
    const ABC: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let digits: Vec<u32> = text
        .bytes()
        .filter(|&b| b != b'=' && !b.is_ascii_whitespace())
        .map(|b| ABC.iter().position(|&a| a == b).expect("a base64 digit") as u32)
        .collect();
    let mut out = Vec::new();
    for chunk in digits.chunks(4) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &d)| n | d << (18 - 6 * i));
        for i in 0..chunk.len() - 1 {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    out
}

/// Cloze subquestions `{N:TYPE:answers}` of a question text, with the
/// escapes `\}` etc. kept; panics on a brace that starts none.
fn cloze_fields(text: &str) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let body = &rest[open + 1..];
        let mut end = None;
        let mut escaped = false;
        for (i, c) in body.char_indices() {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '}' => {
                    end = Some(i);
                    break;
                }
                _ => {}
            }
        }
        let end = end.expect("a Cloze field ends with `}`");
        let mut parts = body[..end].splitn(3, ':');
        let (weight, kind, answers) = (parts.next().unwrap(), parts.next().unwrap(), parts.next().unwrap());
        assert!(weight.parse::<u32>().is_ok(), "the weight of {}", &body[..end]);
        assert!(["NUMERICAL", "SHORTANSWER", "MULTIRESPONSE", "MULTICHOICE"].contains(&kind), "{kind}");
        out.push((weight.to_string(), kind.to_string(), answers.to_string()));
        rest = &body[end + 1..];
    }
    assert!(!rest.contains('}'), "a stray `}}` in {text}");
    out
}

#[test]
fn moodle_xml_is_a_quiz_of_cloze_questions_with_the_tree_embedded() {
    let dir = scratch("moodle");
    let file = dir.join("quiz.xml");
    let out = export("moodle", &file);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let xml = std::fs::read_to_string(&file).unwrap();
    let doc = roxmltree::Document::parse(&xml).unwrap();
    let quiz = doc.root_element();
    assert_eq!(quiz.tag_name().name(), "quiz");
    let questions: Vec<_> = quiz.children().filter(|n| n.is_element()).collect();
    assert_eq!(questions.len(), 2);
    for (i, q) in questions.iter().enumerate() {
        assert_eq!(q.tag_name().name(), "question");
        assert_eq!(q.attribute("type"), Some("cloze"));
        let child = |name: &str| q.children().find(|n| n.has_tag_name(name)).unwrap_or_else(|| panic!("no <{name}>"));
        let text_of =
            |n: roxmltree::Node| n.children().find(|c| c.has_tag_name("text")).unwrap().text().unwrap().to_string();
        assert_eq!(text_of(child("name")), format!("Game tree {} (seed 7)", i + 1));
        let qt = child("questiontext");
        assert_eq!(qt.attribute("format"), Some("html"));
        let html = text_of(qt);
        let image = format!("tree-{}.svg", i + 1);
        assert!(html.contains(&format!("src=\"@@PLUGINFILE@@/{image}\"")), "{html}");
        let file = qt.children().find(|n| n.has_tag_name("file")).unwrap();
        assert_eq!(file.attribute("name"), Some(image.as_str()));
        assert_eq!(file.attribute("encoding"), Some("base64"));
        let svg = String::from_utf8(base64_decode(file.text().unwrap())).unwrap();
        let svg = roxmltree::Document::parse(&svg).unwrap();
        assert_eq!(svg.root_element().tag_name().name(), "svg");
        let fields = cloze_fields(&html);
        assert_eq!(fields.len(), 2, "{html}");
        assert_eq!((fields[0].0.as_str(), fields[0].1.as_str()), ("1", "NUMERICAL"));
        assert_eq!((fields[1].0.as_str(), fields[1].1.as_str()), ("2", "SHORTANSWER"));
        if i == 0 {
            // Hand-worked above (QUIZ): value 1, pruned C.2 C.3.
            assert_eq!(fields[0].2, "=1:0");
            assert_eq!(fields[1].2, "=C.2 C.3~=C.2, C.3");
            // The same tree's leaves are drawn in the picture.
            let leaves: Vec<&str> =
                svg.descendants().filter(|n| n.has_tag_name("text")).filter_map(|n| n.text()).collect();
            assert!(leaves.contains(&"7") && leaves.contains(&"9"), "{leaves:?}");
        }
        let feedback = text_of(child("generalfeedback"));
        assert!(feedback.contains("<li>") && feedback.contains("returns"), "the worked solution: {feedback}");
    }
}

// -------------------------------------------------------- PrairieLearn

/// Runs the question's `server.py` as PrairieLearn would: `generate(data)`,
/// then `grade(data)` on a submission ticking `ticked` (edge names as the
/// checkbox shows them; `None`: nothing submitted) with `value`; returns
/// `data["score"]` and the correct value `generate` set.
fn prairielearn_score(
    dir: &std::path::Path,
    choices: &[String],
    value: &str,
    ticked: Option<&[&str]>,
) -> (f64, String) {
    let params: Vec<serde_json::Value> =
        choices.iter().enumerate().map(|(i, c)| serde_json::json!({"key": format!("k{i}"), "html": c})).collect();
    let keys: Option<Vec<String>> = ticked.map(|t| {
        t.iter().map(|name| format!("k{}", choices.iter().position(|c| c == name).expect("a shown choice"))).collect()
    });
    let data = serde_json::json!({
        "params": {"pruned": params},
        "correct_answers": {},
        "submitted_answers": {"value": value.parse::<f64>().unwrap(), "pruned": keys},
        "partial_scores": {},
    });
    let script = "import importlib.util, json, sys\n\
         spec = importlib.util.spec_from_file_location('server', sys.argv[1])\n\
         server = importlib.util.module_from_spec(spec); spec.loader.exec_module(server)\n\
         data = json.loads(sys.argv[2])\n\
         if data['submitted_answers']['pruned'] is None: del data['submitted_answers']['pruned']\n\
         server.generate(data); server.grade(data)\n\
         print(json.dumps([data['score'], str(data['correct_answers']['value'])]))\n";
    let out = std::process::Command::new("python3")
        .args(["-c", script, dir.join("server.py").to_str().unwrap(), &data.to_string()])
        .output()
        .expect("python3 runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let (score, value): (f64, String) = serde_json::from_slice(&out.stdout).unwrap();
    (score, value)
}

#[test]
fn prairielearn_questions_grade_as_gametree_grade_does() {
    let dir = scratch("prairielearn");
    let course = dir.join("course");
    let args = ["generate", "--depth", "3", "--branching", "2", "--min-pruned", "2", "--seed", "4"];
    let out = gametree(&[&args[..], &["--export", "prairielearn", "-o", course.to_str().unwrap()]].concat());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let spec = dir.join("tree.tree");
    assert_eq!(gametree(&[&args[..], &["-o", spec.to_str().unwrap()]].concat()).status.code(), Some(0));
    let q = course.join("questions/gametree-s4-tree-1");
    let info: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(q.join("info.json")).unwrap()).unwrap();
    assert_eq!(info["type"], "v3");
    assert_eq!(info["title"], "Game tree 1 (seed 4)");
    assert!(info["topic"].is_string() && info["tags"].is_array());
    let uuid = info["uuid"].as_str().unwrap();
    let groups: Vec<&str> = uuid.split('-').collect();
    assert_eq!(groups.iter().map(|g| g.len()).collect::<Vec<_>>(), [8, 4, 4, 4, 12], "{uuid}");
    assert!(uuid.chars().all(|c| c == '-' || c.is_ascii_hexdigit()) && groups[2].starts_with('4'), "{uuid}");
    assert!("89ab".contains(&groups[3][..1]), "{uuid}");
    // The same seed gives the same files.
    let again = dir.join("again");
    gametree(&[&args[..], &["--export", "prairielearn", "-o", again.to_str().unwrap()]].concat());
    for f in ["info.json", "question.html", "server.py", "clientFilesQuestion/tree.svg"] {
        let other = again.join("questions/gametree-s4-tree-1").join(f);
        assert_eq!(std::fs::read(q.join(f)).unwrap(), std::fs::read(other).unwrap(), "{f}");
    }
    let svg = std::fs::read_to_string(q.join("clientFilesQuestion/tree.svg")).unwrap();
    roxmltree::Document::parse(&svg).unwrap();
    // question.html reads as XML once wrapped; its elements are PrairieLearn's.
    let html = std::fs::read_to_string(q.join("question.html")).unwrap();
    let wrapped = format!("<root>{html}</root>");
    let doc = roxmltree::Document::parse(&wrapped).unwrap();
    let named = |tag: &str| doc.descendants().filter(|n| n.has_tag_name(tag)).collect::<Vec<_>>();
    assert_eq!(named("pl-question-panel").len(), 1);
    assert_eq!(named("pl-figure")[0].attribute("file-name"), Some("tree.svg"));
    assert_eq!(named("pl-integer-input")[0].attribute("answers-name"), Some("value"));
    let checkbox = named("pl-checkbox");
    assert_eq!(checkbox[0].attribute("answers-name"), Some("pruned"));
    let answers = named("pl-answer");
    let choices: Vec<String> = answers.iter().map(|a| a.text().unwrap().to_string()).collect();
    let right: Vec<&str> =
        answers.iter().filter(|a| a.attribute("correct") == Some("true")).map(|a| a.text().unwrap()).collect();
    // The tree: MAX A { MIN B { MAX C { 1 4 }  MAX D { 5 0 } }
    //                   MIN E { MAX F { 4 1 }  MAX G { 8 7 } } }.
    // C = 4, so β = 4 in B; D.1 = 5 ≥ β cuts D.2; B = 4, α = 4 at A.
    // F = max(4, 1) = 4, so E ≤ 4 ≤ α cuts G. Value 4, pruned D.2 G.
    assert_eq!(right, ["D.2", "G"]);
    let server = std::fs::read_to_string(q.join("server.py")).unwrap();
    let parsed = std::process::Command::new("python3")
        .args(["-c", "import ast, sys; ast.parse(open(sys.argv[1]).read())", q.join("server.py").to_str().unwrap()])
        .status()
        .unwrap();
    assert!(parsed.success(), "{server}");
    // Each submission, graded by server.py and by `gametree grade` on the
    // same answer. By hand, with the default rubric (value 1, pruned 2
    // with partial credit, out of 3):
    //   right:            1 + 2                                  = 3/3
    //   leaves below G:   D.2 G.1 G.2 cut off the same leaves    = 3/3
    //   value 8, D.2 G.2: G.2 is below the cut G, so leaves count:
    //                     {D.2, G.1, G.2} vs {D.2, G.2}: 1 of 3 wrong,
    //                     2 × 2/3 = 1.33                        = 1.33/3
    //   value 4, B:       {D.2, G} vs {B}: 3 errors of 2 → 0     = 1/3
    //   value 4, nothing: pruned is required, missing → 0        = 1/3
    let cases: &[(&str, Option<&[&str]>, &str, f64)] = &[
        ("4", Some(&["D.2", "G"]), "value: 4\npruned: [D.2, G]\n", 1.0),
        ("4", Some(&["D.2", "G.1", "G.2"]), "value: 4\npruned: [D.2, G.1, G.2]\n", 1.0),
        ("8", Some(&["D.2", "G.2"]), "value: 8\npruned: [D.2, G.2]\n", 1.33 / 3.0),
        ("4", Some(&["B"]), "value: 4\npruned: [B]\n", 1.0 / 3.0),
        ("4", None, "value: 4\n", 1.0 / 3.0),
    ];
    for (i, (value, ticked, yaml, by_hand)) in cases.iter().enumerate() {
        let (score, correct) = prairielearn_score(&q, &choices, value, *ticked);
        assert_eq!(correct, "4");
        let answer = dir.join(format!("answer{i}.yaml"));
        std::fs::write(&answer, yaml).unwrap();
        let graded = gametree(&["grade", spec.to_str().unwrap(), answer.to_str().unwrap(), "--format", "prairielearn"]);
        let json: serde_json::Value = serde_json::from_str(&stdout(&graded)).unwrap();
        let cli = json["score"].as_f64().unwrap();
        assert!((score - by_hand).abs() < 1e-9, "case {i}: server.py gives {score}, by hand {by_hand}");
        assert!((cli - by_hand).abs() < 1e-9, "case {i}: gametree grade gives {cli}, by hand {by_hand}");
    }
}

// ----------------------------------------------------------------- QTI

#[test]
fn the_qti_zip_names_files_that_exist_and_every_ident_ref_resolves() {
    use std::io::Read;
    let dir = scratch("qti");
    let file = dir.join("quiz.zip");
    let out = export("qti", &file);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let bytes = std::fs::read(&file).unwrap();
    assert_eq!(std::fs::read(&file).unwrap(), bytes);
    let again = dir.join("again.zip");
    export("qti", &again);
    assert_eq!(std::fs::read(&again).unwrap(), bytes, "same seed, same zip");
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    let mut files = std::collections::BTreeMap::new();
    for i in 0..zip.len() {
        let mut f = zip.by_index(i).unwrap();
        let mut text = String::new();
        f.read_to_string(&mut text).unwrap();
        files.insert(f.name().unwrap().to_string(), text);
    }
    let manifest = roxmltree::Document::parse(&files["imsmanifest.xml"]).unwrap();
    assert_eq!(manifest.root_element().tag_name().name(), "manifest");
    let resources: Vec<_> = manifest.descendants().filter(|n| n.has_tag_name("resource")).collect();
    let ids: Vec<&str> = resources.iter().filter_map(|r| r.attribute("identifier")).collect();
    for f in manifest.descendants().filter(|n| n.has_tag_name("file")) {
        let href = f.attribute("href").unwrap();
        assert!(files.contains_key(href), "the manifest names {href}, which the zip lacks");
    }
    for d in manifest.descendants().filter(|n| n.has_tag_name("dependency")) {
        assert!(ids.contains(&d.attribute("identifierref").unwrap()), "dangling dependency");
    }
    let qti = resources.iter().find(|r| r.attribute("type") == Some("imsqti_xmlv1p2")).expect("a QTI resource");
    let href = qti.children().find(|n| n.has_tag_name("file")).unwrap().attribute("href").unwrap();
    let doc = roxmltree::Document::parse(&files[href]).unwrap();
    assert_eq!(doc.root_element().tag_name().name(), "questestinterop");
    let section = doc.descendants().find(|n| n.has_tag_name("section")).unwrap();
    assert!(section.parent_element().unwrap().has_tag_name("assessment"));
    let items: Vec<_> = section.children().filter(|n| n.has_tag_name("item")).collect();
    assert_eq!(items.len(), 4, "a value and a pruned item per tree");
    let mut all_idents = std::collections::BTreeSet::new();
    for item in &items {
        assert!(all_idents.insert(item.attribute("ident").unwrap()), "idents are unique");
        let field = |label: &str| {
            item.descendants()
                .filter(|n| n.has_tag_name("qtimetadatafield"))
                .find(|f| f.children().any(|c| c.has_tag_name("fieldlabel") && c.text() == Some(label)))
                .and_then(|f| f.children().find(|c| c.has_tag_name("fieldentry")))
                .and_then(|e| e.text())
                .unwrap_or_else(|| panic!("no {label}"))
        };
        let kind = field("question_type");
        assert!(["numerical_question", "multiple_answers_question"].contains(&kind), "{kind}");
        let responses: Vec<&str> = item
            .descendants()
            .filter(|n| n.has_tag_name("response_str") || n.has_tag_name("response_lid"))
            .filter_map(|n| n.attribute("ident"))
            .collect();
        let labels: Vec<&str> = item
            .descendants()
            .filter(|n| n.has_tag_name("response_label"))
            .filter_map(|n| n.attribute("ident"))
            .collect();
        for v in item.descendants().filter(|n| n.tag_name().name().starts_with("var")) {
            assert!(responses.contains(&v.attribute("respident").unwrap()), "respident resolves");
            if kind == "multiple_answers_question" {
                assert!(labels.contains(&v.text().unwrap()), "a choice ident resolves");
            }
        }
        let feedback: Vec<&str> = item
            .descendants()
            .filter(|n| n.has_tag_name("itemfeedback"))
            .filter_map(|n| n.attribute("ident"))
            .collect();
        for d in item.descendants().filter(|n| n.has_tag_name("displayfeedback")) {
            assert!(feedback.contains(&d.attribute("linkrefid").unwrap()), "linkrefid resolves");
        }
        // The question text's image is a file of the zip.
        let html = item.descendants().find(|n| n.has_tag_name("mattext")).unwrap().text().unwrap();
        let src = html.split("src=\"$IMS-CC-FILEBASE$/").nth(1).unwrap().split('"').next().unwrap();
        assert!(files.contains_key(src), "{src}");
        roxmltree::Document::parse(&files[src]).unwrap();
    }
    // Tree 1, hand-worked (QUIZ): value 1; C.2 and C.3 are the right choices.
    let value = items[0].descendants().find(|n| n.has_tag_name("varequal")).unwrap();
    assert_eq!(value.text(), Some("1"));
    let label = |ident: &str| {
        items[1]
            .descendants()
            .find(|n| n.has_tag_name("response_label") && n.attribute("ident") == Some(ident))
            .and_then(|n| n.descendants().find(|m| m.has_tag_name("mattext")))
            .and_then(|m| m.text())
            .unwrap()
    };
    let and = items[1].descendants().find(|n| n.has_tag_name("and")).unwrap();
    let right: Vec<&str> =
        and.children().filter(|n| n.has_tag_name("varequal")).map(|n| label(n.text().unwrap())).collect();
    assert_eq!(right, ["C.2", "C.3"]);
}

#[test]
fn a_chance_tree_without_bounds_asks_only_its_value_to_two_decimals() {
    let dir = scratch("chance-export");
    let course = dir.join("course");
    let args = ["generate", "--depth", "2", "--branching", "2", "--chance", "--seed", "5"];
    let out = gametree(&[&args[..], &["--export", "prairielearn", "-o", course.to_str().unwrap()]].concat());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let q = course.join("questions/gametree-s5-tree-1");
    let html = std::fs::read_to_string(q.join("question.html")).unwrap();
    assert!(html.contains("<pl-number-input answers-name=\"value\""), "{html}");
    assert!(!html.contains("pl-checkbox"), "no pruning without bounds: {html}");
    // The tree (snapshot exam__generate_3): MAX A { CHANCE B { 1 4 }
    // CHANCE C { 5 0 } }, uniform chance: B = (1 + 4)/2 = 2.5 and
    // C = (5 + 0)/2 = 2.5, so the value is 5/2.
    let spec = stdout(&gametree(&args));
    assert!(spec.contains("expect expectiminimax { value 5/2"), "{spec}");
    for (value, score) in [("2.5", 1.0), ("2.504", 1.0), ("2.4", 0.0)] {
        let (got, correct) = prairielearn_score(&q, &[], value, None);
        assert_eq!(correct, "2.5");
        assert_eq!(got, score, "value {value}");
    }
    // Quiz files are never written to standard output in a binary form or
    // as folders, and --count 0 is refused.
    let out = gametree(&[&args[..], &["--export", "qti"]].concat());
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("give -o OUT"), "{}", stderr(&out));
    let out = gametree(&[&args[..], &["--count", "0"]].concat());
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_tree_where_nothing_is_pruned_has_none_as_its_answer_everywhere() {
    // MAX A { MIN B { 6 4 }  MIN C { 10 9 } } (seed 2): B = 4, so α = 4;
    // C.1 = 10 > 4 and C.2 = 9 > 4: no cut. Value 9, pruned: none.
    let dir = scratch("none");
    let args = ["generate", "--depth", "2", "--branching", "2", "--pruned", "0", "--seed", "2", "--export"];
    let gift = stdout(&gametree(&[&args[..], &["gift"]].concat()));
    assert!(gift.contains("MIN C \\{ 10 9 \\}") && gift.contains("{#9:0####"), "{gift}");
    assert!(gift.contains("{=none####"), "{gift}");
    let moodle = stdout(&gametree(&[&args[..], &["moodle"]].concat()));
    assert!(moodle.contains("{1:NUMERICAL:=9:0}") && moodle.contains("{2:SHORTANSWER:=none}"), "{moodle}");
    let course = dir.join("course");
    let out = gametree(&[&args[..], &["prairielearn", "-o", course.to_str().unwrap()]].concat());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let q = course.join("questions/gametree-s2-tree-1");
    let html = std::fs::read_to_string(q.join("question.html")).unwrap();
    assert!(html.contains("<pl-answer correct=\"true\">none</pl-answer>"), "{html}");
    assert_eq!(html.matches("correct=\"true\"").count(), 1, "{html}");
    // Ticking `none` is the empty answer, right; ticking C.2 is one extra
    // edge out of max(1, 0) true ones: no credit for pruned, 1/3.
    let choices: Vec<String> = ["B", "B.1", "B.2", "C", "C.1", "C.2", "none"].map(String::from).to_vec();
    assert_eq!(prairielearn_score(&q, &choices, "9", Some(&["none"])).0, 1.0);
    assert_eq!(prairielearn_score(&q, &choices, "9", Some(&["C.2"])).0, 1.0 / 3.0);
    // And `gametree grade` agrees on both.
    let spec = dir.join("t.tree");
    std::fs::write(&spec, stdout(&gametree(&args[..args.len() - 1]))).unwrap();
    // `none`, the word the exports ask for, is the empty answer there too.
    let answers =
        [("value: 9\npruned: []\n", 1.0), ("value: 9\npruned: none\n", 1.0), ("value: 9\npruned: [C.2]\n", 1.0 / 3.0)];
    for (yaml, want) in answers {
        let answer = dir.join("a.yaml");
        std::fs::write(&answer, yaml).unwrap();
        let out = gametree(&["grade", spec.to_str().unwrap(), answer.to_str().unwrap(), "--format", "prairielearn"]);
        let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        assert!((json["score"].as_f64().unwrap() - want).abs() < 1e-9, "{yaml}: {json}");
    }
}

#[test]
fn algorithm_star2_asks_star2_s_cuts_and_exports_them() {
    let dir = scratch("star2");
    let args = [
        "generate",
        "--depth",
        "3",
        "--branching",
        "2",
        "--chance",
        "--bounds",
        "--range",
        "0..9",
        "--min-pruned",
        "3",
        "--algorithm",
        "star2",
        "--seed",
        "3",
    ];
    let out = gametree(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    // MAX A { CHANCE B { MIN C { 0 8 }  MIN D { 0 0 } }
    //         CHANCE E { MIN F { 0 1 }  MIN G { 8 2 } } }, bounds [0, 9].
    // Star2 by hand (Ballard's probing; p = 1/2, root window (0, 9)):
    // B: probe C.1 = 0, so C ≤ 0 and B ≤ 0.5·0 + 0.5·9 = 4.5 > α; probe
    //   D.1 = 0, so B ≤ 0 ≤ α = 0: B is cut, C.2 and D.2 pruned.
    // E: probe F.1 = 0 (E ≤ 4.5), probe G.1 = 8 (E ≤ 0.5·0 + 0.5·8 = 4 > 0),
    //   no cut; then search F: F.1 = 0 ≤ α cuts F.2; G = min(8, 2) = 2;
    //   E = 1. Value 1 by E; leaves 0 0 0 8 0 8 2.
    assert!(text.contains("expect star2 { value 1  best E  pruned C.2 D.2 F.2  leaves 0 0 0 8 0 8 2 }"), "{text}");
    assert!(text.contains("--algorithm star2"), "the header says how to make it again: {text}");
    let file = dir.join("s2.tree");
    std::fs::write(&file, &text).unwrap();
    let solve = gametree(&["solve", file.to_str().unwrap(), "-a", "star2", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&solve)).unwrap();
    assert_eq!(json["results"][0]["pruned"], serde_json::json!(["1.1.2", "1.2.2", "2.1.2"]));
    let gift = stdout(&gametree(&[&args[..], &["--export", "gift"]].concat()));
    assert!(gift.contains("Which edges does Star2") && gift.contains("{=C.2 D.2 F.2 "), "{gift}");
    // Star2 needs the chance tree and its bounds.
    let out = gametree(&["generate", "--depth", "2", "--branching", "2", "--algorithm", "star2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("add --chance --bounds"), "{}", stderr(&out));
}
