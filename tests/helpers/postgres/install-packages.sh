#!/usr/bin/env bash
# Installs Debian's PostgreSQL server for the site-postgres tests, when missing (needs root or sudo).
set -euo pipefail
dpkg-query -W -f='${Status}' postgresql 2>/dev/null | grep -q 'install ok installed' && exit 0

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
echo "[postgres] installing: postgresql" >&2
# The package's scripts must not start the system's cluster: the tests start their own.
made_policy=""
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' | $SUDO tee /usr/sbin/policy-rc.d >/dev/null
  $SUDO chmod 755 /usr/sbin/policy-rc.d
  made_policy=1
fi
cleanup() { if [ -n "$made_policy" ]; then $SUDO rm -f /usr/sbin/policy-rc.d; fi; }
trap cleanup EXIT
$SUDO apt-get update -qq
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
  -o DPkg::Lock::Timeout=600 postgresql
