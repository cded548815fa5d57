//! The limit program as a process of its own, to time beside `gametree
//! solve` the way a user does (whole processes, each reading the file):
//!
//! ```text
//! rustc -O --edition 2024 benches/matrix/limit_process.rs -o target/limit
//! target/limit tree.tree
//! target/limit tree.yaml      # the YAML limit (`limit_yaml.rs`)
//! target/limit tree.tree --json minimax   # writes solve's JSON report (`limit_json.rs`)
//! target/limit tree.tree --json negamax
//! ```
//!
//! Not a target of the crate: the matrix bench uses `limit.rs` in its own
//! process.

#[path = "limit.rs"]
#[allow(dead_code)]
mod limit;
#[path = "limit_json.rs"]
mod limit_json;
#[path = "limit_yaml.rs"]
mod limit_yaml;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: limit FILE");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2)
    });
    if std::env::args().nth(2).as_deref() == Some("--json") {
        let algorithm = std::env::args().nth(3).unwrap_or_else(|| "minimax".to_string());
        let stdout = std::io::stdout();
        if let Err(e) = limit_json::report(&text, &algorithm, &mut stdout.lock()) {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        }
        return;
    }
    let value = if path.ends_with(".yaml") { limit_yaml::value_yaml(&text) } else { limit::value(&text) };
    match value {
        Some(v) => println!("{v:?}"),
        None => std::process::exit(1),
    }
}
