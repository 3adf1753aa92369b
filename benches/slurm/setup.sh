#!/usr/bin/env bash
# A single-node Slurm cluster on this machine, for tests and benchmarks of
# the scale-out workflow (sbatch arrays with --shard, and --launcher srun).
#
# It exists because the batch and launcher features are meant to run on the
# schedulers users already have, and the only honest test of that is a real
# slurmctld and slurmd. Debian's slurm-wlm and munge are installed with
# apt-get, a minimal slurm.conf is written for one node with this machine's
# CPUs and memory (as `slurmd -C` reports them), and munged, slurmctld and
# slurmd are started directly (no init system needed). The script returns
# once `sinfo` shows the node idle.
#
#     sudo benches/slurm/setup.sh        # root: it installs packages and
#     sbatch --array=0-3 --wrap 'echo $SLURM_ARRAY_TASK_ID'   # writes /etc
#     benches/slurm/teardown.sh
#
# It refuses to overwrite a slurm.conf it did not write, so running it on a
# machine that is part of a real cluster does nothing harmful. Run it again
# to restart the daemons. Environment: SLURM_SETUP_TIMEOUT (seconds to wait
# for the node, default 60), SLURM_SETUP_SKIP_INSTALL=1 (packages present).
set -euo pipefail

MARK="# written by treereduce benches/slurm/setup.sh"
CONF_DIR=/etc/slurm
CONF="$CONF_DIR/slurm.conf"
STATE=/var/lib/treereduce-slurm
LOGS=/var/log/treereduce-slurm
TIMEOUT="${SLURM_SETUP_TIMEOUT:-60}"

say() { printf 'slurm setup: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }
elapsed() { echo "$(( $(date +%s%N) / 1000000 - START_MS )) ms"; }
START_MS=$(( $(date +%s%N) / 1000000 ))

[ "$(id -u)" -eq 0 ] || die "run as root (it installs packages and writes $CONF)"
if [ -e "$CONF" ] && ! grep -qxF "$MARK" "$CONF"; then
    die "$CONF exists and was not written by this script; not touching it"
fi

if [ "${SLURM_SETUP_SKIP_INSTALL:-0}" != 1 ]; then
    # Keep package scripts from starting daemons on their own: we start them
    # below with our configuration. policy-rc.d is Debian's switch for that;
    # an existing one is left alone.
    own_policy=0
    if [ ! -e /usr/sbin/policy-rc.d ]; then
        printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
        chmod 755 /usr/sbin/policy-rc.d
        own_policy=1
    fi
    trap '[ "$own_policy" = 1 ] && rm -f /usr/sbin/policy-rc.d' EXIT
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    say "apt-get update done after $(elapsed)"
    apt-get install -y -qq --no-install-recommends slurm-wlm munge >/dev/null
    say "packages installed after $(elapsed)"
    [ "$own_policy" = 1 ] && rm -f /usr/sbin/policy-rc.d
    trap - EXIT
fi
for cmd in munged slurmctld slurmd sinfo scontrol; do
    command -v "$cmd" >/dev/null || die "$cmd not found; install slurm-wlm and munge"
done

# munge: one key shared by controller and node (here the same machine).
if [ ! -s /etc/munge/munge.key ]; then
    mungekey --create --keyfile=/etc/munge/munge.key
fi
chown munge:munge /etc/munge/munge.key
chmod 400 /etc/munge/munge.key
install -d -o munge -g munge -m 755 /run/munge
install -d -o munge -g munge -m 700 /var/lib/munge /var/log/munge
if ! munge -n >/dev/null 2>&1; then
    runuser -u munge -- munged
fi
for _ in $(seq 50); do munge -n >/dev/null 2>&1 && break; sleep 0.1; done
munge -n | unmunge >/dev/null || die "munged does not answer; see /var/log/munge/munged.log"
say "munged up after $(elapsed)"

# The node line (CPUs, sockets, cores, threads, memory) as slurmd sees this
# machine, so the configuration never claims more than is there.
host=$(hostname -s)
node_line=$(slurmd -C | head -n 1)
case "$node_line" in
    NodeName=*) ;;
    *) die "unexpected output of slurmd -C: $node_line" ;;
esac

install -d -m 755 "$CONF_DIR" "$STATE" "$STATE/ctld" "$STATE/d" "$LOGS"
tmp=$(mktemp "$CONF_DIR/.slurm.conf.XXXXXX")
cat > "$tmp" <<CONF
$MARK
# One node that is also the controller. Jobs share the node by core
# (cons_tres, CR_Core), so N one-CPU tests run at once on N CPUs.
ClusterName=treereduce
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
AuthType=auth/munge
CredType=cred/munge
# No cgroups: the test machine may be a container without a writable
# cgroup tree. Processes are tracked by parent id instead.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
ReturnToService=2
StateSaveLocation=$STATE/ctld
SlurmdSpoolDir=$STATE/d
SlurmctldPidFile=$STATE/slurmctld.pid
SlurmdPidFile=$STATE/slurmd.pid
SlurmctldLogFile=$LOGS/slurmctld.log
SlurmdLogFile=$LOGS/slurmd.log
$node_line NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
chmod 644 "$tmp"
mv "$tmp" "$CONF"

# A restart: stop the daemons an earlier run of this script started.
for d in slurmctld slurmd; do
    pidfile="$STATE/$d.pid"
    if [ -s "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null; then
        kill "$(cat "$pidfile")"
        for _ in $(seq 50); do kill -0 "$(cat "$pidfile")" 2>/dev/null || break; sleep 0.1; done
    fi
done

# -i: ignore state saved by an earlier run (jobs, node states).
slurmctld -i
slurmd
say "daemons started after $(elapsed)"

deadline=$(( $(date +%s) + TIMEOUT ))
state=""
while [ "$(date +%s)" -lt "$deadline" ]; do
    state=$(sinfo -h -N -n "$host" -o '%T' 2>/dev/null || true)
    [ "$state" = idle ] && break
    sleep 0.2
done
if [ "$state" != idle ]; then
    say "node $host is '${state:-unknown}', not idle, after ${TIMEOUT}s; logs in $LOGS"
    tail -n 20 "$LOGS/slurmctld.log" "$LOGS/slurmd.log" >&2 || true
    exit 1
fi
say "node $host idle after $(elapsed)"
sinfo
