#!/bin/sh
# Interesting: clang still warns -Wself-assign.
LC_ALL=C timeout 5 clang -fsyntax-only -Wall -Wextra -I/usr/include/csmith "$1" 2>&1 | grep -q -- 'Wself-assign'
