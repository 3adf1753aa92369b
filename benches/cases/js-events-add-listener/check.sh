#!/bin/sh
# Interesting: node still throws "TypeError: existing.add is not a function".
timeout 2 node "$1" 2>&1 | grep -qF 'TypeError: existing.add is not a function'
