#!/bin/sh
# Interesting: node still throws "TypeError: text.slice(...).replaceEvery is not a function".
timeout 2 node "$1" 2>&1 | grep -qF 'TypeError: text.slice(...).replaceEvery is not a function'
