//! Round trips: what a packed trace decodes to is exactly what was pushed.
//!
//! `Num`'s `==` calls `1` and `1.0` equal, so events are compared by their
//! `Debug` form, which shows a number as `Ratio(1, 1)` or `Float(1.0)`.

use proptest::prelude::*;

use super::Packed;
use crate::model::NodeId;
use crate::num::Num;
use crate::search::options::Options;
use crate::search::trace::{
    BoundKind, Cause, CutKind, Event, ExtendReason, LeafSource, PassKind, TtEntry, TtKey, TtOutcome, Value, Window,
};
use crate::search::{self, Algorithm};

fn same(decoded: &[Event], pushed: &[Event]) -> Result<(), TestCaseError> {
    prop_assert_eq!(decoded.len(), pushed.len());
    for (i, (d, p)) in decoded.iter().zip(pushed).enumerate() {
        prop_assert_eq!(format!("{d:?}"), format!("{p:?}"), "event {}", i);
    }
    Ok(())
}

/// Numbers of every shape a trace meets: small and huge integers (inline
/// up to ±2^29, interned past it), fractions (inline with a denominator up
/// to 2049 and a numerator within ±2^18, interned past either), floats
/// that are whole (kept apart from the equal integers), infinities.
fn num() -> impl Strategy<Value = Num> {
    let edge = |n: i64| vec![n - 1, n, n + 1];
    prop_oneof![
        (-5i64..5).prop_map(Num::int),
        prop_oneof![Just(1i64 << 30), Just(-(1i64 << 30)), Just((1 << 30) - 1), Just(i64::MAX), Just(i64::MIN + 1)]
            .prop_map(Num::int),
        prop::sample::select([edge(1 << 29), edge(-(1 << 29))].concat()).prop_map(Num::int),
        (-9i64..9, 2i64..7).prop_map(|(n, d)| Num::int(n) / Num::int(d)),
        (
            prop::sample::select([edge(1 << 18), edge(-(1 << 18)), vec![1, -1, 7]].concat()),
            prop::sample::select(edge(2049))
        )
            .prop_map(|(n, d)| Num::int(n) / Num::int(d)),
        (-3i64..3).prop_map(Num::whole_float),
        prop_oneof![Just(Num::INF), Just(Num::NEG_INF), Just(Num::int(3) + Num::parse("0.5").unwrap())],
    ]
}

#[test]
fn whole_floats_are_floats() {
    assert_eq!(format!("{:?}", Num::whole_float(2)), "Float(2.0)");
}

fn value() -> impl Strategy<Value = Value> {
    prop_oneof![
        4 => num().prop_map(Value::Scalar),
        1 => prop::collection::vec(num(), 0..4).prop_map(|v| Value::Vector(v.into())),
        // Repeated small vectors, as max^n payoffs repeat: interned once.
        1 => prop::collection::vec(-1i64..2, 0..3).prop_map(|v| Value::Vector(v.into_iter().map(Num::int).collect())),
    ]
}

fn window() -> impl Strategy<Value = Option<Window>> {
    prop::option::of((num(), num()).prop_map(|(alpha, beta)| Window { alpha, beta }))
}

fn source() -> impl Strategy<Value = LeafSource> {
    prop_oneof![Just(LeafSource::Utility), Just(LeafSource::Eval)]
}

fn bound() -> impl Strategy<Value = BoundKind> {
    prop_oneof![Just(BoundKind::Exact), Just(BoundKind::Lower), Just(BoundKind::Upper)]
}

fn entry() -> impl Strategy<Value = TtEntry> {
    (num(), bound(), prop::option::of(0u32..5)).prop_map(|(value, bound, depth)| TtEntry { value, bound, depth })
}

fn key() -> impl Strategy<Value = TtKey> {
    prop_oneof![(0u32..9).prop_map(|n| TtKey::Node(NodeId(n))), "[a-c]{1,3}".prop_map(TtKey::Named)]
}

fn event() -> impl Strategy<Value = Event> {
    let ids = || (0u32..u32::MAX, 0u32..u32::MAX);
    let pruned = || prop::collection::vec(0u32..20, 0..5);
    let kind = prop_oneof![
        Just(CutKind::Alpha),
        Just(CutKind::Beta),
        any::<bool>().prop_map(|high| CutKind::Chance { high }),
        Just(CutKind::Shallow),
    ];
    let cause = prop_oneof![
        (0u32..u32::MAX).prop_map(Cause::Ancestor),
        Just(Cause::Bounds),
        Just(Cause::Table),
        Just(Cause::Pass),
    ];
    let outcome = prop_oneof![
        prop::option::of(key()).prop_map(|occupant| TtOutcome::Miss { occupant }),
        Just(TtOutcome::Shallow),
        Just(TtOutcome::Exact),
        (num(), num()).prop_map(|(alpha, beta)| TtOutcome::Narrowed { window: Window { alpha, beta } }),
    ];
    let pass = prop_oneof![
        (num(), num(), num(), num()).prop_map(|(alpha, beta, lower, upper)| PassKind::Mtdf {
            window: Window { alpha, beta },
            lower,
            upper
        }),
        (0u32..5, prop::option::of(0u32..3), prop::option::of(0u32..9))
            .prop_map(|(depth, first, m)| { PassKind::Deepening { depth, first, missing_eval: m.map(NodeId) } }),
    ];
    prop_oneof![
        (ids(), window()).prop_map(|((n, child), window)| Event::Enter { node: NodeId(n), child, window }),
        (ids(), window()).prop_map(|((n, child), window)| Event::Probe { node: NodeId(n), child, window }),
        (ids(), window(), value(), source(), prop::option::of(num())).prop_map(
            |((n, child), window, value, source, negamax)| Event::Leaf {
                node: NodeId(n),
                child,
                window,
                value,
                source,
                negamax
            }
        ),
        (0u32..u32::MAX, value(), window(), any::<bool>()).prop_map(|(child, value, window, best)| Event::Update {
            child,
            value,
            window,
            best
        }),
        (kind, num(), num(), cause, pruned()).prop_map(|(kind, value, bound, cause, pruned)| Event::Cut {
            kind,
            value,
            bound,
            cause,
            pruned
        }),
        (ids(), prop::option::of(0u32..u32::MAX)).prop_map(|((n, child), at)| Event::Extend {
            node: NodeId(n),
            child,
            reason: at.map_or(ExtendReason::Quiescence, |at| ExtendReason::Singular { at })
        }),
        pruned().prop_map(|pruned| Event::ForwardPrune { pruned }),
        (value(), source()).prop_map(|(value, source)| Event::Evaluate { value, source }),
        (value(), bound(), prop::option::of(num())).prop_map(|(value, bound, negamax)| Event::Exit {
            value,
            bound,
            negamax
        }),
        (key(), prop::option::of(0u64..9), prop::option::of(entry()), outcome)
            .prop_map(|(key, slot, found, outcome)| Event::TtProbe { key, slot, found: found.map(Box::new), outcome }),
        (key(), prop::option::of(0u64..9), entry(), prop::option::of(key()), any::<bool>()).prop_map(
            |(key, slot, entry, replaced, kept)| Event::TtStore {
                key,
                slot,
                entry,
                replaced: replaced.map(Box::new),
                kept
            }
        ),
        (0u32..9, num(), num(), num()).prop_map(|(child, scout, alpha, beta)| Event::Research {
            child,
            scout,
            window: Window { alpha, beta }
        }),
        (0u32..9, pass).prop_map(|(number, kind)| Event::Pass { number, kind }),
    ]
}

/// A random tree as spec text: MAX/MIN/CHANCE nodes (uniform chances),
/// `eval`s for depth cutoffs, leaves with fractions so values and windows
/// leave the small-integer range.
fn tree() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![(-9i64..9).prop_map(|v| v.to_string()), (-9i64..9).prop_map(|v| format!("{v}/3"))];
    leaf.prop_recursive(4, 40, 4, |inner| {
        (prop::sample::select(vec!["MAX", "MIN", "CHANCE"]), -9i64..9, prop::collection::vec(inner, 1..4))
            .prop_map(|(kind, eval, children)| format!("{kind} [eval={eval}] {{ {} }}", children.join(" ")))
    })
    .prop_filter("the root must be an inner node", |t| t.contains('{'))
}

proptest! {
    #[test]
    fn random_events_decode_as_pushed(events in prop::collection::vec(event(), 0..60)) {
        let mut packed = Packed::default();
        for e in &events {
            packed.push(e.clone());
        }
        let decoded: Vec<Event> = (0..packed.len()).filter_map(|i| packed.get(i)).collect();
        same(&decoded, &events)?;
        // Dropping the interning maps changes nothing already pushed, and
        // what is pushed after still decodes exactly.
        packed.shrink_to_fit();
        for e in &events {
            packed.push(e.clone());
        }
        let twice: Vec<Event> = events.iter().chain(&events).cloned().collect();
        let decoded: Vec<Event> = (0..packed.len()).filter_map(|i| packed.get(i)).collect();
        same(&decoded, &twice)?;
        let half = events.len() / 2;
        let part = packed.slice(half, events.len());
        let decoded: Vec<Event> = (0..part.len()).filter_map(|i| part.get(i)).collect();
        same(&decoded, &events[half..])?;
    }

    #[test]
    fn every_algorithm_s_trace_decodes_as_pushed(text in tree(), depth in prop::option::of(1u32..3)) {
        let game = crate::model::load("gen.tree", &text).map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
        let opts = Options { depth, ..Options::default() };
        for &a in Algorithm::ALL {
            let Ok(trace) = search::run(&game, a, &opts) else { continue };
            let decoded: Vec<Event> = trace.events().collect();
            same(&decoded, &trace.packed().pushed)?;
            let backwards: Vec<Event> = trace.events().rev().collect();
            prop_assert_eq!(backwards.len(), decoded.len());
        }
    }
}

/// What the packing is for: a search that visits every node of a
/// 10^4-leaf tree keeps each event in 16 bytes, tables included (the
/// leaves are integers, so no value leaves its slot; minimax has no
/// windows).
#[test]
fn a_minimax_trace_takes_16_bytes_an_event() {
    fn tree(depth: u32, seed: &mut u64) -> String {
        if depth == 0 {
            *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            return ((*seed >> 33) % 199).to_string();
        }
        let kind = if depth.is_multiple_of(2) { "MAX" } else { "MIN" };
        let children: Vec<String> = (0..10).map(|_| tree(depth - 1, seed)).collect();
        format!("{kind} {{ {} }}", children.join(" "))
    }
    let game = crate::model::load("big.tree", &tree(4, &mut 1)).expect("a valid tree");
    let mut trace = search::run(&game, Algorithm::Minimax, &Options::default()).expect("minimax applies");
    trace.shrink_to_fit();
    // 10^4 leaves, 1,111 inner nodes: a Leaf each, an Enter, an Exit and
    // 10 Updates each.
    assert_eq!(trace.len(), 10_000 + 1_111 * 12);
    assert!(trace.heap_bytes() <= 16 * trace.len() + 64, "{} bytes for {} events", trace.heap_bytes(), trace.len());
}

/// Vectors are stored once, but a vector of floats is not a vector of the
/// integers they equal, and each decodes as pushed.
#[test]
fn repeated_vectors_are_stored_once_and_decode_as_pushed() {
    let ints = || Value::Vector(vec![Num::int(1), Num::int(2)].into());
    let floats = Value::Vector(vec![Num::whole_float(1), Num::whole_float(2)].into());
    let mut p = Packed::default();
    let exit = |value| Event::Exit { value, bound: BoundKind::Exact, negamax: None };
    for _ in 0..1000 {
        p.push(exit(ints()));
    }
    p.push(exit(floats.clone()));
    p.push(exit(ints()));
    assert_eq!(p.values.vectors(), 2, "one copy of each distinct vector");
    let debug = |e: Option<Event>| format!("{:?}", e.expect("pushed"));
    assert_eq!(debug(p.get(0)), debug(Some(exit(ints()))));
    assert_eq!(debug(p.get(1000)), debug(Some(exit(floats))));
    assert_eq!(debug(p.get(1001)), debug(Some(exit(ints()))));
}

/// A trace past one chunk of slots (2^16 events) reads back exactly: by
/// index, in slices across the chunks' seams, and consumed in order (each
/// chunk freed once read).
#[test]
fn a_trace_over_several_chunks_reads_back_exactly() {
    let mut seed = 7u64;
    let mut rng = move || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        seed >> 33
    };
    let mut packed = Packed::default();
    let events: Vec<Event> = (0..(3 << 16) + 123)
        .map(|i| match rng() % 3 {
            0 => Event::Enter { node: NodeId(i), child: i % 7, window: None },
            1 => Event::Update {
                child: i % 5,
                value: Value::Scalar(Num::int(rng() as i64 % 99)),
                window: None,
                best: i % 2 == 0,
            },
            _ => Event::Exit {
                value: Value::Scalar(Num::int(i as i64) / Num::int(3)),
                bound: BoundKind::Exact,
                negamax: None,
            },
        })
        .collect();
    for e in &events {
        packed.push(e.clone());
    }
    assert_eq!(packed.len(), events.len());
    let decoded: Vec<Event> = (0..packed.len()).filter_map(|i| packed.get(i)).collect();
    same(&decoded, &events).unwrap();
    assert!(packed.get(events.len()).is_none());
    for (from, to) in
        [(0, 1 << 16), ((1 << 16) - 5, (1 << 16) + 5), (100, (2 << 16) + 7), (events.len() - 3, events.len())]
    {
        let part = packed.slice(from, to);
        let decoded: Vec<Event> = (0..part.len()).filter_map(|i| part.get(i)).collect();
        same(&decoded, &events[from..to]).unwrap();
    }
    // Read as steps, each decoded in the table the reading gives with it.
    let mut read = Vec::new();
    let table = packed.each_step(|step, values| read.push(super::steps::event(step, values)));
    same(&read, &events).unwrap();
    assert_eq!(table, packed.values);
    let mut consumed = Vec::new();
    packed.into_each_step(|step, values| consumed.push(super::steps::event(step, values)));
    same(&consumed, &events).unwrap();
}
