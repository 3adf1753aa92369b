#!/bin/sh
# Interesting: gcc compiles the program and warns that the address of a
# local variable outlives it (-Wdangling-pointer).
# Outputs go to the private working directory, never to /dev/null.
out=$(LC_ALL=C timeout 5 gcc -c -Wall -Werror=implicit-function-declaration -o out.o "$1" 2>&1) || exit 1
printf '%s' "$out" | grep -q -- 'Wdangling-pointer'
