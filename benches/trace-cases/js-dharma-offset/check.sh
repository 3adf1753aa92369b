#!/bin/sh
# node's first uncaught error is the range check of an "offset" argument
# (the legacy smalloc module the grammar requires is stubbed).
timeout 5 node "$(dirname "$0")/../shim.js" "$1" 2>&1 >/dev/null | grep -q 'The value of "offset" is out of range'
