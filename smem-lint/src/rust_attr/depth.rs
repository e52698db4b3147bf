//! How deep Rust tokens nest, before syn parses them.
//!
//! syn parses by recursive descent: every bracket, and every prefix operator of a run (`- - - 3`,
//! `!!!!x`, `&&&&T`, `< < <`), is a level of recursion, a few kilobytes of stack each in a debug build. rustc
//! accepts far deeper input than that stack holds, so a proc macro that hands such an input to syn
//! crashes the compiler (SIGSEGV), and `cargo smem-lint` would overflow its own stack. Tokens are
//! measured first, without recursion: beyond [`MAX_RUST_NESTING`] levels the input is refused with
//! an error on the token where the limit is passed.

use proc_macro2::{Span, TokenStream, TokenTree};

use crate::limits::MAX_RUST_NESTING;

/// Where `tokens` first nest deeper than [`MAX_RUST_NESTING`] (counting brackets and runs of
/// punctuation), and how deep they go there; `None` when they stay within it.
pub fn too_deep(tokens: &TokenStream) -> Option<(Span, usize)> {
    too_deep_than(tokens, MAX_RUST_NESTING)
}

fn too_deep_than(tokens: &TokenStream, limit: usize) -> Option<(Span, usize)> {
    // One frame per open group: its tokens, its depth, and the punctuation run so far in it.
    let mut stack = vec![(tokens.clone().into_iter(), 0usize, 0usize)];
    while let Some((iter, base, run)) = stack.last_mut() {
        let Some(token) = iter.next() else {
            stack.pop();
            continue;
        };
        let depth = match &token {
            // Operators that may prefix an expression, a type or a pattern (`-x`, `!x`, `*x`,
            // `&x`, `|x| ..`, `..x`, `<T>::x`): each is a level of descent. Separators (`;`, `,`,
            // `::`, `#`, `=`) end a run.
            TokenTree::Punct(p) if matches!(p.as_char(), '-' | '!' | '*' | '&' | '|' | '.' | '<') => {
                *run += 1;
                *base + *run
            }
            TokenTree::Group(g) => {
                let inner = *base + *run + 1;
                *run = 0;
                stack.push((g.stream().into_iter(), inner, 0));
                inner
            }
            _ => {
                *run = 0;
                *base
            }
        };
        if depth > limit {
            return Some((token.span(), depth));
        }
    }
    None
}

/// The message for tokens too deep: `what` is what holds them (`#[smem_check] arguments`).
pub fn message(what: &str, depth: usize) -> String {
    format!(
        "{what} nest more than {MAX_RUST_NESTING} deep here (brackets and prefix operators: at least {depth}); \
         smem-lint reads Rust nested at most {MAX_RUST_NESTING} deep (docs/limits.md)"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn depth_of(text: &str) -> Option<usize> {
        too_deep_than(&text.parse().unwrap(), 3).map(|(_, d)| d)
    }

    #[test]
    fn brackets_and_operator_runs_count() {
        assert_eq!(depth_of("a = [[1]], b = (2)"), None);
        assert_eq!(depth_of("[[[[1]]]]"), Some(4));
        assert_eq!(depth_of("- - - - 3"), Some(4));
        assert_eq!(depth_of("(-(-(3)))"), Some(4));
        assert_eq!(depth_of("x::y::z"), None);
        let deep: TokenStream = format!("{}1{}", "(".repeat(5000), ")".repeat(5000)).parse().unwrap();
        assert_eq!(too_deep(&deep).map(|(_, d)| d), Some(MAX_RUST_NESTING + 1));
    }
}
