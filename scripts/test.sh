#!/usr/bin/env bash
# `npm test`: every check of the project, on one production build, in as little time as
# two cores allow: what does not depend on another runs side by side, and each lane says
# how long it took. CONTRIBUTING.md ("Test lanes") lists the lanes and what each proves.
#
#   system packages   Chromium and its headless shell, nginx, Java, GoAccess from Debian
#                     (apt has one lock: first)
#   build | units     one `gatsby build` (every later lane reads public/)  |  jest, which
#                     reads none of it, on the core the build's single-threaded steps leave
#                     idle
#   html | browser    the type-check (after the build, which rewrites
#                     src/gatsby-types.d.ts), ESLint and Prettier, the built HTML, the
#                     spec's table and the Nu checker  |  Playwright on nginx
#   server |          npm run host publishing real commits, after the browser tests: beside
#   lighthouse        them its chain of builds stretched from 6 to 10 minutes, a loss  |
#                     Lighthouse, one run a route, in the time the server's chain of builds
#                     leaves a core idle. What it gates (accessibility, best practices, SEO,
#                     CLS) does not move with the machine's load; the scores that do are
#                     `npm run audit`'s, three runs a route on a quiet machine
#
# In the later groups one lane decides the time (browser, server) and the other has
# minutes to spare: that one runs at a lower priority (`yielding`), so the processor goes
# first to the lane everything waits for and the other fills the moments it leaves. Not
# jest beside the build: starved through Gatsby's image jobs, it ended after the build.
set -uo pipefail
cd "$(dirname "$0")/.."
times=$(mktemp)
trap 'rm -f "$times"' EXIT

# Runs one lane (NAME COMMAND…), its lines prefixed with its name; records its time.
lane() {
  local name=$1 started=$SECONDS status=passed
  shift
  "$@" > >(sed -u "s/^/[$name] /") 2>&1 || status=FAILED
  printf '%-12s %5d s  %s\n' "$name" $((SECONDS - started)) "$status" >>"$times"
  [[ $status == passed ]]
}

# The machine's busy processor time so far, in 1/100 s (/proc/stat's first line: all but
# idle and iowait). Per group of lanes, not per lane: a browser's processes leave the tree
# that started them, so a lane's own rusage misses most of what Chromium costs.
busy() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 + $9 }' /proc/stat; }

# Runs lanes side by side ("NAME=COMMAND" each); fails when any failed, once all are done.
# Records how busy the cores were meanwhile: near 100% means the group is CPU-bound.
side_by_side() {
  local pids=() spec failed=0 started=$SECONDS before
  before=$(busy)
  for spec in "$@"; do
    lane "${spec%%=*}" bash -c "${spec#*=}" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
  local seconds=$((SECONDS - started)) used=$((($(busy) - before) / 100))
  printf '  %-10s %5d s  %5d CPU-s busy of %d (%d%%)\n' "(together)" "$seconds" "$used" \
    $((seconds * $(nproc))) $((100 * used / (seconds * $(nproc) + 1))) >>"$times"
  return $failed
}

summary() {
  echo
  echo "Lanes (npm test, $((SECONDS / 60)) min $((SECONDS % 60)) s in all):"
  cat "$times"
}

# A lane's command at a lower priority: it gets what the other lane of its group leaves.
# Mild (5), so a starved page load stays well inside Lighthouse's own time limits.
yielding="nice -n 5"

run_all() {
  lane packages bash scripts/ensure-system-packages.sh &&
    side_by_side "build=npm run --silent build" "units=npm run --silent test:unit" &&
    side_by_side "html=$yielding bash -c 'npm run --silent typecheck && npm run --silent lint && npm run --silent check:build && npm run --silent spec:check && npm run --silent check:structured-data && npm run --silent check:html'" \
      "browser=npm run --silent test:e2e" &&
    side_by_side "server=npm run --silent test:host" "lighthouse=$yielding npm run --silent audit -- --gates"
}

if run_all; then
  summary
  exit 0
fi
summary
echo "npm test: a lane FAILED (its lines above, prefixed with its name, say why)." >&2
exit 1
