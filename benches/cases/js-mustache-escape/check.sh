#!/bin/sh
# Interesting: node still throws "TypeError: String(...).replaceEach is not a function".
timeout 2 node "$1" 2>&1 | grep -qF 'TypeError: String(...).replaceEach is not a function'
