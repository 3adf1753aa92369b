#!/bin/sh
# Interesting: gcc compiles the program (no errors, every function
# declared) and warns that a shift count is at least the width of its type.
out=$(LC_ALL=C timeout 5 gcc -fsyntax-only -Wall -Wextra -Werror=implicit-function-declaration "$1" 2>&1) || exit 1
printf '%s' "$out" | grep -q -- 'Wshift-count-overflow'
