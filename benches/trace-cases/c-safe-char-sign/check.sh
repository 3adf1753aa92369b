#!/bin/sh
# The test a single-program reducer needs: the property, on a program that
# is defined C (valid.sh), since its candidates need not be.
here=$(dirname "$0")
"$here/property.sh" "$1" && exec "$here/valid.sh" "$1"
