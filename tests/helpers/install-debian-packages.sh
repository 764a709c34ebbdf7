#!/usr/bin/env bash
# Installs the Debian packages a test set-up needs, when any is missing (needs root or sudo):
#   install-debian-packages.sh LABEL PACKAGE...
# Package scripts must not start daemons ('wordpress' pulls in apache2, which would bind :80;
# mariadb-server, postgresql and nginx would start on the system's sockets and ports): the tests
# start their own. policy-rc.d answering 101 forbids that while the packages install.
set -euo pipefail

label="$1"
shift
missing=""
for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing="$missing $p"
done
[ -z "$missing" ] && exit 0

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
echo "[$label] installing:$missing" >&2
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
