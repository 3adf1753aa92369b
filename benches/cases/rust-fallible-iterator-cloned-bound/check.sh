#!/bin/sh
# Interesting: rustc still reports that a type parameter lacks Clone.
# Outputs go to the private working directory, never to /dev/null.
timeout 10 rustc --edition 2021 --crate-type lib -A warnings --emit=metadata -o out.rmeta "$1" 2>&1 |
    grep -q 'error\[E0277\]: the trait bound `.*: Clone` is not satisfied'
