#!/bin/sh
# Interesting: javac still refuses to convert a String to an int.
# The JVM's quick compiler only and the serial GC: javac takes about two
# thirds of the CPU time per candidate.
# Run in this directory: treereduce -i ./check.sh Library.java
out=$(mktemp -d) || exit 1
LC_ALL=C javac -J-XX:TieredStopAtLevel=1 -J-XX:+UseSerialGC -proc:none -d "$out" "$1" 2>&1 | grep -q "incompatible types: String cannot be converted to int"
r=$?
rm -rf "$out"
exit $r
