#!/bin/sh
# Interesting: node still dies with "TypeError: handler.run is not a function".
# Run in this directory: treereduce -i ./check.sh router.js
node "$1" 2>&1 | grep -q "TypeError: handler.run is not a function"
