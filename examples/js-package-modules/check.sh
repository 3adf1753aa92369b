#!/bin/sh
# Interesting: node still stops with "TypeError: days.reduce is not a
# function" inside lib/summary.js (index.js hands it the report's text, not
# the days). The test runs in a private copy of the whole package.
# Run in this directory: treereduce -i ./check.sh planner
out=$(node index.js 2>&1)
echo "$out" | grep -q "TypeError: days.reduce is not a function" &&
    echo "$out" | grep -q "at summary (.*lib/summary.js"
