//! `smem-lint explain-code [CODE]`: the rule registry, or one rule's explanation.

use crate::exit::{EXIT_CLEAN, EXIT_INPUT_ERROR};
use crate::output::{errln, outln};

pub(super) fn explain_code(code: Option<&str>) -> u8 {
    use crate::rules::{Class, Rule};
    let class = |r: Rule| match r.class() {
        Class::Finding => "finding (exit 1)",
        Class::InputError => "input error (exit 2)",
    };
    let Some(code) = code else {
        for r in Rule::ALL {
            outln!("{:<28} {:<22} {}", r.code(), class(*r), r.summary());
        }
        return EXIT_CLEAN;
    };
    let full = if code.starts_with("smem::") { code.to_string() } else { format!("smem::{code}") };
    if let Some(r) = Rule::from_code(&full) {
        outln!("{}: {} [{}]\n\n{}", r.code(), r.summary(), class(r), r.explanation().trim_end());
        EXIT_CLEAN
    } else {
        errln!(
            "error: unknown code `{code}`; codes: {}",
            Rule::ALL.iter().map(|r| r.code()).collect::<Vec<_>>().join(", ")
        );
        EXIT_INPUT_ERROR
    }
}
