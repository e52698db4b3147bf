//! `stages` and `carveout` set the same thing (the stage policy): a table may give one of them.
//! A table's own key still replaces what `[defaults]` sets, whichever of the two that is.

use toml::de::DeTable;

use super::InputError;
use crate::front::value_error;

/// An error on the second of `stages` and `carveout` when a table sets both.
pub(super) fn one_policy(table: &DeTable<'_>, errors: &mut Vec<InputError>) {
    let (Some((stages_key, _)), Some((carveout_key, _))) =
        (table.get_key_value("stages"), table.get_key_value("carveout"))
    else {
        return;
    };
    let (first, second) = if stages_key.span().start < carveout_key.span().start {
        (stages_key, carveout_key)
    } else {
        (carveout_key, stages_key)
    };
    errors.push(value_error::two_stage_policies(first.get_ref(), second.get_ref()).at(second.span()));
}
