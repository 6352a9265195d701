# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Unit tests of lmf-dtlto-dask (linkplugin/dtlto/lmf-dtlto-dask.py).

The end-to-end scripts (test/e2e/dtlto-dask*.sh) link programs through it on
a Dask cluster of scheduler and worker processes. These tests take its
parts one at a time: how it plans the jobs of lld's job file (commands,
inputs, paths, order), how it reports each way a job or the cluster can
fail, and, on a local cluster in this process, that a link runs its jobs
and that a failing job stops the others' commands.

Run with Debian's python3-pytest, the interpreter the program runs with:
    /usr/bin/python3 -m pytest test/dtlto/test_lmf_dtlto_dask.py
(ctest runs it as dtlto.dask-unit; LMF_DTLTO_DASK may name another copy of
the program.)
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import socket
import sys
import time
from concurrent.futures import CancelledError
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Optional

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(os.environ.get("LMF_DTLTO_DASK") or
              ROOT / "linkplugin" / "dtlto" / "lmf-dtlto-dask.py")


def load_program() -> ModuleType:
    """The program as a module (its file name is no module name)."""
    spec = importlib.util.spec_from_file_location("lmf_dtlto_dask", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # Registered, so that Dask can pickle its functions by reference.
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


dask = load_program()
Job = dask.Job
DistributorError = dask.DistributorError


def write_job_file(directory: Path, spec: object) -> str:
    path = directory / "jobs.json"
    path.write_text(json.dumps(spec))
    return str(path)


def job_file_spec(jobs: list[Any],
                  common_args: Optional[list[str]] = None,
                  common_inputs: Optional[list[str]] = None) \
        -> dict[str, object]:
    return {"common": {"linker_output": "prog",
                       "args": common_args or ["/farm/backend", "-c"],
                       "inputs": common_inputs or []},
            "jobs": jobs}


def job(index: int = 0, inputs: Optional[list[str]] = None,
        outputs: Optional[list[str]] = None,
        command: Optional[list[str]] = None) -> Any:
    inputs = ["a.o"] if inputs is None else inputs
    return Job(index, command or ["/farm/backend", "a.o"], inputs,
               outputs or ["a.native.o"], inputs[0] if inputs else "?")


# --- Planning: the job file ---------------------------------------------


def test_job_runs_common_args_then_its_own(tmp_path: Path) -> None:
    path = write_job_file(tmp_path, job_file_spec(
        [{"args": ["a.o", "-o", "a.native.o"], "inputs": ["a.o", "a.1.bc"],
          "outputs": ["a.native.o"]},
         {"args": ["b.o"], "inputs": ["b.o", "common.bc"],
          "outputs": ["b.native.o"]}],
        common_inputs=["common.bc", "prof.txt"]))
    jobs = dask.read_jobs(path)
    assert [j.index for j in jobs] == [0, 1]
    assert jobs[0].command == ["/farm/backend", "-c", "a.o", "-o",
                               "a.native.o"]
    # The common inputs first, each file once.
    assert jobs[0].inputs == ["common.bc", "prof.txt", "a.o", "a.1.bc"]
    assert jobs[1].inputs == ["common.bc", "prof.txt", "b.o"]
    assert jobs[1].outputs == ["b.native.o"]
    # A job is named by the module it compiles, its first own input.
    assert jobs[0].module == "a.o"
    assert jobs[0].label(2) == "job 1 of 2 ('a.o')"


def test_job_without_inputs_is_named_by_its_first_argument(
        tmp_path: Path) -> None:
    path = write_job_file(tmp_path, job_file_spec(
        [{"args": ["x.o"], "inputs": [], "outputs": []}]))
    assert dask.read_jobs(path)[0].module == "x.o"


@pytest.mark.parametrize("spec, message", [
    ([], "expected an object with 'common' and 'jobs'"),
    ({"jobs": []}, "expected an object with 'common' and 'jobs'"),
    ({"common": {"args": []}, "jobs": []},
     "common.args is not a non-empty list of strings"),
    ({"common": {"args": ["/b"], "inputs": "a.o"}, "jobs": []},
     "common.inputs is not a list of strings"),
    (job_file_spec(["a.o"]), "job 1 is not an object"),
    (job_file_spec([{"args": ["a.o"], "inputs": [], "outputs": []},
                    {"args": "b.o", "inputs": [], "outputs": []}]),
     "job 2's args is not a list of strings"),
    (job_file_spec([{"args": [], "inputs": [1], "outputs": []}]),
     "job 1's inputs is not a list of strings"),
    (job_file_spec([{"args": [], "inputs": []}]),
     "job 1's outputs is not a list of strings"),
])
def test_unexpected_job_file_is_an_error(tmp_path: Path, spec: object,
                                         message: str) -> None:
    path = write_job_file(tmp_path, spec)
    with pytest.raises(DistributorError) as error:
        dask.read_jobs(path)
    assert str(error.value) == "unexpected DTLTO job file: " + message


def test_job_file_that_cannot_be_read_or_parsed(tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    with pytest.raises(DistributorError) as error:
        dask.read_jobs(str(missing))
    assert str(error.value) == (f"cannot read the job file '{missing}': "
                                "No such file or directory")
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    with pytest.raises(DistributorError) as error:
        dask.read_jobs(str(broken))
    assert str(error.value).startswith(
        f"the job file '{broken}' is not JSON: ")


@pytest.mark.parametrize("path, levels", [
    ("a.o", 0), ("lib/a.o", 0), ("../a.o", 1), ("../../lib/a.o", 2),
    ("x/../../a.o", 1), ("./a.o", 0)])
def test_levels_above_the_links_directory(path: str, levels: int) -> None:
    assert dask.levels_above(path) == levels


def test_jobs_run_deep_enough_for_every_path_that_climbs() -> None:
    jobs = [job(0, inputs=["a.o", "../lib/b.o"]),
            job(1, inputs=["c.o"], outputs=["../../out/c.native.o"])]
    assert dask.check_paths(jobs) == 2
    assert dask.check_paths([job(0)]) == 0
    assert dask.check_paths([]) == 0


def test_absolute_path_is_refused_naming_the_job() -> None:
    jobs = [job(0), job(1, inputs=["b.o", "/home/me/lib.a"])]
    with pytest.raises(DistributorError) as error:
        dask.check_paths(jobs)
    assert str(error.value).startswith(
        "job 2 of 2 ('b.o') names the absolute path '/home/me/lib.a': Dask "
        "workers do not share this machine's files")
    with pytest.raises(DistributorError) as error:
        dask.check_paths([job(0, outputs=["/tmp/a.native.o"])])
    assert "'/tmp/a.native.o'" in str(error.value)


def test_relative_remote_compiler_is_refused() -> None:
    with pytest.raises(DistributorError) as error:
        dask.check_paths([job(command=["bin/backend", "a.o"])])
    assert str(error.value).startswith(
        "the remote compiler 'bin/backend' is a relative path")
    # A bare name is looked up in each worker's PATH.
    assert dask.check_paths([job(command=["backend", "a.o"])]) == 0


def test_inputs_are_read_once_each(tmp_path: Path,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("a.o").write_bytes(b"A")
    Path("common.bc").write_bytes(b"C")
    contents = dask.read_inputs([job(0, inputs=["a.o", "common.bc"]),
                                 job(1, inputs=["common.bc"])])
    assert contents == {"a.o": b"A", "common.bc": b"C"}


def test_input_that_cannot_be_read_names_its_job(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("a.o").write_bytes(b"A")
    with pytest.raises(DistributorError) as error:
        dask.read_inputs([job(0), job(1, inputs=["b.o"])])
    assert str(error.value) == ("job 2 of 2 ('b.o') declares the input "
                                "'b.o', which cannot be read: No such file "
                                "or directory")


class RecordingClient:
    """Stands in for a Dask client: records what is submitted."""

    def __init__(self) -> None:
        self.submitted: list[tuple[tuple[Any, ...], dict[str, Any]]] = []

    def submit(self, *args: Any, **kwargs: Any) -> object:
        self.submitted.append((args, kwargs))
        return object()


def test_each_job_is_one_task_the_largest_module_first() -> None:
    client = RecordingClient()
    jobs = [job(0, inputs=["small.o"]), job(1, inputs=["big.o", "small.o"])]
    contents = {"small.o": b"s", "big.o": b"b" * 100}
    inputs = {"small.o": "future of small.o", "big.o": "future of big.o"}
    options = argparse.Namespace(job_timeout=7.0)
    futures = dask.submit_jobs(client, jobs, contents, inputs, 2, options,
                               "run1")
    assert list(futures.values()) == jobs
    (args0, kw0), (args1, kw1) = client.submitted
    assert args0[0] is dask.run_job_on_worker
    # command, inputs (their tasks), outputs, depth, timeout, stop event.
    assert args1[1:] == (jobs[1].command,
                         {"big.o": "future of big.o",
                          "small.o": "future of small.o"},
                         jobs[1].outputs, 2, 7.0, "lmf-stop-run1")
    # Dask runs higher priorities first: the size of the module compiled.
    assert (kw0["priority"], kw1["priority"]) == (1, 100)
    # Jobs are never taken for results of earlier identical tasks.
    assert kw0["pure"] is False and kw1["pure"] is False
    assert kw0["key"] == "lmf-backend-run1-0-small.o"
    assert kw1["key"] == "lmf-backend-run1-1-big.o"


def test_inputs_are_tasks_keyed_by_their_content() -> None:
    client = RecordingClient()
    dask.submit_inputs(client, {"a.o": b"same", "b.o": b"same",
                                "c.o": b"other"})
    keys = [kw["key"] for _, kw in client.submitted]
    assert keys[0] == keys[1] != keys[2]
    assert keys[0].startswith("lmf-input-")


# --- Error paths -------------------------------------------------------


def result(**fields: Any) -> dict[str, Any]:
    base = {"worker": "tcp://10.0.0.7:40000", "exit_code": 0, "log": "",
            "problem": "", "seconds": 1.0, "outputs": {}, "missing": []}
    return base | fields


def test_failed_command_shows_exit_code_command_and_output() -> None:
    error = dask.failed_job_error(
        job(1), 3, result(exit_code=2, log="backend: error: bad\n"))
    assert str(error) == ("job 2 of 3 ('a.o') failed on worker "
                          "tcp://10.0.0.7:40000 (exit code 2)")
    assert error.detail == "/farm/backend a.o\nbackend: error: bad"


def test_killed_command_says_why() -> None:
    error = dask.failed_job_error(
        job(0), 1, result(exit_code=None, problem="timed out after 2 s"))
    assert str(error).endswith("(timed out after 2 s)")
    assert error.detail == "/farm/backend a.o"


def test_missing_output_fails_the_job() -> None:
    error = dask.failed_job_error(
        job(0), 1, result(missing=["a.native.o", "a.report.json"]))
    assert str(error).endswith(
        "(declared output not written: a.native.o, a.report.json)")


def test_job_lost_with_its_workers_names_the_retry_budget() -> None:
    distributed = pytest.importorskip("distributed")

    class LastWorker:
        address = "tcp://10.0.0.8:40001"

    killed = distributed.KilledWorker("lmf-backend-x", LastWorker(), 3)
    error = dask.lost_job_error(job(0), 4, killed)
    assert str(error) == (
        "job 1 of 4 ('a.o') was lost: every worker that ran it died (the "
        "last was tcp://10.0.0.8:40001), and the scheduler's retry budget "
        "(distributed.scheduler.allowed-failures = 3) is spent")
    assert error.detail == "/farm/backend a.o"


def test_job_cancelled_or_failed_in_dask() -> None:
    pytest.importorskip("distributed")
    assert str(dask.lost_job_error(job(0), 1, CancelledError("k"))) == \
        "job 1 of 1 ('a.o') was cancelled by the Dask scheduler"
    assert str(dask.lost_job_error(job(0), 1, ValueError("bad pickle"))) == \
        "job 1 of 1 ('a.o') failed in Dask: ValueError: bad pickle"


class FakeFuture:
    """What job_outcome reads of a future: its key, status, exception."""

    def __init__(self, status: str,
                 exception: Optional[BaseException] = None) -> None:
        self.key = "lmf-backend-x"
        self.status = status
        self._exception = exception

    def exception(self) -> Optional[BaseException]:
        return self._exception


def test_outcome_of_a_task_that_ran() -> None:
    ran = result()
    assert dask.job_outcome(FakeFuture("finished"), ran) == (ran, None)


def test_outcome_of_a_task_that_did_not_run() -> None:
    _, why = dask.job_outcome(FakeFuture("cancelled"), None)
    assert isinstance(why, CancelledError)
    lost = RuntimeError("worker died")
    assert dask.job_outcome(FakeFuture("error", lost), None) == (None, lost)
    _, why = dask.job_outcome(FakeFuture("lost"), None)
    assert str(why) == "unexpected task status lost"


def test_command_exit_code_and_output(tmp_path: Path) -> None:
    code, output, problem = dask.run_command(
        ["/bin/sh", "-c", "echo out; echo err >&2; exit 3"], str(tmp_path),
        0, lambda: False)
    assert (code, problem) == (3, "")
    assert output.splitlines() == [b"out", b"err"]


def test_command_that_cannot_start(tmp_path: Path) -> None:
    missing = str(tmp_path / "no-backend")
    assert dask.run_command([missing], str(tmp_path), 0, lambda: False) == \
        (None, b"", f"cannot run '{missing}': No such file or directory")


def process_gone(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return True
    return "\nState:\tZ" in status


def gone_within(pid: int, seconds: float) -> bool:
    """Whether the process has exited, or does within `seconds` (a killed
    process takes a moment to die and be reaped)."""
    deadline = time.monotonic() + seconds
    while not process_gone(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def start_and_stop(tmp_path: Path, job_timeout: float,
                   cancelled: Callable[[], bool]) \
        -> tuple[Optional[int], bytes, str, int]:
    """Runs a command that starts a child and hangs; returns what
    run_command says, and the child's process id."""
    pid_file = tmp_path / "child.pid"
    code, output, problem = dask.run_command(
        ["/bin/sh", "-c", f"sleep 60 & echo $! > {pid_file}; echo started; "
                          "wait"],
        str(tmp_path), job_timeout, cancelled)
    return code, output, problem, int(pid_file.read_text())


def test_command_past_its_timeout_is_killed_with_its_children(
        tmp_path: Path) -> None:
    start = time.monotonic()
    code, output, problem, child = start_and_stop(tmp_path, 0.5,
                                                  lambda: False)
    assert (code, problem) == (None, "timed out after 0.5 s")
    assert output == b"started\n"
    assert time.monotonic() - start < 10
    assert gone_within(child, 5)


def test_command_of_a_stopped_link_is_killed(tmp_path: Path) -> None:
    asked = []

    def cancelled() -> bool:
        asked.append(True)
        return len(asked) >= 2

    code, _, problem, child = start_and_stop(tmp_path, 0, cancelled)
    assert (code, problem) == (None, "cancelled")
    assert gone_within(child, 5)


class FakeEvent:
    def __init__(self, answer: object) -> None:
        self.answer = answer

    def is_set(self) -> object:
        if isinstance(self.answer, BaseException):
            raise self.answer
        return self.answer


def test_link_stopped_follows_its_event() -> None:
    assert dask.link_stopped(FakeEvent(False)) is False
    assert dask.link_stopped(FakeEvent(True)) is True
    # A scheduler that cannot be asked wants no more results.
    assert dask.link_stopped(FakeEvent(OSError("closed"))) is True


@pytest.mark.parametrize("address, parts", [
    ("tcp://10.0.0.1:8786", ("10.0.0.1", 8786)),
    ("sched.farm:8786", ("sched.farm", 8786)),
    ("tcp://[::1]:8786", ("::1", 8786))])
def test_scheduler_address(address: str, parts: tuple[str, int]) -> None:
    assert dask.split_address(address) == parts


@pytest.mark.parametrize("address", [
    "tls://10.0.0.1:8786", "10.0.0.1", "tcp://:8786", "tcp://host:port"])
def test_bad_scheduler_address(address: str) -> None:
    with pytest.raises(DistributorError) as error:
        dask.split_address(address)
    assert str(error.value) == (f"bad scheduler address '{address}' "
                                "(expected tcp://HOST:PORT)")


def test_unreachable_scheduler_is_an_error_at_once() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    start = time.monotonic()
    with pytest.raises(DistributorError) as error:
        dask.check_reachable(f"tcp://127.0.0.1:{port}", 10)
    assert str(error.value) == (f"cannot reach the Dask scheduler at "
                                f"tcp://127.0.0.1:{port}: Connection refused")
    assert time.monotonic() - start < 5


@pytest.mark.parametrize("argv, message", [
    (["--scheduler=tcp://h:1", "-j", "2", "jobs.json"],
     "-j is for the local cluster"),
    (["--scheduler=h", "jobs.json"], "bad scheduler address 'h'"),
    (["--timeout=soon", "jobs.json"], "expected a number of seconds, got "
                                      "'soon'"),
    (["--job-timeout=-1", "jobs.json"], "expected a number of seconds"),
    (["-j", "0", "jobs.json"], "expected a whole number of 1 or more"),
    ([], "the following arguments are required: job_file")])
def test_bad_command_line_exits_2(argv: list[str], message: str,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        dask.parse_options(argv)
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err


def test_local_cluster_runs_one_job_per_cpu_by_default() -> None:
    options = dask.parse_options(["jobs.json"])
    assert options.jobs == (os.cpu_count() or 1)
    assert options.scheduler is None
    assert (options.timeout, options.job_timeout) == (0, 0)


def test_bad_job_file_fails_the_link_before_dask(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    def no_dask() -> None:
        raise AssertionError("Dask was reached")

    monkeypatch.setattr(dask, "require_dask", no_dask)
    monkeypatch.chdir(tmp_path)
    path = write_job_file(tmp_path, job_file_spec(
        [{"args": ["a.o"], "inputs": ["/abs/a.o"], "outputs": ["a.n.o"]}]))
    assert dask.main([path]) == 1
    err = capsys.readouterr().err
    assert err.startswith("lmf-dtlto-dask: error: job 1 of 1 ('/abs/a.o') "
                          "names the absolute path '/abs/a.o'")
    assert dask.main([str(tmp_path / "none.json")]) == 1
    assert "cannot read the job file" in capsys.readouterr().err


def test_output_is_written_whole_then_renamed(tmp_path: Path) -> None:
    path = tmp_path / "out" / "a.native.o"
    dask.write_output(str(path), b"object")
    assert path.read_bytes() == b"object"
    assert sorted(p.name for p in path.parent.iterdir()) == ["a.native.o"]


def test_progress_lines(capsys: pytest.CaptureFixture[str]) -> None:
    import io

    stream = io.StringIO()
    progress = dask.Progress(2, 1000, True, stream)
    progress.job_done(job(0), result(seconds=1.5))
    progress.job_done(job(1), result(seconds=0.25))
    lines = stream.getvalue().splitlines()
    assert lines[0] == ("lmf-dtlto-dask: job 1 of 2 ('a.o') done on "
                        "tcp://10.0.0.7:40000 in 1.50 s")
    assert lines[-1].startswith("lmf-dtlto-dask: 2/2 jobs done (")
    quiet = io.StringIO()
    silent = dask.Progress(1, -1, False, quiet)
    silent.job_done(job(0), result())
    assert quiet.getvalue() == ""


# --- On a local cluster in this process --------------------------------


def local_link(tmp_path: Path, jobs: list[dict[str, list[str]]],
               *extra: str) -> argparse.Namespace:
    path = write_job_file(tmp_path, job_file_spec(
        jobs, common_args=["/bin/sh", "-c"]))
    return dask.parse_options(["-j", "2", "--progress-interval=-1", *extra,
                               path])


def test_local_cluster_runs_the_jobs_and_brings_the_outputs_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("distributed")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.o").write_bytes(b"module a")
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "b.o").write_bytes(b"module b")
    options = local_link(tmp_path, [
        {"args": ["cat a.o > out/a.native.o"], "inputs": ["a.o"],
         "outputs": ["out/a.native.o"]},
        {"args": ["cat lib/b.o lib/b.o > out/b.native.o"],
         "inputs": ["lib/b.o"], "outputs": ["out/b.native.o"]}])
    dask.distribute(options)
    assert (tmp_path / "out" / "a.native.o").read_bytes() == b"module a"
    assert (tmp_path / "out" / "b.native.o").read_bytes() == \
        b"module bmodule b"


def test_failing_job_stops_the_running_ones(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("distributed")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.o").write_bytes(b"a")
    (tmp_path / "b.o").write_bytes(b"b")
    pid_file = tmp_path / "hanging.pid"
    # The failing job comes first: nothing before it can fail instead, so
    # the link stops at once (a job after it cannot change the report).
    options = local_link(tmp_path, [
        {"args": [f"while [ ! -s {pid_file} ]; do sleep 0.1; done; "
                  "echo broken >&2; exit 3"],
         "inputs": ["b.o"], "outputs": ["b.native.o"]},
        {"args": [f"echo $$ > {pid_file}; exec sleep 60"], "inputs": ["a.o"],
         "outputs": ["a.native.o"]}])
    # Whether the hanging command is gone before the cluster closes (which
    # would stop it anyway): the link's Event must have stopped it.
    gone_before_close = []
    close = dask.close_quietly

    def watch_close(*args: Any) -> None:
        gone_before_close.append(gone_within(int(pid_file.read_text()), 5))
        close(*args)

    monkeypatch.setattr(dask, "close_quietly", watch_close)
    start = time.monotonic()
    with pytest.raises(DistributorError) as error:
        dask.distribute(options)
    assert str(error.value).startswith("job 1 of 2 ('b.o') failed on worker ")
    assert str(error.value).endswith("(exit code 3)")
    assert error.value.detail.endswith("\nbroken")
    assert gone_before_close == [True]
    assert time.monotonic() - start < 30
    assert not (tmp_path / "a.native.o").exists()


def second_fails_first(tmp_path: Path, first_then: str) \
        -> argparse.Namespace:
    """A link of two jobs: job 2 fails at once (exit code 6), after writing
    a file that job 1 waits for before it runs `first_then`; so job 2's
    failure always arrives first."""
    (tmp_path / "a.o").write_bytes(b"a")
    (tmp_path / "b.o").write_bytes(b"b")
    flag = tmp_path / "second.failed"
    return local_link(tmp_path, [
        {"args": [f"while [ ! -e {flag} ]; do sleep 0.1; done; {first_then}"],
         "inputs": ["a.o"], "outputs": ["a.native.o"]},
        {"args": [f"touch {flag}; exit 6"], "inputs": ["b.o"],
         "outputs": ["b.native.o"]}])


@pytest.mark.parametrize("first_then, reported, code", [
    # Job 1 fails after job 2: the link waits for job 1, which could still
    # fail, and reports it; the report does not depend on which failure
    # arrived first.
    ("sleep 0.5; exit 5", "job 1 of 2 ('a.o')", 5),
    # Job 1 succeeds after job 2 failed: job 2's failure is reported once
    # job 1 is done, and job 1's output is not written (the link failed).
    ("cat a.o > a.native.o", "job 2 of 2 ('b.o')", 6),
])
def test_the_first_failure_in_job_order_is_reported(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, first_then: str,
        reported: str, code: int) -> None:
    pytest.importorskip("distributed")
    monkeypatch.chdir(tmp_path)
    options = second_fails_first(tmp_path, first_then)
    with pytest.raises(DistributorError) as error:
        dask.distribute(options)
    assert str(error.value).startswith(f"{reported} failed on worker ")
    assert str(error.value).endswith(f"(exit code {code})")
    assert not (tmp_path / "a.native.o").exists()


def test_link_past_its_timeout_stops_its_jobs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("distributed")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.o").write_bytes(b"a")
    pid_file = tmp_path / "hanging.pid"
    options = local_link(tmp_path, [
        {"args": [f"echo $$ > {pid_file}; exec sleep 60"], "inputs": ["a.o"],
         "outputs": ["a.native.o"]}], "--timeout=2")
    start = time.monotonic()
    with pytest.raises(DistributorError) as error:
        dask.distribute(options)
    assert str(error.value) == \
        "the jobs did not finish within 2 s (0 of 1 done)"
    assert time.monotonic() - start < 20
    assert gone_within(int(pid_file.read_text()), 5)
