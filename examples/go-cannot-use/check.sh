#!/bin/sh
# Interesting: the Go type checker still refuses a string where a float64 goes.
# Run in this directory: treereduce -i ./check.sh sensors.go
cd "$(dirname "$1")" && go vet "$1" 2>&1 | grep -q 'cannot use "[^"]*" (untyped string constant) as float64 value'
