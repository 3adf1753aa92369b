#!/bin/sh
# Interesting: gcc compiles the program (no errors, every function
# declared) and warns about a comparison of signed and unsigned integers.
out=$(LC_ALL=C timeout 5 gcc -fsyntax-only -Wall -Wextra -Werror=implicit-function-declaration "$1" 2>&1) || exit 1
printf '%s' "$out" | grep -q -- 'Wsign-compare'
