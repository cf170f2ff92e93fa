#!/bin/bash
# Rounds of grep -rci checkpoint and sqllint scan over DIR, alternating;
# prints medians, ranges, CPU and peak RSS. Usage: tools/measure.sh DIR [ROUNDS]
# (SQLLINT names the binary, default /tmp/sqllint).
dir=$1; n=${2:-5}; log=$(mktemp)
for i in $(seq $n); do
  /usr/bin/time -a -o $log -f "grep %e" grep -rci checkpoint $dir > /tmp/grep.out 2>/dev/null
  /usr/bin/time -a -o $log -f "sqllint %e %U %S %M" "${SQLLINT:-/tmp/sqllint}" scan --no-config --fail-on never $dir > /tmp/sl.out 2>/dev/null
done
python3 -c '
import sys,statistics as st
g=[];s=[];c=[];r=[]
for l in open(sys.argv[1]):
    p=l.split()
    if not p: continue
    if p[0]=="grep": g.append(float(p[1]))
    elif p[0]=="sqllint": s.append(float(p[1])); c.append(float(p[2])+float(p[3])); r.append(float(p[4])/1024)
print("grep median %.2f s; sqllint median %.2f s [%.2f-%.2f], CPU %.2f s, peak RSS %.1f MB [%.1f-%.1f]; wall ratio %.1fx" % (st.median(g), st.median(s), min(s), max(s), st.median(c), st.median(r), min(r), max(r), st.median(s)/max(st.median(g), 0.01)))
' $log
