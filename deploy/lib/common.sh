# Shared by deploy/install and deploy/configure: where things live on the server, and
# how the scripts talk to the operator. Plain bash; sourced, not run.

# The layout. server/sitectl/layout.ts names the same paths for `sitectl`.
SITE_DIR=/srv/site
CODE_DIR=$SITE_DIR/code            # one folder per code version: <commit>/ with its node_modules
APP_LINK=$SITE_DIR/app             # symlink to the code version in use
HOST_DIR=$SITE_DIR/host            # the publisher's state: repo/, releases/, live, publisher/
REPO_DIR=$HOST_DIR/repo            # the content repository: staff commits land here
EDITOR_DIR=$SITE_DIR/editor        # the editor's logins
ENQUIRY_DIR=$SITE_DIR/enquiry      # the enquiry spool (personal data)
ETC_DIR=/etc/anodising             # the operator's settings
SETTINGS_FILE=$ETC_DIR/install.conf
ACME_WEBROOT=/var/lib/anodising/acme
SELF_SIGNED_DIR=$ETC_DIR/tls
SITECTL=/usr/local/sbin/sitectl
UNITS=(anodising-publisher anodising-editor anodising-enquiry)
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

# The settings the installer was last run with (DOMAIN, EMAIL, TLS, ACME_SERVER, ACME_CA).
load_settings() {
  [[ -f $SETTINGS_FILE ]] || return 1
  # shellcheck disable=SC1090
  source "$SETTINGS_FILE"
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

# Runs a command as the publisher's or the editor's user, in the code in use, with the
# services' settings. Files it makes are its user's to write (the content repository is
# shared with the group by its own settings). The caller's environment passes through
# (EDITOR_PASSWORD, for one).
as_user() {
  local user=$1
  shift
  (cd "$APP_LINK" && umask 0022 && runuser -u "$user" -- env PATH=/usr/bin:/bin HOME="$(getent passwd "$user" | cut -d: -f6)" \
    HOST_DIR="$HOST_DIR" EDITORS_FILE="$EDITOR_DIR/editors" ENQUIRY_DIR="$ENQUIRY_DIR" NODE_ENV=production "$@")
}
