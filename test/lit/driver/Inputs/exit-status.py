# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""exit-status.py STATUS COMMAND...: runs COMMAND (its output passes
through) and succeeds only when it exits with STATUS; `not` only knows
"non-zero"."""
import subprocess
import sys

want = int(sys.argv[1])
got = subprocess.call(sys.argv[2:])
if got != want:
    print(f"exit-status.py: expected exit status {want}, got {got}", file=sys.stderr)
    sys.exit(1)
