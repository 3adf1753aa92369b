#!/bin/sh
# Interesting: rustc still reports the mismatched types of `total_runs`
# (a `u32` sum returned as `u64`), and no other error.
out=$(LC_ALL=C timeout 10 rustc --edition 2021 --crate-type lib -A warnings --emit=metadata --out-dir . "$1" 2>&1)
printf '%s' "$out" | grep -q 'error\[E0308\]: mismatched types' || exit 1
[ "$(printf '%s' "$out" | grep -c '^error')" -le 2 ] || exit 1
printf '%s' "$out" | grep -q 'expected `u64`, found `u32`'
