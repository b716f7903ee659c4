#!/usr/bin/env bash
# Installs the Debian packages Plumbline's tests use: chromium (end-to-end tests, /usr/bin/chromium)
# and poppler-utils (pdftoppm, to look at generated PDF reports). `npm test` runs this itself.
# PostgreSQL needs no system package: the tests start the embedded server from npm
# (apps/server/src/platform/embedded-postgres.ts), or use TEST_DATABASE_URL's when it is set.
set -euo pipefail

log() { echo "[system-deps] $*" >&2; }

as_root() {
  if [[ $(id -u) -eq 0 ]]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo "$@"; else
    log "cannot install $*: run as root or install sudo"
    return 1
  fi
}

missing=()
[[ -x /usr/bin/chromium ]] || missing+=(chromium)
command -v pdftoppm >/dev/null 2>&1 || missing+=(poppler-utils)
command -v flock >/dev/null 2>&1 || missing+=(util-linux)

if ((${#missing[@]})); then
  log "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  # flock: several tools on one machine may install at once.
  as_root flock /tmp/apt.lock apt-get update -qq >&2
  as_root flock /tmp/apt.lock apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
else
  log "chromium and poppler-utils already installed"
fi
