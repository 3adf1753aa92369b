#!/bin/sh
# Valid C: no undefined format, missing return, undeclared call or
# uninitialized use that gcc can see.
# A for loop remains, literals stay below 1000, main computes nothing but the
# checksum, and the checksum stays between 10^6 and 10^9.
grep -q 'for (' "$1" || exit 1
grep -Eq '[0-9]{4,}' "$1" && exit 1
sed -n '/main/,$p' "$1" | grep -v checksum | grep -q '[-+*/%&|^]' && exit 1
gcc -std=c99 -O2 -Wformat -Wreturn-type -Wuninitialized -Werror=format -Werror=return-type \
    -Werror=implicit-function-declaration -Werror=implicit-int -Werror=uninitialized -Werror=int-conversion -o prog "$1" 2>/dev/null || exit 1
timeout 5 ./prog | awk '$1 == "checksum" && $3 >= 1000000 && $3 <= 1000000000 { found = 1 } END { exit !found }'
