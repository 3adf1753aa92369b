#!/bin/sh
# Interesting: rustc still reports E0308 "expected `String`, found `f64`".
# The metadata goes to the private working directory: never `-o /dev/null`,
# since rustc renames its output into place and would replace the device.
# Run in this directory: treereduce -i ./check.sh evaluator.rs
rustc --edition 2021 --crate-type lib --emit=metadata --out-dir . "$1" 2>&1 |
    grep -q 'expected `String`, found `f64`'
