#!/bin/sh
# Interesting: node still stops with "TypeError: (intermediate value).compareTo
# is not a function" when driver.js uses the package. The test runs in a
# private copy of the whole package.
# Run in the built package's folder: treereduce -i ./check.sh semver
node driver.js 2>&1 | grep -q 'TypeError: (intermediate value).compareTo is not a function'
