#!/usr/bin/env python3
"""bench-pace-exact.py - `make bench-pace-exact`: t24's certified optima on the PACE 2025
public exact-track instances (issue 41).

The instances are unpacked from PACE_DIR/exact/exact_001-100.hgr.tar.xz into a scratch
folder (removed at the end). On each, `t24 cover --certificate CERT --time-limit T
--threads 1` runs, JOBS at once, each pinned to a core (job i to core i mod cores); a run
still alive 10 s after T gets SIGTERM, then SIGKILL GRACE seconds later. Its cover is
checked by bench/check-hs-cover.py (no code of t24) and its certificate by t24-check
(INSTANCE COVER CERT): an instance counts as proven optimal only when t24-check says
`optimum K verified` and the independent checker accepts the same cover of K elements.
With --other SOLVER (a PACE exact entrant: reads the instance on stdin, prints a cover),
that solver runs on the same instance right after t24, on the same core and with the same
limit; its cover is checked the same way, and compared with t24's certified optimum (it
ships no proof). The report (--out, docs/bench-pace-exact.md) has the count, the times,
the CPU seconds each run got and the load.

usage: bench-pace-exact.py --t24 T24 --check T24-CHECK [--pace-dir DIR] [--time-limit T]
         [--jobs J] [--grace G] [--instances "001 021 ..."] [--other SOLVER] [--out FILE]"""
import argparse
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

sys.dont_write_bytecode = True
import pace_run  # noqa: E402


def parse_args():
    a = argparse.ArgumentParser(usage=__doc__.split("usage: ")[1])
    a.add_argument("--t24", required=True)
    a.add_argument("--check", required=True)
    a.add_argument("--other", default="")
    a.add_argument("--pace-dir", default=os.path.join(pace_run.HERE, "../../shared/pace2025"))
    a.add_argument("--time-limit", type=float, default=300)
    a.add_argument("--jobs", type=int, default=2)
    a.add_argument("--grace", type=float, default=30)
    a.add_argument("--instances", default="")
    a.add_argument("--out", default="docs/bench-pace-exact.md")
    a.add_argument("--note", default="", help="a markdown file put after the summary")
    a.add_argument("--budget", type=float, default=0,
                   help="minutes after which no instance starts (0: none)")
    args = a.parse_args()
    for path in [args.t24, args.check] + ([args.other] if args.other else []):
        if not os.access(path, os.X_OK):
            a.error(f"not an executable: {path}")
    if not 0 < args.time_limit <= 86400 or not 1 <= args.jobs <= 256 or \
            not 0 <= args.grace <= 3600:
        a.error(f"bad --time-limit {args.time_limit}, --jobs {args.jobs} or --grace {args.grace}")
    return args


def wanted_names(text):
    """The instance names of INSTANCES (numbers or names), None for all."""
    words = text.replace(",", " ").split()
    if not words:
        return None
    return {w if w.startswith("exact_") else "exact_%03d" % int(w) if w.isdigit() else w
            for w in words}


def verify(check, inst, sol, cert, limit):
    """t24-check's verdict on the certificate and cover: (bound or None, its line)."""
    try:
        p = subprocess.run([check, inst, sol, cert], capture_output=True, text=True,
                           timeout=limit)
    except subprocess.TimeoutExpired:
        return None, "no verdict within %g s" % limit
    line = (p.stdout.strip() or p.stderr.strip()).splitlines()
    line = line[0][:160] if line else "exit %d, no output" % p.returncode
    m = re.match(r"(?:optimum|lower bound) (\d+) verified", line)
    return (int(m.group(1)) if m and p.returncode == 0 else None), line


def run_t24(name, inst, args, core, scratch):
    base = os.path.join(scratch, name)
    r = pace_run.Run([args.t24, "cover", "--certificate", base + ".cert", "--time-limit",
                      "%g" % args.time_limit, "--threads", "1", inst], core, inst,
                     base + ".sol", base + ".err")
    pace_run.run_all([r], args.time_limit + 10, args.grace)
    size, why = pace_run.check_cover(inst, base + ".sol")
    t0 = time.monotonic()
    bound, verdict = verify(args.check, inst, base + ".sol", base + ".cert",
                            max(60, args.time_limit)) if os.path.exists(base + ".cert") \
        else (None, "no certificate written")
    check_s = time.monotonic() - t0
    err = open(base + ".err", errors="replace").read().strip().splitlines()
    return {"size": size, "why": why, "bound": bound, "verdict": verdict,
            "check_s": check_s, "wall": r.wall, "cpu": r.cpu, "status": r.status,
            "signal": r.signal, "stderr": err[-1][:120] if err else "",
            "proven": bound is not None and size == bound and
            verdict.startswith("optimum")}


def run_other(name, inst, args, core, scratch):
    base = os.path.join(scratch, name + ".other")
    r = pace_run.Run([args.other], core, inst, base + ".sol", base + ".err")
    pace_run.run_all([r], args.time_limit, args.grace)
    size, why = pace_run.check_cover(inst, base + ".sol")
    return {"size": size, "why": why, "wall": r.wall, "cpu": r.cpu, "signal": r.signal,
            "status": r.status}


def worker(tasks, cores, args, scratch, rows, lock, deadline):
    """Runs the queued instances until the queue is empty or the budget is spent (an
    instance not started is left out of rows, and the report counts it)."""
    while time.monotonic() < deadline:
        try:
            name, inst = tasks.get_nowait()
        except queue.Empty:
            return
        core = cores.get()
        row = {"instance": name, "load": pace_run.load()}
        row["elements"], row["sets"] = pace_run.header(inst)
        row["t24"] = run_t24(name, inst, args, core, scratch)
        if args.other:
            row["other"] = run_other(name, inst, args, core, scratch)
        cores.put(core)
        with lock:
            rows.append(row)
            t = row["t24"]
            print("%s\t%s\t%s\t%.1f s\t%s" % (name, t["size"], t["bound"], t["wall"],
                                             t["verdict"]), file=sys.stderr, flush=True)


def fmt_size(run):
    return "{:,}".format(run["size"]) if run["size"] is not None else \
        "FAIL (%s)" % run["why"].replace("|", "/")


def times_line(rows, limit):
    walls = sorted(r["t24"]["wall"] for r in rows if r["t24"]["proven"])
    if not walls:
        return "- none proven, so no times"
    steps = [s for s in (1, 10, 60, 300, 1800) if s < limit] + [limit]
    within = ", ".join("%d within %g s" % (sum(1 for w in walls if w <= s), s) for s in steps)
    return "- wall time of the proven runs (the cover run; t24-check's own time apart): " \
        "median %.1f s, most %.1f s; %s" % (walls[len(walls) // 2], walls[-1], within)


def other_lines(rows, args):
    """The entrant's covers against t24's certified optima."""
    if not args.other:
        return []
    o = [r for r in rows if r["other"]["size"] is not None and r["other"]["signal"] is None]
    proven = [r for r in rows if r["t24"]["proven"] and r["other"]["size"] is not None]
    below = [r["instance"] for r in rows if r["other"]["size"] is not None and
             r["t24"]["bound"] is not None and r["other"]["size"] < r["t24"]["bound"]]
    above = [r["instance"] for r in proven if r["other"]["size"] > r["t24"]["size"]]
    return [
        "- `%s` (no proof shipped): ended by itself with a valid cover on %d of %d "
        "within %g s; on the %d instances t24 certified where it gave a cover, it matched "
        "the optimum on %d, was larger on %d%s; covers below a verified bound "
        "(would mean a checker is wrong): %d%s" % (
            os.path.basename(args.other), len(o), len(rows), args.time_limit, len(proven),
            len(proven) - len(above), len(above),
            (" (" + ", ".join(above) + ")") if above else "", len(below),
            (" (" + ", ".join(below) + ")") if below else "")]


def summary(rows, args):
    proven = [r for r in rows if r["t24"]["proven"]]
    left = [r for r in rows if not r["t24"]["proven"]]
    cpu = sum(r["t24"]["cpu"] for r in rows)
    wall = sum(r["t24"]["wall"] for r in rows)
    gaps = ["%s (cover %s, certified bound %s)" % (
        r["instance"], fmt_size(r["t24"]), r["t24"]["bound"] if r["t24"]["bound"] is not None
        else "none") for r in left]
    return [
        "- **%d of %d proven optimal and certified within %g s** (t24-check: `optimum K "
        "verified`, the same cover accepted by check-hs-cover.py)" % (
            len(proven), len(rows), args.time_limit),
        times_line(rows, args.time_limit),
        "- not proven: %d%s" % (len(left), (": " + "; ".join(gaps)) if gaps else ""),
        "- covers the independent checker refused: %d" % sum(
            1 for r in rows if r["t24"]["size"] is None),
        "- t24 cover: %.0f CPU seconds in %.0f s of wall time (%.0f %% of one core); "
        "t24-check: %.0f s of wall time in all" % (
            cpu, wall, 100 * cpu / wall if wall else 0,
            sum(r["t24"]["check_s"] for r in rows)),
    ] + other_lines(rows, args)


def table(rows, args):
    head = "| instance | elements x sets | cover | certified bound | t24-check | " \
           "wall / CPU s | check s |%s load at start |" % (
               " %s cover, wall / CPU s |" % os.path.basename(args.other) if args.other else "")
    out = [head, "|" + "---|" * (head.count("|") - 1)]
    for r in sorted(rows, key=lambda r: r["instance"]):
        t = r["t24"]
        stop = "" if t["signal"] is None else ", %s" % t["signal"]
        other = ""
        if args.other:
            o = r["other"]
            other = " %s, %.1f / %.1f%s |" % (fmt_size(o), o["wall"], o["cpu"],
                                            "" if o["signal"] is None else ", " + o["signal"])
        out.append("| %s | {:,} x {:,} | %s | %s | %s | %.1f / %.1f%s | %.1f |%s %s |".format(
            r["elements"], r["sets"]) % (
            r["instance"], fmt_size(t), t["bound"] if t["bound"] is not None else "-",
            short(t["verdict"]), t["wall"], t["cpu"], stop, t["check_s"], other,
            r["load"]))
    return out


def skipped_lines(skipped, args):
    if not skipped:
        return []
    return ["- **not run**: %d instances, left when the run's budget (%g min) was spent: %s" % (
        len(skipped), args.budget, ", ".join(skipped))]


def short(verdict):
    """t24-check's verdict without the explanation of a trivial bound."""
    return re.sub(r" \(trivial:[^)]*\)", " (trivial)", verdict).replace("|", "/")


def report(rows, args, meta):
    note = open(args.note).read().strip().splitlines() if args.note else []
    lines = [
        "# PACE 2025 exact track: t24's certified optima on the public instances",
        "",
        "<!-- Generated by `make bench-pace-exact` (bench/bench-pace-exact.py); do not edit: "
        "run it again. -->",
        "",
        "Generated by `make bench-pace-exact` (bench/bench-pace-exact.py) on %s, git %s: "
        "TIME_LIMIT=%g JOBS=%d%s%s." % (meta["date"], meta["revision"], args.time_limit,
                                       args.jobs, " INSTANCES=\"%s\"" % args.instances
                                       if args.instances.split() else "",
                                       " BUDGET=%g" % args.budget if args.budget else ""),
        "%d public exact-track instances of `%s`, each `t24 cover --certificate CERT "
        "--time-limit %g --threads 1`, %d at once, each pinned to a core; then `t24-check "
        "INSTANCE COVER CERT` and bench/check-hs-cover.py (which shares no code with t24) on "
        "the same cover." % (len(rows), args.pace_dir, args.time_limit, args.jobs),
        "",
        "Machine: %s, **shared with other users during the run**: load (1/5/15 min) %s at "
        "the start, %s at the end; the run took %.0f min. A time limit is wall time: on this "
        "loaded machine a run got less CPU than its wall time (the CPU column), so an "
        "instance not proven here may be proven within the same limit on an idle core." % (
            meta["machine"], meta["load0"], meta["load1"], meta["minutes"]),
        "",
        "## Summary",
        "",
    ] + summary(rows, args) + skipped_lines(meta["skipped"], args) + [""] + note + ([""] if note else []) + [
        "## Per instance",
        "",
        "Elements are what a cover picks, sets what it must hit (`p hs elements sets`). "
        "wall / CPU: the cover run's seconds (and the signal that stopped it, if one did); "
        "check: t24-check's seconds.",
        "",
    ] + table(rows, args) + [""]
    tmp = args.out + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(lines))
    os.replace(tmp, args.out)


def main():
    args = parse_args()
    archive = os.path.join(args.pace_dir, "exact", "exact_001-100.hgr.tar.xz")
    if not os.path.exists(archive):
        sys.exit(f"bench-pace-exact: no {archive}")
    meta = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "revision": pace_run.git_revision(), "machine": pace_run.machine(),
            "load0": pace_run.load()}
    t0 = time.monotonic()
    scratch = tempfile.mkdtemp(prefix="t24-bench-pace-exact-")
    rows, lock = [], threading.Lock()
    try:
        want = wanted_names(args.instances)
        insts = pace_run.unpack(archive, scratch, want)
        if want and want - set(insts):
            sys.exit("bench-pace-exact: no such instance in %s: %s" % (
                archive, sorted(want - set(insts))[0]))
        tasks, cores = queue.Queue(), queue.Queue()
        for item in sorted(insts.items()):
            tasks.put(item)
        for j in range(args.jobs):
            cores.put(pace_run.core(j))
        deadline = t0 + 60 * args.budget if args.budget > 0 else float("inf")
        threads = [threading.Thread(target=worker, args=(tasks, cores, args, scratch, rows,
                                                         lock, deadline))
                   for _ in range(args.jobs)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    meta["load1"] = pace_run.load()
    meta["minutes"] = (time.monotonic() - t0) / 60
    meta["skipped"] = sorted(set(insts) - {r["instance"] for r in rows})
    report(rows, args, meta)
    return 0 if all(r["t24"]["size"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
