fn main() {
    let text = std::fs::read_to_string(std::env::args().nth(1).unwrap()).unwrap();
    let t = std::time::Instant::now();
    let f = gametree::parse::parse(&text).unwrap();
    eprintln!("parse {:?}", t.elapsed());
    let t = std::time::Instant::now();
    let g = gametree::validate::validate(&f).unwrap();
    eprintln!("validate {:?} {}", t.elapsed(), g.nodes.len());
}
