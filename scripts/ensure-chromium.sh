#!/usr/bin/env bash
# Makes sure a Chromium is there for the browser tests: CHROME_PATH, else
# /usr/bin/chromium, else Debian's package when we are root with apt-get.
set -euo pipefail

if [[ -n "${CHROME_PATH:-}" && -x "${CHROME_PATH}" ]]; then exit 0; fi
if [[ -x /usr/bin/chromium ]]; then exit 0; fi

if [[ "$(id -u)" == "0" ]] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium not found: installing Debian's chromium package..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq chromium >/dev/null
  [[ -x /usr/bin/chromium ]] && exit 0
fi

echo "No Chromium found: install Debian's 'chromium' package (sudo apt-get install chromium) or set CHROME_PATH to a Chromium binary." >&2
exit 1
