#!/bin/sh
# node stops on calling an object's field that holds no function.
timeout 5 node "$1" 2>&1 >/dev/null | grep -Eq '^TypeError: o[0-9]+\.a is not a function'
