"""pace_run.py - what bench/bench-pace.py and bench/bench-pace-exact.py share: the
instances unpacked from ../shared/pace2025's archives, a solver process pinned to one core
and stopped as PACE stops it (SIGTERM at the limit, SIGKILL after a grace), its CPU seconds
from the kernel (wait4's rusage, so what the process really got on a shared machine), and
the independent check of a cover (bench/check-hs-cover.py, which imports nothing of t24).
Standard library only."""
import os
import signal
import subprocess
import sys
import tarfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def unpack(archive, dest, only=None):
    """Extracts the .hgr members of a PACE .tar.xz into dest (flattened), those named in
    `only` when given; returns the paths by instance name (heuristic_005). Members are
    read as data, never as paths, so an archive naming ../x cannot write outside dest."""
    out = {}
    with tarfile.open(archive, "r:xz") as tar:
        for m in tar.getmembers():
            name = os.path.basename(m.name)[:-4]
            if not m.isfile() or not m.name.endswith(".hgr") or \
                    (only is not None and name not in only):
                continue
            path = os.path.join(dest, name + ".hgr")
            with tar.extractfile(m) as src, open(path, "wb") as dst:
                while chunk := src.read(1 << 20):
                    dst.write(chunk)
            out[name] = path
    return out


def header(path):
    """The (elements, sets) of a PACE hs file's `p hs N M` line."""
    with open(path) as f:
        for line in f:
            if line.startswith("p "):
                parts = line.split()
                return int(parts[2]), int(parts[3])
    sys.exit(f"{path}: no 'p hs N M' line")


class Run:
    """One solver process: argv pinned to `core`, stdin from a file, stdout/stderr to
    files. wall and cpu are filled in once it is reaped; signal names how it was stopped
    (None: it ended by itself)."""

    def __init__(self, argv, core, stdin, stdout, stderr):
        fin, fout, ferr = open(stdin, "rb"), open(stdout, "wb"), open(stderr, "wb")
        pin = (lambda: os.sched_setaffinity(0, {core})) if core is not None else None
        self.t0 = time.monotonic()
        self.proc = subprocess.Popen(argv, stdin=fin, stdout=fout, stderr=ferr,
                                     preexec_fn=pin)
        for f in (fin, fout, ferr):
            f.close()
        self.status = self.wall = self.cpu = self.signal = None

    def poll(self):
        """Reaps the process if it has ended; returns True once it has."""
        if self.status is not None:
            return True
        pid, status, ru = os.wait4(self.proc.pid, os.WNOHANG)
        if pid == 0:
            return False
        self.wall = time.monotonic() - self.t0
        self.cpu = ru.ru_utime + ru.ru_stime
        self.status = os.waitstatus_to_exitcode(status)
        self.proc.returncode = self.status  # reaped here, not by Popen
        return True

    def stop(self, sig):
        if self.status is None:
            self.signal = signal.Signals(sig).name
            self.proc.send_signal(sig)


def run_all(runs, seconds, grace):
    """Waits for every run: SIGTERM to those alive at `seconds` (PACE's rule), SIGKILL
    to those still alive `grace` seconds later."""
    start = time.monotonic()
    termed = False
    while not all(r.poll() for r in runs):
        elapsed = time.monotonic() - start
        if not termed and elapsed >= seconds:
            for r in runs:
                r.stop(signal.SIGTERM)
            termed = True
        if elapsed >= seconds + grace:
            for r in runs:
                r.stop(signal.SIGKILL)
        time.sleep(0.05)


def check_cover(instance, solution):
    """The cover's size per bench/check-hs-cover.py, or None and its complaint (one
    line: it goes into a table row)."""
    if os.path.getsize(solution) == 0:
        return None, "no output"
    p = subprocess.run([sys.executable, os.path.join(HERE, "check-hs-cover.py"),
                        instance, solution], capture_output=True, text=True)
    if p.returncode == 0:
        return int(p.stdout.split()[0]), ""
    said = (p.stderr.strip() or p.stdout.strip() or "exit %d" % p.returncode).splitlines()
    return None, " ".join(said[-1].split())[:200]


def git_revision():
    """HEAD's short hash, with `-dirty` when tracked files differ from it."""
    def git(*a):
        return subprocess.run(["git", "-C", HERE, *a], capture_output=True,
                              text=True).stdout.strip()
    rev = git("rev-parse", "--short", "HEAD") or "unknown"
    return rev + ("-dirty" if git("status", "--porcelain", "--untracked-files=no") else "")


def machine():
    """One line on the machine: its cores and model, the load when asked."""
    model = "unknown CPU"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{os.cpu_count()} cores ({model})"


def core(i):
    """The i-th core (modulo) of those this process may run on: a cpuset (a container, a
    CI runner) may not hold cores 0 and 1."""
    cores = sorted(os.sched_getaffinity(0))
    return cores[i % len(cores)]


def load():
    return "%.2f / %.2f / %.2f" % os.getloadavg()
