#!/bin/sh
# Interesting: gcc still warns about a pointer signedness mismatch
# (-Wpointer-sign) in this csmith-generated program (csmith 2.3.0, seed 12345).
# Needs csmith.h (Debian: libcsmith-dev).
# Run in this directory: treereduce -i ./check.sh csmith.c
LC_ALL=C gcc -fsyntax-only -Wall -I/usr/include/csmith "$1" 2>&1 | grep -q "Wpointer-sign"
