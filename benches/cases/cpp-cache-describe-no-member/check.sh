#!/bin/sh
# Interesting: g++ still reports a member a class does not have, named label.
LC_ALL=C g++ -fsyntax-only -std=c++17 -w "$1" 2>&1 | grep -q "has no member named 'label'"
