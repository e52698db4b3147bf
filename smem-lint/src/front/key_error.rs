//! Input errors about a key rather than its value, in the same words in every front end (issue 26):
//! a key no front end takes, a key of another front end, a required key left out, a key given
//! twice. The TOML reader, `eval`'s JSON lines and `#[smem_check]` (with `cargo smem-lint`) each
//! report these through [`key_error`], with the front end they read: the rule, the message and the
//! help have one shape everywhere, and name the front end only where the words must (its key list,
//! where a required key goes). Each front end places the error on the key it is about.
//!
//! | problem | rule | message | help |
//! |---|---|---|---|
//! | unknown key | `smem::unknown-key` | unknown key `K` | did you mean `N`? F keys: ... |
//! | another front end's key | `smem::unknown-key` | `K` is not a F key | `K` is a G key; what to write instead |
//! | required key left out | `smem::missing-key` | missing required key `K` | add `K = ...` to (where, in F) |
//! | key given twice | `smem::duplicate-key` | `K` is given twice | keep one of them |
//! | key of another family | `smem::unknown-key` | `K` is not a key of the X family | `K` is a key of ...; X takes ... |

use crate::front::value_error::ValueError;
use crate::keys::{self, Front};
use crate::rules::Rule;

/// What is wrong with a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyProblem {
    /// The front end does not take it (another may: the help then says which, and what to write).
    Unknown,
    /// A required key left out.
    Missing,
    /// The same key twice in one table, line or attribute.
    Twice,
    /// A key the configuration's family does not read (`hidden` on a CUTLASS kernel, `schedule`
    /// on a CuTe DSL kernel): never silently ignored.
    NotOfFamily(crate::model::Family),
}

/// The input error about `key` in `front`: the one wording of each [`KeyProblem`].
pub fn key_error(front: Front, key: &str, problem: KeyProblem) -> ValueError {
    let f = front.name();
    match problem {
        KeyProblem::Unknown => {
            let owners = keys::fronts_of(key);
            if owners.is_empty() || owners.contains(&front) {
                let list = format!("{f} keys: {}", front.key_list());
                let help = match nearest(front, key) {
                    Some(near) => format!("did you mean `{near}`? {list}"),
                    None => list,
                };
                ValueError::new(Rule::UnknownKey, format!("unknown key `{key}`"), format!("not a {f} key"), Some(help))
            } else {
                let owners = owners.iter().map(|o| o.name()).collect::<Vec<_>>().join(" and ");
                let instead =
                    instead(front, key).map_or_else(|| format!("{f} keys: {}", front.key_list()), String::from);
                ValueError::new(
                    Rule::UnknownKey,
                    format!("`{key}` is not a {f} key"),
                    format!("not a {f} key"),
                    Some(format!("`{key}` is a {owners} key; {instead}")),
                )
            }
        }
        KeyProblem::Missing => {
            let help = match front {
                Front::Toml => format!("add `{key} = ...` to this table or to [defaults]"),
                Front::JsonLines => format!("add `\"{key}\": ...` to the line"),
                Front::Attribute if key == "arch" => "name the architectures first: #[smem_check(sm120, ...)]".into(),
                Front::Attribute => format!("add `{key} = ...` to #[smem_check(...)] or a `{key}` field"),
            };
            ValueError::new(
                Rule::MissingKey,
                format!("missing required key `{key}`"),
                format!("no `{key}` for this kernel"),
                Some(help),
            )
        }
        KeyProblem::NotOfFamily(family) => {
            let owners = keys::field_of(key).map(keys::families_taking).unwrap_or_default();
            ValueError::new(
                Rule::UnknownKey,
                format!("`{key}` is not a key of the {} family", family.name()),
                "not a key of this family",
                Some(format!(
                    "`{key}` is read by {}; {} kernels take: {}",
                    owners.join(", "),
                    family.name(),
                    keys::keys_of(family)
                )),
            )
        }
        KeyProblem::Twice => ValueError::new(
            Rule::DuplicateKey,
            format!("`{key}` is given twice"),
            "given again here",
            Some("keep one of them".into()),
        ),
    }
}

/// The key of `front` nearest in spelling to `key`: within two edits, and fewer edits than `key`
/// has characters (`x` is no misspelling of `a`).
fn nearest(front: Front, key: &str) -> Option<&'static str> {
    let near = crate::rules::nearest(key, front.keys())?;
    (crate::rules::edit_distance(key, near) < key.chars().count()).then_some(near)
}

/// What `front` has instead of `key`, another front end's key.
fn instead(front: Front, key: &str) -> Option<&'static str> {
    Some(match (front, key) {
        (Front::JsonLines, "name") => "a line's `id` names its kernel",
        (Front::Attribute, "name" | "id") => "the struct's name names the kernel",
        (Front::Toml, "id") => "`name` names a kernel",
        (Front::JsonLines, "carveout") => "write `\"stages\": \"auto-carveout-N\"`",
        (_, "operands") => "write `a` and `b`",
        (_, "outputs") => "write `c` and `d`",
        (Front::Attribute, "arch") => "name the architectures first: #[smem_check(sm120, ...)]",
        (Front::Toml, "epilogue_smem_bytes") => "write `epilogue = { smem_bytes = N }`",
        (Front::JsonLines, "epilogue_smem_bytes") => {
            "a JSON line names a built epilogue; declare its size in TOML (`epilogue = { smem_bytes = N }`)"
        }
        (_, "result") => "it is measured data, not configuration",
        (_, k) if keys::is_provenance(k) => "a kernel's provenance is written in TOML files",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every key some front end lacks has words for what to write instead there.
    #[test]
    fn every_foreign_key_says_what_to_write_instead() {
        for k in keys::KEYS {
            for front in Front::ALL.into_iter().filter(|f| !k.fronts.contains(f)) {
                assert!(instead(front, k.name).is_some(), "`{}` in {front:?}", k.name);
            }
        }
    }

    #[test]
    fn shapes() {
        let e = key_error(Front::Toml, "tilee", KeyProblem::Unknown);
        assert_eq!((e.rule, e.message.as_str()), (Rule::UnknownKey, "unknown key `tilee`"));
        assert!(e.help.unwrap().starts_with("did you mean `tile`? TOML keys: name, arch,"));
        let e = key_error(Front::Toml, "x", KeyProblem::Unknown);
        assert!(e.help.unwrap().starts_with("TOML keys: "), "no near key for one letter");
        let e = key_error(Front::JsonLines, "carveout", KeyProblem::Unknown);
        assert_eq!(e.message, "`carveout` is not a JSON-lines key");
        assert_eq!(
            e.help.as_deref(),
            Some("`carveout` is a TOML and #[smem_check] key; write `\"stages\": \"auto-carveout-N\"`")
        );
    }
}
