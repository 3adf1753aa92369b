#!/bin/sh
# Interesting: gcc -O1 still emits a `cmovbe` (conditional move) instruction.
# The assembly goes to the private working directory.
LC_ALL=C timeout 5 gcc -O1 -S -w -I/usr/include/csmith -o prog.s "$1" && grep -q 'cmovbe' prog.s
