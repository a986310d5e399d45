"""The Ivy RPC server: ``ivy-worker`` (one backend x one device over gRPC) and ``ivy-serve``
(the launcher that supervises the workers of ``workers.toml``). See docs/rpc.md."""
