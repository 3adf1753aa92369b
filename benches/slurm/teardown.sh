#!/usr/bin/env bash
# Stops what benches/slurm/setup.sh started (slurmctld, slurmd, munged) by
# their pid files and removes its configuration, state and logs. The
# packages stay installed, so a later setup.sh with
# SLURM_SETUP_SKIP_INSTALL=1 starts in a few seconds.
set -euo pipefail

MARK="# written by treereduce benches/slurm/setup.sh"
CONF=/etc/slurm/slurm.conf
STATE=/var/lib/treereduce-slurm
LOGS=/var/log/treereduce-slurm

[ "$(id -u)" -eq 0 ] || { echo "slurm teardown: run as root" >&2; exit 1; }
if [ -e "$CONF" ] && ! grep -qxF "$MARK" "$CONF"; then
    echo "slurm teardown: $CONF was not written by setup.sh; not touching it" >&2
    exit 1
fi

stop() {
    local pidfile=$1 pid
    [ -s "$pidfile" ] || return 0
    pid=$(cat "$pidfile")
    kill -0 "$pid" 2>/dev/null || return 0
    kill "$pid"
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
}
stop "$STATE/slurmd.pid"
stop "$STATE/slurmctld.pid"
stop /run/munge/munged.pid

rm -f "$CONF"
rm -rf "$STATE" "$LOGS"
echo "slurm teardown: stopped" >&2
