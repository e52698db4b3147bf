//! Two spellings of one key in one table (`a` and `operands`, `d` and `outputs`, `stages` and
//! `carveout`): one would silently win over the other, so the table is refused with
//! `smem::duplicate-key` on the second. A table's own key still replaces what `[defaults]` sets,
//! whichever spelling either uses.

use toml::de::DeTable;

use super::InputError;
use crate::front::value_error;

/// An error on the second of every pair of keys in `table` that set the same field.
pub(super) fn one_spelling(table: &DeTable<'_>, errors: &mut Vec<InputError>) {
    let mut keys: Vec<_> = table.keys().collect();
    keys.sort_by_key(|k| k.span().start);
    for (i, k) in keys.iter().enumerate() {
        if let Some(first) = crate::keys::same_field_as(k.get_ref(), keys[..i].iter().map(|e| e.get_ref().as_ref())) {
            errors.push(value_error::two_spellings(first, k.get_ref()).at(k.span()));
        }
    }
}
