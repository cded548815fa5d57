//! Grading a class of 1,000 answer files, as `gametree grade SPEC FOLDER`
//! does: the sample class (`tests/fixtures/class/`, right, partly right,
//! malformed, slide notation…) copied round-robin into 1,000 files in a
//! temporary folder, graded against `tests/fixtures/class.tree`.
//!
//! ```text
//! cargo bench --bench grade
//! ```
//!
//! Prints the best of five runs of (1) the library alone (parse, grade,
//! CSV) on texts already in memory and (2) the release binary end to end
//! (`grade SPEC FOLDER --format csv`, reading the files).

use std::hint::black_box;
use std::time::{Duration, Instant};

use gametree::check::grade::Rubric;
use gametree::check::grade::class::Grader;
use gametree::check::grade::render;
use gametree::diagnostic::Source;
use gametree::search::options::Options;

const FILES: usize = 1000;
const SPEC: &str = "tests/fixtures/class.tree";
const CLASS: [&str; 7] = ["ana", "ben", "cy", "dee", "eli", "fay", "late/ana"];

fn best(runs: usize, mut f: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn main() {
    let root = env!("CARGO_MANIFEST_DIR");
    let spec = std::fs::read_to_string(format!("{root}/{SPEC}")).unwrap();
    let game = gametree::load(SPEC, &spec).unwrap();
    let dir = std::env::temp_dir().join(format!("gametree-bench-grade-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut texts = Vec::with_capacity(FILES);
    for i in 0..FILES {
        let from = CLASS[i % CLASS.len()];
        let text = std::fs::read_to_string(format!("{root}/tests/fixtures/class/{from}.yaml")).unwrap();
        let name = format!("student{i:04}.yaml");
        std::fs::write(dir.join(&name), &text).unwrap();
        texts.push((name, text));
    }
    let rubric = Rubric::default();
    let grader = Grader {
        game: &game,
        spec: Source { name: SPEC, text: &spec },
        rubric: &rubric,
        algorithm: None,
        options: Options::default(),
    };
    let library = best(5, || {
        let rows: Vec<_> = texts.iter().flat_map(|(name, text)| grader.file(name, text)).collect();
        black_box(render::csv(&rows));
    });
    let binary = env!("CARGO_BIN_EXE_gametree");
    let end_to_end = best(5, || {
        let out = std::process::Command::new(binary)
            .args(["grade", &format!("{root}/{SPEC}"), dir.to_str().unwrap(), "--format", "csv"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), FILES + 1);
    });
    println!(
        "grade {FILES} answer files: library {library:.1?}, end to end (grade SPEC FOLDER --format csv) {end_to_end:.1?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
