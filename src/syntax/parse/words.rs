//! Every grammar rule in the words a spec's author knows, for syntax
//! errors. The match is exhaustive: a new rule cannot ship without words.

use super::Rule;

/// What pest expected, in words, without repeats. Where a header could
/// start, the (required) tree could too: name the tree, not the headers or
/// the tree's first word.
pub(super) fn words(rules: &[Rule]) -> Vec<String> {
    let header = |r: &Rule| matches!(r, Rule::title | Rule::bounds | Rule::players | Rule::sum);
    let top = rules.iter().any(header);
    let mut out: Vec<String> = if top { vec![rule_words(Rule::node).to_string()] } else { Vec::new() };
    for rule in rules.iter().filter(|r| !(top && (header(r) || **r == Rule::ident))) {
        let word = rule_words(*rule).to_string();
        if !out.contains(&word) {
            out.push(word);
        }
    }
    out
}

/// Each grammar rule in the words a spec's author knows.
fn rule_words(rule: Rule) -> &'static str {
    const ITEM: &str = "an expect item (value, values, best, pv, pruned, visited, visited-set, leaves, stats, windows, negamax-values)";
    const CHILD: &str = "a child (a number, `?`, `K=3`, a vector, `&B` or a node like `MIN B { … }`)";
    match rule {
        Rule::EOI => "end of file",
        // Silent rules: pest never reports them, but they deserve words too.
        Rule::WHITESPACE => "a blank",
        Rule::COMMENT => "a comment",
        Rule::header => "a header (title, bounds, players, sum)",
        Rule::player_gap => "a blank or `,` between player names",
        Rule::expect_item => ITEM,
        Rule::leaf_ref => "a leaf's value or name",
        Rule::segment => "a node reference",
        Rule::ident_char => "a letter or digit",
        Rule::file | Rule::node => "a tree",
        Rule::tail => "`expect` blocks and a rubric",
        Rule::title => "`title \"…\"`",
        Rule::bounds => "`bounds [lo, hi]`",
        Rule::players => "`players A B …`",
        Rule::sum => "`sum S`",
        Rule::attrs => "attributes `[…]`",
        Rule::attr => "an attribute (`eval=5`, `key=p7`, `noisy`)",
        Rule::open => "`{`",
        Rule::close => "`}`",
        Rule::close_bracket => "`]`",
        Rule::close_paren => "`)`",
        Rule::child | Rule::leaf_run => CHILD,
        Rule::run_number => "a number",
        Rule::run_gap | Rule::run_blank => "a blank or `,`",
        Rule::label => "an edge label `a1 ->`",
        Rule::prob => "a probability `1/2:`",
        Rule::transposition => "`&NAME`",
        Rule::leaf => "a leaf (a number, `?` or a vector)",
        Rule::unknown => "`?`",
        Rule::vector => "a vector `(…)`",
        Rule::expect => "`expect ALGORITHM { … }`",
        Rule::algorithm => "an algorithm name",
        Rule::options => "options `(…)`",
        Rule::option => "an option (`order=best`, `strict-cuts`, …)",
        Rule::option_key => "an option name",
        Rule::option_value => "an option value",
        Rule::value | Rule::values | Rule::best | Rule::pv => ITEM,
        Rule::pruned | Rule::visited | Rule::leaves | Rule::stats => ITEM,
        Rule::visited_set | Rule::windows | Rule::negamax_values => ITEM,
        Rule::window_pair => "`NODE=(α, β)`",
        Rule::window => "a window `(α, β)`",
        Rule::window_bound => "a number or `inf`",
        Rule::window_comma => "`,` between α and β",
        Rule::window_close => "`)` or `]` closing the window",
        Rule::negamax_pair => "`NODE=number`",
        Rule::value_pair => "`NODE=value`",
        Rule::stat => "`name=number`",
        // Only ever reported as a negative: a keyword stood where a name was wanted.
        Rule::item_keyword => "a node reference or leaf name (quote one spelled like a keyword: `\"value\"`)",
        Rule::reference => "a node reference (`C`, `2.3`, `C.2`, `root`)",
        Rule::index => "a child index (1-based)",
        Rule::rubric => "`rubric { … }`",
        Rule::rubric_item => "a rubric item (`value 1 required`, `pruned 2 partial`, …)",
        Rule::rubric_key => "`value`, `best`, `pruned`, `leaves`, `values` or `windows`",
        Rule::required | Rule::required_word => "`required`",
        Rule::partial => "`partial`",
        Rule::node_points => "`NODE=points`",
        Rule::number => "a number",
        Rule::ident => "a name",
        Rule::string => "a quoted string",
    }
}
