#!/usr/bin/env bash
# Installs the system packages Plumbline's tests need (Debian) and starts a throwaway
# PostgreSQL server on loopback for the server integration tests.
#
#   bash scripts/install-system-deps.sh            # install + start PostgreSQL
#   eval "$(bash scripts/install-system-deps.sh --print-env)"   # also export TEST_DATABASE_URL
#
# Packages: chromium (end-to-end tests, /usr/bin/chromium), postgresql (integration tests),
# poppler-utils (pdftoppm, to look at generated PDF reports).
set -euo pipefail

PG_PORT="${PLUMBLINE_TEST_PG_PORT:-55432}"
PG_DIR="${PLUMBLINE_TEST_PG_DIR:-/var/tmp/plumbline-test-pg}"
print_env=false
[[ "${1:-}" == "--print-env" ]] && print_env=true

log() { echo "[system-deps] $*" >&2; }

as_root() {
  if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

missing=()
[[ -x /usr/bin/chromium ]] || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || missing+=(postgresql)
command -v pdftoppm >/dev/null 2>&1 || missing+=(poppler-utils)
command -v flock >/dev/null 2>&1 || missing+=(util-linux)

if ((${#missing[@]})); then
  log "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  # flock: several tools on one machine may install at once.
  as_root flock /tmp/apt.lock apt-get update -qq >&2
  as_root flock /tmp/apt.lock apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
else
  log "chromium, postgresql and poppler-utils already installed"
fi

PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
id postgres >/dev/null 2>&1 || as_root useradd --system --home-dir /var/lib/postgresql --shell /bin/bash postgres

run_pg() {
  if [[ $(id -un) == postgres ]]; then "$@"; else as_root runuser -u postgres -- "$@"; fi
}

if run_pg "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT"; then
  log "PostgreSQL already answering on 127.0.0.1:$PG_PORT"
else
  if [[ ! -f "$PG_DIR/PG_VERSION" ]]; then
    log "creating a test cluster in $PG_DIR"
    as_root mkdir -p "$PG_DIR"
    as_root chown postgres:postgres "$PG_DIR"
    run_pg "$PG_BIN/initdb" -D "$PG_DIR" -U postgres --auth=trust -E UTF8 --no-locale >/dev/null
  fi
  log "starting PostgreSQL on 127.0.0.1:$PG_PORT"
  # Loopback only; fsync off because this cluster holds nothing but test data.
  run_pg "$PG_BIN/pg_ctl" -D "$PG_DIR" -l "$PG_DIR/server.log" -w -t 60 start \
    -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k /tmp -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" >&2
fi

if $print_env; then
  echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PG_PORT/postgres"
else
  log "TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PG_PORT/postgres"
fi
