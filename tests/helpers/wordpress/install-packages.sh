#!/usr/bin/env bash
# Installs the Debian packages the real-WordPress tests need, when any is missing (needs root or sudo).
set -euo pipefail

PKGS="wordpress wordpress-theme-twentytwentythree php8.2-cli php8.2-mysql php8.2-gd php8.2-imagick
php8.2-xml php8.2-mbstring mariadb-server mariadb-client"
missing=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing="$missing $p"
done
[ -z "$missing" ] && exit 0

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
echo "[wordpress] installing:$missing" >&2
# Package scripts must not start daemons: 'wordpress' pulls in apache2 (would bind :80) and
# mariadb-server would start on the system socket. policy-rc.d answering 101 forbids both.
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
  -o DPkg::Lock::Timeout=600 $missing
