#!/bin/sh
# The same test on the crate flattened into one file (benches/projects/flatten.py
# rust), compiled as cargo compiles the library (edition, default features).
rustc --edition 2018 --crate-type lib --crate-name semver --cfg 'feature="default"' --cfg 'feature="std"' \
    --emit=metadata --out-dir . "$1" 2>&1 | grep -q 'expected `u64`, found `Option<u64>`'
