//! Graphviz DOT: the tree with the final values, windows, visit numbers and
//! cut marks; Graphviz does the layout. Each node's edges are listed right
//! after it, in child order, and `ordering=out` keeps them so.

use std::fmt;

use crate::model::NodeKind;
use crate::search::trace::CutKind;

use super::escape::DotText;
use super::frame::num;
use super::{Figure, Shapes};

/// A figure's last frame as a DOT digraph.
pub struct Dot<'a>(pub &'a Figure<'a>);

const ALPHA: &str = "#C0392B";
const BETA: &str = "#1F5FAD";
const GREY: &str = "#B4B4B4";

impl fmt::Display for Dot<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fig = self.0;
        let show = fig.opts.show;
        let Some(frame) = fig.frames.last() else { return Ok(()) };
        let title = &super::caption::title(fig.game.title().unwrap_or("game tree"));
        writeln!(f, "digraph \"{}\" {{", DotText(title))?;
        writeln!(f, "  ordering=out;")?;
        let mut heading = title.to_string();
        if let Some((algo, _)) = &fig.algorithm {
            heading += &format!("\n{algo}");
        }
        writeln!(
            f,
            "  graph [fontname=\"DejaVu Sans\", labelloc=t, label=\"{}\", nodesep=0.3, ranksep=0.7];",
            DotText(&heading)
        )?;
        writeln!(
            f,
            "  node [fontname=\"DejaVu Sans\", fontsize=12, style=filled, fillcolor=white, width=0.45, height=0.4, fixedsize=false];"
        )?;
        writeln!(f, "  edge [fontname=\"DejaVu Sans\", fontsize=10, arrowhead=none];")?;
        for (i, t) in fig.tree.nodes.iter().enumerate() {
            let s = &frame.nodes[i];
            let node = fig.game.node(t.id);
            let shape = match (fig.opts.shapes, node.kind()) {
                (Shapes::Aima, NodeKind::Max) => "triangle",
                (Shapes::Aima, NodeKind::Min) => "invtriangle",
                (Shapes::Aima, NodeKind::Chance) => "circle",
                (Shapes::Aima, NodeKind::Leaf) => "box",
                (Shapes::Exam, NodeKind::Max) => "box",
                (Shapes::Exam, NodeKind::Min) => "circle",
                (Shapes::Exam, NodeKind::Chance) => "diamond",
                (Shapes::Exam, NodeKind::Leaf) => "triangle",
                (_, NodeKind::Player(_)) => "box",
            };
            let value = s.value.clone().filter(|_| !s.computed || show.values).unwrap_or_default();
            let mut x: Vec<String> = Vec::new();
            let mut head = Vec::new();
            if let (Some(name), true) = (node.name(), show.names) {
                head.push(name.to_string());
            }
            if let NodeKind::Player(p) = node.kind() {
                head.push(format!("({})", fig.game.players().get(p as usize).cloned().unwrap_or_default()));
            }
            if let (Some(v), true) = (s.visit, show.visits) {
                head.push(format!("#{v}"));
            }
            if !head.is_empty() {
                x.push(head.join(" "));
            }
            if let (Some(w), true, false) = (s.window, show.windows, t.children.is_empty()) {
                x.push(format!("α={} β={}", num(w.alpha), num(w.beta)));
            }
            let grey = s.grey && show.cuts;
            write!(f, "  \"{}\" [shape={shape}, label=\"{}\"", t.path, DotText(&value))?;
            if !x.is_empty() {
                write!(f, ", xlabel=\"{}\"", DotText(&x.join("\n")))?;
            }
            if grey {
                write!(f, ", color=\"{GREY}\", fontcolor=\"{GREY}\"")?;
            }
            writeln!(f, "];")?;
            for &c in &t.children {
                self.edge(f, i, c)?;
            }
        }
        writeln!(f, "}}")
    }
}

impl Dot<'_> {
    fn edge(&self, f: &mut fmt::Formatter<'_>, parent: usize, child: usize) -> fmt::Result {
        let fig = self.0;
        let show = fig.opts.show;
        let Some(frame) = fig.frames.last() else { return Ok(()) };
        let (t, s) = (&fig.tree.nodes[child], &frame.nodes[child]);
        let mut label: Vec<String> = Vec::new();
        if let (Some(l), true) = (&t.label, show.labels) {
            label.push(l.clone());
        }
        if let (Some(p), true) = (t.prob, show.probs) {
            label.push(num(p));
        }
        let mut attrs: Vec<String> = Vec::new();
        match (s.cut, show.cuts) {
            (Some(kind), true) => {
                let (le, ge) = (fig.cuts.alpha_symbol(), fig.cuts.beta_symbol());
                let (c, word) = match kind {
                    CutKind::Alpha => (ALPHA, "// α-cut".to_string()),
                    CutKind::Beta => (BETA, "// β-cut".to_string()),
                    CutKind::Chance { high: false } => (ALPHA, format!("// chance cut ({le} α)")),
                    CutKind::Chance { high: true } => (BETA, format!("// chance cut ({ge} β)")),
                    CutKind::Shallow => (BETA, "// shallow cut".to_string()),
                };
                // Worded on the first edge its cut pruned only (as in the
                // other formats): neighbouring pruned edges' words collide.
                if s.first_cut {
                    label.push(word);
                }
                attrs.push(format!("color=\"{c}:#FFFFFF:{c}\", fontcolor=\"{c}\""));
            }
            _ if s.grey && show.cuts => attrs.push(format!("color=\"{GREY}\", fontcolor=\"{GREY}\"")),
            _ => {}
        }
        if s.pv && show.pv {
            attrs.push("penwidth=3".into());
        }
        if t.transposition {
            attrs.push("style=dashed".into());
        }
        if !label.is_empty() {
            attrs.insert(0, format!("label=\"{}\"", DotText(&label.join(" "))));
        }
        let attrs = if attrs.is_empty() { String::new() } else { format!(" [{}]", attrs.join(", ")) };
        writeln!(f, "  \"{}\" -> \"{}\"{attrs};", fig.tree.nodes[parent].path, t.path)
    }
}
