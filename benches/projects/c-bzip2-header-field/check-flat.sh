#!/bin/sh
# The same test on the project flattened into one file (benches/projects/flatten.py c).
LC_ALL=C gcc -fsyntax-only "$1" 2>&1 |
    grep -q 'error: pointer value used where a floating-point was expected'
