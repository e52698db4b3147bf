//! The exit-code policy every subcommand shares (README, "Exit codes"): 0 clean, 1 findings (a
//! kernel that cannot launch or is not modelled, a stale table), 2 usage or input error.

pub(crate) const EXIT_CLEAN: u8 = 0;

pub(crate) const EXIT_FINDINGS: u8 = 1;

pub(crate) const EXIT_INPUT_ERROR: u8 = 2;
