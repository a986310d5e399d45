"""The HTTP gateway (``ivy-gateway``): Ivy's transpile and call endpoints over HTTP and the
browser playground, in front of the sandboxed gRPC workers. See docs/service.md.

``app.create_app`` builds the FastAPI application, ``cli.main`` runs it with uvicorn, and
``process`` starts and watches it for ``ivy-serve``. Importing this package imports no web
framework (the launcher imports ``process`` only).
"""
