#!/bin/sh
# Interesting: python3 still adds a str to an int.
# -S: no site module (the program imports nothing from site-packages);
# it halves the interpreter's start-up, most of the CPU time per test.
# Run in this directory: treereduce -i ./check.sh invoice.py
python3 -S "$1" 2>&1 | grep -q "TypeError: unsupported operand type(s) for +: 'int' and 'str'"
