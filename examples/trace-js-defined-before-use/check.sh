#!/bin/sh
# Interesting: the program runs under node without an error and prints a
# line that is a number above 10000, though its literals stay below 100 and
# no print computes anything: a variable must be defined, from other
# variables, before a print uses it.
# Run in this directory: treereduce trace -i ./check.sh -o bug.js -- node gen.js 11
grep -Eq '[0-9]{3,}' "$1" && exit 1
grep -Eq 'console\.log\(.*[-+*(]' "$1" && exit 1
node "$1" 2>/dev/null | grep -Ex -- '-?[0-9]+' | awk '$1 > 10000 { found = 1 } END { exit !found }'
