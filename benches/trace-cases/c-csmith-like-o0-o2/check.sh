#!/bin/sh
# Valid: compiles at -O0 and at -O2 with UBSan (and gcc's errors for
# undefined formats, missing returns, undeclared calls, uninitialized use),
# both run without a UBSan report and print the same. A reducer that deletes
# an initializer or a guard makes programs that differ between the two.
# Interesting: valid, and the checksum is the generated program's (168).
# With $TRACE_BENCH_VALIDITY set, each run appends 1 (valid) or 0 to it.
flags="-std=c99 -fsanitize=undefined -fno-sanitize-recover=all -Wformat -Wreturn-type -Wuninitialized -Werror=format -Werror=return-type -Werror=implicit-function-declaration -Werror=implicit-int -Werror=uninitialized -Werror=int-conversion"
valid=0
if gcc $flags -O0 -o prog0 "$1" 2>/dev/null && gcc $flags -O2 -o prog2 "$1" 2>/dev/null &&
    timeout 5 ./prog0 >out0 2>err0 && timeout 5 ./prog2 >out2 2>err2 &&
    cmp -s out0 out2 && [ ! -s err0 ] && [ ! -s err2 ]; then
    valid=1
fi
if [ -n "$TRACE_BENCH_VALIDITY" ]; then
    echo "$valid" >> "$TRACE_BENCH_VALIDITY"
fi
[ "$valid" = 1 ] || exit 1
awk '$1 == "checksum" && $3 == 168 { found = 1 } END { exit !found }' out0
