"""The generated protobuf messages (``worker_pb2``, from ``proto/ivy/rpc/v1/worker.proto``).

Regenerate with ``python proto/generate.py``; ``tests/rpc/test_proto.py`` fails when the committed
module is stale.
"""

from . import worker_pb2

SERVICE = worker_pb2.DESCRIPTOR.services_by_name["Worker"]
SERVICE_NAME = SERVICE.full_name  # "ivy.rpc.v1.Worker"

__all__ = ["worker_pb2", "SERVICE", "SERVICE_NAME"]
