#!/bin/sh
# Interesting: node still stops with "TypeError: summary is not a function"
# (index.js destructures a module that exports a function). The test runs in
# a private copy of the whole package.
# Run in this directory: treereduce -i ./check.sh planner
node index.js 2>&1 | grep -q "TypeError: summary is not a function"
