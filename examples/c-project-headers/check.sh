#!/bin/sh
# Interesting: make still stops because gcc rejects `s->sides * 2` in a
# shape's code: the field's type in the header is a string. The test runs in
# a private copy of the whole project.
# Run in this directory: treereduce -i ./check.sh shapes
LC_ALL=C make -k 2>&1 | grep -q "invalid operands to binary \* (have 'const char \*' and 'int')"
