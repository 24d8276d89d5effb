#!/usr/bin/env bash
# Starts (or stops) a private single-node Slurm cluster on this machine, for trying the scripts
# in this folder and for CI: munged, slurmctld and slurmd from Debian's munge and slurm-wlm
# packages, every file (config, munge key and socket, state, logs, pid files) under DIR, nothing
# in /etc. Needs root (slurmd starts jobs as their user).
#
#   eval "$(scripts/slurm/local-cluster.sh start /tmp/slurm)"   # exports SLURM_CONF
#   sbatch --wait --array=1-3 ... ; scripts/slurm/local-cluster.sh stop /tmp/slurm
#
# `start` prints `export SLURM_CONF=DIR/slurm.conf` on stdout once the node is idle, or exits 1
# with the daemons' logs when the cluster does not come up within 60 s. `stop` stops the three
# daemons by their pid files. Settings: SlurmUser=root, proctrack/linuxproc and task/none (no
# cgroups needed), select/cons_tres, one node named after this host with all its CPUs.
set -euo pipefail
action="${1:?usage: local-cluster.sh start|stop DIR}"
dir="${2:?usage: local-cluster.sh start|stop DIR}"
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"

stop() {
  for name in slurmd slurmctld munged; do
    if [ -s "$dir/$name.pid" ]; then
      pid="$(cat "$dir/$name.pid")"
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      kill -9 "$pid" 2>/dev/null || true
      rm -f "$dir/$name.pid"
    fi
  done
}

if [ "$action" = stop ]; then
  stop
  exit 0
fi
[ "$action" = start ] || { echo "usage: local-cluster.sh start|stop DIR" >&2; exit 64; }
[ "$(id -u)" = 0 ] || { echo "local-cluster.sh: needs root (slurmd runs jobs as their user)" >&2; exit 1; }
for tool in munged slurmctld slurmd sbatch sinfo; do
  command -v "$tool" >/dev/null || { echo "local-cluster.sh: $tool not found: apt-get install slurm-wlm munge" >&2; exit 1; }
done

host="$(hostname -s)"
cpus="$(nproc)"
mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/log"
chmod 700 "$dir/munge"
# A fresh key for this cluster: munged wants it readable by its user only.
dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$dir/munge/munge.key"
cat >"$dir/slurm.conf" <<CONF
ClusterName=prefetchlab-local
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
SlurmctldPort=6917
SlurmdPort=6918
NodeName=$host CPUs=$cpus State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$dir/slurm.conf"

stop
munged --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
  --pid-file="$dir/munged.pid" --log-file="$dir/log/munged.log" --seed-file="$dir/munge/seed"
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"

for _ in $(seq 120); do
  state="$(sinfo -h -N -o '%T' 2>/dev/null | head -1 || true)"
  case "$state" in
    idle*) echo "export SLURM_CONF=$SLURM_CONF"; exit 0 ;;
    down* | drain*) scontrol update nodename="$host" state=resume >/dev/null 2>&1 || true ;;
  esac
  sleep 0.5
done
echo "local-cluster.sh: the Slurm node did not become idle within 60 s (state: ${state:-none})" >&2
tail -n 20 "$dir"/log/*.log >&2 || true
stop
exit 1
