#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Distributed ThinLTO on a Dask cluster: a real `dask scheduler` and two
# `dask worker`s on loopback, each in a scratch directory of its own, run the
# backend jobs of a merging link of a four-module program, sent to them by
# lmf-dtlto-dask. The program, the listing and the report (less its times)
# are those of the in-process link; every job ran on one of the two
# workers, which keep no job directory afterwards; so it is when the link
# names its inputs '../main.o'... Without --scheduler the distributor starts
# a cluster of its own, with the same result. (--timeout only bounds a
# hang: 300 s, room for a loaded 2-core machine, under the link's own
# bound, DASK_LINK_SECONDS.)
source "$(dirname "$0")/common.bash"
source "$E2E_DIR/dask.bash"

dask_start_scheduler
dask_start_worker w1
dask_start_worker w2
compile_program # while the cluster starts
dask_wait_worker w1
dask_wait_worker w2

run_ok "in-process link" link_merging inproc
check_text "in-process listing" inproc.listing <<'CHECK'
CHECK: {{^}}  removing identical function
CHECK

# worker_address NAME: the address the worker serves at, from its log.
worker_address() {
  sed -nE 's/.*Start worker at: *(tcp:[^ ]*).*/\1/p' "$WORK/$1.log"
}

link_through_dask dask --scheduler="$DASK_ADDRESS" --verbose --timeout=300 || {
  cat dask.err >&2
  fail "the link through the Dask cluster failed"
}
expect_same_link dask
check_text "jobs announced, then done" dask.err <<CHECK
CHECK: {{^}}lmf-dtlto-dask: 4 jobs on $DASK_ADDRESS (2 workers)
CHECK: {{^}}lmf-dtlto-dask: 4/4 jobs done
CHECK
workers=$(sed -nE 's/.* done on (tcp:[^ ]*) in .*/\1/p' dask.err | sort -u)
for address in $workers; do
  [[ "$address" == "$(worker_address w1)" || "$address" == "$(worker_address w2)" ]] ||
    fail "a job ran on $address, which is neither worker"
done
expect_eq "jobs reported" 4 "$(grep -c ' done on tcp:' dask.err)"
expect_no_sandboxes
note "4 jobs on $(wc -w <<<"$workers") of 2 workers: program, listing and report as in process"

# A link from a subdirectory names its inputs with '..': the jobs run
# deeper below their scratch directories.
mkdir -p sub
cd sub
LINK_INPUTS=("${LINK_INPUTS[@]/#/../}")
run_ok "in-process link from a subdirectory" link_merging inproc
link_through_dask dotdot --scheduler="$DASK_ADDRESS" --timeout=300 || {
  cat dotdot.err >&2
  fail "the link through the Dask cluster with '..' paths failed"
}
expect_same_link dotdot
expect_no_sandboxes
note "inputs named '../main.o'...: program, listing and report as in process"
cd ..
LINK_INPUTS=("${LINK_INPUTS[@]#../}")

link_through_dask local -j2 --timeout=300 || {
  cat local.err >&2
  fail "the link through a local Dask cluster failed"
}
expect_same_link local
check_text "local cluster" local.err <<'CHECK'
CHECK: {{^}}lmf-dtlto-dask: 4 jobs on a local cluster (2 at a time)
CHECK
note "local cluster: program, listing and report as in process"
