#!/bin/sh
# Interesting: node still throws "TypeError: value.sliced is not a function".
timeout 2 node "$1" 2>&1 | grep -qF 'TypeError: value.sliced is not a function'
