// The body of the `grade_answer` fuzz target, shared with
// `tests/grade_fuzz.rs` (which runs it as a proptest over random bytes when
// `cargo fuzz` cannot run): any bytes, read as an answer file against every
// spec in `specs/`, graded item by item with the first divergence, the
// conventions it is right under, its text and its CSV row. Nothing may
// panic; a bad answer file is an `Err` diagnostic that points inside it.

/// Every top-level spec in `specs/` that grade accepts (no `?` leaves).
fn shipped_specs() -> Vec<gametree::model::Game> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(GRADE_SPECS);
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().filter_map(|e| e.ok()).map(|e| e.path()).collect();
    files.sort();
    files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "tree"))
        .filter_map(|p| {
            let text = std::fs::read_to_string(p).ok()?;
            let spec = gametree::check::spec::load(&p.display().to_string(), &text).ok()?;
            gametree::check::puzzle::unknowns(&spec.game).is_empty().then_some(spec.game)
        })
        .collect()
}

/// Grades `data` as an answer file against `game`.
fn grade_bytes(game: &gametree::model::Game, data: &[u8]) {
    use gametree::check::{answer, grade};
    let Ok(text) = std::str::from_utf8(data) else { return };
    let answers = match answer::parse(game, text) {
        Ok(a) => a,
        Err(d) => {
            // At most one past the end: a caret after the last character.
            assert!(d.span.start <= d.span.end && d.span.start <= text.len(), "{d:?} in {text:?}");
            return;
        }
    };
    let rubric = grade::Rubric::default();
    for entry in &answers {
        let a = match &entry.answer {
            Ok(a) => a,
            Err(d) => {
                assert!(d.span.start <= d.span.end && d.span.end <= text.len() + 1, "{d:?} in {text:?}");
                continue;
            }
        };
        let algorithm = grade::algorithm_for(game, a, None);
        let opts = gametree::search::options::Options::default();
        if let Ok(g) = grade::grade(game, a, "fuzz", algorithm, &opts, &rubric) {
            assert!(g.score <= g.out_of + 1e-9);
            assert!(!(g.first_divergence.is_some() && g.all_right()), "{g:?}");
            let _ = g.to_string();
        }
    }
}
