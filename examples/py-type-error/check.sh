#!/bin/sh
# Interesting: python3 still adds a str to an int.
# Run in this directory: treereduce -i ./check.sh invoice.py
python3 "$1" 2>&1 | grep -q "TypeError: unsupported operand type(s) for +: 'int' and 'str'"
