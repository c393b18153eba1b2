#!/usr/bin/env bash
# Makes sure the checks have what they need from Debian: Chromium for Lighthouse
# (CHROME_PATH, else /usr/bin/chromium), Chromium's headless shell for the Playwright
# tests (HEADLESS_SHELL, else /usr/bin/chromium-headless-shell), nginx with its brotli
# modules (NGINX, else /usr/sbin/nginx), a Java runtime for the HTML checker (vnu.jar),
# GoAccess for the owner's report (GOACCESS, else /usr/bin/goaccess), restic for the
# off-site backups' tests (RESTIC, else /usr/bin/restic) and poppler-utils (pdfinfo,
# pdffonts, pdftotext) to read the PDFs the build writes. Arguments narrow it:
# `chromium`, `headless-shell`, `nginx`, `java`, `goaccess`, `restic`, `poppler` (none:
# all of them, what npm test needs).
# Installs Debian's packages when missing and we are root with apt-get.
set -euo pipefail

wanted=" ${*:-chromium headless-shell nginx java goaccess restic poppler} "
missing=()
if [[ $wanted == *" chromium "* && ! ( -n "${CHROME_PATH:-}" && -x "${CHROME_PATH}" ) && ! -x /usr/bin/chromium ]]; then
  missing+=(chromium)
fi
if [[ $wanted == *" headless-shell "* && ! -x "${HEADLESS_SHELL:-/usr/bin/chromium-headless-shell}" ]]; then
  missing+=(chromium-headless-shell)
fi
if [[ $wanted == *" nginx "* ]]; then
  if [[ ! ( -n "${NGINX:-}" && -x "${NGINX}" ) && ! -x /usr/sbin/nginx ]]; then
    # nginx-light: the smallest Debian nginx.
    missing+=(nginx-light)
  fi
  # Compression on the fly (brotli filter) and of precompressed releases (brotli static).
  for module in filter static; do
    if [[ -z "${NGINX:-}" && ! -e /usr/lib/nginx/modules/ngx_http_brotli_${module}_module.so ]]; then
      missing+=(libnginx-mod-http-brotli-${module})
    fi
  done
fi
if [[ $wanted == *" java "* ]] && ! command -v java >/dev/null 2>&1; then missing+=(default-jre-headless); fi
if [[ $wanted == *" goaccess "* && ! -x "${GOACCESS:-/usr/bin/goaccess}" ]]; then missing+=(goaccess); fi
if [[ $wanted == *" restic "* && ! -x "${RESTIC:-/usr/bin/restic}" ]]; then missing+=(restic); fi
if [[ $wanted == *" poppler "* ]] && ! command -v pdffonts >/dev/null 2>&1; then missing+=(poppler-utils); fi
if [[ ${#missing[@]} -eq 0 ]]; then exit 0; fi

if [[ "$(id -u)" == "0" ]] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's ${missing[*]}..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  # The package would start a system nginx on port 80; the tests run their own.
  made_policy=no
  if [[ ! -e /usr/sbin/policy-rc.d ]]; then
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && made_policy=yes
  fi
  apt-get install -y -qq "${missing[@]}" >/dev/null
  if [[ "$made_policy" == yes ]]; then rm -f /usr/sbin/policy-rc.d; fi
  exit 0
fi

echo "Missing ${missing[*]}: install Debian's packages (sudo apt-get install ${missing[*]}), or set CHROME_PATH / HEADLESS_SHELL / NGINX / GOACCESS." >&2
exit 1
