#!/bin/sh
# The same test on the package flattened into one file (benches/projects/flatten.py js).
node "$1" 2>&1 | grep -q 'TypeError: (intermediate value).compareTo is not a function'
