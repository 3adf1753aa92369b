#!/bin/sh
# Interesting: g++ still reports a use of a deleted function, a unique_ptr's copy.
LC_ALL=C g++ -fsyntax-only -std=c++17 -w "$1" 2>&1 | grep -q "error: use of deleted function .*unique_ptr"
