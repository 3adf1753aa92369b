#!/bin/sh
# Whether the program is defined C, as far as gcc can tell: no warning that
# points at undefined behaviour (uninitialized use, a missing return, an
# implicit declaration), and builds with UBSan and ASan (with each sign of
# plain char) that run to the end without a report.
warn="-Werror=uninitialized -Werror=maybe-uninitialized -Werror=return-type -Werror=implicit-function-declaration -Werror=implicit-int -Werror=int-conversion -Werror=format -Werror=array-bounds -Werror=div-by-zero -Werror=shift-count-overflow"
gcc -std=c99 -O2 -fsyntax-only $warn "$1" 2>/dev/null || exit 1
san="-std=c99 -w -O1 -g0 -fsanitize=undefined,address -fno-sanitize-recover=all"
for sign in -fsigned-char -funsigned-char; do
    gcc $san $sign -o sanitized "$1" 2>/dev/null || exit 1
    ASAN_OPTIONS=detect_leaks=0 timeout 10 ./sanitized >/dev/null 2>sanitizer.log || exit 1
    [ ! -s sanitizer.log ] || exit 1
done
