"""Generate the Python protobuf module from ``proto/ivy/rpc/v1/worker.proto``.

    python proto/generate.py           # (re)write client/ivy_client/proto/worker_pb2.py
    python proto/generate.py --check   # exit 1 if the committed module differs from a fresh one

Only the message module is generated: the service's handlers and stubs are built from its
descriptor (``ivy_client.proto``), so no import paths need rewriting.
"""

from __future__ import annotations

import argparse
import pathlib
import re
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
PROTO_ROOT = ROOT / "proto"
PROTO = "ivy/rpc/v1/worker.proto"
TARGET = ROOT / "client" / "ivy_client" / "proto" / "worker_pb2.py"


def generate() -> str:
    """The text of a freshly generated ``worker_pb2.py``."""
    from grpc_tools import protoc

    with tempfile.TemporaryDirectory() as tmp:
        rc = protoc.main(["protoc", f"-I{PROTO_ROOT}", f"--python_out={tmp}", PROTO])
        if rc != 0:
            raise RuntimeError(f"protoc failed with exit code {rc}")
        return (pathlib.Path(tmp) / PROTO.replace(".proto", "_pb2.py")).read_text()


def descriptor_of(text: str) -> str:
    """The serialised descriptor in a generated module: what matters, whatever protoc wrote it."""
    m = re.search(r"AddSerializedFile\((b'.*?')\)", text)
    if m is None:
        raise ValueError("not a generated protobuf module")
    return m.group(1)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--check", action="store_true", help="compare instead of writing")
    a = p.parse_args(argv)
    fresh = generate()
    if a.check:
        if not TARGET.exists() or descriptor_of(TARGET.read_text()) != descriptor_of(fresh):
            print(f"{TARGET} is stale: run python proto/generate.py", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(fresh)
    return 0


if __name__ == "__main__":
    sys.exit(main())
