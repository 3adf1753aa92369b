#!/bin/sh
# Interesting: gcc still rejects a function whose definition conflicts with
# its declaration.
LC_ALL=C timeout 5 gcc -fsyntax-only "$1" 2>&1 | grep -q -- 'error: conflicting types for'
