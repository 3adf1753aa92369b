#!/usr/bin/env bash
# treereduce on a real Slurm cluster, compared with local runs:
#  (a) `sbatch --array` over a generated crash corpus, each array task running
#      `treereduce batch --shard auto` (the shard from SLURM_ARRAY_TASK_ID and
#      SLURM_ARRAY_TASK_COUNT), merged with `treereduce dedup`;
#  (b) one single-mode reduction whose tests all go through
#      `--launcher 'srun -N1 -n1 --quiet --'`.
# Both must give byte-identical results to the same runs without Slurm.
#
#     sudo benches/slurm/setup.sh            # a single-node cluster
#     benches/slurm/check.sh [TREEREDUCE]    # default: target/release/treereduce
#
# KEEP=1 keeps the work directory (removed after a pass otherwise; kept
# after a failure). It is under /tmp, which the node sees because it is this
# machine; on a real cluster it must be on a filesystem all nodes share.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BIN=$(realpath "${1:-$ROOT/target/release/treereduce}")
SHARDS=${SHARDS:-4}
WORK=$(mktemp -d /tmp/treereduce-slurm.XXXXXX)
say() { printf 'slurm check: %s\n' "$*" >&2; }
now() { echo $(( $(date +%s%N) / 1000000 )); }
since() { local ms=$(( $(now) - $1 )); printf '%d.%01d' $((ms / 1000)) $((ms % 1000 / 100)); }
fail() { say "FAILED: $*"; exit 1; }

python3 "$ROOT/benches/corpus/generate.py" "$WORK" --count "${COUNT:-12}" --seed 7
cd "$WORK"

start=$(now)
"$BIN" batch -q -j 2 --no-cache -i ./check.sh -o local crashes
say "local batch: $(since "$start") s"

start=$(now)
sbatch --wait --quiet --array=0-$((SHARDS - 1)) --cpus-per-task=1 \
    --output="$WORK/array-%a.log" --chdir="$WORK" \
    --wrap "exec \"$BIN\" batch -q -j 1 --no-cache --shard auto -i ./check.sh -o shard-\$SLURM_ARRAY_TASK_ID crashes" \
    || fail "an array task failed: $(cat "$WORK"/array-*.log)"
say "sbatch --array=0-$((SHARDS - 1)): $(since "$start") s"

# Every input in exactly one shard, with the local run's result.
n=0
for crash in crashes/*.c; do
    name=$(basename "$crash")
    found=(shard-*/results/"$name")
    [ "${#found[@]}" = 1 ] && [ -f "${found[0]}" ] || fail "$name is in ${#found[@]} shards"
    cmp -s "${found[0]}" "local/results/$name" || fail "$name: the Slurm result differs from the local one"
    n=$((n + 1))
done
for i in $(seq 0 $((SHARDS - 1))); do
    shard=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["shard"])' "shard-$i/summary.json")
    [ "$shard" = "$i/$SHARDS" ] || fail "array task $i ran shard $shard"
done
"$BIN" dedup shard-* > merged-groups.json
"$BIN" dedup local > local-groups.json
cmp -s merged-groups.json local-groups.json || fail "the merged groups differ from the local ones"
say "array: $n results identical to the local run; groups identical ($(python3 -c 'import json; print(len(json.load(open("local-groups.json"))["groups"]))') groups)"

one=crashes/crash-000.c
start=$(now)
"$BIN" -q -j 2 --no-cache --timeout 60 -i ./check.sh -o local-single.c --stats-json local-single.json "$one"
local_secs=$(since "$start")
start=$(now)
"$BIN" -q -j 2 --no-cache --timeout 60 --launcher 'srun -N1 -n1 --quiet --' -i ./check.sh \
    -o srun-single.c --stats-json srun-single.json "$one"
srun_secs=$(since "$start")
cmp -s local-single.c srun-single.c || fail "the reduction through srun differs from the local one"
tests=$(python3 -c 'import json; print(json.load(open("srun-single.json"))["tests"])')
say "launcher: identical result; local $local_secs s, through srun $srun_secs s ($tests tests, each an srun job step)"
if [ "${KEEP:-0}" = 1 ]; then
    say "passed; work directory $WORK"
else
    rm -rf "$WORK"
    say "passed"
fi
