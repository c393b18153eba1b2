# Shared by deploy/install and deploy/configure: where things live on the server, and
# how the scripts talk to the operator. Plain bash; sourced, not run.

# The layout. server/installed/layout.ts names the same paths for `sitectl`.
SITE_DIR=/srv/site
CODE_DIR=$SITE_DIR/code            # one folder per code version: <commit>/ with its node_modules
APP_LINK=$SITE_DIR/app             # symlink to the code version in use
HOST_DIR=$SITE_DIR/host            # the publisher's state: repo/, releases/, live, publisher/
REPO_DIR=$HOST_DIR/repo            # the content repository: staff commits land here
EDITOR_DIR=$SITE_DIR/editor        # the editor's home (the staff logins were here before the login check)
LOGIN_DIR=$SITE_DIR/login          # the staff logins, the login check's alone
ENQUIRY_DIR=$SITE_DIR/enquiry      # the enquiry spool (personal data)
ETC_DIR=/etc/anodising             # the operator's settings
LOG_DIR=/var/log/anodising         # the installer's, npm's and certbot's logs
VISITS_DIR=/var/log/anodising-visits  # nginx's visits log (shortened addresses), for the owner's report
VISITS_LOG=$VISITS_DIR/access.log
REPORT_DIR=/var/lib/anodising-report  # the owner's report, built by anodising-report.service
WATCH_DIR=/var/lib/anodising-watch  # the watch's state, and problems.json that /admin/ shows
SETTINGS_FILE=$ETC_DIR/install.conf
ENQUIRY_ENV=$ETC_DIR/enquiry.env  # the mail server and where enquiries go (root's, 0600)
WATCH_ENV=$ETC_DIR/watch.env      # where alerts and the weekly report go
PUBLISHER_ENV=$ETC_DIR/publisher.env  # the backup remote (SITE_REMOTE)
MIRROR_ENV=$ETC_DIR/mirror.env    # the CDN mirror's bucket and keys (sitectl mirror set)
EDITOR_PROXY_ENV=$ETC_DIR/editor-proxy.env  # the secret nginx sends the editor
ENQUIRY_STAFF_ENV=$ETC_DIR/enquiry-staff.env  # the secret nginx sends the enquiry service
ACME_WEBROOT=/var/lib/anodising/acme
SELF_SIGNED_DIR=$ETC_DIR/tls
SITECTL=/usr/local/sbin/sitectl
UNITS=(anodising-publisher anodising-login anodising-editor anodising-enquiry)
# The site's timers (the server's own checks, the daily republish, the hourly report) and the services they start.
TIMERS=(anodising-watch.timer anodising-republish.timer anodising-report.timer anodising-backup.timer anodising-backup-verify.timer anodising-backup-drill.timer)
UNIT_FILES=("${UNITS[@]/%/.service}" anodising-login.socket anodising-watch.service anodising-watch-facts.service anodising-watch.timer anodising-republish.service anodising-republish.timer anodising-report.service anodising-report.timer anodising-backup.service anodising-backup.timer anodising-backup-verify.service anodising-backup-verify.timer anodising-backup-drill.service anodising-backup-drill.timer)
SITE_GROUP=site
LETS_ENCRYPT=https://acme-v02.api.letsencrypt.org/directory

CHANGES=0

# `step "Title"` starts a section; `done_ "what changed"` and `same "what was already
# right"` report under it; `warn` is a problem the install survives; `fail` stops.
step() { printf '\n==> %s\n' "$*"; }
done_() { printf '    changed: %s\n' "$*"; CHANGES=$((CHANGES + 1)); }
same() { printf '    ok: %s\n' "$*"; }
note() { printf '    %s\n' "$*"; }
warn() { printf '    WARNING: %s\n' "$*"; }
fail() {
  printf '\n%s: %s\n' "${0##*/}" "$*" >&2
  exit 1
}

# Writes stdin to FILE (owner root, MODE) only when it differs; says which.
write_if_changed() {
  local file=$1 mode=$2 label=$3 temp
  temp=$(mktemp)
  cat >"$temp"
  if [[ -f $file ]] && cmp -s "$temp" "$file"; then
    rm -f "$temp"
    same "$label"
    return 1
  fi
  install -D -m "$mode" -o root -g root "$temp" "$file"
  rm -f "$temp"
  done_ "$label"
  return 0
}

# What each setting may be: strict patterns, so that a value can be stored and read back as
# plain data (KEY=value lines, never run by a shell) and handed to systemd as it is. No
# space, quote (but the apostrophe of an address like o'brien@example.ie), backslash, $,
# backtick or control character gets through any of them.
declare -A PATTERNS=(
  [DOMAIN]='^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$'
  [EMAIL]="^[A-Za-z0-9][A-Za-z0-9.!#%&'*+/=?^_{|}~-]{0,63}@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$"
  [ACME_SERVER]='^https://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[A-Za-z0-9._~/-]*)?$'
  [TLS]='^(acme|self-signed|off)$'
  [SITE_URL]='^https?://[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?(:[0-9]{1,5})?$'
  [FILE]='^/?[A-Za-z0-9._/-]+$'
  [SMTP_URL]="^smtps?://[^][:space:][:cntrl:]\"'\\\\\$\`]+$"
  [WEBHOOK]='^(https://[A-Za-z0-9.-]+(:[0-9]{1,5})?|http://(127\.0\.0\.1|localhost|\[::1\])(:[0-9]{1,5})?)(/[A-Za-z0-9._~%/?=&+-]*)?$'
)

# `valid NAME VALUE`: whether VALUE matches NAME's pattern.
valid() { [[ $2 =~ ${PATTERNS[$1]} ]]; }

# A value as it may be shown in a message: control characters made visible.
shown() { if [[ $1 =~ [[:cntrl:]] ]]; then printf '%q' "$1"; else printf '%s' "$1"; fi; }

# `env_value KEY FILE`: the value of KEY=value in FILE, read as data (empty when not there).
env_value() {
  [[ -r $2 ]] || return 0
  sed -n "s/^$1=//p" "$2" | tail -1
}

# The settings the installer was last run with (DOMAIN, EMAIL, TLS, ACME_SERVER, ACME_CA,
# SITE_URL):
# KEY=value lines read as data, never run, and each checked again (a file written by hand
# or by an older installer may hold anything).
load_settings() {
  [[ -f $SETTINGS_FILE ]] || return 1
  local key value
  while IFS= read -r line; do
    [[ $line =~ ^(DOMAIN|EMAIL|TLS|ACME_SERVER|ACME_CA|SITE_URL)=(.*)$ ]] || continue
    key=${BASH_REMATCH[1]} value=${BASH_REMATCH[2]}
    # An older installer may have quoted nothing; a value it wrote is taken as written.
    case $key in
      ACME_CA) [[ -z $value ]] || valid FILE "$value" || fail "$SETTINGS_FILE: ACME_CA is not a plain file name; run deploy/install again with --acme-ca FILE." ;;
      *) [[ -z $value ]] || valid "$key" "$value" || fail "$SETTINGS_FILE: $key $(shown "$value") is not allowed; run deploy/install again with that option set." ;;
    esac
    printf -v "$key" '%s' "$value"
  done <"$SETTINGS_FILE"
}

# The certificate nginx uses for DOMAIN in TLS mode, as "CERT KEY"; empty when none yet.
certificate_files() {
  case $TLS in
    acme)
      local live=/etc/letsencrypt/live/$DOMAIN
      [[ -s $live/fullchain.pem && -s $live/privkey.pem ]] && echo "$live/fullchain.pem $live/privkey.pem"
      ;;
    self-signed)
      [[ -s $SELF_SIGNED_DIR/cert.pem && -s $SELF_SIGNED_DIR/key.pem ]] && echo "$SELF_SIGNED_DIR/cert.pem $SELF_SIGNED_DIR/key.pem"
      ;;
  esac
  return 0
}

# Runs a command as the publisher's, the editor's or the login check's user, in the code in
# use, with the services' settings, inside a sandbox like its service's (systemd-run: its
# own PID namespace, so no service sees or signals it; the one folder its service writes;
# no new privileges) and with a time limit. Its environment is a clean one, never the
# caller's: a secret the operator gave deploy/install (SMTP_URL, EDITOR_PASSWORD, the
# recovery sheet's) reaches a helper only on its standard input. tsx keeps no compiled code
# in the shared /tmp (TSX_DISABLE_CACHE). Files it makes are its user's (the content
# repository is the editor's).
HELPER_SECONDS=600
as_user() {
  local user=$1 writes dir=$APP_LINK
  shift
  [[ -d $APP_LINK ]] || dir=/
  case $user in
    site-editor) writes=$REPO_DIR ;;
    site-login) writes=$LOGIN_DIR ;;
    site-publisher) writes=$HOST_DIR ;;
    *) fail "as_user: no sandbox for $user" ;;
  esac
  systemd-run --quiet --wait --collect --pipe --service-type=exec \
    -p User="$user" -p Group="$(id -gn "$user")" -p WorkingDirectory="$dir" -p UMask=0022 \
    -p NoNewPrivileges=yes -p PrivatePIDs=yes -p PrivateTmp=yes -p ProtectHome=yes \
    -p ProtectSystem=strict -p ReadWritePaths="$writes" -p RestrictSUIDSGID=yes \
    -p CapabilityBoundingSet= -p RuntimeMaxSec="$HELPER_SECONDS" \
    --setenv=HOME="$(getent passwd "$user" | cut -d: -f6)" --setenv=HOST_DIR="$HOST_DIR" \
    --setenv=EDITORS_FILE="$LOGIN_DIR/editors" --setenv=ENQUIRY_DIR="$ENQUIRY_DIR" \
    --setenv=NODE_ENV=production --setenv=TSX_DISABLE_CACHE=1 -- "$@"
}

# The site's published address (canonical links, the sitemap, the printed pages): the
# operator's --site-url, else https://DOMAIN. The CDN mirror's public address stands in
# for it while the mirror is on (server/publisher/mirror/settings.ts).
published_address() { printf '%s' "${SITE_URL:-https://$DOMAIN}"; }
