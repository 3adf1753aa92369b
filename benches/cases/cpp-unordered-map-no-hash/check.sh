#!/bin/sh
# Interesting: g++ still reports the use of a deleted function, std::hash's.
LC_ALL=C timeout 10 g++ -fsyntax-only -std=c++17 -w "$1" 2>&1 | grep -q "error: use of deleted function.*hash"
