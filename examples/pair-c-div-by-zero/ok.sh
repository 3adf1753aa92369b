#!/bin/sh
gcc -c -Wall -Werror=div-by-zero -o out.o "$1" 2>/dev/null
