#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""lmf-dtlto-dask: a DTLTO distributor that runs lld's backend jobs on Dask.

A distributed ThinLTO link (`--thinlto-distributor=`) ends with lld writing
a job file and running a distributor on it; the distributor must run every
job's command somewhere and bring its outputs back before lld goes on. This
program does that on a Dask cluster (Debian's python3-distributed): from a
laptop's local cluster to machines that share nothing but the network.

    lmf-dtlto-dask [--scheduler tcp://HOST:PORT] [options] <job file>

With `--scheduler` it is a client of a running `dask scheduler` and its
`dask worker`s; without it, it starts a cluster of its own in this process,
whose threads run `-j N` jobs at a time here.

The job file has `common.args` (the remote compiler and the options every
job shares), `common.inputs`, and `jobs[]`, each with `args`, `inputs` and
`outputs`; a job runs `common.args + job.args`. Nothing here assumes that a
worker can see this machine's files, so:

 1. every declared input is read here and becomes a Dask task of its own
    that returns the file's bytes, keyed by its content: a module that many
    jobs import travels to a worker once, and from worker to worker as Dask
    sees fit. The bytes stay in the scheduler's description of that task,
    so if the worker that held them dies, Dask makes them again elsewhere;
 2. every job becomes a task that takes those bytes, writes them into a
    fresh directory under the worker's own local directory (its scratch
    space, `dask worker --local-directory`), runs the command there, and
    returns the exit code, the command's output and the bytes of every
    declared output; the directory is removed. A job that needs a file it
    did not declare fails, as on any farm. Paths are kept as the job file
    names them, relative to the link's directory: paths that climb out of
    it (`../lib/a.o`) are laid out below a deeper working directory, but an
    absolute path cannot be recreated on another machine and is refused
    before anything is sent (a ThinLTO index names the modules it imports
    by the paths the link used, so rewriting the command line would not
    do). The jobs of the largest modules, which take longest, start
    first;
 3. the outputs are written here as each job finishes (to a temporary name,
    then renamed), and a line on stderr says how far the link has come.

A job whose command fails, runs longer than `--job-timeout`, or does not
write a declared output, fails the link at once: the other jobs are
cancelled (a worker kills the command of a job it is told to drop), and
the error shows the job's command, its exit code and everything it
printed. When a worker dies while
running a job, the scheduler gives the job to another worker; once more
workers died under it than `distributed.scheduler.allowed-failures` (the
scheduler's setting, 3 by default), the job is given up and the link fails
saying so. A scheduler that cannot be reached, or that has no worker, is
an error before any job is sent; so is an input that cannot be read.

The remote compiler (common.args[0]) runs on the workers: name it by the
path at which they have it (`--thinlto-remote-compiler=`). For a merging
link that is our lmf-thinlto-backend; our lmf-thinlto-distribute, which
runs in front of this program, has already declared each job's merge report
as an output, so the reports come back with the objects.

Exits 0 when every job succeeded, 1 otherwise, 2 for a bad command line.
"""

import argparse
import hashlib
import json
import logging
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
import warnings
from concurrent.futures import CancelledError
from dataclasses import dataclass

PROGRAM = "lmf-dtlto-dask"
# How long closing the connection, or the local cluster, may take.
CLOSE_SECONDS = 10
# How often a running job looks whether the link still wants it.
POLL_SECONDS = 0.5


class DistributorError(Exception):
    """A failure to report as one error, with an optional block of detail."""

    def __init__(self, message, detail=""):
        super().__init__(message)
        self.detail = detail


# --- The job file ---------------------------------------------------------


@dataclass
class Job:
    """One backend job: its whole command (common.args + args), every file
    it reads (common.inputs + inputs) and writes, and the module it
    compiles (its first input), which names it in messages."""
    index: int
    command: list
    inputs: list
    outputs: list
    module: str

    def label(self, total):
        """How messages name the job."""
        return f"job {self.index + 1} of {total} ('{self.module}')"


def load_json(path):
    """The job file, parsed."""
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:
        raise DistributorError(f"cannot read the job file '{path}': "
                               f"{e.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise DistributorError(f"the job file '{path}' is not JSON: {e}") \
            from None


def string_list(value, what, allow_empty=True):
    """`value`, which must be a list of strings (`what` names it)."""
    if (not isinstance(value, list) or
            not all(isinstance(v, str) for v in value) or
            (not allow_empty and not value)):
        raise DistributorError(
            f"unexpected DTLTO job file: {what} is not a "
            f"{'' if allow_empty else 'non-empty '}list of strings")
    return value


def read_jobs(path):
    """The jobs of lld's job file, each with its whole command and inputs."""
    spec = load_json(path)
    common = spec.get("common") if isinstance(spec, dict) else None
    jobs = spec.get("jobs") if isinstance(spec, dict) else None
    if not isinstance(common, dict) or not isinstance(jobs, list):
        raise DistributorError("unexpected DTLTO job file: expected an "
                               "object with 'common' and 'jobs'")
    common_args = string_list(common.get("args"), "common.args",
                              allow_empty=False)
    common_inputs = string_list(common.get("inputs", []), "common.inputs")
    result = []
    for index, job in enumerate(jobs):
        if not isinstance(job, dict):
            raise DistributorError(
                f"unexpected DTLTO job file: job {index + 1} is not an object")
        args = string_list(job.get("args"), f"job {index + 1}'s args")
        inputs = string_list(job.get("inputs"), f"job {index + 1}'s inputs")
        outputs = string_list(job.get("outputs"), f"job {index + 1}'s outputs")
        module = inputs[0] if inputs else (args[0] if args else "?")
        result.append(Job(index, common_args + args,
                          list(dict.fromkeys(common_inputs + inputs)),
                          outputs, module))
    return result


def levels_above(path):
    """How many directories above the link's directory a relative path
    reaches (`../../a.o`: 2)."""
    parts = os.path.normpath(path).split(os.sep)
    return next((i for i, part in enumerate(parts) if part != ".."),
                len(parts))


def check_paths(jobs):
    """Refuses what a worker without this machine's files cannot run;
    returns how deep below its scratch directory a job must run so that
    every `..` path stays inside it."""
    compiler = jobs[0].command[0] if jobs else ""
    if os.sep in compiler and not os.path.isabs(compiler):
        raise DistributorError(
            f"the remote compiler '{compiler}' is a relative path, which "
            "means nothing on a worker: name it by the absolute path at "
            "which the workers have it (--thinlto-remote-compiler=)")
    depth = 0
    for job in jobs:
        for path in job.inputs + job.outputs:
            if os.path.isabs(path):
                raise DistributorError(
                    f"{job.label(len(jobs))} names the absolute path "
                    f"'{path}': Dask workers do not share this machine's "
                    "files, so the link must name its inputs and its output "
                    "(-o) by paths relative to its working directory")
            depth = max(depth, levels_above(path))
    return depth


# --- On a worker ----------------------------------------------------------


def task_cancelled(worker, key):
    """Whether the scheduler has let go of this worker's task `key` (the
    link failed, timed out or ended): its command is then killed."""
    task = worker.state.tasks.get(key)
    return task is None or task.state == "cancelled"


def run_command(command, cwd, job_timeout, cancelled):
    """(exit code, output, problem) of one job's command. The command and
    its children are killed when `cancelled()` says so, or after
    job_timeout seconds (0: no limit); the exit code is then None."""
    try:
        process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL,
                                   start_new_session=True)
    except OSError as e:
        return None, b"", f"cannot run '{command[0]}': {e.strerror}"
    deadline = time.monotonic() + job_timeout if job_timeout else None
    while True:
        try:
            output, _ = process.communicate(timeout=POLL_SECONDS)
            return process.returncode, output, ""
        except subprocess.TimeoutExpired:
            if cancelled():
                problem = "cancelled"
            elif deadline is not None and time.monotonic() > deadline:
                problem = f"timed out after {job_timeout:g} s"
            else:
                continue
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        output, _ = process.communicate()
        return None, output, problem


def run_job_on_worker(command, inputs, outputs, depth, job_timeout):
    """Runs one job in a fresh directory of this worker's scratch space.

    Runs on the worker (Dask pickles it by value: workers need only Dask,
    not this program). `inputs` maps each declared path to its bytes.
    Returns what the linking machine needs to write the outputs or to
    explain a failure: a failing command is a result, not an exception, so
    that its exit code and output reach the link."""
    from distributed import get_worker

    worker = get_worker()
    key = worker.get_current_task()
    sandbox = tempfile.mkdtemp(prefix="lmf-job-", dir=worker.local_directory)
    cwd = os.path.join(sandbox, *(["up"] * depth))

    def place(path):
        return os.path.normpath(os.path.join(cwd, path))

    try:
        for path in list(inputs) + list(outputs):
            os.makedirs(os.path.dirname(place(path)), exist_ok=True)
        for path, data in inputs.items():
            with open(place(path), "wb") as f:
                f.write(data)
        start = time.monotonic()
        code, output, problem = run_command(
            command, cwd, job_timeout, lambda: task_cancelled(worker, key))
        result = {"worker": worker.address, "exit_code": code,
                  "log": output.decode(errors="replace"), "problem": problem,
                  "seconds": time.monotonic() - start, "outputs": {},
                  "missing": []}
        for path in outputs if code == 0 else []:
            try:
                with open(place(path), "rb") as f:
                    result["outputs"][path] = f.read()
            except FileNotFoundError:
                result["missing"].append(path)
        return result
    finally:
        shutil.rmtree(sandbox, ignore_errors=True)


def file_bytes(data):
    """The task that holds one input file (its bytes are its argument)."""
    return data


# --- Reaching the cluster -------------------------------------------------


def require_dask():
    """Fails with a clear error when this Python has no Dask."""
    try:
        import distributed  # noqa: F401
    except ImportError as e:
        raise DistributorError(
            f"cannot import Dask's distributed module ({e}): install "
            "Debian's python3-distributed, or run this program with a "
            "Python that has it") from None


def split_address(address):
    """(host, port) of a tcp:// scheduler address (tcp:// may be left out)."""
    scheme, sep, rest = address.partition("://")
    if not sep:
        scheme, rest = "tcp", address
    host, sep, port = rest.rpartition(":")
    host = host.strip("[]")
    if scheme != "tcp" or not sep or not host or \
            not port.isdigit():
        raise DistributorError(
            f"bad scheduler address '{address}' (expected tcp://HOST:PORT)")
    return host, int(port)


def check_reachable(address, timeout):
    """Fails at once when nothing listens at the scheduler's address (Dask
    itself would keep trying until its connect timeout)."""
    host, port = split_address(address)
    try:
        socket.create_connection((host, port), timeout=timeout).close()
    except OSError as e:
        why = e.strerror or str(e) or type(e).__name__
        raise DistributorError(
            f"cannot reach the Dask scheduler at {address}: {why}") from None


def set_dask_log_level(level):
    """The level of Dask's loggers, which it sets one by one itself."""
    names = [name for name in logging.root.manager.loggerDict
             if name.split(".")[0] in ("distributed", "dask")]
    for name in names + ["distributed", "dask"]:
        logging.getLogger(name).setLevel(level)


def quiet_dask_logs(verbose):
    """Dask logs what it does on its own (a result fetched again from
    another worker...); unless asked for, only its errors are shown."""
    set_dask_log_level(logging.INFO if verbose else logging.ERROR)
    # Inputs are sent inside their tasks on purpose (see the essay above):
    # Dask's advice to scatter them instead does not apply.
    warnings.filterwarnings("ignore", message="Large object of size")


def connect(options, scratch):
    """A Dask client, and the local cluster when this program started one."""
    from distributed import Client, LocalCluster

    if not options.scheduler:
        # Dask serves HTTP (health, metrics) even without its dashboard:
        # on a free port of loopback, not on the default 8787.
        cluster = LocalCluster(n_workers=1, threads_per_worker=options.jobs,
                               processes=False, local_directory=scratch,
                               dashboard_address="127.0.0.1:0",
                               scheduler_kwargs={"dashboard": False})
        return Client(cluster, set_as_default=False), cluster
    check_reachable(options.scheduler, options.connect_timeout)
    try:
        client = Client(options.scheduler, timeout=options.connect_timeout,
                        set_as_default=False)
    except (OSError, TimeoutError) as e:
        raise DistributorError(
            f"cannot connect to the Dask scheduler at {options.scheduler}: "
            f"{e}") from None
    try:
        client.wait_for_workers(1, timeout=options.worker_wait)
    except TimeoutError:
        client.close()
        raise DistributorError(
            f"the Dask scheduler at {options.scheduler} has no worker "
            f"(waited {options.worker_wait:g} s; start some with "
            f"`dask worker {options.scheduler}`)") from None
    return client, None


def close_quietly(client, cluster, verbose):
    """Closes the connection, and the local cluster; what Dask says or
    raises meanwhile (jobs cancelled on the way out) hides nothing."""
    if not verbose:
        set_dask_log_level(logging.CRITICAL)
    for closable in (client, cluster):
        try:
            if closable is not None:
                closable.close(timeout=CLOSE_SECONDS)
        except Exception:  # closing is best effort
            pass


def workers(client):
    """How many workers the scheduler has, in words."""
    count = len(client.scheduler_info().get("workers", {}))
    return f"{count} worker{'' if count == 1 else 's'}"


# --- Running the jobs -----------------------------------------------------


def read_inputs(jobs):
    """The bytes of every distinct input file, read before any is sent."""
    contents = {}
    for job in jobs:
        for path in job.inputs:
            if path in contents:
                continue
            try:
                with open(path, "rb") as f:
                    contents[path] = f.read()
            except OSError as e:
                raise DistributorError(
                    f"{job.label(len(jobs))} declares the input '{path}', "
                    f"which cannot be read: {e.strerror}") from None
    return contents


def submit_inputs(client, contents):
    """One task per distinct input file, keyed by its content."""
    return {path: client.submit(file_bytes, data, key="lmf-input-" +
                                hashlib.sha256(data).hexdigest())
            for path, data in contents.items()}


def submit_jobs(client, jobs, contents, input_futures, depth, options):
    """One task per job; the largest modules first, as they take longest."""
    run = uuid.uuid4().hex[:12]
    futures = {}
    for job in jobs:
        inputs = {path: input_futures[path] for path in job.inputs}
        size = len(contents[job.inputs[0]]) if job.inputs else 0
        key = f"lmf-backend-{run}-{job.index}-{os.path.basename(job.module)}"
        future = client.submit(run_job_on_worker, job.command, inputs,
                               job.outputs, depth, options.job_timeout,
                               key=key, priority=size, pure=False)
        futures[future] = job
    return futures


def write_output(path, data):
    """Writes one output under a temporary name, then renames it, so that
    lld never sees half a file."""
    parent = os.path.dirname(path)
    if parent:
        os.makedirs(parent, exist_ok=True)
    temporary = f"{path}.{PROGRAM}.tmp"
    with open(temporary, "wb") as f:
        f.write(data)
    os.replace(temporary, path)


def lost_job_error(job, total, exception):
    """The error for a job that ended in Dask rather than in its command:
    its workers died, the scheduler cancelled it, or Dask failed."""
    from distributed.scheduler import KilledWorker

    if isinstance(exception, KilledWorker):
        last = getattr(exception.last_worker, "address", "?")
        why = (f"was lost: every worker that ran it died (the last was "
               f"{last}), and the scheduler's retry budget "
               "(distributed.scheduler.allowed-failures = "
               f"{exception.allowed_failures}) is spent")
    elif isinstance(exception, CancelledError):
        why = "was cancelled by the Dask scheduler"
    else:
        why = f"failed in Dask: {type(exception).__name__}: {exception}"
    return DistributorError(f"{job.label(total)} {why}", " ".join(job.command))


def failed_job_error(job, total, result):
    """The error for a job whose command failed, with what it printed."""
    where = f"on worker {result['worker']}"
    if result["problem"]:
        why = result["problem"]
    elif result["exit_code"] != 0:
        why = f"exit code {result['exit_code']}"
    else:
        why = "declared output not written: " + ", ".join(result["missing"])
    detail = " ".join(job.command)
    if result["log"]:
        detail += "\n" + result["log"].rstrip("\n")
    return DistributorError(f"{job.label(total)} failed {where} ({why})",
                            detail)


class Progress:
    """A line on stderr now and then: how many jobs are done; with
    `verbose`, also a line per job: where it ran and for how long."""

    def __init__(self, total, interval, verbose, stream):
        self.total, self.interval, self.stream = total, interval, stream
        self.verbose = verbose
        self.done = 0
        self.start = self.last = time.monotonic()

    def say(self, text):
        if self.interval >= 0 or self.verbose:
            print(f"{PROGRAM}: {text}", file=self.stream, flush=True)

    def job_done(self, job, result):
        """Counts one more job done, and says so when it is time."""
        self.done += 1
        if self.verbose:
            self.say(f"{job.label(self.total)} done on {result['worker']} "
                     f"in {result['seconds']:.2f} s")
        now = time.monotonic()
        if self.done == self.total or now - self.last >= self.interval:
            self.last = now
            self.say(f"{self.done}/{self.total} jobs done "
                     f"({now - self.start:.1f} s)")


def job_outcome(future, result):
    """(the job's result, None) when its task ran, else (None, why not), for
    what as_completed yields with results."""
    if isinstance(result, dict):
        return result, None
    if isinstance(result, CancelledError):
        return None, result
    if isinstance(result, tuple) and len(result) == 3:
        return None, result[1]  # (type, exception, traceback) of an error
    return None, RuntimeError(f"unexpected task status {future.status}")


def gather(client, futures, progress, timeout):
    """Writes each job's outputs as it finishes; stops at the first job
    that fails, cancelling the others. Results are fetched in the
    background as the jobs finish, so that a job whose result must be made
    again (its worker died before it was fetched) holds nothing up."""
    from distributed import as_completed

    timed_out = threading.Event()

    def cancel_all():
        """At --timeout: stops the jobs, and says why."""
        timed_out.set()
        try:
            client.cancel(list(futures))
        except Exception:  # the client is closing; gather stops anyway
            pass

    timer = threading.Timer(timeout, cancel_all) if timeout else None
    if timer:
        timer.daemon = True
        timer.start()
    try:
        for future, result in as_completed(futures, loop=client.loop,
                                           with_results=True,
                                           raise_errors=False):
            job = futures[future]
            if timed_out.is_set():
                raise DistributorError(
                    f"the jobs did not finish within {timeout:g} s "
                    f"({progress.done} of {len(futures)} done)")
            result, exception = job_outcome(future, result)
            future.release()
            if exception is not None:
                client.cancel(list(futures))
                raise lost_job_error(job, len(futures), exception)
            if result["exit_code"] != 0 or result["missing"]:
                client.cancel(list(futures))
                raise failed_job_error(job, len(futures), result)
            for path, data in result["outputs"].items():
                write_output(path, data)
            progress.job_done(job, result)
    finally:
        if timer:
            timer.cancel()


def distribute(options):
    """Runs the job file's jobs on the cluster; raises DistributorError."""
    jobs = read_jobs(options.job_file)
    depth = check_paths(jobs)
    if not jobs:
        return
    contents = read_inputs(jobs)
    require_dask()
    quiet_dask_logs(options.verbose)
    progress = Progress(len(jobs), options.progress_interval,
                        options.verbose, sys.stderr)
    with tempfile.TemporaryDirectory(prefix=f"{PROGRAM}-") as scratch:
        client, cluster = connect(options, scratch)
        try:
            where = (f"{options.scheduler} ({workers(client)})"
                     if options.scheduler else
                     f"a local cluster ({options.jobs} at a time)")
            progress.say(f"{len(jobs)} jobs on {where}")
            inputs = submit_inputs(client, contents)
            futures = submit_jobs(client, jobs, contents, inputs, depth,
                                  options)
            gather(client, futures, progress, options.timeout)
        except OSError as e:
            raise DistributorError(
                f"lost the Dask scheduler at {options.scheduler}: {e}"
                if options.scheduler else f"the local Dask cluster failed: "
                f"{e}") from None
        finally:
            close_quietly(client, cluster, options.verbose)


# --- Command line ---------------------------------------------------------


def seconds(text):
    """A number of seconds, 0 or more."""
    try:
        value = float(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(
            f"expected a number of seconds, got '{text}'")
    return value


def positive_int(text):
    """A whole number, 1 or more."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(
            f"expected a whole number of 1 or more, got '{text}'")
    return int(text)


def parse_options(argv):
    """The command line; argparse exits with status 2 when it is wrong."""
    parser = argparse.ArgumentParser(
        prog=PROGRAM, description=__doc__.splitlines()[0].split(": ", 1)[1],
        epilog="lld appends the job file; pass the options with "
               "--thinlto-distributor-arg=.")
    parser.add_argument("--scheduler", metavar="tcp://HOST:PORT",
                        help="the Dask scheduler (default: start a local "
                             "cluster in this process)")
    parser.add_argument("-j", "--jobs", type=positive_int,
                        help="jobs at a time on the local cluster (default: "
                             "the number of CPUs)")
    parser.add_argument("--connect-timeout", type=seconds,
                        default=10, metavar="S",
                        help="seconds to connect to the scheduler "
                             "(default 10)")
    parser.add_argument("--worker-wait", type=seconds, default=30,
                        metavar="S",
                        help="seconds to wait for a first worker (default 30)")
    parser.add_argument("--job-timeout", type=seconds, default=0,
                        metavar="S",
                        help="seconds one job may run; 0, the default, for "
                             "no limit")
    parser.add_argument("--timeout", type=seconds, default=0,
                        metavar="S",
                        help="seconds all the jobs may take; 0, the default, "
                             "for no limit")
    parser.add_argument("--progress-interval", type=float, default=5,
                        metavar="S",
                        help="seconds between progress lines (default 5; "
                             "negative: none)")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="a line per job (where it ran, how long it "
                             "took), and Dask's own log")
    parser.add_argument("job_file")
    options = parser.parse_args(argv)
    if options.jobs and options.scheduler:
        parser.error("-j is for the local cluster; the workers of a "
                     "scheduler run as many jobs as they have threads")
    if options.scheduler:
        try:
            split_address(options.scheduler)
        except DistributorError as e:
            parser.error(str(e))
    options.jobs = options.jobs or os.cpu_count() or 1
    return options


def report(error):
    """Prints a DistributorError the way our other programs print theirs."""
    print(f"{PROGRAM}: error: {error}", file=sys.stderr)
    if error.detail:
        print(error.detail, file=sys.stderr)


def main(argv):
    options = parse_options(argv)
    try:
        distribute(options)
    except DistributorError as e:
        report(e)
        return 1
    except KeyboardInterrupt:
        report(DistributorError("interrupted"))
        return 1
    except Exception as e:  # Dask's own failures, such as a lost scheduler
        report(DistributorError(f"Dask failed: {type(e).__name__}: {e}"))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
