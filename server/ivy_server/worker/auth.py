"""Bearer-token authentication of the worker's RPCs (health checks and reflection stay open),
for both server kinds."""

from __future__ import annotations

import secrets

import grpc
from ivy_client.token_file import parse_tokens


class AuthInterceptor(grpc.ServerInterceptor):
    """Every RPC but health checks and reflection needs ``authorization: Bearer <token>``."""

    OPEN = ("/grpc.health.v1.Health/", "/grpc.reflection.")

    def __init__(self, token):
        tokens = parse_tokens(token) if isinstance(token, str) else list(token)
        self.expected = ["Bearer " + t for t in tokens]

        self._deny = grpc.unary_unary_rpc_method_handler(
            lambda request, context: context.abort(grpc.StatusCode.UNAUTHENTICATED, self.NONE))
        self._wrong = grpc.unary_unary_rpc_method_handler(
            lambda request, context: context.abort(grpc.StatusCode.UNAUTHENTICATED, self.WRONG))

    NONE = ("no token: this worker needs 'authorization: Bearer <token>' metadata (the token of "
            "--auth-token-env; ivy_client: Client(token=...), IVY_AUTH_TOKEN, or the token file "
            "ivy-serve writes, ~/.config/ivy/token)")
    WRONG = ("wrong token: the 'authorization: Bearer <token>' sent is not one this worker "
             "accepts (its --auth-token-env; ivy-serve writes the token it serves with to "
             "~/.config/ivy/token)")

    @staticmethod
    def sent_token(metadata) -> bool:
        return any(k == "authorization" for k, _ in metadata or ())

    def denial(self, metadata):
        """The handler refusing a call: one saying no token was sent, or that it is wrong."""
        return self._wrong if self.sent_token(metadata) else self._deny

    def allowed(self, metadata) -> bool:
        for k, v in metadata or ():
            if k == "authorization":
                ok = False
                for e in self.expected:  # compare with every token: timing says nothing
                    ok |= secrets.compare_digest(v.encode("utf-8", "replace"), e.encode())
                if ok:
                    return True
        return False

    def intercept_service(self, continuation, handler_call_details):
        method = handler_call_details.method
        if method.startswith(self.OPEN):
            return continuation(handler_call_details)
        if self.allowed(handler_call_details.invocation_metadata):
            return continuation(handler_call_details)
        return self.denial(handler_call_details.invocation_metadata)


class AioAuthInterceptor(grpc.aio.ServerInterceptor):
    """``AuthInterceptor`` for grpc.aio."""

    def __init__(self, token):
        self._sync = AuthInterceptor(token)

        def denier(message):
            async def deny(request, context):
                await context.abort(grpc.StatusCode.UNAUTHENTICATED, message)

            return grpc.unary_unary_rpc_method_handler(deny)

        self._deny, self._wrong = denier(AuthInterceptor.NONE), denier(AuthInterceptor.WRONG)

    async def intercept_service(self, continuation, handler_call_details):
        method = handler_call_details.method
        if method.startswith(AuthInterceptor.OPEN):
            return await continuation(handler_call_details)
        md = handler_call_details.invocation_metadata
        if self._sync.allowed(md):
            return await continuation(handler_call_details)
        return self._wrong if AuthInterceptor.sent_token(md) else self._deny
