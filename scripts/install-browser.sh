#!/usr/bin/env bash
# Installs Debian's Chromium and ChromeDriver for the browser tests (tests/browser.py).
# Does nothing when both are present; needs root (or sudo) and apt-get otherwise.
set -euo pipefail
if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then
  exit 0
fi
if ! command -v apt-get >/dev/null; then
  echo "install-browser: no apt-get here; install Chromium and chromedriver yourself" >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo -n"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium chromium-driver >/dev/null
