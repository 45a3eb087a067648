# Sourced by setup.sh, start.sh and seed runs: every Prefect setting that keeps the server
# and its client on loopback, with all state under bench/apps/.data/prefect, no telemetry,
# no update checks, and no background service that rewrites seeded runs as the clock moves
# (scheduler, late runs, foreman, repossessor, cancellation cleanup, pause expirations,
# automation triggers).
prefect_data="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.data/prefect"
export PREFECT_HOME="$prefect_data/home"
export PREFECT_PROFILES_PATH="$prefect_data/home/profiles.toml"
export PREFECT_API_DATABASE_CONNECTION_URL="sqlite+aiosqlite:///$prefect_data/prefect.db"
export PREFECT_SERVER_API_HOST=127.0.0.1
export PREFECT_SERVER_API_PORT=8114
export PREFECT_API_URL=http://127.0.0.1:8114/api
export PREFECT_UI_API_URL=http://127.0.0.1:8114/api
export PREFECT_UI_URL=http://127.0.0.1:8114
export PREFECT_SERVER_ANALYTICS_ENABLED=false
export PREFECT_SERVER_UI_SHOW_PROMOTIONAL_CONTENT=false
export PREFECT_CLOUD_ENABLE_ORCHESTRATION_TELEMETRY=false
export PREFECT_TELEMETRY_ENABLE_RESOURCE_METRICS=false
export PREFECT_CLIENT_SERVER_VERSION_CHECK_ENABLED=false
export PREFECT_SERVER_SERVICES_SCHEDULER_ENABLED=false
export PREFECT_SERVER_SERVICES_LATE_RUNS_ENABLED=false
export PREFECT_SERVER_SERVICES_FOREMAN_ENABLED=false
export PREFECT_SERVER_SERVICES_REPOSSESSOR_ENABLED=false
export PREFECT_SERVER_SERVICES_CANCELLATION_CLEANUP_ENABLED=false
export PREFECT_SERVER_SERVICES_PAUSE_EXPIRATIONS_ENABLED=false
export PREFECT_SERVER_SERVICES_TRIGGERS_ENABLED=false
export PREFECT_LOGGING_TO_API_WHEN_MISSING_FLOW=ignore
export DO_NOT_TRACK=1
