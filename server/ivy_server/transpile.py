"""The Transpile RPC on a worker (docs/service.md).

    TranspileRequest{code, entry, source, target, args | input_specs, options}
      -> the source worker's sandbox: capture, emit, verify in-process (ivy.transpile)
      -> the target framework's worker (when one is configured and answers): the emitted code run
         in *its* sandbox on the example inputs, compared with the source program's outputs
      -> TranspileResponse{code, weights, report, graph_id, graph, graph_svg}

or ``TranspileRequest{graph}`` (an Ivy graph traced on the client: data, emitted here without
running submitted code). Identical requests (same token, same bytes) are answered from a cache
keyed by their content hash; concurrent identical requests wait for the first.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import re
import threading
import time
from collections import OrderedDict

import grpc
import numpy as np
from ivy_client import codec, config
from ivy_client.proto import SERVICE_NAME, worker_pb2

from ivy.transpiler.frameworks import FRAMEWORKS
from ivy.transpiler.frameworks import TARGETS as TRANSPILE_TARGETS

from . import errors
from .errors import RpcFailure
from .sandbox import host as sandbox
from .sandbox.modes import plain

log = logging.getLogger("ivy_server.transpile")

SOURCES, TARGETS = FRAMEWORKS, TRANSPILE_TARGETS  # the transpiler's frameworks
ALIASES = {"np": "numpy", "pytorch": "torch", "tf": "tensorflow", "keras": "tensorflow",
           "jnp": "jax", "flax": "jax"}
WEIGHTS = ("separate", "inline", "none")
KINDS = ("auto", "function", "model")
MAX_SPEC_ELEMENTS = 1 << 24  # elements of one input the worker makes from a spec (64 MiB f32)
MAX_SPEC_TOTAL = 1 << 26  # elements of all the inputs made for one request
MAX_SPEC_DIMS = 8
DTYPES = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float16", "bfloat16", "float32", "float64", "complex64", "complex128")


def framework(name: str, what: str, allowed) -> str:
    n = ALIASES.get(name.strip().lower(), name.strip().lower())
    if n not in allowed:
        raise errors.invalid(f"unknown {what} framework {errors.short(name)}; valid: "
                             f"{', '.join(allowed)}")
    return n


def json_safe(obj):
    """``obj`` with non-finite floats as the strings "inf", "-inf", "nan" (strict JSON)."""
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else ("nan" if obj != obj else
                                               ("inf" if obj > 0 else "-inf"))
    if isinstance(obj, dict):
        return {str(k): json_safe(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [json_safe(v) for v in obj]
    if isinstance(obj, (np.generic,)):
        return json_safe(obj.item())
    return obj


def _specs(request) -> list[dict]:
    out, total = [], 0
    for s in request.input_specs:
        shape = [int(d) for d in s.shape]
        dtype = s.dtype or "float32"
        if dtype not in DTYPES:
            raise errors.invalid(f"input spec dtype {errors.short(dtype)} is not one of "
                                 f"{', '.join(DTYPES)}")
        if len(shape) > MAX_SPEC_DIMS or any(d < 0 for d in shape):
            raise errors.invalid(f"input spec shape {shape[:16]}: at most {MAX_SPEC_DIMS} "
                                 "non-negative dimensions")
        names = list(s.dim_names)
        if names and (len(names) != len(shape) or not all(
                nm in ("", "*") or (nm.isidentifier() and len(nm) <= 64) for nm in names)):
            raise errors.invalid("input spec dim_names: one per dimension, each \"\", \"*\" "
                                 "or a name")
        n = 1
        for d, nm in zip(shape, names or [""] * len(shape), strict=True):
            n *= d if d or not nm else MAX_CHOSEN_SIZE
        if n > MAX_SPEC_ELEMENTS:
            raise errors.exhausted(f"input spec shape {shape} has {n} elements, more than the "
                                   f"{MAX_SPEC_ELEMENTS} a worker makes for one input")
        total += n
        if total > MAX_SPEC_TOTAL:
            raise errors.exhausted(f"the input specs ask for more than {MAX_SPEC_TOTAL} "
                                   "elements together, more than a worker makes for a request")
        if names:  # symbolic dimensions: a name with its example size (or one to choose)
            named = []
            for k, (d, nm) in enumerate(zip(shape, names, strict=True)):
                nm = f"arg{len(out)}_{k}" if nm == "*" else nm  # a size of its own
                named.append(d if not nm else f"{nm}={d}" if d else nm)
            shape = named
        out.append({"shape": shape, "dtype": dtype})
    return out


#: the largest example size chosen for a dimension given by name only
#: (ivy.transpiler.service._EXAMPLE_SIZES)
MAX_CHOSEN_SIZE = 20


def _options(o) -> dict:
    kind = o.kind or "auto"
    weights = o.weights or "separate"
    if kind not in KINDS:
        raise errors.invalid(f"options.kind {errors.short(kind)}: one of {', '.join(KINDS)}")
    if weights not in WEIGHTS:
        raise errors.invalid(f"options.weights {errors.short(weights)}: one of "
                             f"{', '.join(WEIGHTS)}")
    if o.name and not o.name.isidentifier():
        raise errors.invalid(f"options.name {errors.short(o.name)} is not a Python name")
    if o.dynamic not in ("", "off", "auto"):
        raise errors.invalid(f"options.dynamic {errors.short(o.dynamic)}: \"auto\" or \"off\"")
    return {"kind": kind, "weights": weights, "skip_verify": o.skip_verify, "name": o.name,
            "no_remote_verify": o.no_remote_verify, "no_graph": o.no_graph,
            "no_keep": o.no_keep, "dynamic": o.dynamic or "off"}


class Cache:
    """Transpile responses by content hash (LRU, capped in bytes and entries). Each entry keeps
    the response without its graph id, and the graph to keep again if its id was released."""

    def __init__(self, max_bytes: int, max_entries: int = 1024):
        self.max_bytes, self.max_entries = max_bytes, max_entries
        self.items: OrderedDict[str, tuple[bytes, tuple | None, str, int]] = OrderedDict()
        self.bytes = 0
        self.lock = threading.Lock()
        self.inflight: dict[str, threading.Event] = {}
        self.hits = self.misses = 0

    def get(self, key: str):
        with self.lock:
            item = self.items.get(key)
            if item is not None:
                self.items.move_to_end(key)
                self.hits += 1
            return item

    def put(self, key: str, response: bytes, graph: tuple | None, graph_id: str) -> None:
        """``graph``: (the graph's dict, a model's weights or None) to keep again."""
        size = len(response)
        if graph is not None:
            size += 4096 + sum(int(w.nbytes) for w in (graph[1] or {}).values())
        if not self.max_bytes or size > self.max_bytes:
            return
        with self.lock:
            old = self.items.pop(key, None)
            if old is not None:
                self.bytes -= old[3]
            self.items[key] = (response, graph, graph_id, size)
            self.bytes += size
            while self.items and (self.bytes > self.max_bytes or
                                  len(self.items) > self.max_entries):
                _, dropped = self.items.popitem(last=False)
                self.bytes -= dropped[3]

    def set_graph_id(self, key: str, graph_id: str) -> None:
        with self.lock:
            item = self.items.get(key)
            if item is not None:
                self.items[key] = (item[0], item[1], graph_id, item[3])

    def begin(self, key: str) -> threading.Event | None:
        """None: this caller computes ``key`` (call :meth:`end` after); else an event to wait
        for (another caller is computing it)."""
        with self.lock:
            ev = self.inflight.get(key)
            if ev is None:
                self.inflight[key] = threading.Event()
                self.misses += 1
            return ev

    def end(self, key: str) -> None:
        with self.lock:
            ev = self.inflight.pop(key, None)
        if ev is not None:
            ev.set()


class Transpiler:
    """The Transpile RPC of one worker (``worker.transpiler``)."""

    def __init__(self, worker, *, peers=None, cache_bytes: int = 64 << 20, warm: int = 2):
        self.w = worker
        self.cache = Cache(cache_bytes)
        self.pool = sandbox.WarmPool(warm) if worker.code_execution else None
        try:
            self.peers = config.resolve(peers) if peers else []
        except (OSError, ValueError) as e:
            log.warning("--peers: %s: no remote verification", e)
            self.peers = []
        self._channels: dict[str, grpc.Channel] = {}
        self._lock = threading.Lock()

    def warm_at_start(self, timeout: float = sandbox.STARTUP_S) -> bool:
        """Start this worker's sandboxes before any request (``--sandbox-warm-at-start``): one
        that transpiles from this framework to itself and to the framework of each peer worker
        (--peers: the targets this service verifies on), one that runs code emitted for it;
        wait until they are ready (at most ``timeout`` s) and log what was warmed and how long
        it took. -> whether all of it is warm."""
        if self.pool is None or not self.pool.size:
            return True
        limits = self.w.sandbox_limits
        targets = tuple(t for t in TARGETS if t == self.w.backend or
                        any(p.backend == t for p in self.peers))
        try:
            warm, took, cold = self.pool.warm_at_start(
                self.w.backend, targets, cpu_s=limits["cpu_s"], memory_mb=limits["memory_mb"],
                timeout=timeout)
        except Exception as e:  # noqa: BLE001 - requests still work, cold
            log.warning("sandboxes not warmed at start: %s", errors.message_of(e))
            return False
        if cold:
            log.warning("sandboxes: %s not ready after %.1f s (the first such request starts "
                        "its own); warm: %s", "; ".join(cold), took, "; ".join(warm) or "none")
        else:
            log.info("sandboxes warm in %.1f s: %s", took, "; ".join(warm))
        return not cold

    # -- the RPC ---------------------------------------------------------------------------------
    def handle(self, request, context, tag: list):
        tag[0] = "transpile"
        owner = self.w.owner(context)
        if request.verify:
            return self._verify_here(request, owner)
        digest = hashlib.sha256(owner.encode() + b"\0" +
                                request.SerializeToString(deterministic=True)).hexdigest()
        owns = False
        for _ in range(3):
            hit = self._from_cache(digest, owner)
            if hit is not None:
                return hit
            waiting = self.cache.begin(digest)
            if waiting is None:
                owns = True
                break
            waiting.wait(self._wall(context) + 30)  # an identical request is being computed
        try:
            t0 = time.perf_counter()
            if request.graph:
                response, graph = self._from_graph(request, context, owner)
            else:
                response, graph = self._from_code(request, context, owner)
            response.key = digest
            report = json.loads(response.report)
            report.setdefault("timings", {})["service_s"] = time.perf_counter() - t0
            response.report = json.dumps(json_safe(report))
            self.cache.put(digest, response.SerializeToString(), graph, response.graph_id)
            return response
        finally:
            if owns:
                self.cache.end(digest)

    def _from_cache(self, key: str, owner: str):
        item = self.cache.get(key)
        if item is None:
            return None
        data, graph, gid, _ = item
        response = worker_pb2.TranspileResponse.FromString(data)
        if gid:
            try:
                self.w.handles.graph(gid, owner)
            except RpcFailure:  # released since: keep the graph again under a new id
                gid = self.w._store_graph(graph[0], owner, "the transpiled graph", graph[1])
                self.cache.set_graph_id(key, gid)
            response.graph_id = gid
        response.cached = True
        return response

    def _wall(self, context) -> float:
        wall = float(self.w.sandbox_limits["wall_s"])
        remaining = self._left(context)
        if remaining is not None:
            wall = max(0.1, min(wall, remaining))
        return wall

    @staticmethod
    def _left(context) -> float | None:
        """What is left of the call's deadline (a little kept for the answer), or None."""
        remaining = context.time_remaining() if context is not None else None
        return None if remaining is None else max(0.1, remaining - 0.2)

    # -- source code: the sandbox ----------------------------------------------------------------
    def _from_code(self, request, context, owner: str):
        if not self.w.code_execution:
            raise RpcFailure(grpc.StatusCode.PERMISSION_DENIED,
                             "Transpile of source code runs it and is off on this worker: start "
                             "it with --allow-code-execution and an auth token "
                             "(--auth-token-env; `ivy-serve --config workers.transpile.toml` "
                             "does both); or send an Ivy graph traced on your side "
                             "(TranspileRequest.graph, ivy_client: transpile_graph), which runs "
                             "no code")
        if not request.entry.isidentifier():
            raise errors.invalid(f"entry {errors.short(request.entry)} is not a Python name")
        if not re.search(rf"\b{re.escape(request.entry)}\b", request.code):
            # answered without starting a sandbox: code that never names the entry defines none
            raise errors.not_found(f"the submitted code defines no {errors.short(request.entry)} "
                                   "(the name does not appear in it)")
        source = framework(request.source or self.w.backend, "source", SOURCES)
        target = framework(request.target or "", "target", TARGETS)
        opts = _options(request.options)
        specs = _specs(request)
        if specs and (request.args or request.buffers):
            raise errors.invalid("give example inputs either as args or as input_specs, not both")
        size = len(request.args) + sum(len(b) for b in request.buffers)
        if self.w.memory_cap and size > self.w.memory_cap:
            raise errors.exhausted(f"the example inputs ({size / 2**20:.1f} MiB) exceed the "
                                   f"worker's memory cap of {self.w.memory_cap / 2**20:.0f} MiB")
        job = {"code": request.code, "entry": request.entry, "args": bytes(request.args),
               "buffers": [bytes(b) for b in request.buffers], "specs": specs, "options": opts}
        limits = self.w.sandbox_limits
        t0 = time.perf_counter()
        reply = sandbox.transpile(
            "transpile", source, target, job, cpu_s=limits["cpu_s"],
            wall_s=float(limits["wall_s"]), deadline_s=self._left(context),
            memory_mb=limits["memory_mb"], reply_cap=self.w.max_message_bytes, pool=self.pool,
            preload=sandbox.libraries_of(request.code, source))
        sandbox_s = time.perf_counter() - t0
        report = reply["report"]
        report.setdefault("timings", {}).update({"sandbox_s": sandbox_s,
                                                 "warm_sandbox": bool(reply.get("warm"))})
        v = _untrusted_verification(report, f"{source}@{self.w.device}")
        if opts["skip_verify"]:
            v["skipped"] = "options.skip_verify"
        elif "expected" not in reply:
            v["verified"] = False
            v["unverified"] = "the sandbox returned no outputs of the source program to compare with"
        else:
            args, buffers = bytes(request.args), [bytes(x) for x in request.buffers]
            if specs:  # the inputs the worker makes itself (the sandbox made the same ones)
                buffers = []
                args = codec.encode([list(self.w.ivy.transpiler.inputs_from_specs(specs)), {}],
                                    buffers=buffers)
            self._verify_elsewhere(report, target, source, reply, args, buffers, context,
                                   peers=not opts["no_remote_verify"])
        weights = (reply.get("weights") or {}) if opts["weights"] == "separate" else {}
        response = worker_pb2.TranspileResponse(code=reply["code"])
        if weights:
            wbufs: list = []
            response.weights = codec.encode(weights, buffers=wbufs)
            response.buffers.extend(bytes(b) for b in wbufs)
        graph = reply.get("graph")
        if isinstance(graph, dict):  # named after the user's function, not the capture's own
            graph["name"] = request.entry  # (its messages: "graph <entry> was traced for ...")
        if graph is not None and not opts["no_graph"]:
            response.graph = codec.encode(graph)
            response.graph_svg = reply.get("svg") or ""
        # a model's kept graph has its weights bound: called by id with the model's inputs only
        bound = (reply.get("weights") or None) if reply.get("is_model") else None
        if graph is not None and not opts["no_keep"]:
            response.graph_id = self.w._store_graph(graph, owner, "the transpiled graph", bound)
        response.report = json.dumps(json_safe(report))
        return response, ((graph, bound) if graph is not None and not opts["no_keep"] else None)

    # -- an uploaded graph: data, no submitted code runs -----------------------------------------
    def _from_graph(self, request, context, owner: str):
        if request.code or request.entry:
            raise errors.invalid("a Transpile request carries either a graph or code + entry, "
                                 "not both")
        target = framework(request.target or "", "target", TARGETS)
        opts = _options(request.options)
        specs = _specs(request)
        t0 = time.perf_counter()
        graph_dict = codec.decode(request.graph)
        if not isinstance(graph_dict, dict):
            raise errors.invalid("the uploaded graph is not a map (send ivy.Graph.to_dict())")
        ivy = self.w.ivy
        try:
            graph = ivy.Graph.from_dict(graph_dict)
        except Exception as e:
            raise errors.invalid(f"the uploaded graph cannot be loaded: "
                                 f"{errors.message_of(e)}") from None
        name = opts["name"] or None
        try:
            code = graph.to_source(target, name=name) if name else graph.to_source(target)
        except Exception as e:
            raise errors.invalid(f"the graph cannot be emitted for {target}: "
                                 f"{errors.message_of(e)}") from None
        from ivy.tracer.emit.base import function_name

        fname = function_name(graph, name)
        calls = [n for n in graph.nodes if n.op == "call"]
        counts: dict[str, int] = {}
        for n in calls:
            counts[str(n.target)] = counts.get(str(n.target), 0) + 1
        report = {"name": fname, "source": "ivy", "target": target, "kind": "function",
                  "input": "uploaded graph",
                  "ops": [{"op": k, "mapping": f"ivy.{k}", "count": c} for k, c in counts.items()],
                  "graph": {"nodes": len(graph.nodes), "calls": len(calls)}, "notes": [],
                  "verification": {"verified": None, "verified_on": [], "where": "",
                                   "skipped": "no example inputs (args or input_specs)"}}
        args_payload, buffers = bytes(request.args), [bytes(b) for b in request.buffers]
        if specs:
            inputs = ivy.transpiler.inputs_from_specs(specs)
            b: list = []
            args_payload, buffers = codec.encode([list(inputs), {}], buffers=b), b
        if args_payload and not opts["skip_verify"]:
            args, kwargs = self.w._decode_args(args_payload, list(buffers), owner)
            try:
                out = graph(*args, **kwargs)
            except Exception as e:
                raise errors.invalid(f"the uploaded graph fails on the example inputs: "
                                     f"{errors.message_of(e)}") from None
            expected = plain(_to_numpy_tree(out, self.w))
            report["verification"] = {
                "verified": None, "verified_on": [], "where": "",
                "reference": f"the graph run on this {self.w.backend} worker"}
            from ivy.transpiler import frameworks as fw

            reply = {"expected": expected, "name": fname, "is_model": False,
                     "rtol": dict(fw.RTOL)}
            self._verify_elsewhere(report, target, "ivy", {**reply, "code": code}, args_payload,
                                   buffers, context, peers=not opts["no_remote_verify"])
        report["timings"] = {"total_s": time.perf_counter() - t0}
        response = worker_pb2.TranspileResponse(code=code)
        if not opts["no_graph"]:
            response.graph = bytes(request.graph)
            from ivy.tracer import draw

            response.graph_svg = draw.to_svg(graph)
        if not opts["no_keep"]:
            response.graph_id = self.w._store_graph(graph_dict, owner, "the uploaded graph")
        response.report = json.dumps(json_safe(report))
        return response, ((graph_dict, None) if not opts["no_keep"] else None)

    # -- verification on the target framework's worker -------------------------------------------
    def _peer(self, target: str):
        own = getattr(self.w, "address", "")
        for p in self.peers:
            if p.backend == target and p.address != own:
                return p
        return None

    def _verify_elsewhere(self, report: dict, target: str, source: str, reply: dict,
                          args: bytes, buffers: list, context, *, peers: bool = True) -> None:
        """Run the emitted code on the example inputs in a process that did not run the
        submitted code, compare with the source program's outputs and record the verdict in the
        report: the target framework's worker (``--peers``, unless ``peers`` is False), else a
        fresh sandbox of this worker that runs the target framework. A mismatch, or an error the
        emitted code raises there, fails the Transpile; no such process: ``verified`` False,
        with the reason (``unverified``)."""
        v = report.setdefault("verification", {})
        verify = {"name": reply["name"], "expected": reply["expected"],
                  "rtol": reply.get("rtol") or {}, "is_model": bool(reply.get("is_model")),
                  "weights": reply.get("weights") or {}, "target": target}
        request = worker_pb2.TranspileRequest(code=reply["code"], target=target, args=args,
                                              buffers=buffers, verify=codec.encode(verify))
        t0 = time.perf_counter()
        peer = self._peer(target) if peers and target not in ("ivy", self.w.backend) else None
        result, tried = None, ""
        if peer is not None:
            where, label = (f"the {peer.backend}@{peer.device} worker at {peer.address}",
                            f"worker:{target}@{peer.device}")
            result = self._call_peer(peer, request, context)
            code = result.get("error", (None,))[0]
            if code not in (None, grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.NOT_FOUND):
                # the peer could not run it (no code execution, down, busy): not the code's fault
                tried = f"{where} could not ({code.name}: {result['error'][1][:200]}); "
                result = None
        if result is None and self.w.code_execution:
            where, label = (f"a fresh {target} sandbox of this {self.w.backend}@{self.w.device} "
                            "worker", f"sandbox:{target}@{self.w.device}")
            try:
                result = json.loads(self._run_emitted(request, target, verify).report)
            except RpcFailure as e:
                result = {"error": (e.code, str(e))}
        if result is None:
            v["verified"] = False
            v["unverified"] = (f"{tried}no process could run the emitted {target} code: no "
                               f"{target} worker is configured (--peers / IVY_PEERS) and this "
                               "worker does not run code (--allow-code-execution)")
            return
        report.setdefault("timings", {})["target_worker_s"] = time.perf_counter() - t0
        if "error" in result:
            code, message = result["error"]
            if code in (grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.NOT_FOUND):
                raise errors.invalid(
                    f"transpile {source} -> {target}: the emitted code fails on {where}: "
                    f"{message}")
            v["verified"] = False
            v["unverified"] = f"{tried}{where} could not run the emitted code ({code.name}): " \
                f"{message[:500]}"
            v["target_worker"] = {"skipped": v["unverified"]}
            return
        entry = {"where": f"{where}, {result.get('framework', target)}",
                 "verified": bool(result.get("verified")), "example": result.get("example", [])}
        v["target_worker"] = entry
        if not entry["verified"]:
            bad = next((e for e in entry["example"] if not e.get("ok")), {})
            raise errors.invalid(
                f"transpile {source} -> {target}: the emitted code does not reproduce the source "
                f"on {where} (output {bad.get('path', '?')}): {bad.get('why', '')}")
        v["verified"] = True
        v["verified_on"] = [*v.get("verified_on", []), label]
        v["where"] = "; ".join(filter(None, [v.get("where", ""), entry["where"]]))
        v.pop("skipped", None)
        v.pop("unverified", None)

    def _call_peer(self, peer, request, context) -> dict:
        with self._lock:
            ch = self._channels.get(peer.address)
            if ch is None:
                ch = self._channels[peer.address] = grpc.insecure_channel(
                    peer.address, options=[("grpc.max_send_message_length",
                                            self.w.max_message_bytes),
                                           ("grpc.max_receive_message_length",
                                            self.w.max_message_bytes)])
        rpc = ch.unary_unary(f"/{SERVICE_NAME}/Transpile",
                             worker_pb2.TranspileRequest.SerializeToString,
                             worker_pb2.TranspileResponse.FromString)
        md = [(k, v) for k, v in (context.invocation_metadata() or ())
              if k in ("authorization", "x-request-id")] if context is not None else []
        try:
            r = rpc(request, timeout=self._wall(context) + 5, metadata=md or None)
        except grpc.RpcError as e:
            return {"error": (e.code(), e.details() or e.code().name)}
        try:
            return json.loads(r.report)
        except ValueError:
            return {"error": (grpc.StatusCode.INTERNAL, "the target worker's report is not JSON")}

    def _verify_here(self, request, owner: str):
        """A verification request from another worker: run the emitted code in this worker's
        sandbox on the example inputs and compare with the expected outputs."""
        if not self.w.code_execution:
            raise RpcFailure(grpc.StatusCode.PERMISSION_DENIED,
                             "verifying emitted code runs it and is off on this worker "
                             "(--allow-code-execution)")
        v = codec.decode(request.verify)
        if not isinstance(v, dict) or not isinstance(v.get("name"), str) or "expected" not in v:
            raise errors.invalid("malformed verification request")
        target = framework(request.target or v.get("target") or "", "target", SOURCES)
        if target != self.w.backend:
            raise errors.invalid(f"this is a {self.w.backend} worker: it verifies "
                                 f"{self.w.backend} code, not {target}")
        return self._run_emitted(request, target, v)

    def _run_emitted(self, request, target: str, v: dict):
        """The emitted ``target`` code of ``request`` run in a fresh sandbox on the example
        inputs and compared with ``v["expected"]`` -> a response whose report has the verdict."""
        limits = self.w.sandbox_limits
        job = {"code": request.code, "args": bytes(request.args),
               "buffers": [bytes(b) for b in request.buffers], "verify": v}
        reply = sandbox.transpile("run", "numpy" if target == "ivy" else target, target, job,
                                  cpu_s=limits["cpu_s"], wall_s=float(limits["wall_s"]),
                                  memory_mb=limits["memory_mb"],
                                  reply_cap=self.w.max_message_bytes, pool=self.pool)
        out = {k: reply.get(k) for k in ("verified", "example", "framework")}
        return worker_pb2.TranspileResponse(report=json.dumps(json_safe(out)))


def _untrusted_verification(report: dict, sandbox_kind: str) -> dict:
    """The report's verification with the verdict of the sandbox that ran the submitted code
    set aside (``capture_check``): that process can write any reply, so what it says of its own
    checks is shown but never taken as the verdict, which only another process gives."""
    v = report.setdefault("verification", {})
    v["capture_check"] = {
        "verified": v.get("verified"),
        "where": f"the {sandbox_kind} sandbox that ran the submitted code: its own claim, "
                 "not evidence"}
    v.update(verified=None, verified_on=[], where="")
    return v


def _to_numpy_tree(out, worker):
    if isinstance(out, (list, tuple)):
        return [_to_numpy_tree(v, worker) for v in out]
    if isinstance(out, dict):
        return {k: _to_numpy_tree(v, worker) for k, v in out.items()}
    if out.__class__ is worker.ivy.Array:
        out = out._data
    if worker._native_of(type(out)) is not None:
        return np.asarray(worker.B.to_numpy(out))
    return out

