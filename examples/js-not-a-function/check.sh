#!/bin/sh
# Interesting: node still dies with "TypeError: handler.run is not a function".
node "$1" 2>&1 | grep -q "TypeError: handler.run is not a function"
