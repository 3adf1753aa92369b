#!/bin/sh
# Interesting: `cargo check` still reports E0308 "expected `u64`, found
# `Option<u64>`" somewhere in the crate. The test runs in a private copy of the
# whole crate (its Cargo.lock has no dependency to fetch).
# Run in the built crate's folder: treereduce -i ./check.sh semver
cargo check --offline --quiet 2>&1 | grep -q 'expected `u64`, found `Option<u64>`'
