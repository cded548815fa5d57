//! `gametree._gametree`: the Python binding, thin over the library. Each
//! function converts its arguments, calls the same library functions as
//! the command line, and hands back JSON text that `gametree/__init__.py`
//! turns into Python objects. No logic of its own: what the CLI's `--format
//! json` says, these say.
//!
//! Errors in a spec raise `gametree.SpecError` (a `ValueError`) with
//! `line`, `col` and the rendered diagnostic; an unknown keyword raises
//! `TypeError` naming it; the searches run with the GIL released.

use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use gametree::analysis::Analysis;
use gametree::check::generate::Constraints;
use gametree::check::grade::class::{Grader, Row};
use gametree::check::grade::{Rubric, render};
use gametree::check::spec::{self, Spec};
use gametree::diagnostic::{Diagnostic, DiagnosticKind, Source};
use gametree::draw::{Dot, DrawOptions, Figure, Html, Svg, Tikz};
use gametree::report::{AlgoReport, Report, exact, number};
use gametree::search::options::{OPTION_NAMES, Options};
use gametree::search::{self, Algorithm};

/// The command line, the same source as the `gametree` binary's: the
/// Python package's `gametree` command runs it.
#[path = "../../src/cli/mod.rs"]
#[allow(dead_code)]
mod cli;

create_exception!(
    _gametree,
    SpecError,
    PyValueError,
    "A spec (or answer file) with an error; `line`, `col` and `rendered` say where."
);

/// A spec's text and the name it goes by (its form is read off the name).
struct Input<'a> {
    name: &'a str,
    text: &'a str,
}

impl Input<'_> {
    /// `SpecError` for the first diagnostic, every one rendered.
    fn error(&self, diagnostics: &[Diagnostic]) -> PyErr {
        let source = Source { name: self.name, text: self.text };
        let rendered: String = diagnostics.iter().map(|d| source.render(d)).collect();
        let (line, col) = diagnostics.first().map_or((0, 0), |d| source.line_col(d.span.start));
        let message = diagnostics.first().map_or_else(String::new, |d| d.kind.to_string());
        Python::attach(|py| {
            let err = SpecError::new_err(format!("{}:{line}:{col}: {message}", self.name));
            let value = err.value(py);
            let _ = value.setattr("line", line);
            let _ = value.setattr("col", col);
            let _ = value.setattr("rendered", rendered);
            let _ = value.setattr("file", self.name);
            err
        })
    }

    fn spec(&self) -> PyResult<Spec> {
        spec::load(self.name, self.text).map_err(|ds| self.error(&ds))
    }
}

/// The options a call's keywords set, with the CLI's names (`strict_cuts`
/// for `--strict-cuts`); `True` turns a flag on.
fn options(kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Options> {
    let mut opts = Options::default();
    let Some(kwargs) = kwargs else { return Ok(opts) };
    for (key, value) in kwargs.iter() {
        let key: String = key.extract()?;
        let name = key.replace('_', "-");
        if !OPTION_NAMES.contains(&name.as_str()) {
            let known: Vec<String> = OPTION_NAMES.iter().map(|n| n.replace('-', "_")).collect();
            return Err(PyTypeError::new_err(format!(
                "unexpected keyword argument '{key}'; options are {}",
                known.join(", ")
            )));
        }
        if value.is_none() {
            continue;
        }
        let text = match value.extract::<bool>() {
            Ok(flag) if value.is_instance_of::<pyo3::types::PyBool>() => flag.to_string(),
            _ => value.str()?.to_string(),
        };
        opts.set(&name, Some(&text)).map_err(|why| PyValueError::new_err(format!("{key}={text}: {why}")))?;
    }
    Ok(opts)
}

fn algorithm(name: &str) -> PyResult<Algorithm> {
    Algorithm::from_name(name).ok_or_else(|| {
        PyValueError::new_err(format!("unknown algorithm '{name}'; expected one of {}", Algorithm::names().join(", ")))
    })
}

fn json(value: &impl serde::Serialize) -> PyResult<String> {
    serde_json::to_string(value).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// `solve`: one algorithm's report as JSON (the fields of one entry of
/// `solve --format json`'s `results`), or with `report="value"` only the
/// root value as JSON (a number, a vector, or `{"value": f, "value_exact": "p/q"}`).
#[pyfunction]
#[pyo3(signature = (spec, algorithm_name, name, report, trace, **kwargs))]
fn solve(
    py: Python<'_>,
    spec: &str,
    algorithm_name: &str,
    name: &str,
    report: &str,
    trace: bool,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let input = Input { name, text: spec };
    let opts = options(kwargs)?;
    let algorithm = algorithm(algorithm_name)?;
    let spec = input.spec()?;
    let game = &spec.game;
    let run = py.detach(|| search::run(game, algorithm, &opts)).map_err(|d| input.error(&[d]))?;
    match report {
        "value" => {
            let analysis = py.detach(|| Analysis::of(game, &run));
            let value = analysis.value();
            json(
                &serde_json::json!({ "value": value.as_ref().map(number), "value_exact": value.as_ref().and_then(exact) }),
            )
        }
        "full" => {
            let result = py.detach(|| if trace { AlgoReport::narrated(game, &run) } else { AlgoReport::of(game, run) });
            json(&result)
        }
        other => Err(PyValueError::new_err(format!("report must be 'full' or 'value', not '{other}'"))),
    }
}

/// `check`: every `expect` block, run and compared, as JSON.
#[pyfunction]
fn check(py: Python<'_>, spec: &str, name: &str) -> PyResult<String> {
    let input = Input { name, text: spec };
    let spec = input.spec()?;
    let source = Source { name, text: input.text };
    if !gametree::check::puzzle::unknowns(&spec.game).is_empty() {
        // A puzzle: it passes when some assignment over the declared
        // bounds meets every block, as `gametree check` says.
        let mut said = String::new();
        let solvable = py.detach(|| gametree::check::files::check_puzzle(&spec, &source, &mut said));
        let (passed, failed) = if solvable { (1, 0) } else { (0, 1) };
        let puzzle = serde_json::json!({"solvable": solvable, "message": said.trim_end()});
        return json(&serde_json::json!({"passed": passed, "failed": failed, "blocks": [], "puzzle": puzzle}));
    }
    let mut blocks = Vec::new();
    for e in &spec.expects {
        let (line, col) = source.line_col(e.span.start);
        let run = py.detach(|| search::run(&spec.game, e.algorithm, &e.options)).map_err(|d| input.error(&[d]))?;
        let mismatches = gametree::check::expect::check(&spec.game, e, &Analysis::of(&spec.game, &run));
        let mismatches: Vec<serde_json::Value> = mismatches
            .iter()
            .map(|m| {
                let (l, c) = source.line_col(m.span.start);
                serde_json::json!({"item": m.field, "line": l, "col": c, "expected": m.expected, "got": m.got, "detail": m.detail})
            })
            .collect();
        blocks.push(serde_json::json!({
            "algorithm": e.algorithm.to_string(),
            "options": e.options.describe(e.algorithm.uses_window()),
            "line": line,
            "col": col,
            "passed": mismatches.is_empty(),
            "mismatches": mismatches,
        }));
    }
    let passed = blocks.iter().filter(|b| b["passed"] == true).count();
    json(&serde_json::json!({"passed": passed, "failed": blocks.len() - passed, "blocks": blocks}))
}

/// `draw`: the diagram as text (`svg`, `tikz`, `dot`, `html`).
#[pyfunction]
#[pyo3(signature = (spec, name, format, algorithm_name, steps, standalone, **kwargs))]
#[allow(clippy::too_many_arguments)] // Python's keywords, one by one
fn draw(
    py: Python<'_>,
    spec: &str,
    name: &str,
    format: &str,
    algorithm_name: Option<&str>,
    steps: bool,
    standalone: bool,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let input = Input { name, text: spec };
    let opts = options(kwargs)?;
    let spec = input.spec()?;
    let game = &spec.game;
    let algorithm = match algorithm_name {
        Some(a) => algorithm(a)?,
        None => gametree::draw::default_algorithm(game),
    };
    let run = py.detach(|| search::run(game, algorithm, &opts)).map_err(|d| input.error(&[d]))?;
    let figure = Figure::new(game, Some(&run), DrawOptions { steps, ..DrawOptions::default() });
    Ok(match format {
        "svg" => Svg { figure: &figure, frame: figure.frames.len().saturating_sub(1) }.to_string(),
        "tikz" => Tikz { figure: &figure, standalone }.to_string(),
        "dot" => Dot(&figure).to_string(),
        "html" => Html(&figure).to_string(),
        other => return Err(PyValueError::new_err(format!("format must be svg, tikz, dot or html, not '{other}'"))),
    })
}

/// The spec's `title`, if it has one.
#[pyfunction]
fn title(spec: &str, name: &str) -> PyResult<Option<String>> {
    let input = Input { name, text: spec };
    Ok(input.spec()?.game.title().map(str::to_string))
}

/// Every applicable algorithm's report, as `solve --format json` writes it
/// (an algorithm that refuses the tree is skipped, as there).
#[pyfunction]
fn solve_all(py: Python<'_>, spec: &str, name: &str) -> PyResult<String> {
    let input = Input { name, text: spec };
    let spec = input.spec()?;
    let game = &spec.game;
    let algorithms = search::applicable(game);
    if algorithms.is_empty() {
        // Say why with minimax's own complaint (a `?` leaf, …), at its place.
        return Err(match search::run(game, Algorithm::Minimax, &Options::default()) {
            Err(d) => input.error(&[d]),
            Ok(_) => PyValueError::new_err(format!("no algorithm applies to {name}")),
        });
    }
    let runs: Vec<_> = py.detach(|| algorithms.iter().map(|&a| search::run(game, a, &Options::default())).collect());
    let mut results = Vec::new();
    for run in runs {
        match run {
            Ok(trace) => results.push(AlgoReport::of(game, trace)),
            Err(d) if matches!(d.kind, DiagnosticKind::NotApplicable { .. }) && !results.is_empty() => {}
            Err(d) => return Err(input.error(&[d])),
        }
    }
    json(&Report { title: game.title().map(str::to_string), results })
}

/// `grade`: answer files' texts against the spec, as `grade --format json`
/// writes them; a rubric's text (YAML) or the spec's own rubric, else the
/// default one. An answer that cannot be read is a row with its `error`.
#[pyfunction]
#[pyo3(signature = (spec, name, answers, rubric, algorithm_name=None, **kwargs))]
fn grade(
    py: Python<'_>,
    spec: &str,
    name: &str,
    answers: Vec<String>,
    rubric: Option<&str>,
    algorithm_name: Option<&str>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let input = Input { name, text: spec };
    let options = options(kwargs)?;
    let algorithm = algorithm_name.map(algorithm).transpose()?;
    let game = input.spec()?.game;
    let rubric = match rubric {
        Some(text) => {
            let rubric_input = Input { name: "rubric.yaml", text };
            Rubric::parse(&game, text).map_err(|d| rubric_input.error(&[d]))?
        }
        None => Rubric::declared(name, spec, &game).map_err(|ds| input.error(&ds))?.unwrap_or_default(),
    };
    let grader = Grader { game: &game, spec: Source { name, text: spec }, rubric: &rubric, algorithm, options };
    grader.search_applies().map_err(|d| input.error(&[d]))?;
    let rows: Vec<Row> = py.detach(|| {
        let many = answers.len() > 1;
        let file = |k: usize| if many { format!("answer-{}.yaml", k + 1) } else { "answer.yaml".to_string() };
        answers.iter().enumerate().flat_map(|(k, text)| grader.file(&file(k), text)).collect()
    });
    serde_json::to_string(&render::Json::new(&rows)).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// `run_cli(argv)`: the command line on `argv` (the program's name first);
/// returns the exit code. Runs on a thread with room for deep trees.
#[pyfunction]
fn run_cli(py: Python<'_>, argv: Vec<String>) -> u8 {
    py.detach(|| gametree::with_stack(gametree::stack::MAX_DEPTH, || cli::run_from(argv)))
}

/// The algorithm names, as the CLI's `-a` takes them.
#[pyfunction]
fn algorithms() -> Vec<&'static str> {
    Algorithm::names()
}

#[pymodule]
fn _gametree(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("SpecError", m.py().get_type::<SpecError>())?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(solve_all, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(draw, m)?)?;
    m.add_function(wrap_pyfunction!(title, m)?)?;
    m.add_function(wrap_pyfunction!(algorithms, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(grade, m)?)?;
    m.add_function(wrap_pyfunction!(run_cli, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}

/// `generate`: a new exam tree as spec text, with its answers.
#[pyfunction]
#[pyo3(signature = (*, depth=2, branching=3, range=(0, 10), chance=false, pruned=None, min_pruned=None, equality_case=false, root_tie=false, bounds=false, seed=1))]
#[allow(clippy::too_many_arguments)]
fn generate(
    depth: u32,
    branching: u32,
    range: (i64, i64),
    chance: bool,
    pruned: Option<usize>,
    min_pruned: Option<usize>,
    equality_case: bool,
    root_tie: bool,
    bounds: bool,
    seed: u64,
) -> PyResult<String> {
    if range.0 > range.1 {
        return Err(PyValueError::new_err(format!("range {}..{} is empty", range.0, range.1)));
    }
    let c = Constraints {
        depth,
        branching,
        range,
        chance,
        pruned,
        min_pruned,
        equality_case,
        root_tie,
        bounds,
        star2: false,
        seed,
    };
    gametree::check::generate::generate(&c, &c.command()).map_err(|e| PyValueError::new_err(e.to_string()))
}
