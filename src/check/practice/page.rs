//! The practice page: one self-contained HTML file (inline SVG, CSS, script
//! and data; no URL of any kind, so it works offline). Each problem is the
//! bare tree with every edge and leaf a toggle button (click, Space or
//! Enter) that marks it pruned, a box for each inner node's value, the
//! convention switch, "Check" (the first divergence, `grade`'s words, read
//! off the embedded steps by `practice.js`) and "Show solution" (the
//! `draw --format html --steps` stepper of that convention, in a frame).

use std::fmt::Write;

use serde_json::json;

use super::{Convention, Problem, problem_data};
use crate::draw::{DrawOptions, Figure, Html, Show, XmlText, svg_element, svg_open_tag};

const STYLE: &str = include_str!("practice.css");
const SCRIPT: &str = include_str!("practice.js");

/// The whole page for `problems`.
pub fn page(title: &str, problems: &[Problem]) -> Result<String, String> {
    let mut data = Vec::new();
    let mut body = String::new();
    for (k, p) in problems.iter().enumerate() {
        let mut value = serde_json::to_value(problem_data(&p.game)?).map_err(|e| e.to_string())?;
        for (c, slot) in
            Convention::all(&p.game).into_iter().zip(value["conventions"].as_array_mut().into_iter().flatten())
        {
            slot["solution"] = json!(solution(p, c)?);
        }
        data.push(value);
        section(&mut body, k, p);
    }
    // `</` inside a script element would end it: JSON lets `/` be escaped.
    let data = serde_json::to_string(&data).map_err(|e| e.to_string())?.replace("</", "<\\/");
    let mut out = String::new();
    let _ = writeln!(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">");
    let _ = writeln!(out, "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">");
    let _ = writeln!(out, "<title>{}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>", XmlText(title));
    let _ = writeln!(out, "<h1>{}</h1>", XmlText(title));
    let _ = writeln!(
        out,
        "<p class=\"intro\">Run alpha-beta by hand, left to right. Click an edge or a leaf (or Tab to it and press \
         Space) to mark it pruned: mark only the topmost pruned edges. Write the value each searched inner node \
         returns. <b>Check</b> (or Enter in a box) names the first step where your search leaves the real one, in the words of \
         <code>gametree grade</code>.</p>"
    );
    out += &body;
    let _ = writeln!(out, "<script type=\"application/json\" id=\"practice-data\">{data}</script>");
    let _ = writeln!(out, "<script>\n{SCRIPT}</script>\n</body>\n</html>");
    Ok(out)
}

/// The stepper of the search under `c`, a page of its own.
fn solution(p: &Problem, c: Convention) -> Result<String, String> {
    let trace = c.search(&p.game)?;
    let fig = Figure::new(&p.game, Some(&trace), DrawOptions { steps: true, ..DrawOptions::default() });
    Ok(Html(&fig).to_string())
}

fn section(out: &mut String, k: usize, p: &Problem) {
    let id = format!("p{}", k + 1);
    let fig = Figure::new(&p.game, None, DrawOptions { show: Show::blank(), ..DrawOptions::default() });
    let _ = writeln!(out, "<section class=\"problem\" id=\"{id}\" data-problem=\"{k}\" aria-labelledby=\"{id}-h\">");
    let _ = writeln!(out, "<h2 id=\"{id}-h\">{}</h2>", XmlText(&p.title));
    conventions(out, &id, p);
    let _ = writeln!(out, "<div class=\"figure\">\n{}", svg_open_tag(&fig, false));
    let _ = writeln!(out, "<title>{} (click edges or leaves to mark them pruned)</title>", XmlText(&p.title));
    for item in fig.paint(0) {
        let _ = writeln!(out, "{}", svg_element(&item.mark));
    }
    toggles(out, &fig);
    let _ = writeln!(out, "</svg>\n</div>");
    let _ = writeln!(out, "<div class=\"values\" role=\"group\" aria-label=\"values of the inner nodes\">");
    for (i, t) in fig.tree.nodes.iter().enumerate() {
        if p.game.node(t.id).is_leaf() {
            continue;
        }
        let name = crate::analysis::reference(&p.game, &t.path);
        let kind = p.game.node(t.id).kind().word().to_uppercase();
        let _ = writeln!(
            out,
            "<label>{} <small>{kind}</small> <input type=\"text\" inputmode=\"numeric\" size=\"4\" data-node=\"{i}\" aria-label=\"value of {} ({kind})\"></label>",
            XmlText(&name),
            XmlText(&name)
        );
    }
    let _ = writeln!(out, "</div>");
    let _ = writeln!(
        out,
        "<div class=\"actions\"><button type=\"button\" class=\"check\">Check</button> \
         <button type=\"button\" class=\"show\" aria-expanded=\"false\">Show solution</button> \
         <button type=\"button\" class=\"clear\">Clear</button></div>"
    );
    let _ = writeln!(out, "<p class=\"feedback\" role=\"status\" aria-live=\"polite\"></p>");
    let _ = writeln!(out, "<div class=\"solution\" hidden></div>\n</section>");
}

/// The convention switch: when a node cuts, and (only when the tree
/// declares bounds) whether they are the root window.
fn conventions(out: &mut String, id: &str, p: &Problem) {
    let _ = writeln!(out, "<fieldset class=\"convention\"><legend>Convention</legend>");
    let _ = writeln!(
        out,
        "<label><input type=\"radio\" name=\"{id}-cut\" value=\"equality\" checked> cut when v ≥ β (MAX) or v ≤ α (MIN), as AIMA</label>"
    );
    let _ = writeln!(
        out,
        "<label><input type=\"radio\" name=\"{id}-cut\" value=\"strict\"> cut only when v &gt; β or v &lt; α (strict, as CS188)</label>"
    );
    if let Some((lo, hi)) = p.game.bounds() {
        let _ = writeln!(
            out,
            "<label><input type=\"checkbox\" class=\"bounds\" checked> start from the declared bounds ({}, {}) instead of (−∞, +∞)</label>",
            lo.pretty(),
            hi.pretty()
        );
    }
    let _ = writeln!(out, "</fieldset>");
}

/// A toggle on every edge (a wide transparent stroke, and the `//` mark it
/// shows when pressed) and on every leaf.
fn toggles(out: &mut String, fig: &Figure) {
    let pos = &fig.layout.pos;
    let px = |x: f64| format!("{:.1}", x);
    for (i, t) in fig.tree.nodes.iter().enumerate() {
        let Some(parent) = t.parent else { continue };
        let ((x1, y1), (x2, y2)) = (pos[parent], pos[i]);
        let name = crate::analysis::describe(fig.game, &t.path);
        let (mx, my) = (x1 + 0.6 * (x2 - x1), y1 + 0.6 * (y2 - y1));
        let len = ((x2 - x1).powi(2) + (y2 - y1).powi(2)).sqrt().max(1.0);
        // Two short strokes across the edge, past its middle: `//`.
        let (ux, uy) = ((x2 - x1) / len, (y2 - y1) / len);
        let (nx, ny) = (-uy * 9.0, ux * 9.0);
        let _ = writeln!(
            out,
            "<g class=\"toggle edge\" data-node=\"{i}\" role=\"button\" tabindex=\"0\" aria-pressed=\"false\" aria-label=\"edge to {}: pruned\">",
            XmlText(&name)
        );
        let _ = writeln!(
            out,
            "<line class=\"hit\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
            px(x1),
            px(y1),
            px(x2),
            px(y2)
        );
        for d in [-4.0, 4.0] {
            let (cx, cy) = (mx + ux * d, my + uy * d);
            let _ = writeln!(
                out,
                "<line class=\"mark\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
                px(cx - nx + ux * 3.0),
                px(cy - ny + uy * 3.0),
                px(cx + nx - ux * 3.0),
                px(cy + ny - uy * 3.0)
            );
        }
        let _ = writeln!(out, "</g>");
        if fig.game.node(t.id).is_leaf() {
            let (x, y) = pos[i];
            let _ = writeln!(
                out,
                "<rect class=\"toggle leaf\" data-node=\"{i}\" role=\"button\" tabindex=\"-1\" aria-pressed=\"false\" aria-label=\"leaf {}: pruned\" x=\"{}\" y=\"{}\" width=\"32\" height=\"28\" rx=\"4\"/>",
                XmlText(&name),
                px(x - 16.0),
                px(y - 14.0)
            );
        } else {
            let (x, y) = pos[i];
            let _ = writeln!(
                out,
                "<text class=\"typed\" data-node=\"{i}\" x=\"{}\" y=\"{}\" font-size=\"13\"></text>",
                px(x + 16.0),
                px(y - 12.0)
            );
        }
    }
    let (x, y) = pos[0];
    let _ = writeln!(
        out,
        "<text class=\"typed\" data-node=\"0\" x=\"{}\" y=\"{}\" font-size=\"13\"></text>",
        px(x + 16.0),
        px(y - 12.0)
    );
}
