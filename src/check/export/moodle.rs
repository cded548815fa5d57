//! Moodle XML (docs.moodle.org, "Moodle XML format"): a `<quiz>` of one
//! `<question type="cloze">` per tree. The question text is HTML in CDATA
//! with the tree as an SVG file embedded in base64 (`<file name="tree-1.svg"
//! encoding="base64">`, shown by `@@PLUGINFILE@@/tree-1.svg`) and Cloze
//! subquestions ("Embedded Answers (Cloze) question type"): the value as
//! `{1:NUMERICAL:=3:0}`, the pruned edges as `{2:SHORTANSWER:=C.2 D.2~=C.2,
//! D.2}` — weights 1 and 2, as the default rubric of `gametree grade` — and
//! the worked solution as general feedback. Inside a Cloze answer
//! `} # ~ / " \` are written with a backslash.

use super::{NONE, Question, base64, html, solution_html};

/// The quiz file.
pub fn quiz(questions: &[Question]) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n");
    for q in questions {
        out += &question(q);
    }
    out + "</quiz>\n"
}

fn question(q: &Question) -> String {
    let image = format!("{}.svg", q.name);
    let mut text = format!(
        "<p>{}</p><p><img src=\"@@PLUGINFILE@@/{image}\" alt=\"{}\"></p>",
        html(&q.prompt()),
        html(&format!("The game tree of {}", q.title))
    );
    text += &format!(
        "<p>The {} value of the root: {{1:NUMERICAL:={}:{}}}</p>",
        q.exact,
        cloze(&q.value_decimal()),
        q.tolerance()
    );
    if let Some(prompt) = q.pruned_prompt() {
        let answer = q.pruned_text();
        let mut answers = format!("={}", cloze(&answer));
        if answer != NONE {
            answers += &format!("~={}", cloze(&answer.replace(' ', ", ")));
        }
        text += &format!(
            "<p>{} Write them left to right, separated by spaces.</p><p>{{2:SHORTANSWER:{answers}}}</p>",
            html(&prompt)
        );
    }
    let mut out = String::from("  <question type=\"cloze\">\n");
    out += &format!("    <name>\n      <text>{}</text>\n    </name>\n", html(&q.title));
    out += "    <questiontext format=\"html\">\n";
    out += &format!("      <text>{}</text>\n", cdata(&text));
    out +=
        &format!("      <file name=\"{image}\" path=\"/\" encoding=\"base64\">{}</file>\n", base64(q.svg.as_bytes()));
    out += "    </questiontext>\n";
    out += "    <generalfeedback format=\"html\">\n";
    out += &format!("      <text>{}</text>\n", cdata(&solution_html(q)));
    out += "    </generalfeedback>\n";
    out += "    <penalty>0.3333333</penalty>\n    <hidden>0</hidden>\n";
    out + "  </question>\n"
}

/// A CDATA section; a `]]>` inside is split across two sections.
fn cdata(text: &str) -> String {
    format!("<![CDATA[{}]]>", text.replace("]]>", "]]]]><![CDATA[>"))
}

/// Cloze's escapes inside an answer: `} # ~ / " \`.
pub fn cloze(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '}' | '#' | '~' | '/' | '"' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn cloze_answers_escape_the_characters_the_parser_reads() {
        assert_eq!(super::cloze(r#"a}b#c~d/e"f\g"#), r#"a\}b\#c\~d\/e\"f\\g"#);
        assert_eq!(super::cdata("x]]>y"), "<![CDATA[x]]]]><![CDATA[>y]]>");
    }
}
