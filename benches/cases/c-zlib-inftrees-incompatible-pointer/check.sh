#!/bin/sh
# Interesting: gcc compiles the program (no error) and warns about an
# assignment between incompatible pointer types.
out=$(LC_ALL=C timeout 5 gcc -fsyntax-only -Wall "$1" 2>&1) || exit 1
printf '%s' "$out" | grep -q -- 'Wincompatible-pointer-types'
