# Sourced by setup.sh, start.sh and stop.sh: every Label Studio setting that keeps it on
# loopback with all state (SQLite database, uploads, exports) under
# bench/apps/.data/labelstudio, no analytics, no Sentry, no version check, no sign-up.
labelstudio_data="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.data/labelstudio"
labelstudio_venv="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.venvs/labelstudio"
export LABEL_STUDIO_BASE_DATA_DIR="$labelstudio_data"
export DATABASE_NAME="$labelstudio_data/label_studio.sqlite3"
export LABEL_STUDIO_HOST=""
export LABEL_STUDIO_USERNAME="admin@example.com"
export LABEL_STUDIO_PASSWORD="bench-labels-2025"
export LABEL_STUDIO_USER_TOKEN="benchlabelstudiotoken0123456789abcdef"
export LABEL_STUDIO_DISABLE_SIGNUP_WITHOUT_LINK=true
export LABEL_STUDIO_COLLECT_ANALYTICS=false
export COLLECT_ANALYTICS=false
export LATEST_VERSION_CHECK=false
export SENTRY_DSN=""
export FRONTEND_SENTRY_DSN=""
export LABEL_STUDIO_LOG_LEVEL=WARNING
export DEBUG=false
export CONVERTER_DOWNLOAD_RESOURCES=false
export DO_NOT_TRACK=1
export SECRET_KEY="bench-labelstudio-not-a-secret-5d1e0c7a"
