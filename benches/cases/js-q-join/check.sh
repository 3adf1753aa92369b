#!/bin/sh
# Interesting: node still throws "TypeError: Q(...).spreads is not a function".
timeout 2 node "$1" 2>&1 | grep -qF 'TypeError: Q(...).spreads is not a function'
