#!/bin/sh
# The seed's test: gcc compiles it, and finds no division by zero.
# Run in this directory: treereduce pair -j 2 --seed good.c --variant bad.c --interesting-seed ./ok.sh -i ./bug.sh
gcc -c -Wall -Werror=div-by-zero -o out.o "$1" 2>/dev/null
