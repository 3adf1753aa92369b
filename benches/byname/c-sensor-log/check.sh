#!/bin/sh
# Interesting: gcc compiles the program (calls declared) and warns that a
# comparison mixes signed and unsigned integers.
out=$(LC_ALL=C gcc -fsyntax-only -Wall -Wextra -Werror=implicit-function-declaration "$1" 2>&1) || exit 1
printf '%s' "$out" | grep -q 'comparison of integer expressions of different signedness'
