#!/usr/bin/env python3
"""bench-pace.py - `make bench-pace`: t24 cover beside the PACE 2025 heuristic winner on
the public heuristic instances (issue 41).

Each instance is unpacked into a scratch folder (removed at the end), then t24 cover
(--time-limit SECONDS --threads 1) and the winner (reads stdin, prints its cover when
signalled) start at once, each pinned to a core of its own; whichever is alive at SECONDS
gets SIGTERM, as PACE does, and SIGKILL GRACE seconds later. Every cover is checked by
bench/check-hs-cover.py (no code of t24). The report (--out, docs/bench-pace.md) has per
instance the sizes, both covers and their ratio, the PACE score of each (sum over the
instances of best / own), the CPU seconds each process got (wait4), the load, the date
and the git revision. Without --winner t24 runs alone and is measured against the covers
last recorded in --last (bench/pace-last.csv), which a run with the winner rewrites for
the instances it ran.

usage: bench-pace.py --t24 T24 [--winner SOLVER] [--pace-dir DIR] [--seconds S]
         [--grace G] [--instances "005 040 ..."] [--out FILE] [--last CSV]"""
import argparse
import csv
import glob
import os
import shutil
import sys
import tempfile
import time

sys.dont_write_bytecode = True
import pace_run  # noqa: E402

FIELDS = ["instance", "elements", "sets", "t24", "winner", "seconds", "date", "revision"]


def parse_args():
    a = argparse.ArgumentParser(usage=__doc__.split("usage: ")[1])
    a.add_argument("--t24", required=True)
    a.add_argument("--winner", default="")
    a.add_argument("--pace-dir", default=os.path.join(pace_run.HERE, "../../shared/pace2025"))
    a.add_argument("--seconds", type=float, default=60)
    a.add_argument("--grace", type=float, default=10)
    a.add_argument("--instances", default="")
    a.add_argument("--out", default="docs/bench-pace.md")
    a.add_argument("--last", default=os.path.join(pace_run.HERE, "pace-last.csv"))
    args = a.parse_args()
    for path in [args.t24] + ([args.winner] if args.winner else []):
        if not os.access(path, os.X_OK):
            a.error(f"not an executable: {path}")
    if not 0 < args.seconds <= 86400 or not 0 <= args.grace <= 3600:
        a.error(f"bad --seconds {args.seconds} or --grace {args.grace}")
    return args


def halves(pace_dir):
    """Issue 41's tuned / held-out split, fixed before any tuning: the public heuristic
    instances sorted by name, odd positions (0-based) are the half the engine may be tuned
    on, even positions the half it is judged on. Taken from the whole folder, so a run of a
    few instances reports each under the half it belongs to."""
    names = sorted(os.path.basename(p).split(".")[0]
                   for p in glob.glob(os.path.join(pace_dir, "heuristic", "heuristic_*.hgr.tar.xz")))
    return {n: ("tuned" if i % 2 else "held-out") for i, n in enumerate(names)}


def archives(pace_dir, wanted):
    """The heuristic archives by instance name, those of `wanted` (numbers or names)
    when it is not empty; an unknown name is an error."""
    found = {os.path.basename(p).split(".")[0]: p
             for p in glob.glob(os.path.join(pace_dir, "heuristic", "heuristic_*.hgr.tar.xz"))}
    if not found:
        sys.exit(f"bench-pace: no heuristic_*.hgr.tar.xz under {pace_dir}/heuristic")
    if not wanted.split():
        return dict(sorted(found.items()))
    names = [w if w.startswith("heuristic_") else "heuristic_%03d" % int(w)
             if w.isdigit() else w for w in wanted.replace(",", " ").split()]
    bad = [n for n in names if n not in found]
    if bad:
        sys.exit(f"bench-pace: no such instance in {pace_dir}/heuristic: {bad[0]}")
    return {n: found[n] for n in sorted(set(names))}


def read_last(path):
    if not os.path.exists(path):
        return {}
    with open(path) as f:
        return {r["instance"]: r for r in csv.DictReader(f)}


def solve(name, archive, args, scratch):
    """Runs t24 (and the winner) on one instance; returns its row."""
    inst = pace_run.unpack(archive, scratch)
    if len(inst) != 1:
        sys.exit(f"bench-pace: {archive} holds {len(inst)} .hgr files, not one")
    path = next(iter(inst.values()))
    elements, sets = pace_run.header(path)
    base = os.path.join(scratch, name)
    # The engine is named: the published page was measured with GLPK, the default then.
    runs = {"t24": pace_run.Run([args.t24, "cover", "--solver", "glpk", "--time-limit", "%g" % args.seconds,
                                 "--threads", "1", path], pace_run.core(0), path, base + ".t24.sol",
                                base + ".t24.err")}
    if args.winner:
        runs["winner"] = pace_run.Run([args.winner], pace_run.core(1), path,
                                      base + ".winner.sol", base + ".winner.err")
    load = pace_run.load()
    pace_run.run_all(list(runs.values()), args.seconds, args.grace)
    row = {"instance": name, "elements": elements, "sets": sets, "load": load}
    for who, r in runs.items():
        size, why = pace_run.check_cover(path, base + f".{who}.sol")
        row[who] = {"size": size, "why": why, "cpu": r.cpu, "wall": r.wall,
                    "signal": r.signal, "status": r.status}
    os.remove(path)
    return row


def score(rows, key, best):
    """PACE's heuristic score: sum over the instances of best / own (0 without a valid
    cover)."""
    return sum(best(r) / r[key]["size"] for r in rows if r[key]["size"])


def fmt_cell(run):
    if run["size"] is None:
        return "FAIL (%s)" % run["why"].replace("|", "/")
    return "{:,}".format(run["size"])


def fmt_stop(run):
    how = run["signal"] or "itself"
    return "%.1f / %.1f (%s, %s)" % (run["cpu"], run["wall"], how, run["status"])


def reference(row, last, with_winner):
    """The winner's cover the row is measured against: this run's, else the last
    recorded one (None when there is none)."""
    if with_winner:
        return row["winner"]["size"]
    rec = last.get(row["instance"], {}).get("winner", "")
    return int(rec) if rec.isdigit() else None


def too_far(own, ref):
    """More than 0.5 % or one element above the reference (issue 41's bar)."""
    return own is None or (ref is not None and own - ref > max(1, 0.005 * ref))


def table(rows, last, with_winner):
    head = "| instance | elements x sets | t24 | winner%s | t24 / winner | t24 CPU / wall s | %sload at start |" % (
        "" if with_winner else " (recorded)", "winner CPU / wall s | " if with_winner else "t24 recorded | ")
    out = [head, "|" + "---|" * (head.count("|") - 1)]
    for r in rows:
        t, ref = r["t24"], reference(r, last, with_winner)
        ratio = "%.4f" % (t["size"] / ref) if t["size"] and ref else "-"
        mid = fmt_stop(r["winner"]) if with_winner else last.get(r["instance"], {}).get("t24", "-")
        other = fmt_cell(r["winner"]) if with_winner else ("{:,}".format(ref) if ref else "-")
        out.append("| %s | {:,} x {:,} | %s | %s | %s | %s | %s | %s |".format(
            r["elements"], r["sets"]) % (r["instance"], fmt_cell(t), other, ratio,
                                        fmt_stop(t), mid, r["load"]))
    return out


def half_lines(rows, last, with_winner, split):
    """The score, the wins and the instances past the bar, for each half on its own."""
    out = []
    for half in ("tuned", "held-out"):
        part = [r for r in rows if split.get(r["instance"]) == half]
        scored = [r for r in part if reference(r, last, with_winner)]
        if not scored:
            continue
        def best(r):
            return min(s for s in (r["t24"]["size"], reference(r, last, with_winner)) if s)
        refs = [(r["t24"]["size"], reference(r, last, with_winner)) for r in scored]
        far = [r["instance"] for (a, b), r in zip(refs, scored) if too_far(a, b)]
        out.append("- %s half (%d instances): PACE score **t24 %.4f**, winner %.4f; "
                   "smaller / equal / larger %d / %d / %d; past the bar: %s" % (
                       half, len(scored), score(scored, "t24", best),
                       sum(best(r) / reference(r, last, with_winner) for r in scored),
                       sum(1 for a, b in refs if a and a < b), sum(1 for a, b in refs if a == b),
                       sum(1 for a, b in refs if a and a > b), ", ".join(far) or "none"))
    return out


def summary(rows, last, with_winner):
    def best(r):
        sizes = [s for s in (r["t24"]["size"], reference(r, last, with_winner)) if s]
        return min(sizes)
    refs = [(r["t24"]["size"], reference(r, last, with_winner)) for r in rows]
    scored = [r for r in rows if reference(r, last, with_winner)]
    lines = ["- instances: %d; t24's cover checked valid on %d" % (
        len(rows), sum(1 for r in rows if r["t24"]["size"]))]
    if scored:
        lines.append("- PACE score (sum of best / own over the %d instances with a winner's "
                     "cover%s): **t24 %.4f**, winner %.4f" % (
                         len(scored), "" if with_winner else " recorded",
                         score(scored, "t24", best),
                         sum(best(r) / reference(r, last, with_winner) for r in scored)))
        lines.append("- t24 smaller / equal / larger: %d / %d / %d" % (
            sum(1 for a, b in refs if a and b and a < b), sum(1 for a, b in refs if a and b and a == b),
            sum(1 for a, b in refs if a and b and a > b)))
        far = [r["instance"] for (a, b), r in zip(refs, rows) if b and too_far(a, b)]
        lines.append("- more than 0.5 %% (and more than one element) above the winner: %d%s" % (
            len(far), (" (" + ", ".join(far) + ")") if far else ""))
    for who in ("t24", "winner") if with_winner else ("t24",):
        cpu = sum(r[who]["cpu"] for r in rows)
        wall = sum(r[who]["wall"] for r in rows)
        lines.append("- %s: %.0f CPU seconds in %.0f s of wall time (%.0f %% of one core)" % (
            who, cpu, wall, 100 * cpu / wall if wall else 0))
    return lines


def shared_note(rows):
    """Says the machine was shared when the processes got clearly less than their wall
    time (below 90 % of it in sum), so a loaded run is never read as a clean one."""
    cpu = sum(r[w]["cpu"] for r in rows for w in ("t24", "winner") if w in r)
    wall = sum(r[w]["wall"] for r in rows for w in ("t24", "winner") if w in r)
    if wall and cpu < 0.9 * wall:
        return (": **the machine was shared with other work**, which took the rest of "
                "each core (%.0f %% of the wall time went to the two processes)" % (100 * cpu / wall))
    return ""


def report(rows, last, args, meta):
    with_winner = bool(args.winner)
    lines = [
        "# PACE 2025 heuristic track: t24 cover beside the winner",
        "",
        "<!-- Generated by `make bench-pace` (bench/bench-pace.py); do not edit: run it again. -->",
        "",
        "Generated by `make bench-pace` (bench/bench-pace.py) on %s, git %s: %s." % (
            meta["date"], meta["revision"], meta["command"]),
        "%d public heuristic-track instances of `%s`, %g s each (t24: `cover --solver glpk --time-limit %g "
        "--threads 1`, seed 1%s), one core each (pinned), %s; SIGTERM at %g s as PACE does, "
        "SIGKILL %g s later. Every cover checked by bench/check-hs-cover.py, which shares no "
        "code with t24." % (
            len(rows), args.pace_dir, args.seconds, args.seconds,
            "; the winner: `%s`, seeded by the clock" % os.path.basename(args.winner)
            if with_winner else "", "both at once" if with_winner else
            "t24 alone, measured against the covers recorded in bench/pace-last.csv",
            args.seconds, args.grace),
        "",
        "Machine: %s; load (1/5/15 min) %s at the start, %s at the end; the run took "
        "%.0f min. The CPU seconds below are what each process got (wait4's rusage)%s." % (
            meta["machine"], meta["load0"], meta["load1"], meta["minutes"], shared_note(rows)),
        "",
        "## Summary",
        "",
    ] + summary(rows, last, with_winner) + [
        "",
        "The engine may be tuned on the *tuned* half only (odd positions of the sorted public "
        "names); the *held-out* half (even positions) is the one that judges it (issue 41):",
        "",
    ] + half_lines(rows, last, with_winner, halves(args.pace_dir)) + [
        "",
        "## Per instance",
        "",
        "Elements are what a cover picks, sets what it must hit (`p hs elements sets`). "
        "CPU / wall: seconds, then how the process ended (itself or the signal) and its "
        "exit status.",
        "",
    ] + table(rows, last, with_winner) + [""]
    tmp = args.out + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(lines))
    os.replace(tmp, args.out)


def record(rows, last, args, meta):
    """Rewrites --last with this run's covers (the rows where both are valid)."""
    for r in rows:
        if r["t24"]["size"] and r["winner"]["size"]:
            last[r["instance"]] = {"instance": r["instance"], "elements": r["elements"],
                                   "sets": r["sets"], "t24": r["t24"]["size"],
                                   "winner": r["winner"]["size"], "seconds": "%g" % args.seconds,
                                   "date": meta["date"], "revision": meta["revision"]}
    tmp = args.last + ".tmp"
    with open(tmp, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS, lineterminator="\n")
        w.writeheader()
        for name in sorted(last):
            w.writerow({k: last[name].get(k, "") for k in FIELDS})
    os.replace(tmp, args.last)


def main():
    args = parse_args()
    todo = archives(args.pace_dir, args.instances)
    last = read_last(args.last)
    meta = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "revision": pace_run.git_revision(), "machine": pace_run.machine(),
            "load0": pace_run.load(), "command": "SECONDS=%g%s%s" % (
                args.seconds, " WINNER=" + os.path.basename(args.winner) if args.winner else "",
                " INSTANCES=\"%s\"" % args.instances if args.instances.split() else "")}
    t0 = time.monotonic()
    scratch = tempfile.mkdtemp(prefix="t24-bench-pace-")
    rows = []
    try:
        for name, archive in todo.items():
            rows.append(solve(name, archive, args, scratch))
            r = rows[-1]
            print("%s\t%s\t%s" % (name, fmt_cell(r["t24"]),
                                  fmt_cell(r["winner"]) if args.winner else "-"),
                  file=sys.stderr, flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    meta["load1"] = pace_run.load()
    meta["minutes"] = (time.monotonic() - t0) / 60
    report(rows, last, args, meta)
    if args.winner:
        record(rows, last, args, meta)
    return 0 if all(r["t24"]["size"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
