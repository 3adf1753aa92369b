#!/bin/sh
# Valid C: no undefined format, missing return, undeclared call or
# uninitialized use that gcc can see.
# The checksum keeps the low byte of the generated program's (161) and stays
# at least 256; literals stay below 1000 as the generator writes them.
grep -Eq '[0-9]{4,}' "$1" && exit 1
gcc -std=c99 -O2 -Wformat -Wreturn-type -Wuninitialized -Werror=format -Werror=return-type \
    -Werror=implicit-function-declaration -Werror=implicit-int -Werror=uninitialized -Werror=int-conversion -o prog "$1" 2>/dev/null || exit 1
timeout 5 ./prog | awk '$1 == "checksum" && $3 % 256 == 161 && $3 >= 256 { found = 1 } END { exit !found }'
