"""The server's child processes: found in ``/proc``, ended with SIGTERM then SIGKILL.

A kernel still starting when the server is stopped (a pool filling up) is not
yet its kernel manager's, and Voila cannot shut it down once its loop has
stopped; the server ends its children itself.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time

__all__ = ["child_pids", "end_processes"]


def child_pids(parent: int | None = None) -> list[int]:
    """The processes whose parent is ``parent`` (this one), read from ``/proc`` (none elsewhere)."""
    parent = os.getpid() if parent is None else parent
    found = []
    for entry in sorted(os.listdir("/proc")) if os.path.isdir("/proc") else []:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == parent:  # fields after the name: state, ppid, ...
            found.append(int(entry))
    return found


def end_processes(pids: list[int], grace: float = 5.0) -> None:
    """SIGTERM, then SIGKILL what is still there after ``grace`` seconds."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for pid in pids:
            with contextlib.suppress(OSError):
                os.kill(pid, sig)
        deadline = time.monotonic() + grace
        while pids and time.monotonic() < deadline:
            pids = [pid for pid in pids if _alive(pid)]
            time.sleep(0.1)
        if not pids:
            return


def _alive(pid: int) -> bool:
    with contextlib.suppress(ChildProcessError):
        if os.waitpid(pid, os.WNOHANG)[0] == pid:
            return False  # reaped: it has ended
    try:
        os.kill(pid, 0)
    except OSError:
        return False
    return True
