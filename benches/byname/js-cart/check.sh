#!/bin/sh
# Interesting: node still throws the TypeError of reading the tax rate of
# a region that has none.
out=$(timeout 5 node "$1" 2>&1) && exit 1
printf '%s' "$out" | grep -q "TypeError: Cannot read properties of undefined (reading 'rate')"
