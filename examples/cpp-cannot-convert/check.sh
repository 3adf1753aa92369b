#!/bin/sh
# Interesting: g++ still refuses to convert a value to a reference to a
# pointer ("cannot convert 'const sched::Deadline' to 'sched::Job* const&'").
# Run in this directory: treereduce -i ./check.sh scheduler.cpp
LC_ALL=C g++ -fsyntax-only -std=c++17 "$1" 2>&1 | grep -q "error: cannot convert '.*' to '.*\* const&'"
