//! A class's grades as people and gradebooks read them: text (each
//! answer's marks and feedback; errors with their caret), CSV (one row per
//! answer, RFC 4180 quoting) and JSON (`{"grades": [...]}`). The library
//! renders; the CLI prints.

use std::fmt;

use super::class::Row;
use super::{Grade, Mark};

/// Points as written: `3`, `1.5`, `0.67`.
pub fn points(p: f64) -> String {
    let p = super::score::round(p);
    if p.fract() == 0.0 { format!("{p:.0}") } else { format!("{p:.2}").trim_end_matches('0').to_string() }
}

/// Serializes points as an integer when whole (`3`, not `3.0`).
pub fn serialize_points<S: serde::Serializer>(p: &f64, s: S) -> Result<S::Ok, S::Error> {
    let p = super::score::round(*p);
    if p.fract() == 0.0 && p.abs() < 1e15 { s.serialize_i64(p as i64) } else { s.serialize_f64(p) }
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}: {}/{} ({}; {})",
            self.student,
            points(self.score),
            points(self.out_of),
            self.algorithm,
            self.conventions
        )?;
        for m in &self.marks {
            write!(f, "{m}")?;
        }
        if let Some(d) = &self.first_divergence {
            writeln!(f, "  first divergence: {d}")?;
        }
        for c in &self.right_under {
            writeln!(f, "  note: this answer is right {c}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pts = format!("[{}/{}]", points(self.points), points(self.max_points));
        if self.right {
            writeln!(f, "  right  {}: {} {pts}", self.item, self.answer)?;
            if let Some(n) = &self.note {
                writeln!(f, "         note: {n}")?;
            }
        } else {
            writeln!(f, "  WRONG  {}: you wrote {}; correct: {} {pts}", self.item, self.answer, self.correct)?;
            if let Some(d) = &self.detail {
                writeln!(f, "         {d}")?;
            }
        }
        Ok(())
    }
}

impl Mark {
    /// What a student reads about this item: `right` (and any note), or
    /// what they wrote, what is right, and what differs.
    pub fn feedback(&self) -> String {
        let mut lines = vec![if self.right {
            format!("right: {}", self.answer)
        } else {
            format!("you wrote {}; correct: {}", self.answer, self.correct)
        }];
        lines.extend(self.detail.iter().filter(|_| !self.right).cloned());
        lines.extend(self.note.iter().map(|n| format!("note: {n}")));
        lines.join("\n")
    }
}

/// Every row as text, then `N of M answers fully right`.
pub struct Text<'a>(pub &'a [Row]);

impl fmt::Display for Text<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.0 {
            writeln!(f, "── {}", row.file)?;
            match &row.outcome {
                Ok(g) => write!(f, "{g}")?,
                Err(e) => {
                    writeln!(
                        f,
                        "{}: 0/{} (not graded: the answer file could not be read)",
                        row.student,
                        points(e.out_of)
                    )?;
                    for line in e.rendered.lines() {
                        writeln!(f, "  {line}")?;
                    }
                }
            }
        }
        let right = self.0.iter().filter(|r| r.all_right()).count();
        let broken = self.0.iter().filter(|r| r.outcome.is_err()).count();
        write!(f, "{right} of {} answers fully right", self.0.len())?;
        if broken > 0 {
            write!(f, "; {broken} could not be read")?;
        }
        writeln!(f)
    }
}

/// The gradebook: `student,file,score,out_of`, one column per item (the
/// points earned; empty when the answer does not give it), then
/// `right_under`, `first_divergence` and `error`.
pub fn csv(rows: &[Row]) -> String {
    let mut items: Vec<&str> = Vec::new();
    for g in rows.iter().filter_map(|r| r.outcome.as_ref().ok()) {
        for m in &g.marks {
            if !items.contains(&m.item.as_str()) {
                items.push(&m.item);
            }
        }
    }
    let mut header: Vec<String> = ["student", "file", "score", "out_of"].map(String::from).to_vec();
    header.extend(items.iter().map(|s| field(s)));
    header.extend(["right_under", "first_divergence", "error"].map(String::from));
    let mut out = header.join(",") + "\n";
    for row in rows {
        let mut cells = vec![field(&row.student), field(&row.file), points(row.score()), points(row.out_of())];
        match &row.outcome {
            Ok(g) => {
                for item in &items {
                    cells.push(g.marks.iter().find(|m| m.item == *item).map_or(String::new(), |m| points(m.points)));
                }
                cells.push(field(&g.right_under.join("; ")));
                cells.push(field(g.first_divergence.as_deref().unwrap_or("")));
                cells.push(String::new());
            }
            Err(e) => {
                cells.extend(items.iter().map(|_| String::new()));
                cells.extend([String::new(), String::new(), field(&e.message)]);
            }
        }
        out += &cells.join(",");
        out.push('\n');
    }
    out
}

/// A CSV field, quoted as RFC 4180 says when it must be. A text a
/// spreadsheet would run as a formula (a student named `=HYPERLINK(…)`)
/// gets a leading `'`, as OWASP advises, and stays text.
fn field(s: &str) -> String {
    let s = if s.starts_with(['=', '+', '-', '@', '\t', '\r']) { format!("'{s}") } else { s.to_string() };
    if s.contains([',', '"', '\n', '\r']) { format!("\"{}\"", s.replace('"', "\"\"")) } else { s }
}

/// Text for a terminal: control characters from answer files (an escape
/// sequence in a student's name) written as `\u{1b}`, so they cannot
/// recolour or rewrite the grader's screen. Line breaks and tabs stay.
pub fn terminal_safe(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() && c != '\n' && c != '\t' {
            out.push_str(&c.escape_unicode().to_string());
        } else {
            out.push(c);
        }
    }
    out
}

/// `{"grades": [...]}`: each row flat, a grade's fields plus `file` and
/// `error` (null when graded).
#[derive(serde::Serialize)]
pub struct Json<'a> {
    grades: Vec<JsonRow<'a>>,
}

#[derive(serde::Serialize)]
struct JsonRow<'a> {
    student: &'a str,
    file: &'a str,
    #[serde(serialize_with = "serialize_points")]
    score: f64,
    #[serde(serialize_with = "serialize_points")]
    out_of: f64,
    algorithm: Option<&'a str>,
    conventions: Option<&'a str>,
    marks: &'a [Mark],
    first_divergence: Option<&'a str>,
    right_under: &'a [String],
    error: Option<&'a str>,
}

impl<'a> Json<'a> {
    pub fn new(rows: &'a [Row]) -> Json<'a> {
        let grades = rows
            .iter()
            .map(|r| {
                let g = r.outcome.as_ref().ok();
                JsonRow {
                    student: &r.student,
                    file: &r.file,
                    score: r.score(),
                    out_of: r.out_of(),
                    algorithm: g.map(|g| g.algorithm.as_str()),
                    conventions: g.map(|g| g.conventions.as_str()),
                    marks: g.map_or(&[], |g| &g.marks),
                    first_divergence: g.and_then(|g| g.first_divergence.as_deref()),
                    right_under: g.map_or(&[], |g| &g.right_under),
                    error: r.outcome.as_ref().err().map(|e| e.message.as_str()),
                }
            })
            .collect();
        Json { grades }
    }
}
