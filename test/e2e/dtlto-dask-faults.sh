#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# What goes wrong on a Dask cluster, and what a link through lmf-dtlto-dask
# then does (the program of dtlto-dask.sh; a scheduler that gives a job up
# after its second worker dies, allowed-failures = 1):
#  - the scheduler cannot be reached: a clear error at once;
#  - a worker dies in the middle of the link (the remote compiler of one
#    job kills it, as if its machine went down): the scheduler gives the
#    job to the other worker, the link succeeds, same output;
#  - a job's compiler fails: the link fails with that job's own error;
#  - a job's compiler hangs: it is killed after --job-timeout seconds, and
#    the link fails saying so;
#  - jobs kill every worker that runs them: once the retry budget is spent
#    the link fails saying so;
#  - no worker is left: the link fails after --worker-wait seconds.
# A link that fails leaves nothing behind: no program, no report, none of
# lld's temporary files.
source "$(dirname "$0")/common.bash"
source "$E2E_DIR/dask.bash"

# expect_link_fails OUT [link_through_dask argument...] <<CHECKS: the link
# fails, its stderr matching the FileCheck patterns on stdin (check_text),
# without a crash, and leaves no new file but its listing and stderr.
expect_link_fails() {
  local out="$1" checks before left
  shift
  checks=$(cat)
  before=$(ls)
  if link_through_dask "$out" "$@"; then
    fail "$out: the link succeeded"
  fi
  check_text "$out: error" "$out.err" <<<"$checks"
  expect_no_grep "$out: crash" "$CRASH_REPORT|Traceback" "$out.err"
  left=$(ls | grep -vxF -e "$out.listing" -e "$out.err" |
    grep -vxF -f <(echo "$before") || true)
  [[ -z "$left" ]] || fail "$out: the failed link left files:" $left
}

# remote_compiler NAME ACTION: a remote compiler for the workers, $WORK/NAME:
# in the job of shapes.o it first runs the shell commands ACTION; then, in
# every job, lmf-thinlto-backend with the job's arguments.
remote_compiler() {
  printf '#!/bin/bash\ncase " $* " in *" shapes.o "*) %s ;; esac\nexec %q "$@"\n' \
    "$2" "$LMF_BACKEND" >"$WORK/$1"
  chmod +x "$WORK/$1"
}

# remote_link_args NAME: sets REMOTE_LINK, the link_through_dask arguments
# of a link on the cluster whose jobs run the remote compiler $WORK/NAME.
remote_link_args() {
  REMOTE_LINK=(--scheduler="$DASK_ADDRESS" --timeout=90
    -- -Wl,--thinlto-remote-compiler="$WORK/$1")
}

dask_start_scheduler DASK_DISTRIBUTED__SCHEDULER__ALLOWED_FAILURES=1
dask_start_worker w1
dask_start_worker w2
compile_program # while the cluster starts
run_ok "in-process link" link_merging inproc

# 1. Nothing listens where the scheduler should be.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
start=$SECONDS
expect_link_fails unreachable --scheduler="tcp://127.0.0.1:$port" <<CHECK
CHECK: {{^}}lmf-dtlto-dask: error: cannot reach the Dask scheduler at tcp://127.0.0.1:$port: Connection refused
CHECK
((SECONDS - start <= 10)) ||
  fail "the unreachable scheduler took $((SECONDS - start)) s to report"
note "unreachable scheduler: error after $((SECONDS - start)) s"

dask_wait_worker w1
dask_wait_worker w2

# 2. The job of shapes.o kills its worker, once; the link goes on without it.
remote_compiler kill-worker-once.sh "if mkdir '$WORK/killed' 2>/dev/null; then
  echo \$PPID >'$WORK/killed/pid'; kill -KILL \$PPID; exit 1; fi"
remote_link_args kill-worker-once.sh
link_through_dask survived "${REMOTE_LINK[@]}" || {
  cat survived.err >&2
  fail "the link that lost a worker failed"
}
expect_same_link survived
killed=$(cat "$WORK/killed/pid")
for name in w1 w2; do
  if [[ ${DASK_WORKER_PID[$name]} == "$killed" ]]; then
    process_gone "$killed" || fail "worker $name was not killed"
  else
    ! process_gone "${DASK_WORKER_PID[$name]}" || fail "worker $name died too"
    survivor=$name
  fi
done
[[ -n "${survivor:-}" ]] || fail "the killed process $killed was no worker"
note "worker killed mid-link: the link finished on $survivor, as in process"

# A new worker, so that two are up again.
dask_start_worker w3
dask_wait_worker w3

# 3. The backend of shapes.o fails (its plugin is missing).
remote_compiler fail-shapes.sh \
  "set -- \"\$@\" -fpass-plugin='$WORK/no-such-plugin.so'"
remote_link_args fail-shapes.sh
expect_link_fails compiler-fails "${REMOTE_LINK[@]}" <<'CHECK'
CHECK: {{^}}lmf-dtlto-dask: error: job 4 of 4 ('shapes.o') failed on worker tcp://127.0.0.1:{{[0-9]+}} (exit code 1)
CHECK
check_text "the job's own error" compiler-fails.err <<CHECK
CHECK: {{^}}lmf-thinlto-backend: error: cannot find the merge plugin '$WORK/no-such-plugin.so'
CHECK
note "failing compiler: the link failed with the job's error"

# 4. The backend of shapes.o hangs: --job-timeout kills it, and the link
# fails saying so. A timeout short enough for a quick test is shorter than
# a real backend may take on a loaded machine, and the link reports the
# first failing job in job order: shapes.o is linked first here, so that
# it is job 1, and a real job timing out too cannot take its place.
remote_compiler hang.sh "echo \$\$ >'$WORK/hung.pid'; exec sleep 60"
remote_link_args hang.sh
saved_inputs=("${LINK_INPUTS[@]}")
LINK_INPUTS=(shapes.o main.o util.o templates.o)
expect_link_fails hung --job-timeout=2 "${REMOTE_LINK[@]}" <<'CHECK'
CHECK: {{^}}lmf-dtlto-dask: error: job 1 of 4 ('shapes.o') failed on worker tcp://127.0.0.1:{{[0-9]+}} (timed out after 2 s)
CHECK
LINK_INPUTS=("${saved_inputs[@]}")
process_gone "$(cat "$WORK/hung.pid")" || fail "the hung compiler still runs"
note "hung compiler: killed after --job-timeout, the link failed saying so"

# 5. The backend of shapes.o kills every worker that runs it: the second
# death spends the budget.
remote_compiler kill-workers.sh "kill -KILL \$PPID; exit 1"
remote_link_args kill-workers.sh
expect_link_fails workers-lost "${REMOTE_LINK[@]}" <<'CHECK'
CHECK: {{^}}lmf-dtlto-dask: error: job {{[1-4]}} of 4 ('{{[a-z]+}}.o') was lost: every worker that ran it died (the last was tcp://127.0.0.1:{{[0-9]+}}), and the scheduler's retry budget (distributed.scheduler.allowed-failures = 1) is spent
CHECK
note "retry budget spent: the link failed saying so"

# 6. No worker is left: the link fails once --worker-wait has passed.
expect_link_fails no-workers --scheduler="$DASK_ADDRESS" --worker-wait=2 <<CHECK
CHECK: {{^}}lmf-dtlto-dask: error: the Dask scheduler at $DASK_ADDRESS has no worker (waited 2 s; start some with \`dask worker $DASK_ADDRESS\`)
CHECK
note "no worker: the link failed saying so"
