//! CS188's game-tree test files (UC Berkeley's Pacman projects,
//! `multiagent/test_cases/q2/*.test`, class `GraphGameTreeTest`), read
//! as their autograder (`multiagentTestClasses.py`, `parseTreeProblem`)
//! reads them:
//!
//! ```text
//! class: "GraphGameTreeTest"
//! alg: "MinimaxAgent"
//! depth: "2"
//! num_agents: "2"
//! start_state: "a"
//! win_states: "d e"
//! lose_states: ""
//! successors: """
//! a Left b1
//! """
//! evaluation: """
//! c1 5.0
//! """
//! ```
//!
//! `key: "value"` on one line or `key: """` … `"""` over several; `#`
//! starts a comment line. Agent 0 (MAX) moves at the start state, then
//! agents 1 … n−1 (MIN; CHANCE when `alg` is `ExpectimaxAgent`), in turn;
//! `depth` counts full plies of all agents. A state is a leaf, valued by
//! `evaluation`, when it is a win or lose state, has no successors, or is
//! reached after `depth` × `num_agents` moves. States are node names,
//! actions edge labels. A state reached twice is refused (gametree reads
//! it as a tree). Read into spec text, then the text form's parser makes
//! the ast; every problem is a [`Diagnostic`] into the `.test` file.

use std::collections::{HashMap, HashSet};

use crate::diagnostic::{Diagnostic, DiagnosticKind, Span};
use crate::num::Num;

use super::ast::File;
use super::nested::word;

/// One `key: value` of a test file, with where its value starts.
struct Entry<'a> {
    value: &'a str,
    span: Span,
}

/// `expected …` at `span`.
fn bad(expected: String, span: Span) -> Diagnostic {
    invalid(format!("expected {expected}"), span)
}

fn invalid(why: String, span: Span) -> Diagnostic {
    Diagnostic::new(DiagnosticKind::Form { form: "CS188 test file", why }, span)
}

/// The `key: value` entries, in order.
fn entries(text: &str) -> Result<HashMap<&str, Entry<'_>>, Diagnostic> {
    let mut out = HashMap::new();
    let mut offset = 0;
    let mut lines = text.split_inclusive('\n');
    while let Some(raw) = lines.next() {
        let start = offset;
        offset += raw.len();
        let line = raw.trim_end_matches(['\n', '\r']);
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let Some((key, rest)) = line.split_once(':') else {
            return Err(bad("`key: \"value\"`".into(), Span::new(start, start + line.len().max(1))));
        };
        let key = key.trim();
        let rest_at = start + key.len() + 1 + (rest.len() - rest.trim_start().len());
        let rest = rest.trim();
        let entry = if rest == "\"\"\"" {
            let body_start = offset;
            let mut body_end = None;
            for raw in lines.by_ref() {
                let at = offset;
                offset += raw.len();
                if raw.trim_end_matches(['\n', '\r']) == "\"\"\"" {
                    body_end = Some(at);
                    break;
                }
            }
            let Some(end) = body_end else {
                return Err(bad("a closing `\"\"\"`".into(), Span::new(text.len(), text.len())));
            };
            Entry { value: &text[body_start..end], span: Span::new(body_start, end) }
        } else if rest.len() >= 2 && rest.starts_with('"') && rest.ends_with('"') {
            Entry { value: &rest[1..rest.len() - 1], span: Span::new(rest_at + 1, rest_at + rest.len() - 1) }
        } else {
            return Err(bad(
                "a quoted value `\"…\"` or `\"\"\"`".into(),
                Span::new(rest_at, rest_at + rest.len().max(1)),
            ));
        };
        out.insert(key, entry);
    }
    Ok(out)
}

/// The words of a value, each with its span.
fn words<'a>(e: &Entry<'a>) -> Vec<(&'a str, Span)> {
    let mut out = Vec::new();
    let base = e.span.start;
    let mut i = 0;
    for w in e.value.split_whitespace() {
        let at = e.value[i..].find(w).map_or(i, |k| i + k);
        out.push((w, Span::new(base + at, base + at + w.len())));
        i = at + w.len();
    }
    out
}

/// Lines of a multi-line value, each as words with spans.
fn rows<'a>(e: &Entry<'a>) -> Vec<Vec<(&'a str, Span)>> {
    let mut out = Vec::new();
    let mut at = e.span.start;
    for line in e.value.split_inclusive('\n') {
        let sub = Entry { value: line, span: Span::new(at, at + line.len()) };
        let ws = words(&sub);
        if !ws.is_empty() {
            out.push(ws);
        }
        at += line.len();
    }
    out
}

/// The tree of a `GraphGameTreeTest` file, as spec text.
pub fn to_spec(text: &str) -> Result<String, Diagnostic> {
    let entries = entries(text)?;
    let end = Span::new(text.len(), text.len());
    let need = |key: &str| entries.get(key).ok_or_else(|| bad(format!("a `{key}:` entry"), end));
    let int = |key: &str| -> Result<usize, Diagnostic> {
        let e = need(key)?;
        e.value
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| bad("a whole number, 1 or more".into(), e.span))
    };
    if let Some(class) = entries.get("class")
        && class.value != "GraphGameTreeTest"
    {
        return Err(bad("`GraphGameTreeTest` (the game-tree tests)".into(), class.span));
    }
    let (agents, depth) = (int("num_agents")?, int("depth")?);
    let expectimax = entries.get("alg").is_some_and(|a| a.value == "ExpectimaxAgent");
    let start = need("start_state")?;
    let start = (start.value.trim(), start.span);
    let terminal: HashSet<&str> = ["win_states", "lose_states"]
        .iter()
        .filter_map(|k| entries.get(k))
        .flat_map(|e| e.value.split_whitespace())
        .collect();
    let mut successors: HashMap<&str, Vec<(&str, &str, Span)>> = HashMap::new();
    for row in rows(need("successors")?) {
        let [(state, _), (action, _), (next, span)] = row[..] else {
            return Err(bad("`state action next_state`".into(), row[0].1.to(row[row.len() - 1].1)));
        };
        successors.entry(state).or_default().push((action, next, span));
    }
    let mut evaluation: HashMap<&str, &str> = HashMap::new();
    for row in rows(need("evaluation")?) {
        let [(state, _), (value, span)] = row[..] else {
            return Err(bad("`state value`".into(), row[0].1.to(row[row.len() - 1].1)));
        };
        Num::parse(value)
            .map_err(|reason| Diagnostic::new(DiagnosticKind::BadNumber { text: value.into(), reason }, span))?;
        evaluation.insert(state, value);
    }
    let title = format!(
        "CS188 GraphGameTreeTest ({}, depth {depth}, {agents} agents)",
        entries.get("alg").map_or("MinimaxAgent", |a| a.value)
    );
    let mut out = format!("title {}\n\n", word_quoted(&title));
    let mut seen: HashSet<&str> = HashSet::new();
    // Depth-first, with an explicit stack: (state, its span, the action
    // into it, moves from the start), or a closing brace at an indent.
    enum Step<'a> {
        Node(&'a str, Span, Option<&'a str>, usize),
        Close(usize),
    }
    let mut stack = vec![Step::Node(start.0, start.1, None, 0)];
    while let Some(step) = stack.pop() {
        let (state, span, action, ply) = match step {
            Step::Close(ply) => {
                out += &format!("{}}}\n", "  ".repeat(ply));
                continue;
            }
            Step::Node(s, span, a, p) => (s, span, a, p),
        };
        if !seen.insert(state) {
            return Err(invalid(format!("state `{state}` is reached twice; gametree reads a tree"), span));
        }
        let indent = "  ".repeat(ply);
        let label = action.map_or(String::new(), |a| format!("{} -> ", word(a)));
        let children = successors.get(state).filter(|_| !terminal.contains(state) && ply < depth * agents);
        let Some(children) = children else {
            let Some(value) = evaluation.get(state) else {
                return Err(invalid(format!("state `{state}` is a leaf here but has no `evaluation` line"), span));
            };
            out += &format!("{indent}{label}{}={value}\n", word(state));
            continue;
        };
        let kind = match ply % agents {
            0 => "MAX",
            _ if expectimax => "CHANCE",
            _ => "MIN",
        };
        out += &format!("{indent}{label}{kind} {} {{\n", word(state));
        stack.push(Step::Close(ply));
        for &(a, next, span) in children.iter().rev() {
            stack.push(Step::Node(next, span, Some(a), ply + 1));
        }
    }
    Ok(out)
}

fn word_quoted(text: &str) -> String {
    let w = word(text);
    if w.starts_with('"') { w } else { format!("\"{w}\"") }
}

/// The ast of a `GraphGameTreeTest` file.
pub fn read(text: &str) -> Result<File, Vec<Diagnostic>> {
    let spec = to_spec(text).map_err(|d| vec![d])?;
    super::parse::parse(&spec)
}
