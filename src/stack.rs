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

/// `f(0)`, `f(1)`, … `f(count - 1)` on at most `threads` threads (each
/// with a stack for [`MAX_DEPTH`] levels; each takes the next index as it
/// finishes one), returned in index order, so the output does not depend
/// on the scheduling. Panics in `f` are passed on; when no thread can be
/// made, the work is done here.
pub fn map_in_order<T: Send>(count: usize, threads: usize, f: impl Fn(usize) -> T + Sync) -> Vec<T> {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let threads = threads.clamp(1, count.max(1));
    let next = AtomicUsize::new(0);
    let slots: Vec<Mutex<Option<T>>> = (0..count).map(|_| Mutex::new(None)).collect();
    let work = || {
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= count {
                break;
            }
            let done = f(i);
            if let Ok(mut slot) = slots[i].lock() {
                *slot = Some(done);
            }
        }
    };
    let stack = stack_size(MAX_DEPTH);
    std::thread::scope(|scope| {
        let workers: Vec<_> =
            (0..threads).map(|_| std::thread::Builder::new().stack_size(stack).spawn_scoped(scope, work)).collect();
        for worker in workers {
            match worker.map(|w| w.join()) {
                Ok(Ok(())) => {}
                Ok(Err(panic)) => std::panic::resume_unwind(panic),
                Err(_) => work(), // no thread: this one takes what is left
            }
        }
    });
    // A slot is empty only if its thread panicked (resumed above) or a
    // lock was poisoned: do that one here.
    let taken = slots.into_iter().map(|m| m.into_inner().ok().flatten());
    taken.enumerate().map(|(i, t)| t.unwrap_or_else(|| f(i))).collect()
}

/// The cores this process may use (1 when that cannot be told).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn map_in_order_keeps_the_order_whatever_the_threads() {
        for threads in [1, 2, 3, 8] {
            let got = map_in_order(50, threads, |i| {
                // Uneven work, so threads finish out of order.
                std::thread::sleep(std::time::Duration::from_micros(((i * 7) % 5) as u64 * 100));
                i * i
            });
            assert_eq!(got, (0..50).map(|i| i * i).collect::<Vec<_>>(), "{threads} threads");
        }
        assert!(map_in_order(0, 2, |i| i).is_empty());
    }
}
