//! Errors about a user's input, as data, and their rustc-style rendering.
//!
//! Every problem found in a spec — a syntax error from pest, a validation
//! failure, an algorithm that does not apply — is a [`Diagnostic`]: a
//! [`DiagnosticKind`] (all wording lives in its one `Display` match) and the
//! [`Span`] it points at. [`Source::render`] prints file, line, column and a
//! caret under the offending text.

use std::fmt;

use crate::num::NumError;

/// A byte range into a source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }

    /// The same span in a text that has `by` more bytes before it.
    pub fn shifted(self, by: usize) -> Span {
        Span::new(self.start + by, self.end + by)
    }
}

/// One problem with the input, pointing at where it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    pub kind: DiagnosticKind,
    pub span: Span,
    /// A second place worth showing (`first defined here`).
    pub related: Option<(Span, &'static str)>,
}

impl Diagnostic {
    pub fn new(kind: DiagnosticKind, span: Span) -> Diagnostic {
        Diagnostic { kind, span, related: None }
    }

    pub fn with_related(mut self, span: Span, note: &'static str) -> Diagnostic {
        self.related = Some((span, note));
        self
    }
}

/// Everything that can be wrong with a spec or with a request on it.
#[derive(Clone, Debug, PartialEq)]
pub enum DiagnosticKind {
    /// pest could not parse: what it expected at this point, in words.
    Syntax { expected: Vec<String>, found: String },
    /// The file is not valid UTF-8 or holds a NUL byte.
    BinaryInput { detail: String },
    /// Braces nested deeper than the parser allows.
    TooDeep { limit: usize },
    /// The YAML form could not be read.
    Yaml { message: String },
    /// Another tree form (`convert --from`) could not be read: the form's
    /// name and what is wrong.
    Form { form: &'static str, why: String },
    /// A number literal we cannot hold exactly.
    BadNumber { text: String, reason: NumError },
    /// A header given twice (`bounds` twice).
    DuplicateHeader { header: &'static str },
    /// `bounds [lo, hi]` with `lo > hi`.
    EmptyBounds,
    /// A node kind that is neither a keyword nor a declared player.
    UnknownKind { kind: String, players: Vec<String> },
    /// `MAX`/`MIN` in a game declared with `players`.
    TwoPlayerKindInMultiplayer { kind: String },
    /// An inner node with no children.
    NoChildren,
    /// Two nodes with one name.
    DuplicateName { name: String },
    /// A name, path or label that resolves to nothing.
    UnknownReference { reference: String, why: String },
    /// `&B` where `B` is `B`'s own ancestor.
    Cycle { name: String },
    /// A probability on a child of a non-CHANCE node.
    ProbabilityOutsideChance,
    /// Some children of a CHANCE node have probabilities and some do not.
    PartialProbabilities,
    /// A negative probability.
    NegativeProbability { value: String },
    /// Probabilities that do not sum to 1.
    ProbabilitySum { sum: String },
    /// A CHANCE node without probabilities in a multi-player game.
    MultiplayerChanceWithoutProbabilities,
    /// A leaf outside the declared `bounds`.
    OutOfBounds { value: String, lo: String, hi: String },
    /// A vector leaf in a two-player game, or a scalar in a multi-player one.
    LeafShape { expected: String },
    /// A vector of the wrong length.
    VectorLength { expected: usize, found: usize },
    /// A leaf vector whose components exceed the declared `sum`.
    SumExceeded { total: String, sum: String },
    /// An attribute we do not know, or with the wrong kind of value.
    BadAttribute { attr: String, why: String },
    /// An algorithm name we do not know.
    UnknownAlgorithm { name: String, known: Vec<&'static str> },
    /// An option (in `expect ALGO(…)`) we do not know or whose value is wrong.
    BadOption { option: String, why: String },
    /// An `expect` item that does not fit the algorithm or the tree.
    BadExpect { why: String },
    /// An algorithm asked for a tree it does not apply to.
    NotApplicable { algorithm: String, why: String },
    /// `--depth` reaches an inner node that has no `eval`.
    MissingEval { depth: u32 },
    /// `--quiescence` stops at this quiet node past the cutoff, which has no `eval`.
    MissingQuietEval { depth: u32 },
    /// `--beam K` must rank this node among its siblings, and it has no `eval`.
    MissingBeamEval { beam: u32 },
    /// Leaves with `?` given to something other than `puzzle`; `vector`:
    /// in a multi-player game, which `puzzle` does not solve either.
    UnknownLeaf { vector: bool },
}

impl fmt::Display for DiagnosticKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use DiagnosticKind as K;
        match self {
            K::Syntax { expected, found } => {
                let list = match expected.as_slice() {
                    [] => "something else".to_string(),
                    [one] => one.clone(),
                    [init @ .., last] => format!("{} or {}", init.join(", "), last),
                };
                write!(f, "syntax error: expected {list}, found {found}")
            }
            K::BinaryInput { detail } => write!(f, "this is not a text spec: {detail}"),
            K::TooDeep { limit } => write!(f, "the tree nests deeper than {limit} levels"),
            K::Yaml { message } => write!(f, "YAML error: {message}"),
            K::Form { form, why } => write!(f, "{form}: {why}"),
            K::BadNumber { text, reason } => match reason {
                NumError::Malformed => write!(f, "`{text}` is not a number"),
                NumError::ZeroDenominator => write!(f, "`{text}` divides by zero"),
                NumError::TooLarge => {
                    write!(f, "`{text}` is too large or too precise to hold exactly (at most 18 significant digits)")
                }
            },
            K::DuplicateHeader { header } => write!(f, "`{header}` is given twice"),
            K::EmptyBounds => write!(f, "bounds must be [lo, hi] with lo <= hi"),
            K::UnknownKind { kind, players } if players.is_empty() => {
                write!(
                    f,
                    "unknown node kind `{kind}`: expected MAX, MIN or CHANCE (or declare players with `players …`)"
                )
            }
            K::UnknownKind { kind, players } => {
                write!(f, "unknown node kind `{kind}`: expected CHANCE or one of the players {}", players.join(", "))
            }
            K::TwoPlayerKindInMultiplayer { kind } => {
                write!(f, "`{kind}` in a game with `players`: name the player who moves here instead")
            }
            K::NoChildren => write!(f, "this inner node has no children"),
            K::DuplicateName { name } => write!(f, "the name `{name}` is used twice"),
            K::UnknownReference { reference, why } => write!(f, "`{reference}` does not name a node: {why}"),
            K::Cycle { name } => write!(f, "`&{name}` makes a cycle: `{name}` would contain itself"),
            K::ProbabilityOutsideChance => write!(f, "only children of a CHANCE node have probabilities"),
            K::PartialProbabilities => {
                write!(f, "give a probability on every child of this CHANCE node, or on none (uniform)")
            }
            K::NegativeProbability { value } => write!(f, "probability {value} is negative"),
            K::ProbabilitySum { sum } => {
                write!(f, "the probabilities of this CHANCE node's children sum to {sum}, not 1")
            }
            K::MultiplayerChanceWithoutProbabilities => {
                write!(f, "a CHANCE node in a multi-player game must give its children's probabilities")
            }
            K::OutOfBounds { value, lo, hi } => {
                write!(f, "leaf value {value} lies outside the declared bounds [{lo}, {hi}]")
            }
            K::LeafShape { expected } => write!(f, "expected {expected} here"),
            K::VectorLength { expected, found } => {
                write!(f, "this vector has {found} components but the game has {expected} players")
            }
            K::SumExceeded { total, sum } => {
                write!(f, "the components add up to {total}, more than the declared sum {sum}")
            }
            K::BadAttribute { attr, why } => write!(f, "attribute `{attr}`: {why}"),
            K::UnknownAlgorithm { name, known } => {
                write!(f, "unknown algorithm `{name}`: expected one of {}", known.join(", "))
            }
            K::BadOption { option, why } => write!(f, "option `{option}`: {why}"),
            K::BadExpect { why } => write!(f, "{why}"),
            K::NotApplicable { algorithm, why } => write!(f, "`{algorithm}` does not apply to this tree: {why}"),
            K::MissingEval { depth } => {
                write!(f, "the depth cutoff {depth} reaches this node, which has no `eval` (add `[eval=…]`)")
            }
            K::MissingQuietEval { depth } => write!(
                f,
                "quiescence search stops at this quiet node past the depth cutoff {depth}, \
                 and it has no `eval` (add `[eval=…]`, or `[noisy]` to search it)"
            ),
            K::MissingBeamEval { beam } => write!(
                f,
                "--beam {beam} ranks this node among its siblings by `eval`, and it has none (add `[eval=…]`)"
            ),
            K::UnknownLeaf { vector: false } => {
                write!(f, "this leaf is unknown (`?`): solve such specs with `gametree puzzle`")
            }
            K::UnknownLeaf { vector: true } => write!(
                f,
                "this leaf is unknown (`?`): in a multi-player game a leaf is a vector of utilities, so give it \
                 (`gametree puzzle` solves only two-player trees)"
            ),
        }
    }
}

/// A named source text, for rendering diagnostics.
pub struct Source<'a> {
    pub name: &'a str,
    pub text: &'a str,
}

impl Source<'_> {
    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = floor_char_boundary(self.text, offset.min(self.text.len()));
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        (line, before[line_start..].chars().count() + 1)
    }

    /// `error: …`, ` --> file:line:col`, the source line and a caret.
    pub fn render(&self, d: &Diagnostic) -> String {
        let mut out = format!("error: {}\n", d.kind);
        out += &self.snippet(d.span, None);
        if let Some((span, note)) = d.related {
            out += &self.snippet(span, Some(note));
        }
        out
    }

    /// `warning: …` with the same file, line, column and caret as an error.
    pub fn render_warning(&self, message: &str, span: Span) -> String {
        format!("warning: {message}\n{}", self.snippet(span, None))
    }

    fn snippet(&self, span: Span, note: Option<&str>) -> String {
        let (line, col) = self.line_col(span.start);
        let start = floor_char_boundary(self.text, span.start.min(self.text.len()));
        let line_start = self.text[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = self.text[start..].find('\n').map_or(self.text.len(), |i| start + i);
        let line_text = self.text[line_start..line_end].trim_end_matches('\r');
        let end = floor_char_boundary(self.text, span.end.clamp(start, line_end));
        let width = self.text[start..end].chars().count().max(1);
        let gutter = " ".repeat(line.to_string().len());
        let (shown, pad, width) = window(line_text, &self.text[line_start..start], width);
        let label = note.map(|n| format!(" {n}")).unwrap_or_default();
        format!(
            "{gutter}--> {}:{line}:{col}\n{gutter} |\n{line} | {shown}\n{gutter} | {pad}{}{label}\n",
            self.name,
            "^".repeat(width)
        )
    }
}

/// Characters of a line shown whole; a longer one (a big tree written on
/// one line) is shown around the caret, cut with `…` (the location line
/// still gives the true column).
const LINE_SHOWN: usize = 400;
/// Characters shown before the caret and after it in a long line, and the
/// most carets under it.
const BEFORE: usize = 60;
const AFTER: usize = 60;
const CARETS: usize = 80;

/// The line as shown, the padding under it up to the caret, and the
/// caret's width: `before` is the text from the line's start to the span's,
/// `width` the span's length in characters.
fn window(line: &str, before: &str, width: usize) -> (String, String, usize) {
    let visible = |c: char| if c.is_control() && c != '\t' { '�' } else { c };
    let blank = |c: char| if c == '\t' { '\t' } else { ' ' };
    let count = line.chars().count();
    if count <= LINE_SHOWN {
        return (line.chars().map(visible).collect(), before.chars().map(blank).collect(), width);
    }
    let at = before.chars().count();
    let width = width.min(CARETS);
    let from = at.saturating_sub(BEFORE);
    let to = count.min(at + width + AFTER).max(from);
    let middle: String = line.chars().skip(from).take(to - from).map(visible).collect();
    let (head, tail) = (if from > 0 { "…" } else { "" }, if to < count { "…" } else { "" });
    let pad: String = before.chars().skip(from).map(blank).collect();
    (format!("{head}{middle}{tail}"), format!("{}{pad}", if from > 0 { " " } else { "" }), width)
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_file_line_column_and_caret() {
        let text = "MAX A {\n  MIN B { 3 x }\n}\n";
        let src = Source { name: "t.tree", text };
        let d = Diagnostic::new(DiagnosticKind::NoChildren, Span::new(20, 21));
        let shown = src.render(&d);
        assert_eq!(
            shown,
            "error: this inner node has no children\n --> t.tree:2:13\n  |\n2 |   MIN B { 3 x }\n  |             ^\n"
        );
    }

    #[test]
    fn a_long_line_is_shown_around_the_caret() {
        // A big tree on one line: the error at its 5001st character.
        let text = format!("MAX {{ {}x }}\n", "1 ".repeat(2497));
        let at = text.find('x').expect("the bad token");
        let src = Source { name: "big.tree", text: &text };
        let shown = src.render(&Diagnostic::new(DiagnosticKind::NoChildren, Span::new(at, at + 1)));
        let lines: Vec<&str> = shown.lines().collect();
        assert_eq!(lines[1], " --> big.tree:1:5001");
        assert_eq!(lines[3], format!("1 | …{}x }}", "1 ".repeat(30)));
        // The caret stands under the `x` of the line as shown.
        let column = |line: &str, c: char| line.chars().position(|x| x == c);
        assert_eq!(column(lines[4], '^'), column(lines[3], 'x'));
        assert_eq!(lines[4].matches('^').count(), 1);
        assert!(shown.len() < 300, "{} bytes", shown.len());
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let src = Source { name: "f", text: "MAX «ب» { }" };
        assert_eq!(src.line_col("MAX «ب» ".len()), (1, 9));
    }
}
