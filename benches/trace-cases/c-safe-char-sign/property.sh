#!/bin/sh
# The wrong-code stand-in: a build at -O0 with signed plain chars and one at
# -O2 with unsigned plain chars print different checksums. Nothing here
# asks whether the program is defined C; a program with undefined behaviour
# can differ between the two builds for reasons of its own.
gcc -std=c99 -w -O0 -fsigned-char -o signed "$1" 2>/dev/null &&
    gcc -std=c99 -w -O2 -funsigned-char -o unsigned "$1" 2>/dev/null || exit 1
timeout 5 ./signed >out-signed 2>/dev/null && timeout 5 ./unsigned >out-unsigned 2>/dev/null || exit 1
grep -qx 'checksum = [0-9]*' out-signed && grep -qx 'checksum = [0-9]*' out-unsigned &&
    ! cmp -s out-signed out-unsigned
