//! Room on the stack for deeply nested trees: the recursive stages (pest,
//! the ast builders, validation, the searches, dropping the trees) run on a
//! thread whose stack is sized for the nesting they meet.

/// The deepest nesting of braces a spec may have. Deeper text is refused
/// with a diagnostic, never a stack overflow.
pub const MAX_DEPTH: usize = 10_000;

/// Nesting that every stage (parse, validate, search, report, dropping the
/// trees) handles on any thread's stack, debug builds included.
pub const SHALLOW_NESTING: usize = 200;

/// Stack bytes per level of nesting, for the hungriest stage in a debug
/// build (pest and the ast builders), with room to spare.
const STACK_PER_LEVEL: usize = 16 << 10;

/// A thread stack, in bytes, that holds text nested `depth` deep (up to
/// [`MAX_DEPTH`]) through every stage.
pub fn stack_size(depth: usize) -> usize {
    (1 << 20) + depth.min(MAX_DEPTH).saturating_mul(STACK_PER_LEVEL)
}

/// Runs `f` where the stack holds `depth` levels of nesting: here when
/// that is shallow, else on a scoped thread with a stack sized for it (only
/// what is touched is ever committed). The recursive stages — pest, the ast
/// builders, validation, the searches, dropping the ast — need it for trees
/// nested deeper than [`SHALLOW_NESTING`]; [`MAX_DEPTH`] bounds it.
/// Panics in `f` are passed on.
pub fn with_stack<T: Send>(depth: usize, f: impl FnOnce() -> T + Send) -> T {
    if depth <= SHALLOW_NESTING {
        return f();
    }
    let size = stack_size(depth);
    let mut job = Some(f);
    let done = std::thread::scope(|scope| {
        let thread = std::thread::Builder::new().stack_size(size).spawn_scoped(scope, || job.take().map(|f| f()));
        thread.ok().map(|t| t.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    });
    match (done.flatten(), job) {
        (Some(out), _) => out,
        // No thread could be made: try here (pest's own stack guard still fails cleanly).
        (None, Some(f)) => f(),
        (None, None) => unreachable!("a job that ran returned its result"),
    }
}
