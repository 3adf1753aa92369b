#!/bin/sh
# Interesting: rustc crashes in const evaluation (rustc_const_eval/src/interpret/eval_context.rs), as with an enum whose discriminants are range patterns.
# Outputs go to the private working directory, never to /dev/null.
timeout 5 rustc --edition 2018 --crate-type lib -A warnings --emit=metadata --out-dir . "$1" 2>&1 |
    grep -qE 'internal compiler error: .*rustc_const_eval/src/interpret/eval_context.rs'
