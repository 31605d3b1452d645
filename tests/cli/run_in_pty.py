#!/usr/bin/env python3
"""Runs a command with its stderr on a pseudo-terminal; writes what the terminal received.

    run_in_pty.py OUT COMMAND [ARG...]

The command's stderr is the slave side of a new pseudo-terminal in raw mode (no output
processing, so the bytes written are the bytes received: `\\n` stays `\\n`), 80 columns wide,
with TERM=xterm; stdin is /dev/null and stdout is inherited. Every byte read from the master
side is written to OUT. Exits with the command's exit status. For tests of output drawn only
on terminals (the progress bar).
"""

import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios
import tty


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    out_path, command = sys.argv[1], sys.argv[2:]
    master, slave = pty.openpty()
    tty.setraw(slave)
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = dict(os.environ, TERM="xterm")
    proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stderr=slave, env=env)
    os.close(slave)
    received = bytearray()
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: every holder of the slave side has closed it
            break
        if not chunk:
            break
        received += chunk
    os.close(master)
    status = proc.wait()
    with open(out_path, "wb") as out:
        out.write(received)
    sys.exit(status if status >= 0 else 128 - status)


if __name__ == "__main__":
    main()
