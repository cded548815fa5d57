//! Plain text: the tree drawn with Unicode box characters, for terminals
//! and plain-text exams. One line per node: the edge's move and
//! probability, the node's kind and name, its value, window and visit
//! number, and `//` with the cut's kind on a pruned edge. Reads the
//! figure's last frame, so it says what the other formats draw.
//!
//! ```text
//! MAX A  3  [α 3, β +∞]  #1
//! ├── a1: MIN B  3  [α −∞, β 3]  #2  *
//! │   ├── b1: 3  #3  *
//! │   └── b2: 12  #4
//! └── a2: MIN C  ≤ 2  [α 3, β +∞]  #6
//!     ├── c1: 2  #7
//!     └── // α  c2: 4  (not searched)
//! ```

use std::fmt;

use crate::model::NodeKind;

use super::Figure;
use super::frame::num;
use super::paint::cut_text;

/// A figure's last frame as a box-drawing tree.
pub struct Text<'a>(pub &'a Figure<'a>);

impl fmt::Display for Text<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fig = self.0;
        if let Some(t) = fig.game.title() {
            writeln!(f, "{}", t.replace('\n', " "))?;
        }
        if let Some((algo, conventions)) = &fig.algorithm {
            writeln!(f, "{algo} — {conventions}")?;
        }
        self.node(f, 0, "", "")?;
        let last = &fig.frames[fig.frames.len() - 1];
        if fig.opts.show.pv && last.nodes.iter().any(|s| s.pv) {
            writeln!(f, "(* on the principal variation)")?;
        }
        Ok(())
    }
}

impl Text<'_> {
    /// Node `i` after `lead` (its own connector), its children after `indent`.
    fn node(&self, f: &mut fmt::Formatter<'_>, i: usize, lead: &str, indent: &str) -> fmt::Result {
        writeln!(f, "{lead}{}", self.line(i))?;
        let children = &self.0.tree.nodes[i].children;
        for (k, &c) in children.iter().enumerate() {
            let last = k + 1 == children.len();
            let (lead, more) = if last { ("└── ", "    ") } else { ("├── ", "│   ") };
            self.node(f, c, &format!("{indent}{lead}"), &format!("{indent}{more}"))?;
        }
        Ok(())
    }

    fn line(&self, i: usize) -> String {
        let fig = self.0;
        let show = &fig.opts.show;
        let t = &fig.tree.nodes[i];
        let s = &fig.frames[fig.frames.len() - 1].nodes[i];
        let node = fig.game.node(t.id);
        let mut parts: Vec<String> = Vec::new();
        if let (Some(kind), true) = (s.cut, show.cuts) {
            parts.push(if show.marks_only { "//".into() } else { format!("// {}", cut_text(kind, fig.cuts)) });
        }
        let edge: Vec<String> = [t.label.clone().filter(|_| show.labels), t.prob.map(num).filter(|_| show.probs)]
            .into_iter()
            .flatten()
            .collect();
        let kind = match node.kind() {
            NodeKind::Max => Some("MAX".to_string()),
            NodeKind::Min => Some("MIN".to_string()),
            NodeKind::Chance => Some("CHANCE".to_string()),
            NodeKind::Player(p) => fig.game.players().get(p as usize).cloned(),
            NodeKind::Leaf => None,
        };
        let name = node.name().filter(|_| show.names).map(str::to_string);
        let edge = (!edge.is_empty()).then(|| format!("{}:", edge.join(" ")));
        let value = s.value.clone().filter(|_| !s.computed || show.values);
        // `a2: MIN C`, then the value; a leaf's value right after its move.
        let head: Vec<String> = match (kind, name) {
            (None, None) => edge.into_iter().chain(value).collect(),
            (kind, name) => {
                let head: Vec<String> = edge.into_iter().chain(kind).chain(name).collect();
                parts.push(head.join(" "));
                value.into_iter().collect()
            }
        };
        if !head.is_empty() {
            parts.push(head.join(" "));
        }
        if let (Some(w), true, false) = (s.window, show.windows, node.is_leaf()) {
            parts.push(format!("[α {}, β {}]", num(w.alpha), num(w.beta)));
        }
        if show.values {
            // A re-search, a table hit: the badges the other figures draw.
            parts.extend(s.research.then(|| "re".to_string()).into_iter().chain(s.tt.clone()));
        }
        if let (Some(v), true) = (s.visit, show.visits) {
            parts.push(format!("#{v}"));
        }
        if s.grey && show.cuts && !show.marks_only {
            parts.push("(not searched)".into());
        }
        if s.pv && show.pv && i != 0 {
            parts.push("*".into());
        }
        parts.join("  ")
    }
}
