"""``python -m ivy_server.worker``: the same as ``ivy-worker``."""

import sys

from .serve import main

if __name__ == "__main__":
    sys.exit(main())
