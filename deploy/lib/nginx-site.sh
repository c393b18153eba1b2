# The nginx server block for the site, from the installer's settings: prints it.
# Three shapes:
#   - HTTPS (TLS acme or self-signed, certificate present): port 80 answers the ACME
#     challenge and redirects everything else to https://DOMAIN; port 443 serves the site
#     with HTTP/2, the editor behind its login and the quote form.
#   - waiting for a certificate (acme, none yet): the site on plain HTTP, the ACME
#     challenge, and the editor refused (its password would travel in clear).
#   - TLS off (behind a TLS proxy on this machine): plain HTTP on loopback only.
# Needs DOMAIN and TLS set (common.sh's load_settings) and the paths of common.sh.

# One `listen` line per address family this machine has.
listen_lines() {
  local port=$1 extra=${2:-}
  echo "  listen $port$extra;"
  if [[ -e /proc/net/if_inet6 ]]; then echo "  listen [::]:$port$extra;"; fi
}

# What every server block logs: visits with shortened addresses, for the owner's report
# (access-log-http.conf), and only nginx's critical errors: its error lines hold the
# visitor's full address (each 413, 429 or 502), which the privacy notice does not name.
# The services' own journals and the watch say what failed behind nginx.
site_logs() {
  echo "  access_log $VISITS_LOG anonymised;"
  echo "  error_log /var/log/nginx/error.log crit;"
}

# What every shape serves: the live release, the status records, the snippets.
site_body() {
  local editor=$1
  cat <<BODY
  # The live release (a symlink the publisher swaps; nginx is never reloaded to publish)
  # and the status records the editor's panel reads.
  root $HOST_DIR/live;
  set \$publisher_status $HOST_DIR/publisher/status.json;
  set \$enquiry_status $ENQUIRY_DIR/status.json;
  set \$server_problems $WATCH_DIR/problems.json;
  set \$report_dir $REPORT_DIR;
$(site_logs)

  include snippets/site/site.conf;
  include snippets/site/$editor;
  include snippets/site/enquiry.conf;
  include snippets/site/brotli.conf;
  include snippets/site/precompressed.conf;
BODY
}

render_site() {
  local cert key
  read -r cert key <<<"$(certificate_files)"
  echo "# The site's nginx server block, written by deploy/configure from $SETTINGS_FILE"
  echo "# (TLS: $TLS). Do not edit it here: run /srv/site/app/deploy/install again instead."
  if [[ $TLS == off ]]; then
    cat <<SITE
server {
  listen 127.0.0.1:80;
$( [[ -e /proc/net/if_inet6 ]] && echo "  listen [::1]:80;" )
  server_name $DOMAIN;
  include snippets/site/behind-proxy.conf;
$(site_body editor.conf)
}
SITE
  elif [[ -n $cert ]]; then
    cat <<SITE
server {
$(listen_lines 80)
  server_name $DOMAIN;
$(site_logs)
  include snippets/site/acme-challenge.conf;
  location / {
    return 301 https://$DOMAIN\$request_uri;
  }
}

server {
$(listen_lines 443 " ssl")
  http2 on;
  server_name $DOMAIN;
  ssl_certificate $cert;
  ssl_certificate_key $key;
  include snippets/site/tls.conf;
$(site_body editor.conf)
}
SITE
  else
    cat <<SITE
# No certificate yet: plain HTTP until deploy/install obtains one.
server {
$(listen_lines 80)
  server_name $DOMAIN;
  include snippets/site/acme-challenge.conf;
$(site_body editor-needs-https.conf)
}
SITE
  fi
}
