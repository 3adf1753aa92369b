#!/bin/sh
# Interesting: g++ still cannot convert a value to the type a function returns.
LC_ALL=C timeout 10 g++ -fsyntax-only -std=c++17 -w "$1" 2>&1 | grep -q "error: could not convert"
