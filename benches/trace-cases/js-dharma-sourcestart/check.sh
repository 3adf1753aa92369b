#!/bin/sh
# node's first uncaught error is the range check of a copy's "sourceStart".
timeout 5 node "$(dirname "$0")/../shim.js" "$1" 2>&1 >/dev/null | grep -q 'The value of "sourceStart" is out of range'
