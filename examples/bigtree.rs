//! Writes a generated tree (see `gametree::check::bigtree`) to standard output:
//!
//! ```text
//! cargo run --release --example bigtree -- uniform 10 6 [SEED] > big.tree
//! cargo run --release --example bigtree -- chain 10000 [SEED] > deep.tree
//! cargo run --release --example bigtree -- wide 1000000 [SEED] > wide.tree
//! ```

use std::io::Write;

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, default: u64| args.get(i).and_then(|s| s.parse::<u64>().ok()).unwrap_or(default);
    let text = match args.first().map(String::as_str) {
        Some("uniform") => gametree::check::bigtree::uniform(num(1, 10) as u32, num(2, 3) as u32, num(3, 1)),
        Some("chain") => gametree::check::bigtree::chain(num(1, 1000) as u32, num(2, 1)),
        Some("wide") => gametree::check::bigtree::wide(num(1, 1000) as u32, num(2, 1)),
        _ => {
            eprintln!("usage: bigtree uniform BRANCHING DEPTH [SEED] | chain DEPTH [SEED] | wide N [SEED]");
            return std::process::ExitCode::from(2);
        }
    };
    if std::io::stdout().lock().write_all(text.as_bytes()).is_err() {
        return std::process::ExitCode::from(2);
    }
    std::process::ExitCode::SUCCESS
}
