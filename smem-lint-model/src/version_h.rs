//! `cutlass/version.h` read the way the preprocessor reads it, as far as the release defines go:
//! comments and line continuations removed, `#if 0` / `#if 1` blocks (and their `#elif` / `#else`)
//! taken or skipped, every other conditional followed without being decided. A release define
//! (`CUTLASS_MAJOR`, `CUTLASS_MINOR`, `CUTLASS_PATCH`) is read only where it is unconditional, or
//! inside blocks the preprocessor is known to take; one under a condition only the compiler can
//! decide (`#ifdef X`), given twice, or undefined again is refused: never a guess of which line
//! wins.

/// The value of each of `names` as the preprocessor would define it, in order.
pub fn release_defines<const N: usize>(text: &str, names: [&str; N]) -> Result<[u64; N], String> {
    let mut values: [Option<u64>; N] = [None; N];
    // Each open conditional: whether its current branch is taken (Some(true)), skipped (Some(false))
    // or for the compiler to decide (None); and whether one of its branches so far was taken, in
    // the same three values.
    let mut stack: Vec<(Option<bool>, Option<bool>)> = Vec::new();
    for (line_no, line) in logical_lines(&strip_comments(text)).into_iter().enumerate() {
        let t = line.trim();
        let Some(directive) = t.strip_prefix('#') else { continue };
        let directive = directive.trim_start();
        let (word, rest) = directive.split_once(|c: char| c.is_whitespace()).unwrap_or((directive, ""));
        let rest = rest.trim();
        let constant = |e: &str| match e {
            "0" => Some(false),
            "1" => Some(true),
            _ => None,
        };
        match word {
            "if" => stack.push((constant(rest), constant(rest))),
            "ifdef" | "ifndef" => stack.push((None, None)),
            "elif" => {
                let top = stack.last_mut().ok_or_else(|| unbalanced(line_no, "#elif"))?;
                *top = match top.1 {
                    Some(true) => (Some(false), Some(true)),
                    Some(false) => (constant(rest), constant(rest)),
                    None => (constant(rest).filter(|c| !c), None),
                };
            }
            "else" => {
                let top = stack.last_mut().ok_or_else(|| unbalanced(line_no, "#else"))?;
                *top = match top.1 {
                    Some(taken) => (Some(!taken), Some(true)),
                    None => (None, None),
                };
            }
            "endif" => {
                stack.pop().ok_or_else(|| unbalanced(line_no, "#endif"))?;
            }
            "define" | "undef" => {
                let name = rest.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).next().unwrap_or("");
                let Some(i) = names.iter().position(|n| *n == name) else { continue };
                if stack.iter().any(|(b, _)| *b == Some(false)) {
                    continue; // in a block the preprocessor skips
                }
                if stack.iter().any(|(b, _)| b.is_none()) {
                    return Err(format!(
                        "cutlass/version.h {}s {name} under a condition only the compiler can decide (line {}); \
                         smem-lint reads the release from unconditional defines only",
                        word,
                        line_no + 1
                    ));
                }
                if word == "undef" {
                    return Err(format!("cutlass/version.h undefines {name} (line {})", line_no + 1));
                }
                let value = rest[name.len()..].trim();
                let v = value
                    .parse::<u64>()
                    .map_err(|_| format!("cutlass/version.h defines {name} as `{value}`, not a number"))?;
                if values[i].replace(v).is_some() {
                    return Err(format!("cutlass/version.h defines {name} twice (again on line {})", line_no + 1));
                }
            }
            _ => {}
        }
    }
    let mut out = [0; N];
    for (i, v) in values.iter().enumerate() {
        out[i] = v.ok_or_else(|| format!("cutlass/version.h does not define {}", names.join(", ")))?;
    }
    Ok(out)
}

fn unbalanced(line_no: usize, what: &str) -> String {
    format!("cutlass/version.h has a {what} without its #if (line {})", line_no + 1)
}

/// `text` without its `/* */` and `//` comments (outside string and character literals), each
/// comment replaced by a space, newlines kept (so line numbers stay).
fn strip_comments(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let mut start = 0;
    let mut quote: Option<u8> = None;
    while i < b.len() {
        match (quote, b[i]) {
            (Some(q), c) if c == q => {
                quote = None;
                i += 1;
            }
            (Some(_), b'\\') => i += 2,
            (None, b'"' | b'\'') => {
                quote = Some(b[i]);
                i += 1;
            }
            (None, b'/') if b.get(i + 1) == Some(&b'*') => {
                out.push_str(&text[start..i]);
                let end = text[i + 2..].find("*/").map_or(b.len(), |e| i + 2 + e + 2);
                out.push(' ');
                out.extend(text[i..end].chars().filter(|&c| c == '\n'));
                i = end;
                start = i;
            }
            (None, b'/') if b.get(i + 1) == Some(&b'/') => {
                out.push_str(&text[start..i]);
                let end = text[i..].find('\n').map_or(b.len(), |e| i + e);
                i = end;
                start = i;
            }
            _ => i += 1,
        }
    }
    out.push_str(&text[start.min(text.len())..]);
    out
}

/// Lines with backslash continuations joined (a continued line keeps the number of its first).
fn logical_lines(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut continued = 0;
    for line in text.split('\n') {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if let Some(head) = line.strip_suffix('\\') {
            current.push_str(head);
            continued += 1;
        } else {
            current.push_str(line);
            out.push(std::mem::take(&mut current));
            // Keep the numbering: continued lines count as empty lines after the joined one.
            out.extend(std::iter::repeat_n(String::new(), continued));
            continued = 0;
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAMES: [&str; 3] = ["CUTLASS_MAJOR", "CUTLASS_MINOR", "CUTLASS_PATCH"];

    fn read(text: &str) -> Result<[u64; 3], String> {
        release_defines(text, NAMES)
    }

    #[test]
    fn a_plain_header_reads_its_defines() {
        let h = "#pragma once\n#if defined(__CUDACC_RTC__)\n#include X\n#else\n#include <cstdint>\n#endif\n\
                 #define CUTLASS_MAJOR 4\n#define CUTLASS_MINOR 7\n#define CUTLASS_PATCH 0\n";
        assert_eq!(read(h), Ok([4, 7, 0]));
    }

    /// Issue 39: 4.2.0 headers with a 4.7.0 block under `#if 0` are 4.2.0, as the compiler reads them.
    #[test]
    fn skipped_blocks_and_comments_define_nothing() {
        let h = "#if 0\n#define CUTLASS_MAJOR 4\n#define CUTLASS_MINOR 7\n#define CUTLASS_PATCH 0\n#endif\n\
                 /* #define CUTLASS_MAJOR 9\n */ // #define CUTLASS_MINOR 9\n\
                 #define CUTLASS_MAJOR 4\n#define CUTLASS_MINOR 2\n#define CUTLASS_PATCH 0\n";
        assert_eq!(read(h), Ok([4, 2, 0]));
        let h = "#if 1\n#define CUTLASS_MAJOR 4\n#else\n#define CUTLASS_MAJOR 9\n#endif\n\
                 #define CUTLASS_MINOR 2\n#define CUTLASS_PATCH 1\n";
        assert_eq!(read(h), Ok([4, 2, 1]));
        let h = "#if 0\n#define CUTLASS_MAJOR 9\n#elif 1\n#define CUTLASS_MAJOR 4\n#else\n#define CUTLASS_MAJOR 8\n#endif\n\
                 #define CUTLASS_MINOR 2\n#define CUTLASS_PATCH 1\n";
        assert_eq!(read(h), Ok([4, 2, 1]));
    }

    /// What only the compiler can decide, a second define or an undef is refused, never guessed.
    #[test]
    fn undecidable_or_repeated_defines_are_refused() {
        for h in [
            "#ifdef X\n#define CUTLASS_MAJOR 4\n#endif\n#define CUTLASS_MINOR 2\n#define CUTLASS_PATCH 0\n",
            "#define CUTLASS_MAJOR 4\n#define CUTLASS_MAJOR 5\n#define CUTLASS_MINOR 2\n#define CUTLASS_PATCH 0\n",
            "#define CUTLASS_MAJOR 4\n#undef CUTLASS_MAJOR\n#define CUTLASS_MINOR 2\n#define CUTLASS_PATCH 0\n",
            "#define CUTLASS_MAJOR 4\n#define CUTLASS_MINOR 2\n",
            "#endif\n",
            "#define CUTLASS_MAJOR four\n#define CUTLASS_MINOR 2\n#define CUTLASS_PATCH 0\n",
        ] {
            assert!(read(h).is_err(), "{h:?}");
        }
    }

    #[test]
    fn continuations_and_strings_are_read_as_the_preprocessor_does() {
        let h = "#define CUTLASS_MAJOR \\\n 4\n#define S \"/* not a comment\"\n#define CUTLASS_MINOR 3\n\
                 #define CUTLASS_PATCH 6\n";
        assert_eq!(read(h), Ok([4, 3, 6]));
    }
}
