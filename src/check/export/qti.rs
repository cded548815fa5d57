//! IMS QTI 1.2 in a zip, as Canvas imports it (Canvas "Quiz import: QTI",
//! IMS QTI ASI 1.2): `imsmanifest.xml` naming the assessment file and the
//! images, and `gametree_quiz/gametree_quiz.xml`: a
//! `<questestinterop><assessment><section>` with, per tree, a
//! `numerical_question` for the value (1 point) and a
//! `multiple_answers_question` for the pruned edges (2 points; Canvas
//! gives partial credit), typed by `itemmetadata` as Canvas's own exports
//! do. Images are referenced as `$IMS-CC-FILEBASE$/images/tree-1.svg`.
//! Every `ident` derives from the seed, so the same seed gives the same zip
//! (entries are stored with a fixed date).

use std::io::Write;

use super::{NONE, Question, hex_id, html, solution_html};

/// The assessment's folder and file name inside the zip.
pub const ASSESSMENT: &str = "gametree_quiz/gametree_quiz.xml";

/// The zip's bytes.
pub fn zip(questions: &[Question]) -> Result<Vec<u8>, String> {
    let mut files: Vec<(String, Vec<u8>)> = vec![
        ("imsmanifest.xml".into(), manifest(questions).into_bytes()),
        (ASSESSMENT.into(), assessment(questions).into_bytes()),
    ];
    for q in questions {
        files.push((image(q), q.svg.clone().into_bytes()));
    }
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Stored)
        .last_modified_time(zip::DateTime::default());
    for (name, bytes) in files {
        zip.start_file(name.as_str(), options).map_err(|e| e.to_string())?;
        zip.write_all(&bytes).map_err(|e| e.to_string())?;
    }
    Ok(zip.finish().map_err(|e| e.to_string())?.into_inner())
}

fn image(q: &Question) -> String {
    format!("images/{}.svg", q.name)
}

fn seed(questions: &[Question]) -> u64 {
    questions.first().map_or(0, |q| q.seed)
}

fn manifest(questions: &[Question]) -> String {
    let s = seed(questions);
    let quiz = format!("g{}", hex_id(s, 0, "quiz"));
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out += &format!(
        "<manifest identifier=\"g{}\" xmlns=\"http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1\">\n",
        hex_id(s, 0, "manifest")
    );
    out += "  <metadata>\n    <schema>IMS Content</schema>\n    <schemaversion>1.1.3</schemaversion>\n  </metadata>\n";
    out += "  <organizations/>\n  <resources>\n";
    out += &format!("    <resource identifier=\"{quiz}\" type=\"imsqti_xmlv1p2\">\n");
    out += &format!("      <file href=\"{ASSESSMENT}\"/>\n");
    for q in questions {
        out += &format!("      <dependency identifierref=\"{}\"/>\n", image_id(q));
    }
    out += "    </resource>\n";
    for q in questions {
        out += &format!("    <resource identifier=\"{}\" type=\"webcontent\" href=\"{}\">\n", image_id(q), image(q));
        out += &format!("      <file href=\"{}\"/>\n", image(q));
        out += "    </resource>\n";
    }
    out + "  </resources>\n</manifest>\n"
}

fn image_id(q: &Question) -> String {
    format!("g{}", hex_id(q.seed, q.index, "image"))
}

fn assessment(questions: &[Question]) -> String {
    let s = seed(questions);
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out += "<questestinterop xmlns=\"http://www.imsglobal.org/xsd/ims_qtiasiv1p2\">\n";
    out += &format!("  <assessment ident=\"g{}\" title=\"Game trees (seed {s})\">\n", hex_id(s, 0, "quiz"));
    out += "    <section ident=\"root_section\">\n";
    for q in questions {
        out += &value_item(q);
        if let Some(prompt) = q.pruned_prompt() {
            out += &pruned_item(q, &prompt);
        }
    }
    out + "    </section>\n  </assessment>\n</questestinterop>\n"
}

fn metadata(kind: &str, points: u32) -> String {
    let field = |label: &str, entry: &str| {
        format!(
            "          <qtimetadatafield><fieldlabel>{label}</fieldlabel><fieldentry>{entry}</fieldentry></qtimetadatafield>\n"
        )
    };
    let mut out = String::from("        <itemmetadata>\n          <qtimetadata>\n");
    out += &field("question_type", kind);
    out += &field("points_possible", &points.to_string());
    out + "          </qtimetadata>\n        </itemmetadata>\n"
}

fn stem(q: &Question, ask: &str) -> String {
    let text = format!(
        "<p>{}</p><p><img src=\"$IMS-CC-FILEBASE$/{}\" alt=\"{}\"></p><p>{}</p>",
        html(&q.prompt()),
        image(q),
        html(&format!("The game tree of {}", q.title)),
        html(ask)
    );
    format!("          <material><mattext texttype=\"text/html\">{}</mattext></material>\n", html(&text))
}

fn feedback(q: &Question, item: &str) -> String {
    format!(
        "        <itemfeedback ident=\"general_fb\">\n          <flow_mat><material><mattext texttype=\"text/html\">{}</mattext></material></flow_mat>\n        </itemfeedback>\n",
        html(&solution_html(q))
    )
    .replace("general_fb", &format!("{item}_fb"))
}

fn value_item(q: &Question) -> String {
    let id = format!("g{}", hex_id(q.seed, q.index, "value"));
    let mut out = format!("      <item ident=\"{id}\" title=\"{}\">\n", html(&format!("{}, value", q.title)));
    out += &metadata("numerical_question", 1);
    out += "        <presentation>\n";
    out += &stem(q, &format!("The {} value of the root:", q.exact));
    out += "          <response_str ident=\"response1\" rcardinality=\"Single\">\n";
    out += "            <render_fib fibtype=\"Decimal\"><response_label ident=\"answer1\"/></render_fib>\n";
    out += "          </response_str>\n        </presentation>\n";
    let v = q.value.to_f64();
    let tol: f64 = q.tolerance().parse().unwrap_or(0.0);
    let (lo, hi) = (fmt_num(v - tol), fmt_num(v + tol));
    out += "        <resprocessing>\n";
    out += "          <outcomes><decvar maxvalue=\"100\" minvalue=\"0\" varname=\"SCORE\" vartype=\"Decimal\"/></outcomes>\n";
    out += &format!(
        "          <respcondition continue=\"No\">\n            <conditionvar><or><varequal respident=\"response1\">{}</varequal><and><vargte respident=\"response1\">{lo}</vargte><varlte respident=\"response1\">{hi}</varlte></and></or></conditionvar>\n",
        q.value_decimal()
    );
    out += "            <setvar action=\"Set\" varname=\"SCORE\">100</setvar>\n";
    out += &format!("            <displayfeedback feedbacktype=\"Response\" linkrefid=\"{id}_fb\"/>\n");
    out += "          </respcondition>\n        </resprocessing>\n";
    out += &feedback(q, &id);
    out + "      </item>\n"
}

fn fmt_num(x: f64) -> String {
    let text = format!("{x:.4}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn pruned_item(q: &Question, prompt: &str) -> String {
    let id = format!("g{}", hex_id(q.seed, q.index, "pruned"));
    let mut out = format!("      <item ident=\"{id}\" title=\"{}\">\n", html(&format!("{}, pruned edges", q.title)));
    out += &metadata("multiple_answers_question", 2);
    out += "        <presentation>\n";
    out += &stem(q, prompt);
    out += "          <response_lid ident=\"response1\" rcardinality=\"Multiple\">\n            <render_choice>\n";
    let mut choices: Vec<(String, String, bool)> = q
        .edges
        .iter()
        .map(|p| (q.reference(p), q.pruned.contains(p)))
        .enumerate()
        .map(|(i, (r, ok))| (format!("{id}_{}", i + 1), r, ok))
        .collect();
    choices.push((format!("{id}_none"), NONE.to_string(), q.pruned.is_empty()));
    for (ident, text, _) in &choices {
        out += &format!(
            "              <response_label ident=\"{ident}\"><material><mattext texttype=\"text/plain\">{}</mattext></material></response_label>\n",
            html(text)
        );
    }
    out += "            </render_choice>\n          </response_lid>\n        </presentation>\n";
    out += "        <resprocessing>\n";
    out += "          <outcomes><decvar maxvalue=\"100\" minvalue=\"0\" varname=\"SCORE\" vartype=\"Decimal\"/></outcomes>\n";
    out += "          <respcondition continue=\"No\">\n            <conditionvar><and>";
    for (ident, _, right) in &choices {
        let test = format!("<varequal respident=\"response1\">{ident}</varequal>");
        out += &if *right { test } else { format!("<not>{test}</not>") };
    }
    out += "</and></conditionvar>\n";
    out += "            <setvar action=\"Set\" varname=\"SCORE\">100</setvar>\n";
    out += &format!("            <displayfeedback feedbacktype=\"Response\" linkrefid=\"{id}_fb\"/>\n");
    out += "          </respcondition>\n        </resprocessing>\n";
    out += &feedback(q, &id);
    out + "      </item>\n"
}
