# Sourced by every app's start.sh and stop.sh: what they all do the same way.
# Sets $run (bench/apps/.run: pid files and logs) and creates it.
apps_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
run="$apps_dir/.run"; mkdir -p "$run"

# up URL: does URL answer?
up() { curl -sf -o /dev/null "$1"; }

# started NAME URL [SECONDS]: right after "COMMAND … > $run/NAME.log 2>&1 &", record its
# pid and wait (at most SECONDS, 120 unless given) until URL answers; else point at the
# log and fail.
started() {
  echo $! > "$run/$1.pid"
  for _ in $(seq "${3:-120}"); do up "$2" && return 0; sleep 1; done
  echo "$1 did not answer on $2; see $run/$1.log" >&2
  return 1
}

# running NAME: is the process recorded in .run/NAME.pid alive?
running() { [ -f "$run/$1.pid" ] && kill -0 "$(cat "$run/$1.pid")" 2>/dev/null; }

# halt NAME [group]: end the process recorded in .run/NAME.pid; with "group", its whole
# process group (a server started with setsid, and its workers).
halt() {
  local pid="$run/$1.pid"
  if [ -f "$pid" ]; then
    if [ "${2:-}" = group ]; then
      kill -- "-$(cat "$pid")" 2>/dev/null || true
    else
      kill "$(cat "$pid")" 2>/dev/null || true
    fi
  fi
  rm -f "$pid"
}
