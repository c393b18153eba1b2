#!/usr/bin/env bash
# npm run test:alternate-content: the whole test suite on other content. Clones the
# committed HEAD into a temporary folder (sharing this checkout's node_modules), rewrites
# its content/ with awkward but valid values (scripts/alternate-content.ts), runs
# `npm test` there and prints a summary. Proves no test copies today's content. It takes
# as long as `npm test`, so CI does not run it; run it before changing tests.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d /tmp/alternate-content-XXXXXX)"
# nginx's workers run as another user: let them read the clone's build.
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT

git clone --quiet "$root" "$work/site"
ln -s "$root/node_modules" "$work/site/node_modules"
cd "$work/site"
npx tsx scripts/alternate-content.ts "$work/site"
# Committed, as staff's edits are: the server tests publish the clone's HEAD.
git add --all content
git -c user.name="Alternate content" -c user.email=alternate@example.invalid commit --quiet --message "Alternate content"
start=$(date +%s)
set +e
npm test 2>&1 | tee "$work/test.log"
status=${PIPESTATUS[0]}
set -e
echo
echo "---- alternate content: npm test exited $status after $(( $(date +%s) - start )) s"
grep -E "^(Tests:|built-html:|spec check:|html:|audit:|  [0-9]+ (passed|failed|flaky))" "$work/test.log" || true
sed -n "/differs from the spec/,/^spec check:/p" "$work/test.log" | head -40
exit "$status"
