#!/bin/sh
# Interesting: node still throws "TypeError: ... .charCodeAt is not a function".
timeout 2 node "$1" 2>&1 | grep -qE 'TypeError: .*\.charCodeAt is not a function'
