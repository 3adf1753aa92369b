#!/bin/sh
# Interesting: g++ still reports a local used in a lambda that does not capture it.
LC_ALL=C g++ -fsyntax-only -std=c++17 -w "$1" 2>&1 | grep -q "is not captured"
