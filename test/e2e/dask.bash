# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Sourced, after common.bash, by the scripts that link through our Dask
# distributor (lmf-dtlto-dask): a Dask cluster on loopback, and the program
# they link.
#
# The cluster is a `dask scheduler` and `dask worker`s, each worker in a
# scratch directory of its own (its working directory and its
# --local-directory, under $WORK but apart from the link's files), so that a
# job finds only what the distributor ships to it. Every process is started
# in the background, remembered by its process id, and stopped by that id
# when the script exits (TERM, then KILL after DASK_STOP_SECONDS). In case
# the script itself is killed outright, the scheduler closes after
# DASK_IDLE_SECONDS without a task and the workers DASK_DEATH_SECONDS after
# the scheduler is gone.
#
# Every wait here is a bound against a hang, never a pace the test needs:
# each is polled, and each gives a 2-core machine at load 10 (things 5 to 10
# times slower than on a quiet one) room to spare. The scheduler's idle
# timeout is longer than the test's own ctest TIMEOUT (test/e2e/
# CMakeLists.txt), so that no slow step (compiling, the in-process link)
# can leave it idle long enough to close under a running test.

DASK="${DASK:-/usr/bin/dask}"
DASK_DISTRIBUTOR="$LMF_BUILD/bin/lmf-dtlto-dask"
LMF_BACKEND="$LMF_BUILD/bin/lmf-thinlto-backend"
need "$DASK_DISTRIBUTOR" "$LMF_BACKEND"
[[ -x "$DASK" ]] || fail "no $DASK: install python3-distributed (.ci/install-deps)"
DASK_STOP_SECONDS=10
# How long the scheduler may take to listen, and a worker to register.
DASK_START_SECONDS=300
# The scheduler closes after this long without a task (--idle-timeout).
DASK_IDLE_SECONDS=900
# A worker gives up when its start (registering with the scheduler
# included) takes longer, or once it has lost the scheduler for this long
# (--death-timeout).
DASK_DEATH_SECONDS=120
# How long one link through clang may take (link_merging).
DASK_LINK_SECONDS=400
DASK_PIDS=()
declare -A DASK_WORKER_PID
DASK_ADDRESS=""

# wait_until WHAT SECONDS COMMAND...: polls COMMAND until it succeeds; fails
# the test when SECONDS have passed.
wait_until() {
  local what="$1" limit="$2" deadline=$((SECONDS + $2))
  shift 2
  until "$@"; do
    ((SECONDS < deadline)) || fail "$what: not within $limit s"
    sleep 0.1
  done
}

# process_gone PID: the process has exited (it may be a zombie: the Dask
# processes are disowned, so that bash does not report the ones a test
# kills, and are reaped only when the script exits). Its status is read
# once: a process reaped between two looks at /proc is gone, not running.
process_gone() {
  local state
  state=$(sed -n 's/^State:[[:space:]]*//p' "/proc/$1/status" 2>/dev/null) ||
    return 0
  [[ -z $state || $state == Z* ]]
}

dask_stop_all() {
  local pid deadline=$((SECONDS + DASK_STOP_SECONDS))
  for pid in "${DASK_PIDS[@]}"; do
    kill -TERM "$pid" 2>/dev/null || true
  done
  for pid in "${DASK_PIDS[@]}"; do
    until process_gone "$pid" || ((SECONDS >= deadline)); do
      sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null || true
  done
  DASK_PIDS=()
}
at_exit dask_stop_all

# dask_start_scheduler [VAR=value...]: starts the scheduler, with these
# variables in its environment (Dask reads its settings from
# DASK_DISTRIBUTED__...), and sets DASK_ADDRESS once it listens.
dask_start_scheduler() {
  env "$@" "$DASK" scheduler --host 127.0.0.1 --port 0 --no-dashboard \
    --dashboard-address 127.0.0.1:0 --idle-timeout "$DASK_IDLE_SECONDS" \
    >"$WORK/scheduler.log" 2>&1 &
  DASK_PIDS+=($!)
  DASK_SCHEDULER_PID=$!
  disown $!
  wait_until "the Dask scheduler starts" "$DASK_START_SECONDS" \
    dask_scheduler_listens
  DASK_ADDRESS=$(sed -nE 's/.*Scheduler at: *(tcp:[^ ]*).*/\1/p' \
    "$WORK/scheduler.log")
}

# dask_process_ready PID LOG PATTERN WHAT: LOG has a line matching PATTERN
# (the process is ready); fails the test at once, with the log, when the
# process PID has exited instead ("WHAT exited before it was ready").
dask_process_ready() {
  ! grep -qs "$3" "$2" || return 0
  if process_gone "$1" && ! grep -qs "$3" "$2"; then
    cat "$2" >&2
    fail "$4 exited before it was ready"
  fi
  return 1
}

# dask_scheduler_listens: the scheduler says where it listens.
dask_scheduler_listens() {
  dask_process_ready "$DASK_SCHEDULER_PID" "$WORK/scheduler.log" \
    'Scheduler at: *tcp://' "the Dask scheduler"
}

# dask_start_worker NAME: starts a worker of one thread, without a nanny (a
# killed worker stays dead), in $WORK/NAME; dask_wait_worker NAME waits
# until it has registered with the scheduler.
dask_start_worker() {
  local scratch="$WORK/$1"
  mkdir -p "$scratch"
  (cd "$scratch" && exec "$DASK" worker "$DASK_ADDRESS" --name "$1" \
    --nthreads 1 --no-nanny --host 127.0.0.1 --no-dashboard \
    --dashboard-address 127.0.0.1:0 --local-directory "$scratch" \
    --death-timeout "$DASK_DEATH_SECONDS") >"$WORK/$1.log" 2>&1 &
  DASK_PIDS+=($!)
  DASK_WORKER_PID[$1]=$!
  disown $!
}

dask_wait_worker() {
  wait_until "Dask worker $1 registers" "$DASK_START_SECONDS" \
    dask_worker_registered "$1"
}

# dask_worker_registered NAME: the worker has registered.
dask_worker_registered() {
  dask_process_ready "${DASK_WORKER_PID[$1]}" "$WORK/$1.log" \
    'Registered to:' "Dask worker $1"
}

# expect_no_sandboxes: the jobs left nothing behind in the workers' scratch
# directories.
expect_no_sandboxes() {
  local left
  left=$(find "$WORK" -path "$WORK/link" -prune -o -name 'lmf-job-*' -print)
  [[ -z "$left" ]] || fail "job directories left on the workers: $left"
}

# The program: four ThinLTO modules in $WORK/link; main.o calls small
# functions of util.o, which its backend imports (the job then needs
# util.o too). Sets LINK_INPUTS.
compile_program() {
  mkdir -p "$WORK/link"
  cd "$WORK/link"
  cat >util.cpp <<'CPP'
// Small functions main's backend imports, and twins to merge.
long mix(long A, long B) { return A * 31 + B; }
__attribute__((noinline)) long scaleA(long X) { return X * 13 + (X >> 3); }
__attribute__((noinline)) long scaleB(long X) { return X * 13 + (X >> 3); }
CPP
  cat >main.cpp <<'CPP'
#include <cstdio>
long mix(long, long);
long scaleA(long), scaleB(long);
int templates_main(int, char **);
int shapes_main();
int main(int Argc, char **Argv) {
  int R = templates_main(Argc, Argv) + shapes_main();
  std::printf("mixed %ld\n", mix(scaleA(Argc + 40), scaleB(Argc + 41)) + R);
  return 0;
}
CPP
  "$CXX" -O2 -flto=thin -c util.cpp -o util.o
  "$CXX" -O2 -flto=thin -c main.cpp -o main.o
  "$CXX" -O2 -flto=thin -c "$E2E_DIR/inputs/templates.cpp" \
    -Dmain=templates_main -o templates.o
  "$CXX" -O2 -flto=thin -c "$E2E_DIR/../../bench/example/shapes.cpp" \
    -Dmain=shapes_main -o shapes.o
  LINK_INPUTS=(main.o util.o templates.o shapes.o)
}

# expect_same_link OUT: OUT's program, listing and report are those of the
# in-process link, inproc.
expect_same_link() {
  cmp -s inproc "$1" || fail "$1: the program differs from the in-process one"
  cmp -s inproc.listing "$1.listing" ||
    fail "$1: the listing differs from the in-process one"
  [[ "$(report_without_times inproc.json)" == \
    "$(report_without_times "$1.json")" ]] ||
    fail "$1: the report differs from the in-process one"
  expect_eq "$1: program output" "$(./inproc)" "$(./"$1")"
  expect_no_grep "$1: link" 'warning|error' "$1.err"
}

# link_merging OUT [flags...]: a merging ThinLTO link of the program
# through clang with our ld.lld, bounded in time (DASK_LINK_SECONDS, longer
# than any --timeout the scripts give the distributor, so that its own
# error is the one a slow link shows), with its listing in OUT.listing and
# its report in OUT.json.
link_merging() {
  local out="$1"
  shift
  timeout "$DASK_LINK_SECONDS" "$CXX" -flto=thin -fuse-ld=lld --ld-path="$LMF_LD" \
    "${LINK_INPUTS[@]}" -Wl,--lto-merge-functions \
    -Wl,--print-merged-functions -Wl,--lto-merge-functions-report="$out.json" \
    "$@" -o "$out" >"$out.listing"
}

# link_through_dask OUT [distributor argument...] [-- link flag...]:
# link_merging with the jobs distributed by lmf-dtlto-dask; its stderr is
# in OUT.err.
link_through_dask() {
  local out="$1" flags=()
  shift
  while (($# > 0)) && [[ "$1" != -- ]]; do
    flags+=(-Wl,--thinlto-distributor-arg="$1")
    shift
  done
  (($# == 0)) || shift
  link_merging "$out" -Wl,--thinlto-distributor="$DASK_DISTRIBUTOR" \
    "${flags[@]}" "$@" 2>"$out.err"
}
