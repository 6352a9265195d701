# truncate.py IN N OUT: writes IN's first N bytes to OUT; N may be 'half'
# (half of IN) or negative (all but the last -N bytes).
import sys

data = open(sys.argv[1], "rb").read()
n = sys.argv[2]
keep = len(data) // 2 if n == "half" else int(n)
open(sys.argv[3], "wb").write(data[:keep])
