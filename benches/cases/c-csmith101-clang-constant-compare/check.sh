#!/bin/sh
# Interesting: clang still warns -Wtautological-constant-compare.
LC_ALL=C timeout 5 clang -fsyntax-only -Wall -Wextra -I/usr/include/csmith "$1" 2>&1 | grep -q -- 'Wtautological-constant-compare'
