#!/bin/sh
# The variant's test: gcc still warns about a division by zero.
# Run in this directory: treereduce pair -j 2 --seed good.c --variant bad.c --interesting-seed ./ok.sh -i ./bug.sh
gcc -c -Wall -o out.o "$1" 2>&1 | grep -q 'division by zero'
