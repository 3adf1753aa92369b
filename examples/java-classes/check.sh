#!/bin/sh
# Interesting: javac still reports "incompatible types: String cannot be
# converted to int" (a method of one class returns what a field of another
# cannot hold). The test runs in a private copy of the whole program.
# Run in this directory: treereduce -i ./check.sh shop
LC_ALL=C javac -d build $(find src -name '*.java') 2>&1 |
    grep -q "incompatible types: String cannot be converted to int"
