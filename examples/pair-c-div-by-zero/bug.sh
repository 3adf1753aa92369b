#!/bin/sh
gcc -c -Wall -o out.o "$1" 2>&1 | grep -q 'division by zero'
