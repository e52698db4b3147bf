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
    let mut r = Reader { text: line, at: 0 };
    r.space();
    r.expect(b'{')?;
    let mut fields = Fields { values: Vec::with_capacity(16), at: [Fields::ABSENT; KEYS.len()], unknown: Vec::new() };
    r.members(|r, k| {
        match crate::keys::position(Front::JsonLines, k) {
            Some(i) if fields.at[i] != Fields::ABSENT => return None,
            Some(key::RESULT) => {
                r.skip(1)?;
                fields.at[key::RESULT] = Fields::CHECKED;
            }
            Some(i) => {
                // Every key is a distinct JSON-lines key here, so there are fewer than 24 values.
                fields.at[i] = fields.values.len() as u8;
                fields.values.push(r.value(1)?);
            }
            None if !new_key(fields.unknown.iter().map(|u| &**u), k) => return None,
            None => {
                r.skip(1)?;
                fields.unknown.push(Cow::Borrowed(k));
            }
        }
        Some(())
    })?;
    r.space();
    (r.at == line.len()).then_some(fields)
}

/// Whether `k` may join an object that has `keys`: it is not among them, and the object stays
/// within [`KeySet::FEW`] keys. A wider object goes to serde_json, which refuses duplicates among
/// many keys with a hash set.
fn new_key<'k>(mut keys: impl ExactSizeIterator<Item = &'k str>, k: &str) -> bool {
    keys.len() < KeySet::FEW && keys.all(|x| x != k)
}

struct Reader<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Reader<'a> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    /// JSON's whitespace, the four characters serde_json skips.
    fn space(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    fn expect(&mut self, c: u8) -> Option<()> {
        (self.peek() == Some(c)).then(|| self.at += 1)
    }

    /// An object's members after its `{`, through its `}`: `member` reads each value.
    fn members(&mut self, mut member: impl FnMut(&mut Self, &'a str) -> Option<()>) -> Option<()> {
        self.space();
        if self.expect(b'}').is_some() {
            return Some(());
        }
        loop {
            self.space();
            let k = self.string()?;
            self.space();
            self.expect(b':')?;
            self.space();
            member(self, k)?;
            self.space();
            match self.peek()? {
                b',' => self.at += 1,
                b'}' => {
                    self.at += 1;
                    return Some(());
                }
                _ => return None,
            }
        }
    }

    /// A string without escapes or control characters (which serde_json refuses), borrowed.
    fn string(&mut self) -> Option<&'a str> {
        self.expect(b'"')?;
        let start = self.at;
        let rest = &self.text.as_bytes()[start..];
        let len = string_end(rest)?;
        if rest[len] != b'"' {
            return None;
        }
        self.at = start + len + 1;
        // Both ends are ASCII quotes, so both are character boundaries.
        self.text.get(start..start + len)
    }

    /// A value at nesting `depth`.
    fn value(&mut self, depth: u8) -> Option<Val<'a>> {
        match self.peek()? {
            b'"' => self.string().map(|s| Val::Str(Cow::Borrowed(s))),
            b'0'..=b'9' => self.integer(),
            b'[' if depth < MAX_DEPTH => {
                self.at += 1;
                let mut items = Vec::with_capacity(4);
                self.space();
                if self.expect(b']').is_some() {
                    return Some(Val::Arr(items));
                }
                loop {
                    self.space();
                    items.push(self.value(depth + 1)?);
                    self.space();
                    match self.peek()? {
                        b',' => self.at += 1,
                        b']' => {
                            self.at += 1;
                            return Some(Val::Arr(items));
                        }
                        _ => return None,
                    }
                }
            }
            b'{' if depth < MAX_DEPTH => {
                self.at += 1;
                let mut members: Vec<(Cow<'a, str>, Val<'a>)> = Vec::with_capacity(8);
                self.members(|r, k| {
                    if !new_key(members.iter().map(|(x, _)| &**x), k) {
                        return None;
                    }
                    let v = r.value(depth + 1)?;
                    members.push((Cow::Borrowed(k), v));
                    Some(())
                })?;
                Some(Val::Obj(members))
            }
            b't' => self.word("true", Val::Bool(true)),
            b'f' => self.word("false", Val::Bool(false)),
            b'n' => self.word("null", Val::Null),
            _ => None,
        }
    }

    /// A value that is checked and dropped (`result`, unknown keys), at nesting `depth`: as
    /// [`Reader::value`], but its strings may hold the escapes that need no decoding to check
    /// (a measured line's compiler message quotes CUTLASS: `\"`), and nothing is built.
    fn skip(&mut self, depth: u8) -> Option<()> {
        match self.peek()? {
            b'"' => {
                self.at += 1;
                loop {
                    let rest = &self.text.as_bytes()[self.at..];
                    let end = string_end(rest)?;
                    self.at += end + 1;
                    match rest[end] {
                        b'"' => return Some(()),
                        b'\\'
                            if matches!(
                                rest.get(end + 1),
                                Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't')
                            ) =>
                        {
                            self.at += 1;
                        }
                        _ => return None,
                    }
                }
            }
            b'{' if depth < MAX_DEPTH => {
                self.at += 1;
                let mut keys: Vec<&str> = Vec::with_capacity(8);
                self.members(|r, k| {
                    if !new_key(keys.iter().copied(), k) {
                        return None;
                    }
                    keys.push(k);
                    r.skip(depth + 1)
                })
            }
            _ => self.value(depth).map(drop),
        }
    }

    /// A non-negative integer as serde_json reads one into a `u64`: no leading zero, no fraction or
    /// exponent (floats, negatives and overflow go to serde_json).
    fn integer(&mut self) -> Option<Val<'a>> {
        let start = self.at;
        let mut n = 0u64;
        while let Some(d @ b'0'..=b'9') = self.peek() {
            n = n.checked_mul(10)?.checked_add(u64::from(d - b'0'))?;
            self.at += 1;
        }
        if self.at - start > 1 && self.text.as_bytes()[start] == b'0' {
            return None;
        }
        if matches!(self.peek(), Some(b'.' | b'e' | b'E')) {
            return None;
        }
        Some(Val::Num(n.into()))
    }

    fn word(&mut self, word: &str, v: Val<'a>) -> Option<Val<'a>> {
        self.text[self.at..].starts_with(word).then(|| {
            self.at += word.len();
            v
        })
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
