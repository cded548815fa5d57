//! Text → [`ast::File`](crate::syntax::ast::File): the pest grammar `grammar/gametree.pest` and the
//! only code that touches pest's `Pair` and `Rule`.
//!
//! [`parse`] checks the text is text (no NUL byte) and not nested too deeply
//! for pest's recursion, runs the grammar, and turns the pairs into the
//! spanned ast at once, one function per grammar rule. Numbers stay text;
//! nothing is resolved. Every failure is a [`Diagnostic`] pointing at the
//! offending token: pest's errors are put into words by `rule_words`, an
//! exhaustive match, so a new rule cannot ship with an unreadable error.
//! Invariant: no input makes this module panic.

use pest::Parser;
use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::Pair;

use crate::diagnostic::{Diagnostic, DiagnosticKind, Span};
use crate::syntax::ast::{
    Attr, AttrValue, Child, Expect, ExpectItem, ExpectOption, File, Header, Ident, Item, Leaf, LeafRef, LeafValue,
    Node, Number, Reference, Rubric, RubricItem, Segment, ValueLit, WindowLit,
};

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/gametree.pest"]
struct SpecParser;

/// How deeply braces may nest before we refuse the text. Text nested deeper
/// than [`crate::stack::SHALLOW_NESTING`] is handled on a thread with a stack to
/// match (see [`crate::stack::with_stack`]). The limit keeps reports within
/// reason: every visited node's path is written out in full, so a report
/// grows with nodes × depth (a 10,000-deep chain's `minimax` JSON report
/// is already about 1.2 GB).
pub const MAX_DEPTH: usize = crate::stack::MAX_DEPTH;

type Result<T> = std::result::Result<T, Diagnostic>;

/// Parses a `.tree` spec into its syntax tree, or says what is wrong and where.
pub fn parse(text: &str) -> std::result::Result<File, Vec<Diagnostic>> {
    let depth = check_text(text).map_err(|d| vec![d])?;
    crate::stack::with_stack(depth, || parse_checked(text)).map_err(|d| vec![d])
}

/// Parses what follows a spec's tree, from byte `from` of `text` on: its
/// `expect` blocks and rubric, with spans into the whole `text`. (The quick
/// loader reads the tree; a text this refuses goes down the full path,
/// which reports its errors.)
pub fn parse_tail(text: &str, from: usize) -> std::result::Result<(Vec<Expect>, Option<Rubric>), Vec<Diagnostic>> {
    let rest = text.get(from..).ok_or_else(|| vec![bug(Span::new(0, 0))])?;
    check_text(rest).map_err(|d| vec![d])?;
    let mut pairs = SpecParser::parse(Rule::tail, rest).map_err(|e| vec![pest_error(rest, &e)])?;
    let (mut expects, mut rubric) = (Vec::new(), None);
    for p in pairs.next().ok_or_else(|| vec![bug(Span::new(0, 0))])?.into_inner() {
        match p.as_rule() {
            Rule::expect => expects.push(expect(p).map_err(|d| vec![d])?.shifted(from)),
            Rule::rubric => rubric = Some(rubric_block(p).map_err(|d| vec![d])?.shifted(from)),
            _ => {}
        }
    }
    Ok((expects, rubric))
}

/// Parses one node reference on its own (`C.2`, `2.3`, `root`, `"B 1".2`),
/// as answer files and command-line flags write them; spans are offsets
/// into `text`.
pub fn parse_reference(text: &str) -> Result<Reference> {
    check_text(text)?;
    let mut pairs = SpecParser::parse(Rule::reference, text).map_err(|e| pest_error(text, &e))?;
    let pair = pairs.next().ok_or_else(|| bug(Span::new(0, 0)))?;
    let end = pair.as_span().end();
    if end < text.len() {
        let (found, span) = found_at(text, end);
        let kind = DiagnosticKind::Syntax { expected: vec!["the end of the reference".into()], found };
        return Err(Diagnostic::new(kind, span));
    }
    reference(pair)
}

/// [`parse`] once the text is known to be text and not too deep.
fn parse_checked(text: &str) -> Result<File> {
    let mut pairs = SpecParser::parse(Rule::file, text).map_err(|e| pest_error(text, &e))?;
    file(pairs.next().ok_or_else(|| bug(Span::new(0, 0)))?)
}

// ---------------------------------------------------------------------------
// Pairs → ast, one function per rule.

/// `file`: headers, the root node, `expect` blocks.
fn file(pair: Pair<Rule>) -> Result<File> {
    let (mut headers, mut root, mut expects, mut rubric) = (Vec::new(), None, Vec::new(), None);
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::node => root = Some(node(p)?),
            Rule::expect => expects.push(expect(p)?),
            Rule::rubric => rubric = Some(rubric_block(p)?),
            Rule::EOI => {}
            _ => headers.push(header(p)?),
        }
    }
    let root = root.ok_or_else(|| bug(Span::new(0, 0)))?;
    Ok(File { headers, root, expects, rubric })
}

/// `rubric`: its items. Its span is the word `rubric`.
fn rubric_block(pair: Pair<Rule>) -> Result<Rubric> {
    let outer = span(&pair);
    let items = pair.into_inner().filter(|p| p.as_rule() == Rule::rubric_item).map(rubric_item);
    Ok(Rubric { items: items.collect::<Result<_>>()?, span: Span::new(outer.start, outer.start + "rubric".len()) })
}

/// `rubric_item`: `values 1 required [B C] C=2`.
fn rubric_item(pair: Pair<Rule>) -> Result<RubricItem> {
    let whole = span(&pair);
    let mut inner = pair.into_inner();
    let key = name(next(&mut inner, whole)?);
    let points = number(next(&mut inner, whole)?);
    let mut item = RubricItem { key, points, required: None, partial: None, nodes: Vec::new(), span: whole };
    for p in inner {
        match p.as_rule() {
            Rule::required => {
                let at = p.as_span().start();
                let refs = p.into_inner().filter(|p| p.as_rule() == Rule::reference);
                item.required = Some((Span::new(at, at + "required".len()), references(refs)?));
            }
            Rule::partial => item.partial = Some(span(&p)),
            Rule::node_points => {
                let s = span(&p);
                let mut parts = p.into_inner();
                let r = reference(next(&mut parts, s)?)?;
                item.nodes.push((r, number(next(&mut parts, s)?)));
            }
            _ => return Err(bug(span(&p))),
        }
    }
    Ok(item)
}

/// `title`, `bounds`, `players`, `sum`.
fn header(pair: Pair<Rule>) -> Result<Header> {
    let (rule, span) = (pair.as_rule(), span(&pair));
    let mut inner = pair.into_inner();
    Ok(match rule {
        Rule::title => Header::Title { text: name(next(&mut inner, span)?).text, span },
        Rule::bounds => {
            let lo = number(next(&mut inner, span)?);
            let hi = number(next(&mut inner, span)?);
            Header::Bounds { lo, hi, span }
        }
        Rule::players => Header::Players { names: inner.map(name).collect(), span },
        Rule::sum => Header::Sum { value: number(next(&mut inner, span)?), span },
        _ => return Err(bug(span)),
    })
}

/// `node`: kind, name, attributes, children.
fn node(pair: Pair<Rule>) -> Result<Node> {
    let outer = span(&pair);
    let mut inner = pair.into_inner().peekable();
    let kind = name(next(&mut inner, outer)?);
    let name = inner.next_if(|p| matches!(p.as_rule(), Rule::ident | Rule::string)).map(name);
    let attrs = match inner.next_if(|p| p.as_rule() == Rule::attrs) {
        Some(p) => p.into_inner().filter(|p| p.as_rule() == Rule::attr).map(attr).collect(),
        None => Vec::new(),
    };
    let mut children = Vec::new();
    for p in inner {
        match p.as_rule() {
            Rule::child => children.push(child(p)?),
            Rule::leaf_run => leaf_run(p, &mut children),
            _ => {}
        }
    }
    let span = kind.span.to(name.as_ref().map_or(kind.span, |n| n.span));
    Ok(Node { kind, name, attrs, children, span })
}

/// `leaf_run`: `3 12, 8`, one plain numbered leaf per number. The grammar
/// has checked every number; here they are only split at blanks and commas.
fn leaf_run(pair: Pair<Rule>, children: &mut Vec<Child>) {
    let start = pair.as_span().start();
    let text = pair.as_str();
    let gap = |b: u8| matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b',');
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if gap(bytes[i]) {
            i += 1;
            continue;
        }
        let end = bytes[i..].iter().position(|&b| gap(b)).map_or(bytes.len(), |n| i + n);
        let span = Span::new(start + i, start + end);
        let value = LeafValue::Number(Number { text: text[i..end].to_string(), span });
        children.push(Child { label: None, prob: None, item: Item::Leaf(Leaf { name: None, value, span }), span });
        i = end;
    }
}

/// `attr`: `eval=5`, `key=p7`, `noisy`.
fn attr(pair: Pair<Rule>) -> Attr {
    let span = span(&pair);
    let mut inner = pair.into_inner();
    let key = inner.next().map_or_else(|| Ident { text: String::new(), span }, name);
    let value = inner.next().map(|p| match p.as_rule() {
        Rule::number => AttrValue::Number(number(p)),
        _ => AttrValue::Ident(name(p)),
    });
    Attr { key, value, span }
}

/// `child`: label, probability, then a transposition, node or leaf.
fn child(pair: Pair<Rule>) -> Result<Child> {
    let span = span(&pair);
    let mut inner = pair.into_inner().peekable();
    let label = inner.next_if(|p| p.as_rule() == Rule::label).map(|p| first(p).map(name)).transpose()?;
    let prob = inner.next_if(|p| p.as_rule() == Rule::prob).map(|p| first(p).map(number)).transpose()?;
    let p = next(&mut inner, span)?;
    let item = match p.as_rule() {
        Rule::transposition => Item::Ref(name(first(p)?)),
        Rule::node => Item::Node(node(p)?),
        _ => Item::Leaf(leaf(p)?),
    };
    Ok(Child { label, prob, item, span })
}

/// `leaf`: `3`, `K=3`, `?`, `K=?`, `(1, 2, 6)`.
fn leaf(pair: Pair<Rule>) -> Result<Leaf> {
    let span = span(&pair);
    let mut inner = pair.into_inner().peekable();
    let name = inner.next_if(|p| matches!(p.as_rule(), Rule::ident | Rule::string)).map(name);
    let p = next(&mut inner, span)?;
    let value = match p.as_rule() {
        Rule::number => LeafValue::Number(number(p)),
        Rule::unknown => LeafValue::Unknown,
        _ => LeafValue::Vector(vector(p).0),
    };
    Ok(Leaf { name, value, span })
}

/// `vector`: `(1, 2, 6)`, with the span of the parentheses.
fn vector(pair: Pair<Rule>) -> (Vec<Number>, Span) {
    let span = span(&pair);
    (pair.into_inner().filter(|p| p.as_rule() == Rule::number).map(number).collect(), span)
}

/// `expect`: algorithm, options, items. Its span is `expect ALGO(…)`.
fn expect(pair: Pair<Rule>) -> Result<Expect> {
    let outer = span(&pair);
    let mut inner = pair.into_inner().peekable();
    let algorithm = name(next(&mut inner, outer)?);
    let options = inner.next_if(|p| p.as_rule() == Rule::options);
    let end = options.as_ref().map_or(algorithm.span.end, |p| p.as_span().end());
    let options =
        options.map_or_else(Vec::new, |p| p.into_inner().filter(|p| p.as_rule() == Rule::option).map(option).collect());
    let items = inner.filter(|p| !matches!(p.as_rule(), Rule::open | Rule::close)).map(expect_item);
    Ok(Expect { algorithm, options, items: items.collect::<Result<_>>()?, span: Span::new(outer.start, end) })
}

/// `option`: `order=best`, `strict-cuts`.
fn option(pair: Pair<Rule>) -> ExpectOption {
    let span = span(&pair);
    let mut inner = pair.into_inner();
    let key = inner.next().map_or_else(|| Ident { text: String::new(), span }, name);
    ExpectOption { key, value: inner.next().map(name), span }
}

/// `value`, `values`, `best`, `pv`, `pruned`, `visited`, `leaves`, `stats`.
fn expect_item(pair: Pair<Rule>) -> Result<ExpectItem> {
    let (rule, span) = (pair.as_rule(), span(&pair));
    let mut inner = pair.into_inner();
    Ok(match rule {
        Rule::value => ExpectItem::Value { value: value_lit(next(&mut inner, span)?), span },
        Rule::values => ExpectItem::Values { pairs: inner.map(value_pair).collect::<Result<_>>()?, span },
        Rule::best => ExpectItem::Best { moves: references(inner)?, span },
        Rule::pv => ExpectItem::Pv { refs: references(inner)?, span },
        Rule::pruned => ExpectItem::Pruned { refs: references(inner)?, span },
        Rule::visited => ExpectItem::Visited { refs: references(inner)?, span },
        Rule::leaves => ExpectItem::Leaves { leaves: inner.map(leaf_ref).collect(), span },
        Rule::stats => ExpectItem::Stats { pairs: inner.map(stat).collect::<Result<_>>()?, span },
        Rule::visited_set => ExpectItem::VisitedSet { refs: references(inner)?, span },
        Rule::windows => ExpectItem::Windows { pairs: inner.map(window_pair).collect::<Result<_>>()?, span },
        Rule::negamax_values => {
            ExpectItem::NegamaxValues { pairs: inner.map(negamax_pair).collect::<Result<_>>()?, span }
        }
        _ => return Err(bug(span)),
    })
}

/// A `number` or `vector` in an answer.
fn value_lit(pair: Pair<Rule>) -> ValueLit {
    match pair.as_rule() {
        Rule::number => ValueLit::Number(number(pair)),
        _ => {
            let (numbers, span) = vector(pair);
            ValueLit::Vector(numbers, span)
        }
    }
}

/// `value_pair`: `B=3`.
fn value_pair(pair: Pair<Rule>) -> Result<(Reference, ValueLit)> {
    let span = span(&pair);
    let mut inner = pair.into_inner();
    let reference = reference(next(&mut inner, span)?)?;
    Ok((reference, value_lit(next(&mut inner, span)?)))
}

/// `window_pair`: `C=(3, inf)`.
fn window_pair(pair: Pair<Rule>) -> Result<(Reference, WindowLit)> {
    let span = span(&pair);
    let mut inner = pair.into_inner();
    let reference = reference(next(&mut inner, span)?)?;
    let window = next(&mut inner, span)?;
    let wspan = self::span(&window);
    Ok((
        reference,
        WindowLit {
            bounds: window.into_inner().filter(|p| p.as_rule() == Rule::window_bound).map(number).collect(),
            span: wspan,
        },
    ))
}

/// `negamax_pair`: `B=-3`.
fn negamax_pair(pair: Pair<Rule>) -> Result<(Reference, Number)> {
    let span = span(&pair);
    let mut inner = pair.into_inner();
    let reference = reference(next(&mut inner, span)?)?;
    Ok((reference, number(next(&mut inner, span)?)))
}

/// A number or a name in `leaves`.
fn leaf_ref(pair: Pair<Rule>) -> LeafRef {
    match pair.as_rule() {
        Rule::number => LeafRef::Value(number(pair)),
        _ => LeafRef::Name(name(pair)),
    }
}

/// `stat`: `cutoffs=1`.
fn stat(pair: Pair<Rule>) -> Result<(Ident, Number)> {
    let span = span(&pair);
    let mut inner = pair.into_inner();
    let key = name(next(&mut inner, span)?);
    Ok((key, number(next(&mut inner, span)?)))
}

/// The `reference`s of a list item.
fn references<'i>(pairs: impl Iterator<Item = Pair<'i, Rule>>) -> Result<Vec<Reference>> {
    pairs.map(reference).collect()
}

/// `reference`: dotted segments, each an `index` or a name.
fn reference(pair: Pair<Rule>) -> Result<Reference> {
    let span = span(&pair);
    let segments = pair.into_inner().map(segment).collect::<Result<_>>()?;
    Ok(Reference { segments, span })
}

/// `index` (a 1-based child index that fits `u32`), `ident` or `string`.
fn segment(pair: Pair<Rule>) -> Result<Segment> {
    if pair.as_rule() != Rule::index {
        return Ok(Segment::Name(name(pair).text));
    }
    match pair.as_str().parse::<u32>() {
        Ok(i) if i > 0 => Ok(Segment::Index(i)),
        _ => {
            let found = format!("`{}`", shorten(pair.as_str()));
            let kind = DiagnosticKind::Syntax { expected: words(&[Rule::index]), found };
            Err(Diagnostic::new(kind, span(&pair)))
        }
    }
}

/// `number`: kept as written.
fn number(pair: Pair<Rule>) -> Number {
    Number { text: pair.as_str().to_string(), span: span(&pair) }
}

/// `ident`, `algorithm`, `option_key`, `option_value` as written, or a
/// `string` unescaped; the span covers the quotes.
fn name(pair: Pair<Rule>) -> Ident {
    let text = match pair.as_rule() {
        Rule::string => unescape(pair.as_str()),
        _ => pair.as_str().to_string(),
    };
    Ident { text, span: span(&pair) }
}

/// The contents of `"…"` with `\"`, `\\`, `\n`, `\t` resolved.
fn unescape(quoted: &str) -> String {
    let body = quoted.strip_prefix('"').and_then(|s| s.strip_suffix('"')).unwrap_or(quoted);
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        out.push(match (c, c == '\\') {
            (_, true) => match chars.next() {
                Some('n') => '\n',
                Some('t') => '\t',
                Some(other) => other,
                None => '\\',
            },
            (c, false) => c,
        });
    }
    out
}

fn span(pair: &Pair<Rule>) -> Span {
    Span::new(pair.as_span().start(), pair.as_span().end())
}

/// The first inner pair of `label`, `prob` or `transposition`.
fn first(pair: Pair<Rule>) -> Result<Pair<Rule>> {
    let span = span(&pair);
    pair.into_inner().next().ok_or_else(|| bug(span))
}

/// The next pair, which the grammar guarantees.
fn next<'i>(inner: &mut impl Iterator<Item = Pair<'i, Rule>>, parent: Span) -> Result<Pair<'i, Rule>> {
    inner.next().ok_or_else(|| bug(parent))
}

/// Pairs not shaped as the grammar promises: a bug here, reported, not a panic.
fn bug(span: Span) -> Diagnostic {
    let found = "a shape the parser does not handle (a bug in gametree, please report it)".to_string();
    Diagnostic::new(DiagnosticKind::Syntax { expected: Vec::new(), found }, span)
}

// ---------------------------------------------------------------------------
// Checks before pest runs.

/// Refuses text with a NUL byte, and braces nested deeper than [`MAX_DEPTH`]
/// (counted outside strings and comments), before pest recurses into them.
/// Returns the deepest nesting.
fn check_text(text: &str) -> Result<usize> {
    if let Some(at) = text.find('\0') {
        let detail = "it contains a NUL byte".to_string();
        return Err(Diagnostic::new(DiagnosticKind::BinaryInput { detail }, Span::new(at, at + 1)));
    }
    scan_nesting(text, MAX_DEPTH)
        .map_err(|at| Diagnostic::new(DiagnosticKind::TooDeep { limit: MAX_DEPTH }, Span::new(at, at + 1)))
}

/// How deeply braces nest in `text` (outside strings and comments): what
/// the stack must hold to parse, validate and search it.
pub fn nesting(text: &str) -> usize {
    scan_nesting(text, usize::MAX).unwrap_or(usize::MAX)
}

/// The deepest nesting, or the offset of the first `{` past `limit`.
fn scan_nesting(text: &str, limit: usize) -> std::result::Result<usize, usize> {
    let bytes = text.as_bytes();
    let (mut depth, mut deepest, mut i) = (0, 0, 0);
    while i < bytes.len() {
        match bytes[i] {
            b'"' => i = skip_string(bytes, i),
            b'#' => i = skip_line(bytes, i),
            b'/' if bytes.get(i + 1) == Some(&b'/') => i = skip_line(bytes, i),
            b'{' if depth == limit => return Err(i),
            b'{' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    Ok(deepest)
}

/// The index of the quote closing the string opened at `start` (or of the
/// line break or end that cuts it short).
fn skip_string(bytes: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    while i < bytes.len() && !matches!(bytes[i], b'"' | b'\n') {
        i += if bytes[i] == b'\\' { 2 } else { 1 };
    }
    i
}

/// The index of the line break ending the line at `start` (or the end).
fn skip_line(bytes: &[u8], start: usize) -> usize {
    bytes[start..].iter().position(|&b| b == b'\n').map_or(bytes.len(), |n| start + n)
}

// ---------------------------------------------------------------------------
// pest errors → diagnostics.

/// A pest error as a `Syntax` diagnostic on the offending token.
fn pest_error(text: &str, error: &pest::error::Error<Rule>) -> Diagnostic {
    let pos = match error.location {
        InputLocation::Pos(p) | InputLocation::Span((p, _)) => p.min(text.len()),
    };
    let (found, span) = found_at(text, pos);
    let kind = match &error.variant {
        // Only `!item_keyword` fails negatively: a reference or name that is a keyword.
        ErrorVariant::ParsingError { positives, negatives } => {
            let expected = if positives.is_empty() { words(negatives) } else { words(positives) };
            DiagnosticKind::Syntax { expected, found }
        }
        // pest's own resource limits ("stack limit reached"): only nesting gets there.
        ErrorVariant::CustomError { .. } => DiagnosticKind::TooDeep { limit: MAX_DEPTH },
    };
    Diagnostic::new(kind, span)
}

/// A short description of the token at `pos`, and its span (at least one
/// character wide, except at the end of the file).
fn found_at(text: &str, pos: usize) -> (String, Span) {
    let rest = &text[pos..];
    let Some(c) = rest.chars().next() else {
        return ("end of file".to_string(), Span::new(pos, pos));
    };
    let word = |c: char| c.is_alphanumeric() || matches!(c, '_' | '\'' | '.' | '/');
    let (len, found) = match c {
        '\n' | '\r' => (c.len_utf8(), "end of line".to_string()),
        '"' => match rest[1..].find(['"', '\n']) {
            Some(n) if rest.as_bytes()[n + 1] == b'"' => (n + 2, format!("`{}`", shorten(&rest[..n + 2]))),
            _ => (rest.find('\n').unwrap_or(rest.len()), "an unterminated string".to_string()),
        },
        c if c.is_control() => (c.len_utf8(), format!("the control character U+{:04X}", c as u32)),
        c if word(c) => {
            let len = rest.find(|c: char| !word(c)).unwrap_or(rest.len());
            (len, format!("`{}`", shorten(&rest[..len])))
        }
        c => (c.len_utf8(), format!("`{c}`")),
    };
    (found, Span::new(pos, pos + len))
}

/// At most 24 characters of a token, for messages.
fn shorten(token: &str) -> String {
    match token.char_indices().nth(24) {
        Some((cut, _)) => format!("{}…", &token[..cut]),
        None => token.to_string(),
    }
}

mod words;
use words::words;

#[cfg(test)]
mod tests;
