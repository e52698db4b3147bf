//! A kernel written as command-line flags (`explain --tile 128x256x128 --operands nvfp4,nvfp4 ...`):
//! one flag per key the TOML format takes (`keys::KEYS`), written into a `[[kernel]]` table that the
//! TOML front end parses. The defaults, cross-field checks, errors and rule codes are therefore the
//! TOML format's, and a diagnostic quotes the equivalent table.
//!
//! `--arch` and `--cutlass` are the target flags every command has; provenance (`source_*`) names a
//! file, so it is no flag.

use crate::keys::{self, Front};

/// Where a diagnostic of the flags says the kernel was written.
pub const SOURCE_NAME: &str = "<command line>";

/// The keys that are kernel flags, in the key table's order.
pub fn keys() -> impl Iterator<Item = &'static str> {
    Front::Toml.keys().filter(|k| !matches!(*k, "arch" | "cutlass") && !keys::is_provenance(k))
}

/// The flag of `key`: `--epilogue-schedule` for `epilogue_schedule`.
fn long(key: &'static str) -> &'static str {
    if key.contains('_') {
        // Once per key and process, when the command line is built.
        String::leak(key.replace('_', "-"))
    } else {
        key
    }
}

/// The kernel flags given, in the key table's order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KernelFlags {
    pub values: Vec<(&'static str, String)>,
}

impl KernelFlags {
    /// The value given for `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.values.iter().find(|(k, _)| *k == key).map(|(_, v)| v.as_str())
    }

    /// The flags given other than those in `except`.
    pub fn others<'a>(&'a self, except: &'a [&str]) -> impl Iterator<Item = &'static str> + 'a {
        self.values.iter().map(|(k, _)| *k).filter(move |k| !except.contains(k))
    }

    /// The `[[kernel]]` table the flags write (named `command_line` unless `--name` says otherwise).
    pub fn to_toml(&self) -> String {
        let mut s = String::from("[[kernel]]\n");
        if self.get("name").is_none() {
            s.push_str("name = \"command_line\"\n");
        }
        for (k, v) in &self.values {
            s.push_str(k);
            s.push_str(" = ");
            s.push_str(&toml_value(v));
            s.push('\n');
        }
        s
    }
}

/// A flag's value as a TOML value: a TOML literal stays as written (`4`, `"auto"`, `[1, 2]`,
/// `{ smem_bytes = 4096 }`); `128x256x128` is a list of numbers; `a,b` a list (unless the value
/// is a C++ type, whose commas are its own); anything else a string.
pub fn toml_value(raw: &str) -> String {
    let raw = raw.trim();
    if is_toml_value(raw) {
        return raw.to_string();
    }
    let numbers =
        |sep: char| raw.split(sep).all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit())) && raw.contains(sep);
    if numbers('x') {
        return format!("[{}]", raw.split('x').collect::<Vec<_>>().join(", "));
    }
    if raw.contains(',') && !raw.contains(['<', '(', '{', '[', '"']) {
        let items: Vec<String> = raw.split(',').map(toml_value).collect();
        return format!("[{}]", items.join(", "));
    }
    toml::Value::String(raw.to_string()).to_string()
}

/// Whether `raw` is one TOML value: on one line (a value holding a newline would write more keys
/// into the table, `--tile $'[1, 2, 3]\nstages = 1'`) and read back as the table's only key.
fn is_toml_value(raw: &str) -> bool {
    !raw.is_empty()
        && !raw.contains(['\n', '\r'])
        && toml::from_str::<toml::Table>(&format!("v = {raw}\n")).is_ok_and(|t| t.len() == 1 && t.contains_key("v"))
}

impl clap::FromArgMatches for KernelFlags {
    fn from_arg_matches(m: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let values = keys().filter_map(|k| m.get_one::<String>(k).map(|v| (k, v.clone()))).collect::<Vec<_>>();
        Ok(KernelFlags { values })
    }

    fn update_from_arg_matches(&mut self, m: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

impl clap::Args for KernelFlags {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        keys().fold(cmd, |cmd, k| {
            let help = match k {
                "name" => "The kernel's name: with FILE, the kernel to explain; inline, the name shown".to_string(),
                "kernel" => {
                    "The kernel's `kernel` (dense or grouped). With FILE, as --name (the kernel to explain)".to_string()
                }
                _ => format!("The kernel's `{k}`, as in TOML (lists: A,B or AxBxC; a TOML value is taken as written)"),
            };
            cmd.arg(
                clap::Arg::new(k)
                    .long(long(k))
                    .value_name("VALUE")
                    .help(help)
                    .help_heading("Kernel (every key of the TOML format)"),
            )
        })
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every key the TOML format takes is a flag, but the target's and provenance.
    #[test]
    fn every_toml_key_is_a_flag() {
        let flags: Vec<&str> = keys().collect();
        for k in Front::Toml.keys() {
            assert_eq!(flags.contains(&k), !matches!(k, "arch" | "cutlass") && !keys::is_provenance(k), "{k}");
        }
        assert!(flags.contains(&"epilogue_cta_tile") && flags.contains(&"operands"));
    }

    #[test]
    fn values_read_as_toml() {
        assert_eq!(toml_value("128x256x128"), "[128, 256, 128]");
        assert_eq!(toml_value("nvfp4,nvfp4"), r#"["nvfp4", "nvfp4"]"#);
        assert_eq!(toml_value("2,1,1"), "[2, 1, 1]");
        assert_eq!(toml_value("4"), "4");
        assert_eq!(toml_value("auto"), r#""auto""#);
        assert_eq!(toml_value("trtllm-moe-finalize"), r#""trtllm-moe-finalize""#);
        assert_eq!(toml_value("{ smem_bytes = 4096 }"), "{ smem_bytes = 4096 }");
        assert_eq!(toml_value("Sm90EVT<Sm90Compute<plus, f32, f32>, Sm90AccFetch>").chars().next(), Some('"'));
        let quoted: toml::Table = toml::from_str(&format!("v = {}", toml_value("a\"b"))).unwrap();
        assert_eq!(quoted["v"].as_str(), Some("a\"b"));
    }
}
