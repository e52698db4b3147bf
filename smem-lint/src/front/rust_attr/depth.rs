//! How deep Rust tokens nest, before syn parses them.
//!
//! syn parses by recursive descent, a few kilobytes of stack a level in a debug build; rustc
//! accepts far deeper input than that stack holds, so a proc macro that hands such an input to syn
//! crashes the compiler (SIGSEGV), and `cargo smem-lint` would overflow its own stack. Tokens are
//! measured first, without recursion, by the levels syn would descend: every bracket; every prefix
//! operator of a run (`- - - 3`, `!!x`, `&mut &mut T`, `*const *const T`, `return return x`, a
//! closure's `|`); every right-associative operator of an expression (`a = b = c`, `x += y -= z`,
//! `fn() -> fn() -> T`); every generic argument list still open (`A<A<A<T>>>`). Beyond
//! [`MAX_RUST_NESTING`] levels the input is refused with an error on the token where the limit is
//! passed.

use proc_macro2::{Spacing, Span, TokenStream, TokenTree};

use crate::limits::MAX_RUST_NESTING;

/// Where `tokens` first nest deeper than [`MAX_RUST_NESTING`] levels of syn's descent, and how
/// deep they go there; `None` when they stay within it.
pub fn too_deep(tokens: &TokenStream) -> Option<(Span, usize)> {
    too_deep_than(tokens, MAX_RUST_NESTING)
}

/// One open group: its tokens and what its levels are made of so far.
struct Frame {
    tokens: proc_macro2::token_stream::IntoIter,
    /// The depth of the group itself.
    base: usize,
    /// Prefix operators in a row (`- - -`, `&mut &mut`).
    run: usize,
    /// Right-associative operators since the last `,` or `;`.
    chain: usize,
    /// `<` not closed by `>` since the last `;`.
    angle: usize,
    /// The previous token of the group.
    prev: Prev,
}

/// What came before a token in its group.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Prev {
    Start,
    /// A punctuation character, and whether it is joined to the next (`-` of `->`).
    Punct(char, Spacing),
    /// A word, a literal or a group.
    Other,
}

impl Frame {
    fn new(tokens: TokenStream, base: usize) -> Self {
        Frame { tokens: tokens.into_iter(), base, run: 0, chain: 0, angle: 0, prev: Prev::Start }
    }

    fn depth(&self) -> usize {
        self.base + self.run + self.chain + self.angle
    }

    /// Account for one token that is not a group.
    fn step(&mut self, token: &TokenTree) {
        let prev = std::mem::replace(&mut self.prev, Prev::Other);
        let joined_to = |c: &[char]| matches!(prev, Prev::Punct(p, Spacing::Joint) if c.contains(&p));
        match token {
            TokenTree::Punct(p) => {
                let c = p.as_char();
                match c {
                    '-' | '!' | '*' | '&' | '.' => self.run += 1,
                    // A closure's parameters (`|x| |y| ..`): a `|` where an expression starts (not
                    // the second of `||`, not `a | b`).
                    '|' if matches!(prev, Prev::Start | Prev::Punct(_, Spacing::Alone)) => self.chain += 1,
                    '<' => self.angle += 1,
                    // `->`: a return type, parsed by descent (`fn() -> fn() -> T`).
                    '>' if joined_to(&['-']) => self.chain += 1,
                    // `=>` and `>=` close nothing.
                    '>' if joined_to(&['=']) => {}
                    '>' => self.angle = self.angle.saturating_sub(1),
                    // `a = b`, `a += b` (not `==`, `<=`, `>=`, `!=`, `=>`).
                    '=' if p.spacing() == Spacing::Alone && !joined_to(&['=', '<', '>', '!']) => self.chain += 1,
                    ',' => self.chain = 0,
                    ';' => (self.chain, self.angle) = (0, 0),
                    _ => {}
                }
                if !matches!(c, '-' | '!' | '*' | '&' | '.') {
                    self.run = 0;
                }
                self.prev = Prev::Punct(c, p.spacing());
            }
            TokenTree::Ident(i) => {
                let word = i.to_string();
                match word.as_str() {
                    // `&mut &mut T`, `*const *const T`, `&dyn`, `impl`: part of a run.
                    "mut" | "const" | "dyn" | "impl" | "unsafe" => {}
                    // Each parses an expression after it, by descent.
                    "return" | "break" | "yield" | "box" | "move" | "async" | "static" => self.run += 1,
                    _ => self.run = 0,
                }
            }
            _ => self.run = 0,
        }
    }
}

fn too_deep_than(tokens: &TokenStream, limit: usize) -> Option<(Span, usize)> {
    let mut stack = vec![Frame::new(tokens.clone(), 0)];
    while let Some(frame) = stack.last_mut() {
        let Some(token) = frame.tokens.next() else {
            stack.pop();
            continue;
        };
        let depth = match &token {
            TokenTree::Group(g) => {
                let inner = frame.depth() + 1;
                frame.run = 0;
                frame.prev = Prev::Other;
                stack.push(Frame::new(g.stream(), inner));
                inner
            }
            other => {
                frame.step(other);
                frame.depth()
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
        // Right-associative chains, generic nesting, keyword runs, closures.
        assert_eq!(depth_of("a = b = c = d = e"), Some(4));
        assert_eq!(depth_of("a = 1, b = 2, c = 3, d = 4"), None);
        assert_eq!(depth_of("a == b, c <= d, e != f, g >= h, i => j"), None);
        assert_eq!(depth_of("A<A<A<A<u8>>>>"), Some(4));
        assert_eq!(depth_of("Vec<u8>; Vec<u8>; Vec<u8>; Vec<u8>"), None);
        assert_eq!(depth_of("fn() -> fn() -> fn() -> fn() -> u8"), Some(4));
        assert_eq!(depth_of("&mut &mut &mut &mut u8"), Some(4));
        assert_eq!(depth_of("*const *const *const *const u8"), Some(4));
        assert_eq!(depth_of("return return return return 1"), Some(4));
        assert_eq!(depth_of("|a| |b| |c| |d| 1"), Some(4));
        assert_eq!(depth_of("a | b | c | d | e || f || g || h"), None);
        let deep: TokenStream = format!("{}1{}", "(".repeat(5000), ")".repeat(5000)).parse().unwrap();
        assert_eq!(too_deep(&deep).map(|(_, d)| d), Some(MAX_RUST_NESTING + 1));
    }
}
