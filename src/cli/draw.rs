//! `gametree draw`: a diagram of one algorithm's search, to stdout or `-o`.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use gametree::draw::{
    Dot, DrawOptions, Figure, Html, Length, Scope, Shapes, Show, Size, Svg, Text, Tikz, default_algorithm,
};
use gametree::search::{self, Algorithm};

use super::args::{self, ConventionArgs};
use super::io::{Exit, Input, Output};

pub const EXAMPLES: &str = "\
Examples:
  gametree draw specs/aima-fig5-5.tree --format tikz --steps --standalone -o fig5-5.tex
  gametree draw specs/aima-fig5-5.tree --format html --steps -o fig5-5.html
  gametree draw specs/aima-fig5-2.tree -a minimax --format svg";

#[derive(Args, Debug)]
pub struct DrawArgs {
    /// The spec (`.tree`, or `.yaml`/`.yml`).
    file: PathBuf,
    /// The algorithm whose search is drawn (default: alphabeta if it
    /// applies, else expectiminimax, else maxn, else minimax).
    #[arg(short, long = "algorithm", value_name = "ALGO", value_parser = args::algorithm())]
    algorithm: Option<Algorithm>,
    #[arg(long, value_enum)]
    format: DrawFormat,
    /// One frame per step: beamer overlays (tikz), numbered files in the
    /// folder given by -o (svg), or one page with step controls (html).
    #[arg(long)]
    steps: bool,
    /// TikZ: a complete LaTeX document (beamer with --steps).
    #[arg(long)]
    standalone: bool,
    /// Node shapes: aima (▲ MAX, ▼ MIN, ○ CHANCE, □ leaf) or exam (square
    /// MAX, circle MIN, diamond CHANCE, triangle leaf).
    #[arg(long, value_enum, default_value_t = ShapesArg::Aima)]
    shapes: ShapesArg,
    /// For exam questions: the tree and its leaf values only, no answers
    /// (no search is run, so `?` leaves are fine).
    #[arg(long)]
    blank: bool,
    /// With --blank: draw the `//` on the edges the search prunes (and
    /// still no values), so students fill in the rest.
    #[arg(long, requires = "blank")]
    cut_marks: bool,
    /// Scale the picture to this width: cm, mm, pt, in (TikZ and SVG) or px
    /// (as in `12cm`). TikZ with --steps fits a 128 mm × 96 mm beamer frame
    /// by default.
    #[arg(long, value_name = "LEN", value_parser = Length::parse)]
    width: Option<Length>,
    /// Draw only the subtree at this node (a name or path, as in `B` or
    /// `2.1`); the search still runs on the whole tree.
    #[arg(long, value_name = "PATH")]
    subtree: Option<String>,
    /// What not to show (comma-separated).
    #[arg(long, value_enum, value_delimiter = ',', value_name = "WHAT")]
    hide: Vec<Part>,
    /// Write here instead of standard output (with --steps --format svg: a
    /// folder, which gets step-000.svg, step-001.svg, …).
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Replace existing output files.
    #[arg(long)]
    force: bool,
    #[command(flatten)]
    conventions: ConventionArgs,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq)]
enum DrawFormat {
    Dot,
    Tikz,
    Svg,
    Html,
    /// The tree in Unicode box characters, for terminals and plain text.
    Text,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum ShapesArg {
    Aima,
    Exam,
}

/// The parts of a figure `--hide` can switch off.
#[derive(ValueEnum, Clone, Copy, Debug)]
enum Part {
    Names,
    Values,
    Windows,
    Visits,
    Labels,
    Probs,
    Pv,
    Cuts,
}

fn options(args: &DrawArgs) -> DrawOptions {
    let mut show = match (args.blank, args.cut_marks) {
        (true, true) => Show::blank_with_cut_marks(),
        (true, false) => Show::blank(),
        _ => Show::default(),
    };
    for part in &args.hide {
        match part {
            Part::Names => show.names = false,
            Part::Values => show.values = false,
            Part::Windows => show.windows = false,
            Part::Visits => show.visits = false,
            Part::Labels => show.labels = false,
            Part::Probs => show.probs = false,
            Part::Pv => show.pv = false,
            Part::Cuts => show.cuts = false,
        }
    }
    let shapes = match args.shapes {
        ShapesArg::Aima => Shapes::Aima,
        ShapesArg::Exam => Shapes::Exam,
    };
    DrawOptions { shapes, show, steps: args.steps }
}

pub fn draw(args: &DrawArgs, out: &mut dyn Write) -> Exit {
    if args.steps && matches!(args.format, DrawFormat::Dot | DrawFormat::Text) {
        eprintln!("error: --steps needs --format tikz, svg or html (DOT and text draw the finished search)");
        return Ok(2);
    }
    if args.steps && args.blank {
        eprintln!("error: --blank draws no search, so it has no steps");
        return Ok(2);
    }
    if args.standalone && args.format != DrawFormat::Tikz {
        eprintln!("error: --standalone is for --format tikz (SVG and HTML are complete already)");
        return Ok(2);
    }
    let Ok(input) = Input::read(&args.file) else { return Ok(2) };
    let Ok(game) = input.game() else { return Ok(2) };
    let trace = if args.blank && !args.cut_marks {
        None
    } else {
        let algorithm = args.algorithm.unwrap_or_else(|| default_algorithm(&game));
        match search::run(&game, algorithm, &args.conventions.options()) {
            Ok(t) => Some(t),
            Err(d) => {
                input.report(&[d]);
                return Ok(2);
            }
        }
    };
    let subtree = match &args.subtree {
        None => None,
        Some(text) => match gametree::syntax::parse::parse_reference(text)
            .map_err(|d| d.kind.to_string())
            .and_then(|r| game.resolve(&r.segments))
        {
            Ok(p) => Some(p),
            Err(why) => {
                eprintln!("error: --subtree {text}: {why}");
                return Ok(2);
            }
        },
    };
    let size = match (&args.width, args.format) {
        (Some(len), _) => Size::Width(len.clone()),
        (None, DrawFormat::Tikz) if args.steps => Size::Beamer,
        _ => Size::Natural,
    };
    if args.width.is_some() && !matches!(args.format, DrawFormat::Tikz | DrawFormat::Svg | DrawFormat::Html) {
        eprintln!("error: --width is for --format tikz, svg or html (Graphviz and text size themselves)");
        return Ok(2);
    }
    let figure = Figure::scoped(&game, trace.as_ref(), options(args), &Scope { subtree, size });
    if let Some(why) = figure.unreadable() {
        eprintln!("warning: {}: {why}", args.file.display());
    }
    let output = Output { path: args.output.as_deref(), input: &args.file, force: args.force };
    match args.format {
        DrawFormat::Dot => output.write(out, &Dot(&figure).to_string()),
        DrawFormat::Tikz => output.write(out, &Tikz { figure: &figure, standalone: args.standalone }.to_string()),
        DrawFormat::Html => output.write(out, &Html(&figure).to_string()),
        DrawFormat::Text => output.write(out, &Text(&figure).to_string()),
        DrawFormat::Svg if !args.steps => output.write(out, &Svg { figure: &figure, frame: 0 }.to_string()),
        DrawFormat::Svg => frames(&figure, &output),
    }
}

/// Writes every frame as DIR/step-000.svg, step-001.svg, ….
fn frames(figure: &Figure, output: &Output) -> Exit {
    let Some(dir) = output.path else {
        eprintln!("error: --steps --format svg writes one file per step: give a folder with -o");
        return Ok(2);
    };
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("error: cannot create {}: {e}", dir.display());
        return Ok(2);
    }
    let n = figure.frames.len();
    let names: Vec<PathBuf> = (0..n).map(|k| dir.join(format!("step-{k:03}.svg"))).collect();
    if !output.force
        && let Some(p) = names.iter().find(|p| p.exists())
    {
        eprintln!("error: {} exists; pass --force to replace it", p.display());
        return Ok(2);
    }
    for (k, path) in names.iter().enumerate() {
        let file = Output { path: Some(path), input: output.input, force: true };
        let code = file.write(&mut std::io::sink(), &Svg { figure, frame: k }.to_string())?;
        if code != 0 {
            return Ok(code);
        }
    }
    eprintln!("wrote {n} frames to {}", dir.display());
    Ok(0)
}
