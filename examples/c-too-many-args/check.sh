#!/bin/sh
# Interesting: gcc still rejects a call to item_price with too many arguments.
# Run in this directory: treereduce -i ./check.sh inventory.c
LC_ALL=C gcc -fsyntax-only "$1" 2>&1 | grep -q "error: too many arguments to function 'item_price'"
