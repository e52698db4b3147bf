//! `smem-lint eval`: JSON lines in, one result line out per input line.

use crate::exit::EXIT_INPUT_ERROR;
use crate::model::CutlassVersion;
use crate::output::errln;
use std::path::Path;

/// `eval`, streaming ([`crate::eval_stream`]): constant memory for any input length, results in
/// input order.
pub(super) fn eval(file: &Path, cutlass: Option<CutlassVersion>) -> u8 {
    let name = file.display().to_string();
    let stdout = crate::output::stdout();
    if file.as_os_str() == "-" {
        return crate::eval_stream::eval(
            std::io::BufReader::with_capacity(1 << 16, std::io::stdin()),
            &name,
            cutlass,
            stdout,
        );
    }
    match crate::input::open_regular(file) {
        Ok(f) => crate::eval_stream::eval(std::io::BufReader::with_capacity(1 << 16, f), &name, cutlass, stdout),
        Err(e) => {
            errln!("error: cannot read {name}: {e}");
            EXIT_INPUT_ERROR
        }
    }
}
