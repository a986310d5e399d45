"""Whether this interpreter's environment has exactly the versions of a lock file.

    .venv/bin/python scripts/lock_check.py requirements/lock.txt

Exit 0 when every ``name==version`` line of the lock is installed at that version; else exit 1,
listing each package that is missing or at another version (``scripts/install.sh`` then installs
from the lock: ``pip install -c requirements/lock.txt``). Reads only installed metadata (well under
a second), so an up-to-date environment is not re-resolved on every install.
"""

from __future__ import annotations

import re
import sys
from importlib import metadata

PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;#]+)")


def pins(path: str) -> dict[str, str]:
    out = {}
    with open(path) as f:
        for line in f:
            m = PIN.match(line.strip())
            if m:
                out[m.group(1)] = m.group(2)
    return out


def differences(locked: dict[str, str]) -> list[str]:
    bad = []
    for name, want in sorted(locked.items()):
        try:
            have = metadata.version(name)
        except metadata.PackageNotFoundError:
            bad.append(f"{name}: missing (lock: {want})")
            continue
        if have != want:
            bad.append(f"{name}: {have} installed, lock: {want}")
    return bad


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    path = argv[0] if argv else "requirements/lock.txt"
    bad = differences(pins(path))
    for b in bad:
        print(f"lock_check: {b}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
