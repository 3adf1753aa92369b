#!/bin/sh
# Interesting: javac still refuses to convert a String to an int.
out=$(mktemp -d) || exit 1
LC_ALL=C javac -d "$out" "$1" 2>&1 | grep -q "incompatible types: String cannot be converted to int"
r=$?
rm -rf "$out"
exit $r
