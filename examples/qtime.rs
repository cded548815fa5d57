fn main() {
    let path = std::env::args().nth(1).unwrap();
    let t0 = std::time::Instant::now();
    let text = std::fs::read_to_string(&path).unwrap();
    let t1 = std::time::Instant::now();
    let game = gametree::quick::load(&text).unwrap();
    let t2 = std::time::Instant::now();
    let trace = gametree::algo::run(&game, gametree::algo::Algorithm::Alphabeta, &Default::default()).unwrap();
    let t3 = std::time::Instant::now();
    eprintln!(
        "read {:?} load {:?} ab {:?} nodes {} events {}",
        t1 - t0,
        t2 - t1,
        t3 - t2,
        game.len(),
        trace.events.len()
    );
    std::mem::forget((game, trace, text));
}
