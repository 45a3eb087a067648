"""The plain HTTP API: the session for clients without MCP, on Starlette.

``POST /tabs/{id}/find``, ``/tabs/{id}/click``, ``/tabs/{id}/regions`` … as the find
seed's orchestrator has it. Each route names a request model (pydantic); the OpenAPI
schema at ``/openapi.json`` is generated from those models and the route table, so
it cannot drift from the code. Every route but ``snapshot`` (HTTP only), and its model,
is made from the session's table of operations (:mod:`domdex.session.operations`), the
one the MCP tools and the CLI are made from too. Several browsers can be served at once (one per
``instance``); a tab id ``work:t2`` is routed to the instance that holds it, a bare
``t2`` to the default one.

Bound to 127.0.0.1 by default. Bound elsewhere, a bearer token is required: a
browser on an open port is a remote control for everything the browser can reach.
The MCP streamable-HTTP endpoint (``/mcp``) can live on the same server.

Every route, ``/mcp`` included, sits behind :class:`Guard`: the Host/Origin allow-list
of :class:`~domdex.policy.ServerPolicy` (a web page the user visits must not drive the
browser), JSON bodies only (``Content-Type: application/json``, so a cross-origin
"simple" request is refused without a preflight) and a body size limit read as the
body streams in. Each API request runs under a deadline, and pure work (find, grep,
rendering) runs in a worker thread so one slow request does not stall the others.
"""

from __future__ import annotations

import contextlib
import hmac
import logging
import secrets
import socket
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from .errors import BrowserError, DomdexError, RefError, RegionNotFoundError, StaleRefError
from .holder import SessionHolder
from .policy import ServerPolicy
from .session import AsyncSession
from .session.operations import OPERATIONS, Operation, Param, operation
from .session.operations import run as run_operation

logger = logging.getLogger("domdex")

__all__ = ["ApiRoute", "Guard", "build_app", "openapi", "serve"]

LOOPBACK = ("127.0.0.1", "localhost", "::1")
#: Largest request body accepted, in bytes (uploads go by path, not by content).
MAX_BODY = 1_000_000
#: Seconds an API request may take before it is stopped with a 504.
REQUEST_DEADLINE = 120.0
#: Seconds uvicorn waits for open requests and streams after SIGTERM.
GRACEFUL_SHUTDOWN = 5


# Request bodies ------------------------------------------------------------------------
class Empty(BaseModel):
    model_config = ConfigDict(extra="forbid")


# The one body of every element action but drag (the wire format clients know): its
# ``value`` is AsyncSession.act's, whatever the operation calls it (text, key, option,
# paths). Not a docstring: pydantic would put it in every action's schema.
class ActBody(Empty):
    ref: str | None = Field(None, description="element ref, e.g. e12")
    query: str | None = Field(None, description="words for the element, when no ref")
    value: str | list[str] | None = Field(None, description="text, key, option or file paths")
    diff: bool = False


Handler = Callable[[AsyncSession, str | None, Any], Awaitable[Any]]


@dataclass(frozen=True, slots=True)
class ApiRoute:
    """One endpoint: path, body model, what it does (its doc) and the call."""

    path: str
    body: type[BaseModel]
    doc: str
    call: Handler


def body_model(op: Operation) -> type[BaseModel]:
    """The request body of ``op``'s endpoint: its parameters, as the operation types them."""
    fields: dict[str, Any] = {p.name: (_field_type(p), ... if p.required else p.default)
                              for p in op.params}
    name = "".join(w.capitalize() for w in op.name.split("_")) + "Body"
    return create_model(name, __base__=Empty, **fields)


def _field_type(p: Param) -> Any:
    field: dict[str, Any] = {"description": p.doc or p.help} if p.doc or p.help else {}
    if p.bounds is not None:
        field.update(ge=p.bounds[0], le=p.bounds[1])
    return Annotated[p.type, Field(**field)] if field else p.type


def _operation(op: Operation) -> ApiRoute:
    """The endpoint of one of the session's operations, made from its declaration: the
    element actions but drag share :class:`ActBody` (``to`` is a ref, not a value)."""
    body = ActBody if op.kind == "action" and op.name != "drag" else body_model(op)

    async def call(s: AsyncSession, tab: str | None, b: BaseModel) -> Any:
        args = dict(b)
        if body is ActBody and op.value:  # the wire's value is the operation's own
            args[op.value] = args.pop("value")
        return await run_operation(op, s, tab, args)
    return ApiRoute(op.route or op.name, body, op.help, call)


async def _snapshot(s: AsyncSession, tab: str | None, b: Empty) -> Any:
    return (await s.index(tab)).snapshot


#: The endpoints only the HTTP API has: the capture itself, for clients of the JSON.
HTTP_ONLY: list[ApiRoute] = [ApiRoute("snapshot", Empty, "The capture as snapshot JSON.",
                                      _snapshot)]
#: Every tab endpoint: ``POST /tabs/{id}/<path>``, in the table's order.
ROUTES: list[ApiRoute] = [*(_operation(op) for op in OPERATIONS if op.route is not None),
                          *HTTP_ONLY]
#: ``POST /tabs``: open a URL in a new tab (``GET /tabs`` lists every instance's tabs).
OpenBody = body_model(operation("open"))


def _payload(result: Any) -> dict[str, Any]:
    if isinstance(result, str):
        return {"ok": True, "text": result}
    data = result.to_dict() if hasattr(result, "to_dict") else None
    text = result.render() if hasattr(result, "render") else str(result)
    return {"ok": True, "text": text, "data": data}


def _respond(result: Any) -> Any:
    """The response for a call's result (pure work: run in a worker thread)."""
    from starlette.responses import JSONResponse, Response

    if isinstance(result, bytes):
        return Response(result, media_type="image/png")
    if hasattr(result, "to_json"):
        return Response(result.to_json(), media_type="application/json")
    return JSONResponse(_payload(result))


_STATUS = {StaleRefError: 409, RefError: 404, RegionNotFoundError: 404, BrowserError: 503}


def _error(exc: BaseException, status: int = 400) -> Any:
    for cls, code in _STATUS.items():
        if isinstance(exc, cls):
            status = code
            break
    return _refusal(status, type(exc).__name__, str(exc))


def _refusal(status: int, error: str, message: str) -> Any:
    """``{ok: false, error, message}``: what was wrong, in one sentence."""
    from starlette.responses import JSONResponse

    return JSONResponse({"ok": False, "error": error, "message": message},
                        status_code=status)


def parse_body(model: type[BaseModel], raw: bytes, name: str) -> Any:
    """The request body as ``model``; a bad one is a :class:`DomdexError` sentence."""
    try:
        return model.model_validate_json(raw or b"{}")
    except ValidationError as exc:
        raise DomdexError(_bad_body(model, exc, name)) from None


def _bad_body(model: type[BaseModel], exc: ValidationError, name: str) -> str:
    err = exc.errors(include_url=False)[0]
    field = str(err["loc"][0]) if err["loc"] else ""
    kind = err["type"]
    if kind == "json_invalid":
        return f"The {name} request body is not valid JSON."
    if kind == "model_type" or not field:
        return f"The {name} request body must be a JSON object."
    if kind == "extra_forbidden":
        return (f"The {name} request body has an unknown field {field!r}; its fields are "
                f"{', '.join(model.model_fields) or 'none'}.")
    if kind == "missing":
        return f"The {name} request body needs the field {field!r}."
    return f"The {name} request body has a bad {field!r}: {err['msg'].lower()}."


class Instances:
    """Browsers by instance name; tab ids ``name:t2`` route to their instance."""

    def __init__(self, holders: dict[str, SessionHolder]) -> None:
        if not holders:
            raise ValueError("at least one instance is needed")
        self.holders = holders
        self.default = next(iter(holders))

    def split(self, tab: str | None) -> tuple[SessionHolder, str | None]:
        name = self.default
        if tab and ":" in tab:
            name, tab = tab.split(":", 1)
            if name not in self.holders:
                raise BrowserError(f"No browser instance {name!r}. Instances: "
                                   f"{', '.join(self.holders)}.")
        if tab in ("current", "-", ""):
            tab = None
        return self.holders[name], tab

    async def close(self) -> None:
        for h in self.holders.values():
            await h.close()


def openapi(routes: list[ApiRoute] = ROUTES) -> dict[str, Any]:
    """The OpenAPI 3.1 document, generated from the route table and request models."""
    paths: dict[str, Any] = {
        "/tabs": {"get": {"summary": "List tabs (all instances).", "responses": _ok()},
                  "post": {"summary": "Open a new tab.", "requestBody": _body(OpenBody),
                           "responses": _ok()}},
    }
    for r in routes:
        paths[f"/tabs/{{tab}}/{r.path}"] = {"post": {
            "summary": r.doc, "operationId": r.path,
            "parameters": [{"name": "tab", "in": "path", "required": True,
                            "schema": {"type": "string"},
                            "description": "tab id (t1, or instance:t1); 'current' for the "
                                           "current tab"}],
            "requestBody": _body(r.body), "responses": _ok()}}
    return {"openapi": "3.1.0",
            "info": {"title": "domdex", "version": _version(),
                     "description": __doc__.split("\n\n")[0] if __doc__ else ""},
            "components": {"securitySchemes": {"bearer": {"type": "http",
                                                          "scheme": "bearer"}}},
            "security": [{"bearer": []}], "paths": paths}


def _version() -> str:
    from . import __version__

    return __version__


def _body(model: type[BaseModel]) -> dict[str, Any]:
    return {"required": False,
            "content": {"application/json": {"schema": model.model_json_schema()}}}


def _ok() -> dict[str, Any]:
    return {"200": {"description": "{ok, text, data}"},
            "4XX": {"description": "{ok: false, error, message}"}}


def build_app(instances: dict[str, SessionHolder] | SessionHolder | None = None, *,
              token: str | None = None, mcp_server: Any = None,
              host: str = "127.0.0.1", port: int = 8808, policy: ServerPolicy | None = None,
              max_body: int = MAX_BODY, deadline: float = REQUEST_DEADLINE,
              extra_routes: list[Any] | None = None) -> Any:
    """The ASGI app: the tab API, ``/openapi.json`` and ``/mcp`` if given a server, all
    behind :class:`Guard` (``policy``: default, the loopback names with ``port``)."""
    import anyio
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse
    from starlette.routing import Route

    if isinstance(instances, SessionHolder) or instances is None:
        instances = {"default": instances or SessionHolder()}
    pool = Instances(instances)

    async def run(name: str, call: Callable[[], Awaitable[Any]]) -> Any:
        """One call under the deadline; its answer rendered off the event loop."""
        try:
            with anyio.move_on_after(deadline):
                result = await call()
                return await anyio.to_thread.run_sync(_respond, result)
            return _refusal(504, "Timeout", f"{name} took longer than {deadline:g} s and was "
                            "stopped; the page may have changed: look again before acting.")
        except DomdexError as exc:
            return _error(exc)
        except Exception as exc:  # never let one request take the server down
            logger.exception("%s failed", name)
            return _refusal(500, "InternalError", f"{name} failed unexpectedly "
                            f"({type(exc).__name__}); the server is still running.")

    async def tab_call(request: Request) -> Any:
        name = request.path_params["action"]
        route = next((r for r in ROUTES if r.path == name), None)
        if route is None:
            return _error(DomdexError(f"No endpoint {name!r}. Endpoints: "
                                      f"{', '.join(r.path for r in ROUTES)}."), 404)
        try:
            body = parse_body(route.body, await request.body(), name)
            holder, tab = pool.split(request.path_params["tab"])
            session = await holder.get()  # a launch has its own timeout: never cut short
        except DomdexError as exc:
            return _error(exc)
        return await run(name, lambda: route.call(session, tab, body))

    async def list_tabs(request: Request) -> Any:
        out = []
        for name, holder in pool.holders.items():
            if holder.session is None:
                continue
            prefix = "" if name == pool.default else f"{name}:"
            for t in await holder.session.tab_list():
                d = t.to_dict()
                d["id"] = prefix + d["id"]
                out.append(d)
        return JSONResponse({"ok": True, "tabs": out})

    async def new_tab(request: Request) -> Any:
        try:
            body = parse_body(OpenBody, await request.body(), "open")
            session = await pool.holders[pool.default].get()
        except DomdexError as exc:
            return _error(exc)
        return await run("open", lambda: session.open(body.url, new_tab=True))

    async def schema(request: Request) -> Any:
        return JSONResponse(openapi())

    routes = [Route("/openapi.json", schema), Route("/tabs", list_tabs, methods=["GET"]),
              Route("/tabs", new_tab, methods=["POST"]),
              Route("/tabs/{tab}/{action}", tab_call, methods=["POST"]),
              *(extra_routes or [])]
    if mcp_server is not None:
        from mcp.server.transport_security import TransportSecuritySettings

        # one allow-list for every route: Guard's (the SDK's own would allow any
        # loopback port, and a page on another local port is exactly the attacker)
        app = mcp_server.streamable_http_app(
            host=host, max_request_body_size=max_body,
            transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False))
        app.router.routes.extend(routes)
        inner = app.router.lifespan_context

        @asynccontextmanager
        async def lifespan(a: Any) -> AsyncIterator[Any]:
            try:
                async with inner(a) as state:
                    yield state
            finally:
                await pool.close()
        app.router.lifespan_context = lifespan
    else:
        @asynccontextmanager
        async def own_lifespan(_app: Any) -> AsyncIterator[None]:
            try:
                yield
            finally:
                await pool.close()
        app = Starlette(routes=routes, lifespan=own_lifespan)
    app.exception_handlers[404] = _not_found
    app.exception_handlers[405] = _not_allowed
    outer: Any = BearerAuth(app, token=token) if token else app
    policy = policy or ServerPolicy.for_server(host, port)
    if policy.origins:
        from starlette.middleware.cors import CORSMiddleware

        outer = CORSMiddleware(outer, allow_origins=sorted(policy.origins),
                               allow_methods=["GET", "POST", "DELETE"],
                               allow_headers=["authorization", "content-type", "mcp-session-id",
                                              "mcp-protocol-version", "last-event-id"],
                               expose_headers=["mcp-session-id"])
    return Guard(outer, policy, max_body)


async def _not_found(request: Any, exc: Any) -> Any:
    return _refusal(404, "NotFound", f"No route {request.url.path}; the API is under /tabs "
                    "(see /openapi.json) and MCP at /mcp.")


async def _not_allowed(request: Any, exc: Any) -> Any:
    return _refusal(405, "MethodNotAllowed",
                    f"{request.method} is not allowed on {request.url.path}.")


#: Seconds a client has to send its whole request body.
BODY_DEADLINE = 10.0


class Guard:
    """In front of every route: Host/Origin allow-list, JSON bodies only, body size.

    A foreign Host (DNS rebinding) or a web page's foreign Origin gets 403; a POST that
    is not ``application/json`` (what a page can send without a preflight) 415; a body
    over ``max_body`` bytes 413, found out while it streams in (never read whole); a
    body that has not arrived within :data:`BODY_DEADLINE` seconds 408.
    """

    def __init__(self, app: Any, policy: ServerPolicy, max_body: int = MAX_BODY,
                 body_deadline: float = BODY_DEADLINE) -> None:
        self.app = app
        self.policy = policy
        self.max_body = max_body
        self.body_deadline = body_deadline

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        from starlette.datastructures import Headers

        headers = Headers(scope=scope)
        why = self.policy.refuse(headers.get("host"), headers.get("origin"))
        if why is not None:
            await _refusal(403, "Forbidden", why)(scope, receive, send)
            return
        if scope["method"] in ("POST", "PUT", "PATCH"):
            ctype = headers.get("content-type", "").split(";")[0].strip().lower()
            if ctype != "application/json":
                await _refusal(415, "UnsupportedMediaType", "Send the body as JSON with "
                               "'Content-Type: application/json'.")(scope, receive, send)
                return
            import anyio

            bounded: Any = False
            with anyio.move_on_after(self.body_deadline):  # a body trickling in (slowloris)
                bounded = await self._bounded(headers, receive)
            if bounded is False:
                await _refusal(408, "RequestTimeout", f"The request body did not arrive "
                               f"within {self.body_deadline:g} s.")(scope, receive, send)
                return
            if bounded is None:
                await _refusal(413, "TooLarge", f"The request body is over "
                               f"{self.max_body:,} bytes.")(scope, receive, send)
                return
            if bounded is True:
                return  # the client went away while sending: nobody to answer
            receive = bounded
        await self.app(scope, receive, send)

    async def _bounded(self, headers: Any, receive: Any) -> Any:
        """A ``receive`` that replays the body; None when it is too large, True when
        the client disconnected before it ended."""
        declared = headers.get("content-length", "")
        if declared.isdigit() and int(declared) > self.max_body:
            return None
        body, messages = 0, []
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] == "http.disconnect":
                return True
            if message["type"] != "http.request":
                break
            body += len(message.get("body", b""))
            if body > self.max_body:
                return None
            if not message.get("more_body", False):
                break

        async def replay() -> Any:
            return messages.pop(0) if messages else await receive()
        return replay


class BearerAuth:
    """Refuse every request without ``Authorization: Bearer <token>`` (constant-time)."""

    def __init__(self, app: Any, token: str) -> None:
        self.app = app
        self.expected = f"Bearer {token}".encode()

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            got = dict(scope.get("headers") or ()).get(b"authorization", b"")
            if not hmac.compare_digest(got, self.expected):
                from starlette.responses import JSONResponse

                resp = JSONResponse({"ok": False, "error": "Unauthorized",
                                     "message": "Send Authorization: Bearer <token>."},
                                    status_code=401)
                await resp(scope, receive, send)
                return
        await self.app(scope, receive, send)


def check_binding(host: str, token: str | None) -> str | None:
    """The token to use: required (and generated if missing) when not on loopback."""
    if host in LOOPBACK or token:
        return token
    generated = secrets.token_urlsafe(24)
    logger.warning("bound to %s: requests need 'Authorization: Bearer %s'", host, generated)
    return generated


async def serve(*, host: str = "127.0.0.1", port: int = 8808, token: str | None = None,
                mcp_server: Any = None,
                holder: SessionHolder | dict[str, SessionHolder] | None = None,
                sock: Any = None, shutdown_route: bool = False,
                idle_timeout: float | None = None, allowed_hosts: tuple[str, ...] = (),
                client_origins: tuple[str, ...] = (), max_body: int = MAX_BODY,
                deadline: float = REQUEST_DEADLINE) -> None:
    """Run the HTTP API (and ``/mcp`` when given an MCP server) with uvicorn.

    ``sock``: an already bound socket (the CLI daemon binds port 0 to learn its port).
    ``shutdown_route``: add ``POST /shutdown`` (the daemon's ``domdex close``).
    ``idle_timeout``: stop after that many seconds without a request (a forgotten
    daemon must not keep a Chromium running for ever).
    ``allowed_hosts`` / ``client_origins``: more Host names the server answers to and
    web origins that may call it (see :class:`~domdex.policy.ServerPolicy`).
    """
    import anyio
    import uvicorn
    from starlette.responses import JSONResponse
    from starlette.routing import Route

    token = check_binding(host, token)
    if token and host not in LOOPBACK:
        print(f"domdex: bearer token {token}", flush=True)
    server: Any = None

    async def shutdown(_request: Any) -> Any:
        server.should_exit = True
        return JSONResponse({"ok": True, "text": "Session closed."})

    activity = _Activity(None)
    config = uvicorn.Config(activity, host=host, port=port, log_level="warning",
                            lifespan="on", timeout_graceful_shutdown=GRACEFUL_SHUTDOWN,
                            http=_no_delay_protocol())
    if sock is None:
        sock = config.bind_socket()  # port 0 becomes a real one, known to the policy
    port = int(sock.getsockname()[1])
    policy = ServerPolicy.for_server(host, port, hosts=allowed_hosts, origins=client_origins)
    extra = [Route("/shutdown", shutdown, methods=["POST"])] if shutdown_route else []
    activity.app = build_app(holder, token=token, mcp_server=mcp_server, host=host,
                             port=port, policy=policy, max_body=max_body, deadline=deadline,
                             extra_routes=extra)
    server = uvicorn.Server(config)

    async def watch_idle(limit: float) -> None:
        while not server.should_exit:
            await anyio.sleep(min(limit, 5.0))
            if time.monotonic() - activity.last > limit:
                logger.info("idle for %.0f s: stopping", limit)
                server.should_exit = True

    async with anyio.create_task_group() as tg:
        if idle_timeout:
            tg.start_soon(watch_idle, idle_timeout)
        await server.serve(sockets=[sock])
        tg.cancel_scope.cancel()


def _no_delay_protocol() -> Any:
    """uvicorn's HTTP/1.1 protocol with Nagle's algorithm off on every connection.

    uvicorn writes a response as two writes, headers then body. asyncio turns Nagle off
    only for sockets whose ``proto`` is IPPROTO_TCP, and accepted sockets carry 0, so on
    a kept-alive connection the body waited for the client's delayed ACK: 40 ms more on
    every request (bench/load.py: 52 ms a view on a kept-alive connection, 7 ms on a
    new one; every MCP client over streamable HTTP keeps its connection alive).
    """
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class NoDelayH11Protocol(H11Protocol):
        def connection_made(self, transport: Any) -> None:
            sock = transport.get_extra_info("socket")
            if sock is not None:
                with contextlib.suppress(OSError):
                    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            super().connection_made(transport)

    return NoDelayH11Protocol


class _Activity:
    """ASGI wrapper that notes when the server was last busy: a request running counts
    as activity until it ends (an ``open`` that loads a slow page for longer than the
    idle limit was cut off mid-answer, and the client read an empty reply)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self._last = time.monotonic()
        self.running = 0

    @property
    def last(self) -> float:
        """When the server was last busy (now while a request runs)."""
        return time.monotonic() if self.running else self._last

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        self.running += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.running -= 1
            self._last = time.monotonic()
