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
write a declared output, fails the link: the jobs after it (in the job
file's order) are cancelled, the jobs before it run to their end, and the
error names the first failing job in job order, with its command, its exit
code and everything it printed. So the same failing link reports the same
job on every run, whichever failure arrived first; waiting only for the
jobs before the failure, it never ends later than a link that succeeds
would (and it stops waiting when the cluster has no worker left for them). Jobs already running are told through a Dask
`Event` of the link's own, which this program sets whenever it stops
early (a failure, `--timeout`, an interrupt or SIGTERM) and which a
running job looks at twice a second: its command is then killed. (Only a
distributor killed outright, with SIGKILL, leaves its running commands to
finish, or to `--job-timeout`; their results go nowhere.) When a worker
dies while running a job, the scheduler gives the job to another worker;
once more workers died under it than
`distributed.scheduler.allowed-failures` (the scheduler's setting, 3 by
default), the job is given up and the link fails saying so. A scheduler
that cannot be reached, or that has no worker, is an error before any job
is sent; so is an input that cannot be read.

Only Dask's public API is used: Client (as_current among its methods),
LocalCluster, Event, as_completed, Future's status and exception,
KilledWorker, get_worker and get_client; the one thing read beyond it is
Python's own list of loggers, to quiet Dask's (set_dask_log_level).

The remote compiler (common.args[0]) runs on the workers: name it by the
path at which they have it (`--thinlto-remote-compiler=`). For a merging
link that is our lmf-thinlto-backend; our lmf-thinlto-distribute, which
runs in front of this program, has already declared each job's merge report
as an output, so the reports come back with the objects.

Exits 0 when every job succeeded, 1 otherwise, 2 for a bad command line.
"""

from __future__ import annotations

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
from typing import TYPE_CHECKING, Callable, NoReturn, Optional, TextIO, \
    TypedDict

if TYPE_CHECKING:  # Dask is imported where it is used (require_dask)
    from distributed import Client, Event, Future, LocalCluster

PROGRAM = "lmf-dtlto-dask"
# How long closing the connection, or the local cluster, may take.
CLOSE_SECONDS = 10
# How often a running job looks whether the link still wants it.
POLL_SECONDS = 0.5


class DistributorError(Exception):
    """A failure to report as one error, with an optional block of detail."""

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.detail = detail


class JobResult(TypedDict):
    """What a job's task returns (run_job_on_worker)."""
    worker: str
    exit_code: Optional[int]
    log: str
    problem: str
    seconds: float
    outputs: dict[str, bytes]
    missing: list[str]


# --- The job file ---------------------------------------------------------


@dataclass
class Job:
    """One backend job: its whole command (common.args + args), every file
    it reads (common.inputs + inputs) and writes, and the module it
    compiles (its first input), which names it in messages."""
    index: int
    command: list[str]
    inputs: list[str]
    outputs: list[str]
    module: str

    def label(self, total: int) -> str:
        """How messages name the job."""
        return f"job {self.index + 1} of {total} ('{self.module}')"


def load_json(path: str) -> object:
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


def string_list(value: object, what: str, allow_empty: bool = True) \
        -> list[str]:
    """`value`, which must be a list of strings (`what` names it)."""
    if (not isinstance(value, list) or
            not all(isinstance(v, str) for v in value) or
            (not allow_empty and not value)):
        raise DistributorError(
            f"unexpected DTLTO job file: {what} is not a "
            f"{'' if allow_empty else 'non-empty '}list of strings")
    return list(value)


def read_jobs(path: str) -> list[Job]:
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


def levels_above(path: str) -> int:
    """How many directories above the link's directory a relative path
    reaches (`../../a.o`: 2)."""
    parts = os.path.normpath(path).split(os.sep)
    return next((i for i, part in enumerate(parts) if part != ".."),
                len(parts))


def check_paths(jobs: list[Job]) -> int:
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


def link_stopped(stop: Event) -> bool:
    """Whether the link stopped early (its distributor set `stop`); a
    scheduler that cannot be asked wants no more results either."""
    try:
        return bool(stop.is_set())
    except Exception:  # the scheduler is gone or closing
        return True


def run_command(command: list[str], cwd: str, job_timeout: float,
                cancelled: Callable[[], bool]) \
        -> tuple[Optional[int], bytes, str]:
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


def run_job_on_worker(command: list[str], inputs: dict[str, bytes],
                      outputs: list[str], depth: int, job_timeout: float,
                      stop_name: str) -> JobResult:
    """Runs one job in a fresh directory of this worker's scratch space.

    Runs on the worker (Dask pickles it by value: workers need only Dask,
    not this program). `inputs` maps each declared path to its bytes;
    `stop_name` names the link's Event, set when the link stops early.
    Returns what the linking machine needs to write the outputs or to
    explain a failure: a failing command is a result, not an exception, so
    that its exit code and output reach the link."""
    from distributed import Event, get_client, get_worker

    worker = get_worker()
    stop = Event(stop_name, client=get_client())
    sandbox = tempfile.mkdtemp(prefix="lmf-job-", dir=worker.local_directory)
    cwd = os.path.join(sandbox, *(["up"] * depth))

    def place(path: str) -> str:
        return os.path.normpath(os.path.join(cwd, path))

    try:
        for path in list(inputs) + list(outputs):
            os.makedirs(os.path.dirname(place(path)), exist_ok=True)
        for path, data in inputs.items():
            with open(place(path), "wb") as written:
                written.write(data)
        start = time.monotonic()
        code, output, problem = run_command(
            command, cwd, job_timeout, lambda: link_stopped(stop))
        result: JobResult = {
            "worker": worker.address, "exit_code": code,
            "log": output.decode(errors="replace"), "problem": problem,
            "seconds": time.monotonic() - start, "outputs": {},
            "missing": []}
        for path in outputs if code == 0 else []:
            try:
                with open(place(path), "rb") as made:
                    result["outputs"][path] = made.read()
            except FileNotFoundError:
                result["missing"].append(path)
        return result
    finally:
        shutil.rmtree(sandbox, ignore_errors=True)


def file_bytes(data: bytes) -> bytes:
    """The task that holds one input file (its bytes are its argument)."""
    return data


# --- Reaching the cluster -------------------------------------------------


def require_dask() -> None:
    """Fails with a clear error when this Python has no Dask."""
    try:
        import distributed  # noqa: F401
    except ImportError as e:
        raise DistributorError(
            f"cannot import Dask's distributed module ({e}): install "
            "Debian's python3-distributed, or run this program with a "
            "Python that has it") from None


def split_address(address: str) -> tuple[str, int]:
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


def check_reachable(address: str, timeout: float) -> None:
    """Fails at once when nothing listens at the scheduler's address (Dask
    itself would keep trying until its connect timeout)."""
    host, port = split_address(address)
    try:
        socket.create_connection((host, port), timeout=timeout).close()
    except OSError as e:
        why = e.strerror or str(e) or type(e).__name__
        raise DistributorError(
            f"cannot reach the Dask scheduler at {address}: {why}") from None


def set_dask_log_level(level: int) -> None:
    """The level of Dask's loggers, which it sets one by one itself."""
    names = [name for name in logging.root.manager.loggerDict
             if name.split(".")[0] in ("distributed", "dask")]
    for name in names + ["distributed", "dask"]:
        logging.getLogger(name).setLevel(level)


def quiet_dask_logs(verbose: bool) -> None:
    """Dask logs what it does on its own (a result fetched again from
    another worker...); unless asked for, only its errors are shown."""
    set_dask_log_level(logging.INFO if verbose else logging.ERROR)
    # Inputs are sent inside their tasks on purpose (see the essay above):
    # Dask's advice to scatter them instead does not apply.
    warnings.filterwarnings("ignore", message="Large object of size")


def connect(options: argparse.Namespace, scratch: str) \
        -> tuple[Client, Optional[LocalCluster]]:
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


def close_quietly(client: Client, cluster: Optional[LocalCluster],
                  verbose: bool) -> None:
    """Closes the connection, and the local cluster; what Dask says or
    raises meanwhile (jobs cancelled on the way out) hides nothing."""
    if not verbose:
        set_dask_log_level(logging.CRITICAL)
    try:
        client.close(timeout=CLOSE_SECONDS)
    except Exception:  # closing is best effort
        pass
    try:
        if cluster is not None:
            cluster.close(timeout=CLOSE_SECONDS)
    except Exception:  # closing is best effort
        pass


def workers(client: Client) -> str:
    """How many workers the scheduler has, in words."""
    count = len(client.scheduler_info().get("workers", {}))
    return f"{count} worker{'' if count == 1 else 's'}"


# --- Running the jobs -----------------------------------------------------


def read_inputs(jobs: list[Job]) -> dict[str, bytes]:
    """The bytes of every distinct input file, read before any is sent."""
    contents: dict[str, bytes] = {}
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


def submit_inputs(client: Client, contents: dict[str, bytes]) \
        -> dict[str, Future]:
    """One task per distinct input file, keyed by its content."""
    return {path: client.submit(file_bytes, data, key="lmf-input-" +
                                hashlib.sha256(data).hexdigest())
            for path, data in contents.items()}


def submit_jobs(client: Client, jobs: list[Job], contents: dict[str, bytes],
                input_futures: dict[str, Future], depth: int,
                options: argparse.Namespace, run: str) -> dict[Future, Job]:
    """One task per job; the largest modules first, as they take longest.
    `run` names this link's tasks and its Event (stop_event_name)."""
    futures = {}
    for job in jobs:
        inputs = {path: input_futures[path] for path in job.inputs}
        size = len(contents[job.inputs[0]]) if job.inputs else 0
        key = f"lmf-backend-{run}-{job.index}-{os.path.basename(job.module)}"
        future = client.submit(run_job_on_worker, job.command, inputs,
                               job.outputs, depth, options.job_timeout,
                               stop_event_name(run), key=key, priority=size,
                               pure=False)
        futures[future] = job
    return futures


def stop_event_name(run: str) -> str:
    """The name of the Event that tells the running jobs of the link `run`
    that it stopped early."""
    return f"lmf-stop-{run}"


def stop_jobs(client: Client, futures: dict[Future, Job],
              stop: Event) -> None:
    """Stops the link's jobs: those not started are cancelled, the running
    ones see `stop` set and kill their commands. Best effort: the client
    may be closing."""
    for action in (lambda: client.cancel(list(futures)), stop.set):
        try:
            action()
        except Exception:
            pass


def write_output(path: str, data: bytes) -> None:
    """Writes one output under a temporary name, then renames it, so that
    lld never sees half a file."""
    parent = os.path.dirname(path)
    if parent:
        os.makedirs(parent, exist_ok=True)
    temporary = f"{path}.{PROGRAM}.tmp"
    with open(temporary, "wb") as f:
        f.write(data)
    os.replace(temporary, path)


def lost_job_error(job: Job, total: int, exception: BaseException) \
        -> DistributorError:
    """The error for a job that ended in Dask rather than in its command:
    its workers died, the scheduler cancelled it, or Dask failed."""
    from distributed import KilledWorker

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


def failed_job_error(job: Job, total: int, result: JobResult) \
        -> DistributorError:
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

    def __init__(self, total: int, interval: float, verbose: bool,
                 stream: TextIO) -> None:
        self.total, self.interval, self.stream = total, interval, stream
        self.verbose = verbose
        self.done = 0
        self.start = self.last = time.monotonic()

    def say(self, text: str) -> None:
        if self.interval >= 0 or self.verbose:
            print(f"{PROGRAM}: {text}", file=self.stream, flush=True)

    def job_done(self, job: Job, result: JobResult) -> None:
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


def job_outcome(future: Future, result: object) \
        -> tuple[Optional[JobResult], Optional[BaseException]]:
    """(the job's result, None) when its task ran, else (None, why not), for
    what as_completed yields with results but without raising: the task's
    return value (a dict, JobResult) when it ran, otherwise the future's
    status says what happened, and Future.exception what went wrong."""
    if isinstance(result, dict):
        return result, None  # type: ignore[return-value]
    if future.status == "cancelled" or isinstance(result, CancelledError):
        return None, CancelledError(future.key)
    if future.status == "error":
        return None, future.exception()
    return None, RuntimeError(f"unexpected task status {future.status}")


class FirstFailure:
    """The failure a stopped link reports: the first in job order, so that
    the same failing link says the same thing on every run, whatever order
    its jobs finished in. Once job i has failed, only the jobs before it
    can still change the answer: the link waits for those (the jobs after
    it are cancelled) and then reports the failing job that comes first.
    A job the cluster lost (its workers died) is not a failure of the
    build: gather reports it at once, and stops waiting when no worker is
    left to run the jobs it waits for."""

    def __init__(self, futures: dict[Future, Job]) -> None:
        self.unfinished = {job.index for job in futures.values()}
        self.first: Optional[tuple[int, DistributorError]] = None
        self.cancelled: set[int] = set()

    def finished(self, job: Job) -> None:
        self.unfinished.discard(job.index)

    def failed(self, job: Job, error: DistributorError) -> bool:
        """Records job's failure; True when it is the first in job order
        yet (the jobs after it may then be cancelled)."""
        if self.first is not None and self.first[0] < job.index:
            return False
        self.first = (job.index, error)
        return True

    def unfinished_before(self, index: int) -> int:
        """How many jobs before job `index` are not finished."""
        return sum(other < index for other in self.unfinished)

    def decided(self) -> Optional[DistributorError]:
        """The error to report, once no job before the first failure is
        left unfinished; else None."""
        if self.first is None:
            return None
        index, error = self.first
        return None if self.unfinished_before(index) else error


def cluster_has_workers(client: Client) -> bool:
    """Whether the scheduler has a worker (True when it cannot be asked:
    the link's --timeout bounds the wait then)."""
    try:
        return bool(client.scheduler_info().get("workers"))
    except Exception:
        return True


def cancel_after(client: Client, futures: dict[Future, Job],
                 failures: FirstFailure, index: int) -> None:
    """Cancels the unfinished jobs that come after job `index`: they cannot
    change what the link reports (FirstFailure). Best effort."""
    later = [future for future, job in futures.items()
             if job.index > index and job.index in failures.unfinished
             and job.index not in failures.cancelled]
    failures.cancelled.update(futures[future].index for future in later)
    try:
        client.cancel(later)
    except Exception:
        pass


def gather(client: Client, futures: dict[Future, Job], progress: Progress,
           timeout: float, stop: Event) -> None:
    """Writes each job's outputs as it finishes; raises, once the jobs are
    stopped (stop_jobs), for the first failing job in job order
    (FirstFailure). Results are fetched in the background as the jobs
    finish, so that a job whose result must be made again (its worker died
    before it was fetched) holds nothing up."""
    from distributed import as_completed

    timed_out = threading.Event()
    failures = FirstFailure(futures)
    workers_gone = threading.Event()
    watching: list[threading.Thread] = []

    def watch_workers() -> None:
        """While the link waits for the jobs before a failure: if the
        cluster has no worker left to run them, it stops waiting (the
        failure it has is reported)."""
        if watching:
            return

        def watch() -> None:
            while not link_stopped(stop):
                if not cluster_has_workers(client):
                    workers_gone.set()
                    stop_jobs(client, futures, stop)
                    return
                time.sleep(POLL_SECONDS)

        watching.append(threading.Thread(target=watch, daemon=True))
        watching[0].start()

    def stop_all() -> None:
        """At --timeout: stops the jobs, and says why."""
        timed_out.set()
        stop_jobs(client, futures, stop)

    timer = threading.Timer(timeout, stop_all) if timeout else None
    if timer:
        timer.daemon = True
        timer.start()
    try:
        # as_completed follows the current client (this one is not the
        # process's default).
        with client.as_current():
            completed = as_completed(futures, with_results=True,
                                     raise_errors=False)
        for future, value in completed:
            job = futures[future]
            if timed_out.is_set():
                raise DistributorError(
                    f"the jobs did not finish within {timeout:g} s "
                    f"({progress.done} of {len(futures)} done)")
            if workers_gone.is_set() and failures.first is not None:
                raise failures.first[1]
            result, exception = job_outcome(future, value)
            future.release()
            failures.finished(job)
            error = job_error(job, len(futures), result, exception,
                              job.index in failures.cancelled)
            if error is not None and exception is not None:
                # The cluster lost the job (its workers died): a failure of
                # the cluster, not of the build, and the jobs before it may
                # never run. Reported at once.
                stop_jobs(client, futures, stop)
                raise error
            if error is not None and failures.failed(job, error):
                cancel_after(client, futures, failures, job.index)
                waiting = failures.unfinished_before(job.index)
                if waiting:
                    progress.say(f"{job.label(len(futures))} failed; "
                                 f"waiting for the {waiting} unfinished "
                                 "jobs before it, whose failures would "
                                 "come first")
                    watch_workers()
            elif error is None and result is not None \
                    and failures.first is None:
                for path, data in result["outputs"].items():
                    write_output(path, data)
                progress.job_done(job, result)
            decided = failures.decided()
            if decided is not None:
                stop_jobs(client, futures, stop)
                raise decided
    finally:
        if timer:
            timer.cancel()


def job_error(job: Job, total: int, result: Optional[JobResult],
              exception: Optional[BaseException],
              cancelled_by_link: bool) -> Optional[DistributorError]:
    """Why job failed, or None when it did not (a job the link cancelled
    itself, after an earlier job failed, did not fail)."""
    if exception is not None:
        if cancelled_by_link:
            return None
        return lost_job_error(job, total, exception)
    assert result is not None
    if result["exit_code"] != 0 or result["missing"]:
        return failed_job_error(job, total, result)
    return None


def distribute(options: argparse.Namespace) -> None:
    """Runs the job file's jobs on the cluster; raises DistributorError."""
    jobs = read_jobs(options.job_file)
    depth = check_paths(jobs)
    if not jobs:
        return
    contents = read_inputs(jobs)
    require_dask()
    from distributed import Event

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
            run = uuid.uuid4().hex[:12]
            stop = Event(stop_event_name(run), client=client)
            inputs = submit_inputs(client, contents)
            futures = submit_jobs(client, jobs, contents, inputs, depth,
                                  options, run)
            try:
                gather(client, futures, progress, options.timeout, stop)
            except BaseException:
                # Whatever stopped the link (a failed job, --timeout, an
                # interrupt, Dask itself): no job may go on running.
                stop_jobs(client, futures, stop)
                raise
        except OSError as e:
            raise DistributorError(
                f"lost the Dask scheduler at {options.scheduler}: {e}"
                if options.scheduler else f"the local Dask cluster failed: "
                f"{e}") from None
        finally:
            close_quietly(client, cluster, options.verbose)


# --- Command line ---------------------------------------------------------


def seconds(text: str) -> float:
    """A number of seconds, 0 or more."""
    try:
        value = float(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(
            f"expected a number of seconds, got '{text}'")
    return value


def positive_int(text: str) -> int:
    """A whole number, 1 or more."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(
            f"expected a whole number of 1 or more, got '{text}'")
    return int(text)


def parse_options(argv: list[str]) -> argparse.Namespace:
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


def report(error: DistributorError) -> None:
    """Prints a DistributorError the way our other programs print theirs."""
    print(f"{PROGRAM}: error: {error}", file=sys.stderr)
    if error.detail:
        print(error.detail, file=sys.stderr)


def interrupt_on_sigterm() -> None:
    """SIGTERM (a build tool stopping the link) ends this program as Ctrl-C
    does, so that the running jobs are stopped on the way out."""
    def interrupt(signum: int, frame: object) -> NoReturn:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupt)


def main(argv: list[str]) -> int:
    """Runs the link's jobs; returns the exit status."""
    options = parse_options(argv)
    interrupt_on_sigterm()
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
