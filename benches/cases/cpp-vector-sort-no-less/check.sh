#!/bin/sh
# Interesting: g++ still finds no operator< for the sorted elements.
LC_ALL=C g++ -fsyntax-only -std=c++17 -w "$1" 2>&1 | grep -q "error: no match for 'operator<'"
