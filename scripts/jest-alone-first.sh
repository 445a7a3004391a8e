#!/bin/sh
# `npm test`, `npm run test:database`: first the files that measure the event loop (test/**/*.alone-spec.ts),
# alone on the machine's cores, then the projects named in $1 in parallel, with the rest of the arguments.
# A wall-clock bound beside a parallel suite measures the neighbours (a browser, the fuzzer), not the service.
# Exits non-zero when either run fails; the last summary is the parallel run's.
projects=$1
shift
export NODE_OPTIONS="--experimental-vm-modules --disable-warning=ExperimentalWarning"
jest --selectProjects alone --runInBand --passWithNoTests -- "$@"
alone=$?
# shellcheck disable=SC2086 # the project names are words
jest --selectProjects $projects -- "$@"
rest=$?
[ "$alone" = 0 ] || exit "$alone"
exit "$rest"
