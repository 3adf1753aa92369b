#!/bin/sh
# Runs without an error and prints a line that is a number above 1000, though literals stay
# below 100 and no print computes anything itself.
grep -Eq '[0-9]{3,}' "$1" && exit 1
grep -Eq 'console\.log\(.*[-+*%(]' "$1" && exit 1
timeout 5 node "$1" 2>/dev/null | grep -Ex -- '-?[0-9]+' | awk '$1 > 1000 { found = 1 } END { exit !found }' || exit 1
timeout 5 node "$1" >/dev/null 2>&1
