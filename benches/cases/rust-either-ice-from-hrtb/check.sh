#!/bin/sh
# Interesting: rustc 1.95 still crashes the same way (rustc_middle/src/ty/predicate.rs).
# Outputs go to the private working directory, never to /dev/null.
timeout 5 rustc --edition 2018 --crate-type lib -A warnings --emit=metadata --out-dir . "$1" 2>&1 |
    grep -qE 'panicked at .*rustc_middle/src/ty/predicate.rs'
