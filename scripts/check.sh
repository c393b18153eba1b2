#!/usr/bin/env bash
# `npm run check`: the fast lane, for every change before a commit: lint, the type-check
# and the unit tests except the two that run real `gatsby build`s. `npm test` runs
# everything (CONTRIBUTING.md lists the lanes). It needs no build: the GraphQL types
# the type-check reads (src/gatsby-types.d.ts) are committed, and the build checks
# that they are current (scripts/check-build.ts).
#
# Lint and the type-check run beside jest, in the moments its workers wait on git,
# restic and the tests' servers; their output is kept and printed once each is done.
set -uo pipefail
cd "$(dirname "$0")/.."
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

npm run --silent lint >"$logs/lint" 2>&1 &
lint=$!
npm run --silent typecheck >"$logs/typecheck" 2>&1 &
typecheck=$!
npx jest --testPathIgnorePatterns '/node_modules/' '/\.cache/' '<rootDir>/public' '<rootDir>/e2e' 'build-refuses-bad-content'
jest=$?

failed=()
[[ $jest == 0 ]] || failed+=(jest)
for step in lint typecheck; do
  if wait "${!step}"; then
    echo "$step: passed"
  else
    echo "== $step FAILED:"
    cat "$logs/$step"
    failed+=("$step")
  fi
done
if ((${#failed[@]})); then
  echo "npm run check: ${failed[*]} FAILED (above)." >&2
  exit 1
fi
