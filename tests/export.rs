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
