//! The reader of an ordinary line: the JSON a generator writes (strings without escapes,
//! non-negative integers, objects and arrays), read in one pass without serde's machinery. It
//! builds the same [`Fields`] as serde_json reading [`Top`] and gives up, for serde_json to read
//! the line, on everything else: escapes, other numbers, deep nesting, duplicate keys and every
//! error, so messages and exotic values have one reader. `tests` holds it to serde_json on the
//! measured data, on hostile lines and on generated ones.

use super::{key, Fields, KeySet, Val};
use crate::keys::{Front, KEYS};
use std::borrow::Cow;

/// Nesting deeper than this goes to serde_json (whose own limit is 128); a line of the contract
/// nests two deep.
const MAX_DEPTH: u8 = 16;

/// The line's top-level object, or `None` where only serde_json can say what the line is.
pub(super) fn read(line: &str) -> Option<Fields<'_>> {
    let r = Reader(line);
    let mut fields = Fields { values: Vec::with_capacity(16), at: [Fields::ABSENT; KEYS.len()], unknown: Vec::new() };
    let at = r.expect(r.space(0), b'{')?;
    let at = r.members(at, |at, k| match crate::keys::position(Front::JsonLines, k) {
        Some(i) if fields.at[i] != Fields::ABSENT => None,
        Some(key::RESULT) => {
            fields.at[key::RESULT] = Fields::CHECKED;
            r.skip(at, 1)
        }
        Some(i) => {
            // Most values are strings, read here rather than through a call to `value`.
            let (v, at) = match r.byte(at) {
                Some(b'"') => r.string(at).map(|(s, at)| (Val::Str(Cow::Borrowed(s)), at))?,
                _ => r.value(at, 1)?,
            };
            // Every key is a distinct JSON-lines key here, so there are fewer than 24 values.
            fields.at[i] = fields.values.len() as u8;
            fields.values.push(v);
            Some(at)
        }
        None if !new_key(fields.unknown.iter().map(|u| &**u), k) => None,
        None => {
            fields.unknown.push(Cow::Borrowed(k));
            r.skip(at, 1)
        }
    })?;
    (r.space(at) == line.len()).then_some(fields)
}

/// Whether `k` may join an object that has `keys`: it is not among them, and the object stays
/// within [`KeySet::FEW`] keys. A wider object goes to serde_json, which refuses duplicates among
/// many keys with a hash set.
fn new_key<'k>(mut keys: impl ExactSizeIterator<Item = &'k str>, k: &str) -> bool {
    keys.len() < KeySet::FEW && keys.all(|x| x != k)
}

/// The line being read. Each step takes the byte offset it starts at and returns the offset after
/// what it read (kept in a register, not in the reader), or `None` to give up.
#[derive(Clone, Copy)]
struct Reader<'a>(&'a str);

impl<'a> Reader<'a> {
    #[inline]
    fn byte(self, at: usize) -> Option<u8> {
        self.0.as_bytes().get(at).copied()
    }

    /// JSON's whitespace, the four characters serde_json skips.
    #[inline]
    fn space(self, mut at: usize) -> usize {
        while matches!(self.byte(at), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            at += 1;
        }
        at
    }

    #[inline]
    fn expect(self, at: usize, c: u8) -> Option<usize> {
        (self.byte(at) == Some(c)).then_some(at + 1)
    }

    /// An object's members after its `{`, through its `}`: `member` reads each value from where
    /// it starts and returns where it ends.
    #[inline]
    fn members(self, at: usize, mut member: impl FnMut(usize, &'a str) -> Option<usize>) -> Option<usize> {
        let mut at = self.space(at);
        if let Some(end) = self.expect(at, b'}') {
            return Some(end);
        }
        loop {
            let (k, end) = self.string(self.space(at))?;
            at = self.expect(self.space(end), b':')?;
            at = self.space(member(self.space(at), k)?);
            match self.byte(at)? {
                b',' => at += 1,
                b'}' => return Some(at + 1),
                _ => return None,
            }
        }
    }

    /// A string without escapes or control characters (which serde_json refuses), borrowed; `at`
    /// is its opening quote.
    #[inline]
    fn string(self, at: usize) -> Option<(&'a str, usize)> {
        let start = self.expect(at, b'"')?;
        let rest = &self.0.as_bytes()[start..];
        let len = string_end(rest)?;
        if rest[len] != b'"' {
            return None;
        }
        // Both ends are ASCII quotes, so both are character boundaries.
        Some((self.0.get(start..start + len)?, start + len + 1))
    }

    /// A value at nesting `depth`.
    fn value(self, at: usize, depth: u8) -> Option<(Val<'a>, usize)> {
        match self.byte(at)? {
            b'"' => self.string(at).map(|(s, at)| (Val::Str(Cow::Borrowed(s)), at)),
            b'0'..=b'9' => self.integer(at),
            b'[' if depth < MAX_DEPTH => {
                let mut items = Vec::with_capacity(4);
                let mut at = self.space(at + 1);
                if let Some(end) = self.expect(at, b']') {
                    return Some((Val::Arr(items), end));
                }
                loop {
                    // Most items are numbers (a tile's extents), read here rather than through a call.
                    let start = self.space(at);
                    let (v, end) = match self.byte(start) {
                        Some(b'0'..=b'9') => self.integer(start)?,
                        _ => self.value(start, depth + 1)?,
                    };
                    items.push(v);
                    at = self.space(end);
                    match self.byte(at)? {
                        b',' => at += 1,
                        b']' => return Some((Val::Arr(items), at + 1)),
                        _ => return None,
                    }
                }
            }
            b'{' if depth < MAX_DEPTH => {
                let mut members: Vec<(Cow<'a, str>, Val<'a>)> = Vec::with_capacity(8);
                let end = self.members(at + 1, |at, k| {
                    if !new_key(members.iter().map(|(x, _)| &**x), k) {
                        return None;
                    }
                    let (v, end) = self.value(at, depth + 1)?;
                    members.push((Cow::Borrowed(k), v));
                    Some(end)
                })?;
                Some((Val::Obj(members), end))
            }
            b't' => self.word(at, "true", Val::Bool(true)),
            b'f' => self.word(at, "false", Val::Bool(false)),
            b'n' => self.word(at, "null", Val::Null),
            _ => None,
        }
    }

    /// A value that is checked and dropped (`result`, unknown keys), at nesting `depth`: as
    /// [`Reader::value`], but its strings may hold the escapes that need no decoding to check
    /// (a measured line's compiler message quotes CUTLASS: `\"`), and nothing is built.
    fn skip(self, at: usize, depth: u8) -> Option<usize> {
        match self.byte(at)? {
            b'"' => {
                let mut at = at + 1;
                loop {
                    let rest = &self.0.as_bytes()[at..];
                    let end = string_end(rest)?;
                    at += end + 1;
                    match rest[end] {
                        b'"' => return Some(at),
                        b'\\'
                            if matches!(
                                rest.get(end + 1),
                                Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't')
                            ) =>
                        {
                            at += 1;
                        }
                        _ => return None,
                    }
                }
            }
            b'{' if depth < MAX_DEPTH => {
                // The keys so far, for duplicates: at most `KeySet::FEW` (`new_key` gives up on more).
                let mut keys = [""; KeySet::FEW];
                let mut count = 0;
                self.members(at + 1, |at, k| {
                    if !new_key(keys[..count].iter().copied(), k) {
                        return None;
                    }
                    *keys.get_mut(count)? = k;
                    count += 1;
                    // A measured result's values are mostly numbers and booleans, read here rather
                    // than through a call each.
                    match self.byte(at) {
                        Some(b'0'..=b'9') => self.integer(at).map(|(_, end)| end),
                        Some(b't') => self.word(at, "true", Val::Null).map(|(_, end)| end),
                        Some(b'f') => self.word(at, "false", Val::Null).map(|(_, end)| end),
                        _ => self.skip(at, depth + 1),
                    }
                })
            }
            _ => self.value(at, depth).map(|(_, end)| end),
        }
    }

    /// A non-negative integer as serde_json reads one into a `u64`: no leading zero, no fraction or
    /// exponent (floats, negatives and overflow go to serde_json).
    #[inline]
    fn integer(self, start: usize) -> Option<(Val<'a>, usize)> {
        let mut at = start;
        let mut n = 0u64;
        while let Some(d @ b'0'..=b'9') = self.byte(at) {
            n = n.checked_mul(10)?.checked_add(u64::from(d - b'0'))?;
            at += 1;
        }
        if at - start > 1 && self.byte(start) == Some(b'0') {
            return None;
        }
        if matches!(self.byte(at), Some(b'.' | b'e' | b'E')) {
            return None;
        }
        Some((Val::Num(n.into()), at))
    }

    fn word(self, at: usize, word: &str, v: Val<'a>) -> Option<(Val<'a>, usize)> {
        self.0[at..].starts_with(word).then(|| (v, at + word.len()))
    }
}

/// Where a string's text ends: the first `"`, `\\` or control character (U+0000 to U+001F, which
/// a JSON string may not hold) in `s`. Eight bytes at a time (a word's bytes compared at once, the
/// lowest flagged byte being exact), since a line's strings are its keys, names and ids.
pub(super) fn string_end(s: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGH: u64 = ONES << 7;
    let zero_byte = |x: u64| x.wrapping_sub(ONES) & !x;
    let mut words = s.chunks_exact(8);
    let mut at = 0;
    for word in words.by_ref() {
        let w = u64::from_le_bytes(word.try_into().unwrap_or_default());
        let flags = (zero_byte(w ^ (ONES * u64::from(b'"')))
            | zero_byte(w ^ (ONES * u64::from(b'\\')))
            | (w.wrapping_sub(ONES * 0x20) & !w))
            & HIGH;
        if flags != 0 {
            return Some(at + flags.trailing_zeros() as usize / 8);
        }
        at += 8;
    }
    words.remainder().iter().position(|&c| c == b'"' || c == b'\\' || c < 0x20).map(|p| at + p)
}

#[cfg(test)]
mod tests {
    use super::super::Top;
    use super::*;
    use proptest::prelude::*;

    /// What serde_json reads the line as (the reader of record), where it reads an object.
    fn serde(line: &str) -> Option<Fields<'_>> {
        match serde_json::from_str::<Top>(line) {
            Ok(Top::Object(f)) => Some(f),
            _ => None,
        }
    }

    /// The fast reader's one promise: where it reads a line at all, serde_json reads the same.
    fn agrees(line: &str) -> Result<bool, TestCaseError> {
        let Some(fast) = read(line) else { return Ok(false) };
        prop_assert_eq!(Some(fast), serde(line), "{:?}", line);
        Ok(true)
    }

    fn data_lines() -> Vec<String> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data");
        let mut lines = Vec::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "jsonl") {
                lines.extend(std::fs::read_to_string(&path).unwrap().lines().map(str::to_string));
            }
        }
        lines
    }

    /// Every measured line is read by the fast reader, as serde_json reads it (the lines are what
    /// generators write; a compiler message's escaped quotes are in `result`, which is skipped).
    #[test]
    fn reads_every_measured_line_as_serde_json_does() {
        let lines = data_lines();
        assert!(lines.len() > 5000, "{}", lines.len());
        for line in &lines {
            assert!(agrees(line).unwrap(), "not read: {line}");
        }
    }

    /// The hostile lines of `eval`'s snapshot: where the fast reader reads one, serde_json agrees
    /// (every error and duplicate key is left to serde_json).
    #[test]
    fn leaves_hostile_lines_to_serde_json() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/eval/hostile.jsonl");
        let text = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
        let mut read_by_serde = 0;
        for line in text.lines() {
            if !agrees(line).unwrap() && serde(line).is_some() {
                read_by_serde += 1;
            }
        }
        assert!(read_by_serde > 0);
    }

    /// The edges of JSON the fast reader must leave alone or read exactly as serde_json does.
    #[test]
    fn edges() {
        let gives_up = [
            r#"{"stages": 01}"#,
            r#"{"stages": -0}"#,
            r#"{"stages": -3}"#,
            r#"{"stages": 3.0}"#,
            r#"{"stages": 3e2}"#,
            r#"{"stages": 18446744073709551616}"#,
            r#"{"arch": "sm\u0031"}"#,
            "{\"arch\": \"sm\t120\"}",
            r#"{"arch": "sm120",}"#,
            r#"{"arch": "sm120"} x"#,
            r#"{"arch": "sm120", "arch": "sm90"}"#,
            r#"{"zz": 1, "zz": 2}"#,
            r#"{"result": {"a": 1, "a": 2}}"#,
            r#"{"result": {"e": "\u0022"}}"#,
            r#"{"result": {"e": "\x"}}"#,
            r#"{"tile": [1, 2,]}"#,
            r#"{"epilogue": {"a": {"b": 1}, "a": 2}}"#,
            r#"{"fusion": tru}"#,
            r#"{"fusion": truex}"#,
            "[1]",
            r#"{"a" 1}"#,
            "{\"arch\": \"sm120\"}\u{0}",
        ];
        for line in gives_up {
            assert!(read(line).is_none(), "{line}");
        }
        let reads = [
            "{}",
            " \t\r\n{ \"arch\" : \"sm120\" , \"tile\":[ 1 ,2,3 ] }\r\n ",
            "{\"stages\": 18446744073709551615, \"id\": \"é\u{7f}\"}",
            r#"{"stages": 0, "fusion": null, "cluster": [[], {}], "epilogue": {"x": [true, false]}}"#,
            r#"{"result": {"error": "say \"no\" \\ / \/ \b\f\n\r\t", "k": [1, {"k": 2}]}, "unknown": {}}"#,
        ];
        for line in reads {
            assert!(agrees(line).unwrap(), "{line}");
        }
        let deep = format!("{{\"result\": {}1{}}}", "[".repeat(40), "]".repeat(40));
        assert!(read(&deep).is_none() && serde(&deep).is_some());
    }

    /// The JSON-ish pieces generated lines are made of: every structural character, keys of the
    /// contract and others, numbers and strings at the edges of what the fast reader takes.
    fn piece() -> impl Strategy<Value = &'static str> {
        prop::sample::select(vec![
            "{",
            "}",
            "[",
            "]",
            ",",
            ":",
            " ",
            "\t",
            "\n",
            "\"",
            "\\",
            "\\\"",
            "\\u0041",
            "\"arch\"",
            "\"tile\"",
            "\"result\"",
            "\"stages\"",
            "\"id\"",
            "\"zz\"",
            "\"sm120\"",
            "0",
            "1",
            "01",
            "-",
            "12",
            ".5",
            "e3",
            "18446744073709551615",
            "18446744073709551616",
            "true",
            "false",
            "null",
            "\u{1}",
            "é",
        ])
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 4096, ..ProptestConfig::default() })]

        /// Lines made of JSON's pieces, valid or not: the fast reader agrees or gives up.
        #[test]
        fn generated_lines(pieces in prop::collection::vec(piece(), 0..40)) {
            agrees(&pieces.concat())?;
        }

        /// Measured lines with one piece put in, taken out or replaced: the same.
        #[test]
        fn mutated_measured_lines(which in any::<prop::sample::Index>(), at in any::<prop::sample::Index>(),
                                  cut in 0usize..4, p in piece()) {
            let lines = data_lines();
            let line = which.get(&lines);
            let mut at = at.index(line.len() + 1);
            while !line.is_char_boundary(at) {
                at -= 1;
            }
            let mut end = (at + cut).min(line.len());
            while !line.is_char_boundary(end) {
                end -= 1;
            }
            agrees(&format!("{}{p}{}", &line[..at], &line[end..]))?;
        }
    }
}
