//! `gametree draw`: a diagram of one algorithm's search, to stdout or `-o`.

use std::path::{Path as FsPath, PathBuf};

use clap::{Args, ValueEnum};

use gametree::draw::{Dot, DrawOptions, Figure, Html, Length, Scope, Shapes, Show, Size, Svg, Text, Tikz};
use gametree::search::{self, Algorithm};

use super::{ConventionArgs, Input, write_output};

#[derive(Args, Debug)]
pub(super) struct DrawArgs {
    /// The spec (`.tree`, or `.yaml`/`.yml`).
    file: PathBuf,
    /// The algorithm whose search is drawn (default: alphabeta if it
    /// applies, else expectiminimax, else maxn, else minimax).
    #[arg(short, long = "algorithm", value_name = "ALGO")]
    algorithm: Option<String>,
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

/// The default algorithm for a figure.
fn default_algorithm(game: &gametree::model::Game) -> Algorithm {
    let order = [Algorithm::Alphabeta, Algorithm::Expectiminimax, Algorithm::Maxn, Algorithm::Minimax];
    order.into_iter().find(|a| a.applies(game).is_ok()).unwrap_or(Algorithm::Minimax)
}

pub(super) fn draw(args: &DrawArgs) -> u8 {
    if args.steps && matches!(args.format, DrawFormat::Dot | DrawFormat::Text) {
        eprintln!("error: --steps needs --format tikz, svg or html (DOT and text draw the finished search)");
        return 2;
    }
    if args.steps && args.blank {
        eprintln!("error: --blank draws no search, so it has no steps");
        return 2;
    }
    if args.standalone && args.format != DrawFormat::Tikz {
        eprintln!("error: --standalone is for --format tikz (SVG and HTML are complete already)");
        return 2;
    }
    let Ok(input) = Input::read(&args.file) else { return 2 };
    let Ok(game) = input.game() else { return 2 };
    let trace = if args.blank && !args.cut_marks {
        None
    } else {
        let algorithm = match &args.algorithm {
            None => default_algorithm(&game),
            Some(name) => match Algorithm::from_name(name) {
                Some(a) => a,
                None => {
                    eprintln!("error: unknown algorithm `{name}`: expected one of {}", Algorithm::names().join(", "));
                    return 2;
                }
            },
        };
        match search::run(&game, algorithm, &args.conventions.options()) {
            Ok(t) => Some(t),
            Err(d) => {
                input.report(&[d]);
                return 2;
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
                return 2;
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
        return 2;
    }
    let figure = Figure::scoped(&game, trace.as_ref(), options(args), &Scope { subtree, size });
    if let Some(why) = figure.unreadable() {
        eprintln!("warning: {}: {why}", args.file.display());
    }
    let out = args.output.as_deref();
    match args.format {
        DrawFormat::Dot => write_output(out, &args.file, args.force, &Dot(&figure).to_string()),
        DrawFormat::Tikz => {
            let text = Tikz { figure: &figure, standalone: args.standalone }.to_string();
            write_output(out, &args.file, args.force, &text)
        }
        DrawFormat::Html => write_output(out, &args.file, args.force, &Html(&figure).to_string()),
        DrawFormat::Text => write_output(out, &args.file, args.force, &Text(&figure).to_string()),
        DrawFormat::Svg if !args.steps => {
            write_output(out, &args.file, args.force, &Svg { figure: &figure, frame: 0 }.to_string())
        }
        DrawFormat::Svg => frames(&figure, out, &args.file, args.force),
    }
}

/// Writes every frame as DIR/step-000.svg, step-001.svg, ….
fn frames(figure: &Figure, dir: Option<&FsPath>, input: &FsPath, force: bool) -> u8 {
    let Some(dir) = dir else {
        eprintln!("error: --steps --format svg writes one file per step: give a folder with -o");
        return 2;
    };
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("error: cannot create {}: {e}", dir.display());
        return 2;
    }
    let n = figure.frames.len();
    let names: Vec<PathBuf> = (0..n).map(|k| dir.join(format!("step-{k:03}.svg"))).collect();
    if !force && let Some(p) = names.iter().find(|p| p.exists()) {
        eprintln!("error: {} exists; pass --force to replace it", p.display());
        return 2;
    }
    for (k, path) in names.iter().enumerate() {
        let code = write_output(Some(path), input, true, &Svg { figure, frame: k }.to_string());
        if code != 0 {
            return code;
        }
    }
    eprintln!("wrote {n} frames to {}", dir.display());
    0
}
