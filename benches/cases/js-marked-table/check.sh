#!/bin/sh
# Interesting: node still throws "TypeError: cells[i].trimEnds is not a function".
timeout 2 node "$1" 2>&1 | grep -qF 'TypeError: cells[i].trimEnds is not a function'
