#!/bin/sh
# Interesting: `cargo check` still reports E0308 "expected `String`, found `f64`"
# somewhere in the crate. The test runs in a private copy of the whole crate.
# Run in this directory: treereduce -i ./check.sh ledger
cargo check --offline --quiet 2>&1 | grep -q 'expected `String`, found `f64`'
