#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A DTLTO distributor that runs the jobs here the way a build farm would.

lld (or our lmf-thinlto-distribute in front of it) runs

    local_distributor.py [-j N] [--in-place] [--keep] <job file>

The job file (JSON) has `common.args` (the remote compiler and the options
every job shares), `common.inputs`, and `jobs[]`, each with `args`,
`inputs` and `outputs`. Each job runs `common.args + job.args`.

Like a build farm, each job runs in a sandbox of its own: a fresh
directory that holds copies of the job's declared inputs (and the common
ones) and nothing else; only the declared outputs are copied back. A job
that needs a file it did not declare, or that does not write a declared
output, fails here as it would on a farm. Paths must be relative to the
current directory for that; with absolute paths (or `--in-place`) the jobs
run in the current directory instead.

Exits 0 when every job succeeded; otherwise prints each failed job's
command and output and exits 1.
"""

import argparse
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
import tempfile


def relative_paths(paths):
    return all(not os.path.isabs(p) and not p.startswith("..") for p in paths)


def run_in_sandbox(command, inputs, outputs, keep):
    sandbox = tempfile.mkdtemp(prefix="dtlto-job-")
    try:
        for path in inputs:
            target = os.path.join(sandbox, path)
            os.makedirs(os.path.dirname(target) or sandbox, exist_ok=True)
            shutil.copyfile(path, target)
        for path in outputs:
            os.makedirs(os.path.dirname(os.path.join(sandbox, path)) or sandbox,
                        exist_ok=True)
        done = subprocess.run(command, cwd=sandbox, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
        missing = []
        if done.returncode == 0:
            for path in outputs:
                produced = os.path.join(sandbox, path)
                if os.path.exists(produced):
                    shutil.copyfile(produced, path)
                else:
                    missing.append(path)
        return done.returncode, done.stdout, missing
    finally:
        if not keep:
            shutil.rmtree(sandbox, ignore_errors=True)


def run_in_place(command, outputs):
    done = subprocess.run(command, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    missing = [p for p in outputs
               if done.returncode == 0 and not os.path.exists(p)]
    return done.returncode, done.stdout, missing


def run_job(common, job, in_place, keep):
    command = common["args"] + job["args"]
    inputs = list(dict.fromkeys(common.get("inputs", []) + job["inputs"]))
    outputs = job["outputs"]
    if in_place or not relative_paths(inputs + outputs):
        return command, run_in_place(command, outputs)
    return command, run_in_sandbox(command, inputs, outputs, keep)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--in-place", action="store_true",
                        help="run the jobs in the current directory")
    parser.add_argument("--keep", action="store_true",
                        help="keep the sandboxes (for debugging)")
    parser.add_argument("job_file")
    args = parser.parse_args()
    with open(args.job_file) as f:
        spec = json.load(f)
    common, jobs = spec["common"], spec["jobs"]

    failed = 0
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        runs = [pool.submit(run_job, common, job, args.in_place, args.keep)
                for job in jobs]
        for run in runs:
            command, (code, output, missing) = run.result()
            if code == 0 and not missing:
                continue
            failed += 1
            print(f"local_distributor: job failed: {' '.join(command)}",
                  file=sys.stderr)
            if output:
                sys.stderr.write(output)
            if code != 0:
                print(f"local_distributor: exit code {code}", file=sys.stderr)
            for path in missing:
                print(f"local_distributor: declared output not written: {path}",
                      file=sys.stderr)
    if failed:
        print(f"local_distributor: {failed} of {len(jobs)} jobs failed",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
