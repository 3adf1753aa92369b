#!/bin/sh
# Interesting: gcc still rejects a .c file of the library with "pointer value
# used where a floating-point was expected" (a field of the compressor's state
# in bzlib_private.h is a pointer, and compress.c casts it to float).
# The test runs in a private copy of the project; it compiles every .c file.
# Run in the built project's folder: treereduce -i ./check.sh bzip2
for f in $(find . -name '*.c'); do LC_ALL=C gcc -fsyntax-only "$f"; done 2>&1 |
    grep -q 'error: pointer value used where a floating-point was expected'
