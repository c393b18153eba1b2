#!/usr/bin/env bash
# `npm run check`: the fast lane, for every change before a commit: lint, the type-check
# and the unit tests except the two that run real `gatsby build`s. `npm test` runs
# everything (CONTRIBUTING.md lists the lanes). It needs no build: the GraphQL types
# the type-check reads (src/gatsby-types.d.ts) are committed, and the build checks
# that they are current (scripts/check-build.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
npm run --silent lint
npm run --silent typecheck
npx jest --testPathIgnorePatterns '/node_modules/' '/\.cache/' '<rootDir>/public' '<rootDir>/e2e' 'build-refuses-bad-content'
