//! The syntax tree: a faithful, spanned mirror of a `.tree` (or YAML) file.
//!
//! Nothing here is checked beyond shape: names may be undefined, numbers
//! malformed, probabilities off. `validate` turns a [`File`] into a
//! [`crate::model::Game`] or a list of diagnostics. Spans are byte ranges
//! into the source the file was read from.

use crate::diagnostic::{Diagnostic, DiagnosticKind, Span};

/// A whole spec: headers, one root node, any number of `expect` blocks.
#[derive(Clone, Debug, PartialEq)]
pub struct File {
    pub headers: Vec<Header>,
    pub root: Node,
    pub expects: Vec<Expect>,
    /// `rubric { … }`: the points `grade` gives, when the spec says.
    pub rubric: Option<Rubric>,
}

/// One header line before the tree.
#[derive(Clone, Debug, PartialEq)]
pub enum Header {
    /// `title "AIMA Figure 5.2"`
    Title { text: String, span: Span },
    /// `bounds [2, 14]`
    Bounds { lo: Number, hi: Number, span: Span },
    /// `players A B C`
    Players { names: Vec<Ident>, span: Span },
    /// `sum 10`
    Sum { value: Number, span: Span },
}

/// A name as written: an identifier or the contents of a quoted string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    pub text: String,
    pub span: Span,
}

/// A number literal, kept as text (`-2.5`, `1e3`, `1/3`) until validation
/// turns it into a [`crate::num::Num`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Number {
    pub text: String,
    pub span: Span,
}

impl Number {
    /// The number written, or a diagnostic at it.
    pub fn value(&self) -> Result<crate::num::Num, Diagnostic> {
        crate::num::Num::parse(&self.text)
            .map_err(|reason| Diagnostic::new(DiagnosticKind::BadNumber { text: self.text.clone(), reason }, self.span))
    }
}

/// `MAX A [eval=5] { … }`: an inner node.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// `MAX`, `min`, `CHANCE`, or a player name (resolved by validation).
    pub kind: Ident,
    pub name: Option<Ident>,
    pub attrs: Vec<Attr>,
    pub children: Vec<Child>,
    /// From the kind keyword to the end of the name (the caret's target).
    pub span: Span,
}

/// Dropped without recursion, so a deeply nested tree cannot overflow the
/// stack of whichever thread lets it go: the first node with inner
/// children takes every node below it apart with a stack on the heap.
impl Drop for Node {
    fn drop(&mut self) {
        if !self.children.iter().any(|c| matches!(c.item, Item::Node(_))) {
            return;
        }
        fn take(children: &mut Vec<Child>, below: &mut Vec<Node>) {
            for c in children.drain(..) {
                if let Item::Node(n) = c.item {
                    below.push(n);
                }
            }
        }
        let mut below: Vec<Node> = Vec::new();
        take(&mut self.children, &mut below);
        while let Some(mut n) = below.pop() {
            take(&mut n.children, &mut below);
        }
    }
}

/// `eval=5`, `key=p7`, `noisy` inside `[…]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Attr {
    pub key: Ident,
    pub value: Option<AttrValue>,
    pub span: Span,
}

/// The right-hand side of an attribute.
#[derive(Clone, Debug, PartialEq)]
pub enum AttrValue {
    /// `eval=5`, `eval=-1/2`
    Number(Number),
    /// `key=p7`, `key="pos 7"`
    Ident(Ident),
}

/// One child slot: `a1 -> 1/2: MIN B {…}`.
#[derive(Clone, Debug, PartialEq)]
pub struct Child {
    /// `a1 ->`
    pub label: Option<Ident>,
    /// `1/2:`
    pub prob: Option<Number>,
    pub item: Item,
    pub span: Span,
}

/// What stands in a child slot.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// An inner node written in place.
    Node(Node),
    /// `3`, `K=3`, `?`, `K=?`, `(1, 2, 6)`.
    Leaf(Leaf),
    /// `&B`: the same position as node `B`.
    Ref(Ident),
}

/// A terminal node.
#[derive(Clone, Debug, PartialEq)]
pub struct Leaf {
    pub name: Option<Ident>,
    pub value: LeafValue,
    pub span: Span,
}

/// A leaf's utility as written.
#[derive(Clone, Debug, PartialEq)]
pub enum LeafValue {
    /// `3`
    Number(Number),
    /// `(1, 2, 6)`
    Vector(Vec<Number>),
    /// `?`
    Unknown,
}

/// `expect alphabeta(order=best) { value 3 pruned C.2 }`.
#[derive(Clone, Debug, PartialEq)]
pub struct Expect {
    pub algorithm: Ident,
    pub options: Vec<ExpectOption>,
    pub items: Vec<ExpectItem>,
    pub span: Span,
}

/// `order=best`, `depth=2`, `strict-cuts` inside `expect ALGO(…)`.
#[derive(Clone, Debug, PartialEq)]
pub struct ExpectOption {
    pub key: Ident,
    /// The value's text, as it would be given on the command line.
    pub value: Option<Ident>,
    pub span: Span,
}

/// One hand-worked answer inside an `expect` block.
#[derive(Clone, Debug, PartialEq)]
pub enum ExpectItem {
    /// `value 3`, `value 7/3`, `value (1, 2, 6)`
    Value { value: ValueLit, span: Span },
    /// `best a1` (several with `ties=all`)
    Best { moves: Vec<Reference>, span: Span },
    /// `pv a1 B.1`
    Pv { refs: Vec<Reference>, span: Span },
    /// `values B=3 C=2`
    Values { pairs: Vec<(Reference, ValueLit)>, span: Span },
    /// `pruned C.2 C.3` (a set)
    Pruned { refs: Vec<Reference>, span: Span },
    /// `visited root 1 1.1` (a sequence)
    Visited { refs: Vec<Reference>, span: Span },
    /// `leaves 3 12 8` or `leaves K L M` (a sequence)
    Leaves { leaves: Vec<LeafRef>, span: Span },
    /// `stats nodes_visited=11 cutoffs=1`
    Stats { pairs: Vec<(Ident, Number)>, span: Span },
    /// `visited-set root B C.1` (a set)
    VisitedSet { refs: Vec<Reference>, span: Span },
    /// `windows C=(3, inf) D=[3, +inf]`
    Windows { pairs: Vec<(Reference, WindowLit)>, span: Span },
    /// `negamax-values B=-3 C=2`
    NegamaxValues { pairs: Vec<(Reference, Number)>, span: Span },
}

/// `(3, inf)`, `[2, 14]`: a window's bounds as written (`inf`, `+∞`, `−∞`
/// allowed). The text form always has two; the YAML form may give another
/// count, which resolution reports.
#[derive(Clone, Debug, PartialEq)]
pub struct WindowLit {
    pub bounds: Vec<Number>,
    pub span: Span,
}

impl ExpectItem {
    /// Where the item is written.
    pub fn span(&self) -> Span {
        match self {
            ExpectItem::Value { span, .. }
            | ExpectItem::Best { span, .. }
            | ExpectItem::Pv { span, .. }
            | ExpectItem::Values { span, .. }
            | ExpectItem::Pruned { span, .. }
            | ExpectItem::Visited { span, .. }
            | ExpectItem::Leaves { span, .. }
            | ExpectItem::Stats { span, .. }
            | ExpectItem::VisitedSet { span, .. }
            | ExpectItem::Windows { span, .. }
            | ExpectItem::NegamaxValues { span, .. } => *span,
        }
    }
}

/// A value in an answer: a number or a vector.
#[derive(Clone, Debug, PartialEq)]
pub enum ValueLit {
    Number(Number),
    Vector(Vec<Number>, Span),
}

/// A node reference: `C`, `2.3`, `root`, `C.2`, `a2`, `"B 1".2`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reference {
    pub segments: Vec<Segment>,
    pub span: Span,
}

/// One dotted part of a reference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Segment {
    /// A node name, an edge label, or `root`.
    Name(String),
    /// A 1-based child index.
    Index(u32),
}

/// One entry of `leaves`: a value or a leaf's name.
#[derive(Clone, Debug, PartialEq)]
pub enum LeafRef {
    Value(Number),
    Name(Ident),
}

/// `rubric { value 1 required  pruned 2 required partial }`: points for
/// `grade`, resolved by `check::grade::Rubric::from_ast`.
#[derive(Clone, Debug, PartialEq)]
pub struct Rubric {
    pub items: Vec<RubricItem>,
    /// The word `rubric` (the key `rubric` in YAML).
    pub span: Span,
}

/// `values 1 required [B C] C=2`: an item's points and rules.
#[derive(Clone, Debug, PartialEq)]
pub struct RubricItem {
    /// `value`, `best`, `pruned`, `leaves`, `values` or `windows`.
    pub key: Ident,
    pub points: Number,
    /// `required` (the word's span) with the nodes it lists, if any.
    pub required: Option<(Span, Vec<Reference>)>,
    /// `partial` (its span).
    pub partial: Option<Span>,
    /// `C=2`: nodes with points of their own.
    pub nodes: Vec<(Reference, Number)>,
    pub span: Span,
}

// ---------------------------------------------------------------------------
// Moving spans: the `expect` blocks and the rubric, parsed on their own from
// the text after the tree (`parse::parse_tail`), get spans into the whole
// text.

impl Ident {
    fn shift(&mut self, by: usize) {
        self.span = self.span.shifted(by);
    }
}

impl Number {
    fn shift(&mut self, by: usize) {
        self.span = self.span.shifted(by);
    }
}

impl Reference {
    fn shift(&mut self, by: usize) {
        self.span = self.span.shifted(by);
    }
}

impl ValueLit {
    fn shift(&mut self, by: usize) {
        match self {
            ValueLit::Number(n) => n.shift(by),
            ValueLit::Vector(ns, span) => {
                ns.iter_mut().for_each(|n| n.shift(by));
                *span = span.shifted(by);
            }
        }
    }
}

impl Expect {
    /// This block as written `by` bytes further into the text.
    pub fn shifted(mut self, by: usize) -> Expect {
        self.algorithm.shift(by);
        for o in &mut self.options {
            o.key.shift(by);
            if let Some(v) = &mut o.value {
                v.shift(by);
            }
            o.span = o.span.shifted(by);
        }
        self.items.iter_mut().for_each(|i| i.shift(by));
        self.span = self.span.shifted(by);
        self
    }
}

impl ExpectItem {
    fn shift(&mut self, by: usize) {
        match self {
            ExpectItem::Value { value, span } => {
                value.shift(by);
                *span = span.shifted(by);
            }
            ExpectItem::Best { moves: refs, span }
            | ExpectItem::Pv { refs, span }
            | ExpectItem::Pruned { refs, span }
            | ExpectItem::Visited { refs, span }
            | ExpectItem::VisitedSet { refs, span } => {
                refs.iter_mut().for_each(|r| r.shift(by));
                *span = span.shifted(by);
            }
            ExpectItem::Values { pairs, span } => {
                for (r, v) in pairs {
                    r.shift(by);
                    v.shift(by);
                }
                *span = span.shifted(by);
            }
            ExpectItem::Leaves { leaves, span } => {
                for l in leaves {
                    match l {
                        LeafRef::Value(n) => n.shift(by),
                        LeafRef::Name(i) => i.shift(by),
                    }
                }
                *span = span.shifted(by);
            }
            ExpectItem::Stats { pairs, span } => {
                for (i, n) in pairs {
                    i.shift(by);
                    n.shift(by);
                }
                *span = span.shifted(by);
            }
            ExpectItem::Windows { pairs, span } => {
                for (r, w) in pairs {
                    r.shift(by);
                    w.bounds.iter_mut().for_each(|n| n.shift(by));
                    w.span = w.span.shifted(by);
                }
                *span = span.shifted(by);
            }
            ExpectItem::NegamaxValues { pairs, span } => {
                for (r, n) in pairs {
                    r.shift(by);
                    n.shift(by);
                }
                *span = span.shifted(by);
            }
        }
    }
}

impl Rubric {
    /// This rubric as written `by` bytes further into the text.
    pub fn shifted(mut self, by: usize) -> Rubric {
        for item in &mut self.items {
            item.key.shift(by);
            item.points.shift(by);
            if let Some((span, refs)) = &mut item.required {
                *span = span.shifted(by);
                refs.iter_mut().for_each(|r| r.shift(by));
            }
            item.partial = item.partial.map(|s| s.shifted(by));
            for (r, n) in &mut item.nodes {
                r.shift(by);
                n.shift(by);
            }
            item.span = item.span.shifted(by);
        }
        self.span = self.span.shifted(by);
        self
    }
}
