# Sourced by the scripts that need the page: npm packages and a Chromium for Playwright.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ ! -f "$ROOT/node_modules/.package-lock.json" ] || [ "$ROOT/package-lock.json" -nt "$ROOT/node_modules/.package-lock.json" ]; then
  (cd "$ROOT" && npm ci --no-audit --no-fund --loglevel=error)
fi
ensure_chromium() {
  # Playwright cannot download its own browser here: use Debian's chromium.
  if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; then
    return 0
  fi
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
  else
    "$ROOT/.venv/bin/python" -m playwright install chromium
  fi
}
