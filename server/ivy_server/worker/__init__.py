"""The Ivy worker: one process serving Ivy over gRPC with one backend on one device.

    ivy-worker --backend jax --device cpu --host 127.0.0.1 --port 50053 --metrics-port 9103
    python -m ivy_server.worker --backend torch --device gpu:0 --port 50052

RPCs (``proto/ivy/rpc/v1/worker.proto``): Call, Trace, Info, Fetch, Release, plus the standard
``grpc.health.v1`` service and server reflection. Every request is answered with a status code
(``ivy_server.errors``); a bad request never takes the process down.

Reliability (docs/rpc.md, "Worker"): ``--threads`` calls compute at once and ``--max-queue`` more
may wait (beyond: RESOURCE_EXHAUSTED with retry advice); spare threads keep health checks, Info
and Release answering while the worker is saturated; queued calls whose client left or whose
deadline passed are dropped unstarted. Handles and traced graphs belong to the token that made
them and count against one memory cap; a failed call keeps nothing. ``empty``/``empty_like``
answer zeros. SIGTERM/SIGINT: health goes NOT_SERVING (still answering), new calls get
UNAVAILABLE, running calls get ``--grace-s`` to finish, then the process exits (``os._exit`` if
computations are still running: threads cannot be stopped). ``--spare`` (ivy-serve's
pre-started spare): import and warm up, then wait for ``serve`` on stdin before binding.

Modules: ``service`` (the :class:`Worker`: every RPC's implementation), ``handles`` (kept arrays
and graphs), ``admission`` (the gate), ``memory`` (malloc policy and trimming), ``handlers``
(the gRPC handlers of both server kinds), ``auth`` (bearer tokens), ``transport`` (the Unix
socket), ``serve`` (the command line, servers, signals, shutdown, spares).
"""

from .serve import main
from .service import Worker

__all__ = ["Worker", "main"]
