#!/usr/bin/env bash
# `npm run check`: the fast lane, for every change before a commit: lint, the type-check
# and the unit tests except the two that run real `gatsby build`s. `npm test` runs
# everything (CONTRIBUTING.md lists the lanes).
set -euo pipefail
cd "$(dirname "$0")/.."
npm run --silent lint
if [[ ! -f src/gatsby-types.d.ts ]]; then
  echo "check: the type-check needs the GraphQL types a build writes (src/gatsby-types.d.ts): run npm run build once." >&2
  exit 1
fi
npm run --silent typecheck
npx jest --testPathIgnorePatterns '/node_modules/' '/\.cache/' '<rootDir>/public' '<rootDir>/e2e' 'build-refuses-bad-content'
