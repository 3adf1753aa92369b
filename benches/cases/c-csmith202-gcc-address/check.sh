#!/bin/sh
# Interesting: gcc still warns -Waddress.
LC_ALL=C timeout 5 gcc -fsyntax-only -Wall -Wextra -I/usr/include/csmith "$1" 2>&1 | grep -q -- 'Waddress'
