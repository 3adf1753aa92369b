#!/bin/sh
# Interesting: rustc still finds no method of a type parameter.
# Outputs go to the private working directory, never to /dev/null.
timeout 10 rustc --edition 2021 --crate-type lib -A warnings --emit=metadata -o out.rmeta "$1" 2>&1 |
    grep -q 'error\[E0599\]: no method named `.*` found for type parameter'
