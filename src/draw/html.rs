//! HTML: one self-contained page (inline SVG, inline CSS and script, no
//! URL of any kind, so it works offline). With steps, every SVG element
//! carries the frames it belongs to (`data-k="0-3,5"`) and the page steps
//! through them with buttons, a slider, the arrow keys, or `#step=N` in
//! the address.

use std::fmt;

use super::escape::{XmlText, n};
use super::svg::{describe, element, open_tag};
use super::{Figure, Shapes, ranges};
use crate::search::trace::CutKind;

/// A figure as an HTML page.
pub struct Html<'a>(pub &'a Figure<'a>);

const STYLE: &str = "body{font-family:system-ui,'DejaVu Sans',Arial,sans-serif;margin:1.5em auto;max-width:70em;padding:0 1em;color:#222}
h1{font-size:1.4em;margin:0 0 .2em}
.meta{color:#555;margin:0 0 1em;font-size:.95em}
.figure svg{height:auto;display:block;margin:0 auto}
.controls{display:flex;gap:.8em;align-items:center;justify-content:center;margin:1em 0;font-size:1.05em}
.controls button{font-size:1em;padding:.3em .9em;cursor:pointer}
.controls input{flex:1;max-width:30em}
.legend{color:#555;font-size:.9em;text-align:center}
.alpha{color:#C0392B;font-weight:bold}.beta{color:#1F5FAD;font-weight:bold}";

const SCRIPT: &str = "(function(){
var els=[].slice.call(document.querySelectorAll('[data-k]'));
var sets=els.map(function(e){return e.getAttribute('data-k').split(',').map(function(r){var p=r.split('-');return [+p[0],+(p[1]||p[0])];});});
var slider=document.getElementById('slider'),count=document.getElementById('count');
var n=+slider.max+1,k=0;
var status=document.getElementById('status'),caps=[].slice.call(document.querySelectorAll('#captions li'));
function show(j){
  k=Math.max(0,Math.min(n-1,j|0));
  els.forEach(function(e,i){var on=sets[i].some(function(r){return k>=r[0]&&k<=r[1];});e.style.display=on?'':'none';});
  slider.value=k;count.textContent='step '+k+' of '+(n-1);document.body.setAttribute('data-step',k);
  if(caps[k])status.textContent=caps[k].textContent;
  if(location.hash!=='#step='+k){try{history.replaceState(null,'','#step='+k);}catch(e){}}
}
function fromHash(){var m=/step=(\\d+)/.exec(location.hash);return m?+m[1]:0;}
document.getElementById('prev').onclick=function(){show(k-1);};
document.getElementById('next').onclick=function(){show(k+1);};
slider.oninput=function(){show(+slider.value);};
document.addEventListener('keydown',function(e){
  if(e.key==='ArrowRight'||e.key==='PageDown'){show(k+1);e.preventDefault();}
  else if(e.key==='ArrowLeft'||e.key==='PageUp'){show(k-1);e.preventDefault();}
  else if(e.key==='Home'){show(0);}else if(e.key==='End'){show(n-1);}
});
window.addEventListener('hashchange',function(){show(fromHash());});
show(fromHash());
})();";

impl fmt::Display for Html<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fig = self.0;
        let all = fig.frames.len();
        let title = &super::caption::title(fig.game.title().unwrap_or("Game tree"));
        writeln!(f, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">")?;
        writeln!(f, "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")?;
        writeln!(f, "<title>{}</title>\n<style>\n{STYLE}", XmlText(title))?;
        // Larger than life on a screen, never wider than the window.
        writeln!(f, ".figure svg{{width:100%;max-width:{}px}}\n</style>\n</head>\n<body>", n(fig.width * 1.5))?;
        writeln!(f, "<h1>{}</h1>", XmlText(title))?;
        if let Some((algo, conventions)) = &fig.algorithm {
            writeln!(f, "<p class=\"meta\">{} — {}</p>", XmlText(algo.name()), XmlText(conventions))?;
        }
        if all > 1 {
            writeln!(
                f,
                "<div class=\"controls\"><button id=\"prev\" title=\"previous step (←)\" aria-keyshortcuts=\"ArrowLeft\">◀ previous</button>"
            )?;
            writeln!(
                f,
                "<input id=\"slider\" type=\"range\" min=\"0\" max=\"{}\" value=\"0\" aria-label=\"step\">",
                all - 1
            )?;
            writeln!(
                f,
                "<button id=\"next\" title=\"next step (→)\" aria-keyshortcuts=\"ArrowRight\">next ▶</button><span id=\"count\">step 0 of {}</span></div>",
                all - 1
            )?;
        }
        if all > 1 {
            // Read out at each step (aria-live); the list holds every step's words.
            writeln!(f, "<p id=\"status\" class=\"legend\" role=\"status\" aria-live=\"polite\"></p>")?;
            writeln!(f, "<ol id=\"captions\" hidden>")?;
            for k in 0..all {
                writeln!(f, "<li>{}</li>", XmlText(&describe(fig, k)))?;
            }
            writeln!(f, "</ol>")?;
        }
        writeln!(f, "<div class=\"figure\">\n{}", open_tag(fig, false))?;
        writeln!(f, "<title>{}</title>", XmlText(title))?;
        for (el, frames) in fig.timeline(element) {
            if frames.len() == all {
                writeln!(f, "{el}")?;
                continue;
            }
            let at = el.find(' ').unwrap_or(el.len());
            let hidden = if frames.first() == Some(&0) { "" } else { " style=\"display:none\"" };
            writeln!(f, "{} data-k=\"{}\"{hidden}{}", &el[..at], ranges(&frames, 0), &el[at..])?;
        }
        writeln!(f, "</svg>\n</div>")?;
        writeln!(f, "<p class=\"legend\">{}</p>", legend(fig))?;
        if all > 1 {
            writeln!(f, "<script>\n{SCRIPT}\n</script>")?;
        }
        writeln!(f, "</body>\n</html>")
    }
}

fn legend(fig: &Figure) -> String {
    let shapes = match fig.opts.shapes {
        Shapes::Aima => "▲ MAX · ▼ MIN · ○ CHANCE · □ leaf",
        Shapes::Exam => "□ MAX · ○ MIN · ◇ CHANCE · △ leaf",
    };
    let mut parts = vec![shapes.to_string()];
    let show = &fig.opts.show;
    if show.cuts {
        let (le, ge) = (fig.cuts.alpha_symbol(), fig.cuts.beta_symbol());
        parts.push(format!(
            "<span class=\"alpha\">// α</span> α-cut (MIN node, v {le} α) · <span class=\"beta\">// β</span> β-cut (MAX node, v {ge} β)"
        ));
        if fig.shows_cut(CutKind::Chance { high: false }) {
            parts.push(format!(
                "<span class=\"alpha\">Σ{le}α</span> / <span class=\"beta\">Σ{ge}β</span> chance-branch cut (even with the best outcomes left the CHANCE node's expected value stays {le} α; with the worst, {ge} β)"
            ));
        }
        if fig.shows_cut(CutKind::Shallow) {
            parts.push("<span class=\"beta\">shallow</span> Korf's shallow cut (the parent's player already has more than this node can leave it, with the scores' sum)".into());
        }
        parts.push("grey: not searched".into());
    }
    if show.visits {
        parts.push("small numbers: visit order".into());
    }
    if show.pv {
        parts.push("bold edges: principal variation".into());
    }
    if fig.tree.nodes.iter().any(|t| t.transposition) {
        parts.push("dashed edge: a transposition (&amp;B), drawn again in full".into());
    }
    parts.join(" · ")
}
