#!/usr/bin/env bash
# `npm test`: every check of the project, on one production build, in as little time as
# two cores allow: what does not depend on another runs side by side, and each lane says
# how long it took. CONTRIBUTING.md ("Test lanes") lists the lanes and what each proves.
#
#   system packages   Chromium and its headless shell, nginx, Java, GoAccess from Debian
#                     (apt has one lock: first)
#   build | units     one `gatsby build` (every later lane reads public/)  |  ESLint,
#                     Prettier and jest, which read none of it, on the core the build's
#                     single-threaded steps leave idle
#   html | browser    the type-check (after the build, which rewrites
#                     src/gatsby-types.d.ts), the built HTML, the spec's table and the Nu
#                     checker  |  Playwright on nginx
#   server |          npm run host publishing real commits, after the browser tests: beside
#   lighthouse        them its chain of builds stretched from 6 to 10 minutes, a loss  |
#                     Lighthouse, one run a route, in the time the server's chain of builds
#                     leaves a core idle (it waits on pages more than it computes: 44% of
#                     two cores alone). What it gates (accessibility, best practices, SEO,
#                     CLS) does not move with the machine's load; the scores that do are
#                     `npm run audit`'s, three runs a route on a quiet machine
set -uo pipefail
cd "$(dirname "$0")/.."
times=$(mktemp)
trap 'rm -f "$times"' EXIT

# Runs one lane (NAME COMMAND…), its lines prefixed with its name; records its time and
# the processor time it took (user + system of everything it ran), which on two cores says
# more than the clock about what a lane costs the others beside it.
lane() {
  local name=$1 started=$SECONDS
  shift
  (
    status=passed
    "$@" > >(sed -u "s/^/[$name] /") 2>&1 || status=FAILED
    # `times`' second line: this subshell's children, "0m12.5s 0m3.1s" (a builtin, so no fork).
    own="$times.$BASHPID"
    times >"$own"
    cpu=$(awk 'NR == 2 { split($0, t, /[ms ]+/); printf "%d", t[1] * 60 + t[2] + t[3] * 60 + t[4] }' "$own")
    rm -f "$own"
    printf '%-12s %5d s  %5d CPU-s  %s\n' "$name" $((SECONDS - started)) "$cpu" "$status" >>"$times"
    [[ $status == passed ]]
  )
}

# Runs lanes side by side ("NAME=COMMAND" each); fails when any failed, once all are done.
side_by_side() {
  local pids=() spec failed=0
  for spec in "$@"; do
    lane "${spec%%=*}" bash -c "${spec#*=}" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
  return $failed
}

summary() {
  echo
  echo "Lanes (npm test, $((SECONDS / 60)) min $((SECONDS % 60)) s in all):"
  cat "$times"
  awk '{ cpu += $4 } END { printf "%-12s %5s    %5d CPU-s\n", "all lanes", "", cpu }' "$times"
}

run_all() {
  lane packages bash scripts/ensure-system-packages.sh &&
    side_by_side "build=npm run --silent build" "units=npm run --silent lint && npm run --silent test:unit" &&
    side_by_side "html=npm run --silent typecheck && npm run --silent check:build && npm run --silent spec:check && npm run --silent check:html" \
      "browser=npm run --silent test:e2e" &&
    side_by_side "server=npm run --silent test:host" "lighthouse=AUDIT_RUNS=1 npm run --silent audit"
}

if run_all; then
  summary
  exit 0
fi
summary
echo "npm test: a lane FAILED (its lines above, prefixed with its name, say why)." >&2
exit 1
