# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Where a measurement was made: the machine and the repository's commit.

Every run the size harness writes (lmf_size.py's runs, matrix.py's
matrices) records both, from here.
"""

import os
import platform
import subprocess

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def machine():
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {"cpu": cpu, "cores": os.cpu_count(),
            "system": f"{platform.system()} {platform.release()}"}


def revision():
    """The repository's commit, with '+dirty' when the tree has changes."""
    def git(*a):
        proc = subprocess.run(["git", "-C", REPO] + list(a),
                              capture_output=True, text=True)
        return proc.stdout.strip() if proc.returncode == 0 else ""
    head = git("rev-parse", "--short", "HEAD") or "unknown"
    return head + ("+dirty" if git("status", "--porcelain") else "")
