#!/bin/sh
# Interesting: g++ still cannot convert a bound call to the std::function
# a method takes.
LC_ALL=C timeout 10 g++ -fsyntax-only -std=c++17 -w "$1" 2>&1 | grep -q "error: cannot convert"
