#!/bin/sh
# Interesting: a valid C program (no warning under -Wall) that prints a
# number above 100000 computed by a function: literals stay below 1000, as
# the generator writes them, and main multiplies nothing itself, so a
# function must be defined and called with constant arguments.
# Run in this directory: treereduce trace -i ./check.sh -o bug.c -- python3 gen.py 3
grep -Eq '[0-9]{4,}' "$1" && exit 1
sed -n '/main/,$p' "$1" | grep -q '\*' && exit 1
gcc -std=c99 -Wall -Werror -o prog "$1" 2>/dev/null || exit 1
./prog | grep -E '^[0-9]+$' | awk '$1 + 0 > 100000 { found = 1 } END { exit !found }'
