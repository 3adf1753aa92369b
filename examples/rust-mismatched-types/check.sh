#!/bin/sh
# Interesting: rustc still reports E0308 "expected `String`, found `f64`".
rustc --edition 2021 --crate-type lib --emit=metadata -o /dev/null "$1" 2>&1 |
    grep -q 'expected `String`, found `f64`'
