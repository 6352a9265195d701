# damaging-distributor.py WHAT KEEP DISTRIBUTOR JOBS: damages what each
# DTLTO job reads, then hands the jobs to DISTRIBUTOR (run --in-place), as
# a flaky transfer to a build machine would. WHAT is 'index' (the job's
# summary index) or 'module' (its input module, a file lld has already
# read); each is cut to KEEP bytes, or to half its size for 'half'.
import json
import subprocess
import sys

what, keep, distributor, jobs = sys.argv[1:5]
for job in json.load(open(jobs))["jobs"]:
    if what == "index":
        path = [a.split("=", 1)[1] for a in job["args"]
                if a.startswith("-fthinlto-index=")][0]
    else:
        path = job["args"][0]
    data = open(path, "rb").read()
    open(path, "wb").write(data[:len(data) // 2 if keep == "half" else int(keep)])
sys.exit(subprocess.call([sys.executable, distributor, "--in-place", jobs]))
