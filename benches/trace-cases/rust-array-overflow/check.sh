#!/bin/sh
# AddressSanitizer reports a write past the end of a global array.
gcc -std=c99 -g -fsanitize=address -Werror=implicit-function-declaration -Werror=implicit-int \
    -Werror=return-type -o prog "$1" 2>/dev/null || exit 1
ASAN_OPTIONS=detect_leaks=0 timeout 5 ./prog >/dev/null 2>err
grep -q 'ERROR: AddressSanitizer: global-buffer-overflow' err && grep -q 'WRITE of size 4' err
