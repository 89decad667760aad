#!/usr/bin/env python3
"""Drives `scrim repl` on a pseudo-terminal as a person would: types keys, waits for what should appear.

Usage: repl_driver.py SCRIM [ARGS...] < steps.json

steps.json is a list of steps, each a two-element list:
  ["send", TEXT]          write TEXT to the terminal (keys: "\r" Enter, "\t" Tab, "\u0003" Ctrl-C,
                          "\u0004" Ctrl-D, "\u001b[A" up arrow)
  ["expect", TEXT]        wait (up to 10 s) until TEXT appears in the output after the previous match
  ["prompt", TEXT]        "expect", then let the editor settle (a person reads the prompt before typing;
                          keys typed before libedit has taken the terminal are echoed twice)
  ["expect_raw", TEXT]    TEXT appears in the output as the terminal got it, escapes and carriage returns kept
  ["expect_not", TEXT]    TEXT does not appear in the output after the previous match (so far)
  ["expect_within", [TEXT, SECONDS]]  "expect", but within SECONDS of the previous step's end
  ["sleep", SECONDS]      wait
  ["write", [PATH, TEXT]] replace the file PATH with TEXT (what an editor's save does)
  ["exit", STATUS]        wait (up to 10 s) for the program to exit with STATUS
The output is matched with escape sequences and carriage returns removed. Exit status 0 when every
step passed; otherwise 1, with the step that failed and the transcript on standard output.
"""
import fcntl
import json
import os
import pty
import re
import select
import signal
import struct
import sys
import termios
import time

ESCAPES = re.compile(rb"\x1b(\[[0-9;?]*[ -/]*[@-~]|[()][0-9A-Za-z]|[=>78DEHMc])|\r|\x07")


def main():
    command = sys.argv[1:]
    steps = json.load(sys.stdin)
    pid, fd = pty.fork()
    if pid == 0:
        # What a terminal gives a program: Ctrl-C delivered, whatever the test runner blocked or ignored.
        signal.pthread_sigmask(signal.SIG_SETMASK, [])
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.execv(command[0], command)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    raw = bytearray()
    position = 0
    status = None

    def clean():
        return ESCAPES.sub(b"", bytes(raw)).decode("utf-8", "replace")

    def pump(timeout):
        nonlocal status
        ready, _, _ = select.select([fd], [], [], timeout)
        if ready:
            try:
                data = os.read(fd, 65536)
            except OSError:
                data = b""
            if data:
                raw.extend(data)
                return True
        if status is None:
            done, code = os.waitpid(pid, os.WNOHANG)
            if done:
                status = os.waitstatus_to_exitcode(code)
        return False

    def fail(step, why):
        while pump(0.2):
            pass
        print("FAILED at step %s: %s" % (json.dumps(step), why))
        print("--- transcript (cleaned) ---")
        print(clean())
        print("--- raw ---")
        print(repr(bytes(raw)))
        if status is None:
            os.kill(pid, signal.SIGKILL)
        sys.exit(1)

    for step in steps:
        kind, argument = step
        if kind == "send":
            os.write(fd, argument.encode("utf-8"))
        elif kind == "sleep":
            deadline = time.monotonic() + argument
            while time.monotonic() < deadline:
                pump(max(0, deadline - time.monotonic()))
        elif kind == "expect_raw":
            deadline = time.monotonic() + 10
            while bytes(raw).find(argument.encode()) < 0 and time.monotonic() < deadline:
                pump(0.05)
            if bytes(raw).find(argument.encode()) < 0:
                fail(step, "not seen")
        elif kind in ("expect", "expect_not", "prompt", "expect_within"):
            wait = 0.3 if kind == "expect_not" else 10
            if kind == "expect_within":
                argument, wait = argument
            deadline = time.monotonic() + wait
            found = -1
            while True:
                found = clean().find(argument, position)
                if found >= 0 or time.monotonic() > deadline:
                    break
                pump(0.05)
            if kind != "expect_not":
                if found < 0:
                    fail(step, "not seen")
                position = found + len(argument)
                if kind == "prompt":
                    deadline = time.monotonic() + 0.15
                    while time.monotonic() < deadline:
                        pump(0.05)
            elif found >= 0:
                fail(step, "seen")
        elif kind == "write":
            path, text = argument
            with open(path, "w") as f:
                f.write(text)
        elif kind == "exit":
            deadline = time.monotonic() + 10
            while status is None and time.monotonic() < deadline:
                pump(0.05)
            if status != argument:
                fail(step, "exit status %r" % status)
        else:
            fail(step, "unknown step")
    if status is None:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    print(clean())


if __name__ == "__main__":
    main()
