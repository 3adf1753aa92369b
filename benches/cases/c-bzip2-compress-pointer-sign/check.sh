#!/bin/sh
# Interesting: gcc compiles the program (no error, every function declared)
# and warns that the pointer targets of an argument differ in signedness.
out=$(LC_ALL=C timeout 5 gcc -fsyntax-only -Wall -Werror=implicit-function-declaration "$1" 2>&1) || exit 1
printf '%s' "$out" | grep -q -- 'Wpointer-sign'
