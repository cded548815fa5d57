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
