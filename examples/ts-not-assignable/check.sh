#!/bin/sh
# Interesting: tsc still finds a string where a number is declared.
tsc --noEmit --strict --target es2020 "$1" 2>&1 | grep -q "error TS2322: Type 'string' is not assignable to type 'number'"
