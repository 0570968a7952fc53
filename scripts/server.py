#!/usr/bin/env python3
r"""Lattice's loopback GraphQL server, for the HTTP and SSE transports' tests.

Serves spec/schema.graphql over HTTP on 127.0.0.1, executed by graphql-core with the
fixture data graph and resolvers (scripts/fixtures), so it answers what the committed
fixtures were generated from; with `--schema keyed`, Tests/Fixtures/KeyedSchema's schema over
its own small graph instead (scripts/fixtures/keyed.py: a schema not keyed by a global `id`;
no @defer or @stream there). One graph per process; mutations change it, one request
at a time. Queries and mutations may use @defer and @stream (graphql-core's
`experimental_execute_incrementally` and its defer/stream validation rules); without them
the answer is the same as the generator's.

Usage:
    $LATTICE_PYTHON scripts/server.py [--port 0] [--max-seconds 120]
                                      [--manifest FILE] [--persisted-only]
                                      [--refuse-ids not-supported|bad-request]
                                      [--require-token TOKEN] [--schema spec|keyed]

    --port N          port to bind on 127.0.0.1; 0 (the default) picks a free one.
    --max-seconds S   exit after S seconds whatever happens (default 120).
    --schema NAME     `spec` (the default) or `keyed` (above).
    --require-token TOKEN  /graphql answers 401 {"errors": [...]} to a request whose
                      `Authorization` is not `Bearer TOKEN`, event streams and multipart
                      answers included (POST /require-token/TOKEN
                      changes the token it asks for: a token that expires mid-session).
    --manifest FILE   persisted documents it knows from the start: a JSON object of id
                      (the SHA-256 of the text, lowercase hex) to text, as
                      `lattice persisted-documents` writes it. An id given twice, or one
                      that is not its text's SHA-256, is refused: the server does not start.
    --persisted-only  runs documents by id only: a request that carries a text is refused
                      (`PERSISTED_QUERY_NOT_SUPPORTED`), so nothing is learnt either.
    --refuse-ids HOW  knows no persisted documents at all, as a server without the
                      extension: a request with an id and no text is refused, with
                      `not-supported` as Apollo Server does (200, {"errors": [{"message":
                      "PersistedQueryNotSupported", "extensions": {"code":
                      "PERSISTED_QUERY_NOT_SUPPORTED"}}]}), with `bad-request` as strawberry
                      does (400, {"errors": [{"message": "No GraphQL query found in the
                      request"}]}); one with a text runs the text, its id ignored. Counted
                      as "refused" in GET /documents.

Persisted documents (Apollo's persisted-query extension): a body with
`extensions.persistedQuery.sha256Hash` and no `query` runs the document with that id,
or answers {"errors": [{"message": "PersistedQueryNotFound", "extensions": {"code":
"PERSISTED_QUERY_NOT_FOUND"}}]} when it knows none; with a `query` too, the text is
checked against the id (`PERSISTED_QUERY_HASH_MISMATCH` when it is not its SHA-256),
learnt, and run. GET /documents answers how many requests came by text, by a known id,
by an unknown id, and how many texts were learnt, and how many ids were refused
(--refuse-ids): {"text", "id", "unknown", "learnt", "refused"}.

Once it accepts connections it prints exactly one line on stdout, `LISTENING <port>`,
and flushes it. It prints nothing else on stdout and logs nothing per request.

It exits by itself: after --max-seconds, or as soon as stdin reaches end of file when
stdin is a pipe (spawn it with a pipe for stdin and close it, or just exit: the server
follows). With stdin not a pipe (a terminal, /dev/null) only --max-seconds stops it.
SIGTERM and SIGINT stop it too.

Paths (the query string is ignored except for `ms`, `hold` and the streams' controls):
    POST /graphql       body {"query", "variables"?, "operationName"?}: 200 with
                        application/json {"data", "errors"?} as graphql-core executes it
                        (request errors give {"data": null, "errors"}); 400 with
                        {"errors"} when the body is not such a JSON object; 405 for
                        other methods. A subscription is answered with a request error,
                        unless the request accepts text/event-stream; so is an operation
                        that defers or streams (graphql-core's "Executing this GraphQL
                        operation would unexpectedly produce multiple payloads ...", after
                        executing it), unless the request accepts multipart/mixed:
    POST /graphql       with `Accept: multipart/mixed`: an operation that defers or streams
                        is answered 200, `multipart/mixed; boundary="-"`, HTTP/1.1 chunked,
                        one part per payload of graphql-core's (`\r\n---\r\nContent-Type:
                        application/json; charset=utf-8\r\n\r\n` then the JSON: the initial
                        {"data", "errors"?, "pending", "hasNext"}, then each {"incremental"?,
                        "pending"?, "completed"?, "hasNext"}), then `\r\n-----\r\n`, then the
                        end of the body. Each chunk is a part and the delimiter after it, so
                        a reader has the part at once. A single response (nothing deferred
                        or streamed, a request error) is answered as without the header.
                        Test controls, in the query string: drop-after=N (after N parts,
                        half a part, then the connection dropped), once=KEY, and step=KEY
                        before each payload after the initial one, as below.
    POST /graphql       with `Accept: text/event-stream`: GraphQL over Server-Sent Events,
                        distinct connections mode (graphql-sse's PROTOCOL.md). 200,
                        text/event-stream, HTTP/1.1 chunked; one `event: next` per result of
                        graphql-core's `subscribe`, or per payload of a query or mutation (one
                        when it neither defers nor streams; a request that cannot start is
                        one `next` with its errors), then `event: complete`, then the end of
                        the body. Test controls, in the query string, each a count N of
                        events sent before it acts:
                          drop-after=N      writes half an event, then drops the connection
                                            (no end of body): a connection lost mid-event.
                          close-after=N     ends the body cleanly without `complete`.
                          complete-after=N  sends `complete` early: the server ends it.
                          fail-after=N      sends a `next` with errors and no data (a server
                                            error), then `complete`.
                          garble-after=N    sends a whole `next` whose data is not JSON, then
                                            `complete`: a malformed event.
                          once=KEY          the controls above act only on the first stream
                                            with this KEY; later ones run to the end.
                          step=KEY          before each event (and before `complete`) the
                                            stream waits for one POST /step/KEY; a query's
                                            stream only before each payload after the
                                            initial one (its last says it is the last).
    POST /graphql       with `hold=KEY` in the query string: a mutation answered in one piece
                        waits for one POST /step/KEY before it runs (queries and streams go
                        on), so a test sees what an app shows while the answer is on its way.
    POST /step/KEY      lets one waiting step of the streams with `step=KEY`, or one mutation
                        held by `hold=KEY`, go on (a release before the wait is kept); 200 {}.
    POST /slow?ms=N     waits N milliseconds (at most --max-seconds), then answers like
                        /graphql: for timeouts.
    POST /require-token/TOKEN  from now on /graphql asks for `Authorization: Bearer TOKEN`
                        (as --require-token); 200 {}.
    POST /flaky/KEY?fail=N  answers 500 to the first N requests with this KEY, then like
                        /graphql; GET /flaky/KEY answers 200 {"requests": COUNT}.
    GET  /received      200 {"queries": [TEXT, ...]}: the text of every document /graphql
                        ran in one piece, in the order they came (a test checks what was sent).
    *    /status/CODE   answers HTTP CODE (100-599 are accepted; e.g. /status/500) with a
                        short application/json body {"errors": [...]}.
    *    /close         reads the request, then closes the connection without a response.
    *    /not-json      200, Content-Type application/json, a body that is not JSON.
    anything else       404.
"""
import argparse
import asyncio
import hashlib
import json
import os
import signal
import socket
import stat
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graphql import OperationType, get_operation_ast, parse  # noqa: E402
from graphql.error import GraphQLSyntaxError  # noqa: E402
from graphql.execution.executor import UNEXPECTED_MULTIPLE_PAYLOADS  # noqa: E402

from scripts.fixtures.builder import build_graph  # noqa: E402
from scripts.fixtures.context import RequestContext  # noqa: E402
from scripts.fixtures.keyed import KeyedGraph  # noqa: E402
from scripts.fixtures.runner import run_incremental, subscription_stream  # noqa: E402

NOT_JSON = b"<html><body>502 Bad Gateway: upstream sent garbage</body></html>\n"
PART_HEADERS = b"\r\nContent-Type: application/json; charset=utf-8\r\n\r\n"


class GraphQLServer(ThreadingHTTPServer):
    """One data graph, a lock that serializes execution, and the slow path's cap."""

    daemon_threads = True

    def __init__(self, port: int, max_seconds: float, documents: dict, persisted_only: bool,
                 refuse_ids=None, required_token=None, schema: str = "spec") -> None:
        super().__init__(("127.0.0.1", port), Handler)
        self.graph = build_graph()
        self.keyed = KeyedGraph() if schema == "keyed" else None
        self.lock = threading.Lock()
        self.max_seconds = max_seconds
        self.controls_lock = threading.Lock()
        self.once_used = set()
        self.steps = {}
        self.documents = dict(documents)
        self.persisted_only = persisted_only
        self.refuse_ids = refuse_ids
        self.required_token = required_token
        self.flaky_counts = {}
        self.document_counts = {"text": 0, "id": 0, "unknown": 0, "learnt": 0, "refused": 0}
        self.received = []

    def document(self, request: dict) -> dict:
        """`request` with its `query` resolved from its persisted id, if it has one.

        Raises PersistedDocumentError with the GraphQL error to answer when it cannot be."""
        extensions = request.get("extensions")
        persisted = extensions.get("persistedQuery") if isinstance(extensions, dict) else None
        query = request.get("query")
        with self.controls_lock:
            if query is not None and self.persisted_only:
                raise PersistedDocumentError("Send documents by id: this server runs only those it knows.",
                                             "PERSISTED_QUERY_NOT_SUPPORTED")
            if not isinstance(persisted, dict) or (self.refuse_ids is not None and query is not None):
                self.document_counts["text"] += 1
                return request
            if self.refuse_ids is not None:
                self.document_counts["refused"] += 1
                if self.refuse_ids == "bad-request":
                    raise IdsRefused()
                raise PersistedDocumentError("PersistedQueryNotSupported", "PERSISTED_QUERY_NOT_SUPPORTED")
            document_id = persisted.get("sha256Hash")
            if not isinstance(document_id, str):
                raise ValueError("`extensions.persistedQuery.sha256Hash` must be a string")
            if query is None:
                if document_id not in self.documents:
                    self.document_counts["unknown"] += 1
                    raise PersistedDocumentError("PersistedQueryNotFound", "PERSISTED_QUERY_NOT_FOUND")
                self.document_counts["id"] += 1
                return {**request, "query": self.documents[document_id]}
            if not isinstance(query, str) or hashlib.sha256(query.encode("utf-8")).hexdigest() != document_id:
                raise PersistedDocumentError("provided sha does not match query", "PERSISTED_QUERY_HASH_MISMATCH")
            self.document_counts["learnt"] += document_id not in self.documents
            self.document_counts["text"] += 1
            self.documents[document_id] = query
            return request

    def claim_once(self, key) -> bool:
        """Whether a stream with `once=key` (or none) gets its faults: only the first does."""
        if key is None:
            return True
        with self.controls_lock:
            first = key not in self.once_used
            self.once_used.add(key)
            return first

    def step(self, key: str) -> threading.Semaphore:
        """The semaphore behind `step=key`, made on first use."""
        with self.controls_lock:
            return self.steps.setdefault(key, threading.Semaphore(0))

    def execute(self, request: dict, incremental: bool = False):
        """The GraphQL response to a decoded request body; with `incremental`, the async
        iterator of its payloads instead when the operation defers or streams."""
        query, variables, operation_name = request_fields(request)
        if is_subscription(query, operation_name):
            return {"data": None,
                    "errors": [{"message": "Subscriptions are not served over HTTP POST."}]}
        with self.lock:
            if self.keyed is not None:
                return self.keyed.execute(query, variables, operation_name)
            response = run_incremental(query, variables, operation_name, RequestContext(self.graph))
        if incremental or isinstance(response, dict):
            return response
        # What graphql-core's `execute` raises there: one response cannot carry the payloads.
        return {"data": None, "errors": [{"message": UNEXPECTED_MULTIPLE_PAYLOADS}]}


class PersistedDocumentError(Exception):
    """A persisted-document request the server cannot run, with the error's code."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code

    def response(self) -> dict:
        return {"data": None, "errors": [{"message": str(self), "extensions": {"code": self.code}}]}


class IdsRefused(Exception):
    """A request with an id and no text to a server that knows no ids (--refuse-ids
    bad-request): answered 400 with strawberry's message."""

    MESSAGE = "No GraphQL query found in the request"


def operation_type(query: str, operation_name):
    """The type of the operation a request runs; None when there is none to run."""
    try:
        operation = get_operation_ast(parse(query), operation_name)
    except GraphQLSyntaxError:
        return None  # run_incremental reports the syntax error
    return operation.operation if operation is not None else None


def is_subscription(query: str, operation_name) -> bool:
    """Whether the operation a request runs is a subscription."""
    return operation_type(query, operation_name) == OperationType.SUBSCRIPTION


async def single(response: dict):
    """A response that is not incremental, as a stream of one."""
    yield response


def request_fields(request: dict):
    """The query, variables and operation name of a decoded request body, checked."""
    query = request.get("query")
    variables = request.get("variables")
    operation_name = request.get("operationName")
    if not isinstance(query, str) or not isinstance(variables, (dict, type(None))) \
            or not isinstance(operation_name, (str, type(None))):
        raise ValueError("`query` must be a string, `variables` an object, "
                         "`operationName` a string")
    return query, variables, operation_name


class StreamControls:
    """A stream's test controls, from its query string (see the module docstring)."""

    FAULTS = ("drop-after", "close-after", "complete-after", "fail-after", "garble-after")

    def __init__(self, query: str) -> None:
        fields = parse_qs(query)
        self.counts = {name: int(fields[name][0]) for name in self.FAULTS
                       if name in fields and fields[name][0].isdigit()}
        self.once = fields.get("once", [None])[0]
        self.step = fields.get("step", [None])[0]

    def fault_at(self, sent: int):
        """The fault that acts once `sent` events were sent, if any."""
        return next((name for name, count in self.counts.items() if count == sent), None)


class Handler(BaseHTTPRequestHandler):
    """Routes by path; see the module docstring."""

    server: GraphQLServer

    def log_message(self, format, *args):  # noqa: A002 - quiet: a test may not drain stderr
        pass

    def do_GET(self):
        self.route("GET")

    def do_POST(self):
        self.route("POST")

    def route(self, method: str) -> None:
        url = urlsplit(self.path)
        body = self.read_body()
        accept = self.headers.get("Accept", "")
        if url.path == "/graphql":
            with self.server.controls_lock:
                required = self.server.required_token
            if required is not None and self.headers.get("Authorization", "") != f"Bearer {required}":
                return self.reply(401, {"errors": [{"message": "Unauthorized: send the current token."}]})
        if url.path == "/graphql" and method == "POST" and "text/event-stream" in accept:
            return self.event_stream(body, StreamControls(url.query))
        multipart = StreamControls(url.query) if "multipart/mixed" in accept else None
        if url.path == "/graphql":
            return self.graphql(method, body, multipart, parse_qs(url.query).get("hold", [None])[0])
        if url.path.startswith("/require-token/") and method == "POST":
            with self.server.controls_lock:
                self.server.required_token = url.path[len("/require-token/"):]
            return self.reply(200, {})
        if url.path.startswith("/flaky/"):
            key = url.path[len("/flaky/"):]
            with self.server.controls_lock:
                if method == "GET":
                    return self.reply(200, {"requests": self.server.flaky_counts.get(key, 0)})
                count = self.server.flaky_counts.get(key, 0) + 1
                self.server.flaky_counts[key] = count
            failures = parse_qs(url.query).get("fail", ["0"])[0]
            if failures.isdigit() and count <= int(failures):
                return self.reply(500, {"errors": [{"message": f"Failure {count} of {failures}, as asked."}]})
            return self.graphql(method, body, multipart)
        if url.path == "/documents":
            with self.server.controls_lock:
                return self.reply(200, dict(self.server.document_counts))
        if url.path == "/received" and method == "GET":
            with self.server.controls_lock:
                return self.reply(200, {"queries": list(self.server.received)})
        if url.path.startswith("/step/") and method == "POST":
            self.server.step(url.path[len("/step/"):]).release()
            return self.reply(200, {})
        if url.path == "/slow":
            milliseconds = parse_qs(url.query).get("ms", ["0"])[0]
            delay = int(milliseconds) / 1000 if milliseconds.isdigit() else 0
            time.sleep(min(delay, self.server.max_seconds))
            return self.graphql(method, body, multipart)
        if url.path.startswith("/status/"):
            code = url.path[len("/status/"):]
            if code.isdigit() and 100 <= int(code) <= 599:
                return self.reply(int(code), {"errors": [{"message": f"Status {code}, as asked."}]})
        if url.path == "/close":
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return None
        if url.path == "/not-json":
            return self.reply_bytes(200, NOT_JSON)
        return self.reply(404, {"errors": [{"message": f"No such path: {url.path}"}]})

    def read_body(self) -> bytes:
        length = self.headers.get("Content-Length", "0")
        return self.rfile.read(int(length)) if length.isdigit() else b""

    def graphql(self, method: str, body: bytes, multipart: StreamControls = None, hold: str = None) -> None:
        """Answers a request; `multipart` (its controls) when it accepts multipart/mixed; a
        mutation waits for POST /step/`hold` first, when `hold` is given."""
        if method != "POST":
            return self.reply(405, {"errors": [{"message": "Use POST."}]})
        try:
            request = json.loads(body.decode("utf-8"))
            if not isinstance(request, dict):
                raise ValueError("the body must be a JSON object")
            request = self.server.document(request)
            query, _, operation_name = request_fields(request)
            with self.server.controls_lock:
                self.server.received.append(query)
            if hold is not None and operation_type(query, operation_name) == OperationType.MUTATION:
                self.server.step(hold).acquire(timeout=self.server.max_seconds)
            response = self.server.execute(request, multipart is not None)
        except PersistedDocumentError as error:
            return self.reply(200, error.response())
        except IdsRefused:
            return self.reply(400, {"errors": [{"message": IdsRefused.MESSAGE}]})
        except (UnicodeDecodeError, ValueError) as error:  # JSONDecodeError is a ValueError
            return self.reply(400, {"errors": [{"message": f"Bad request: {error}"}]})
        if isinstance(response, dict):
            return self.reply(200, response)
        # The other faults are the event stream's: a multipart body has no `complete` to send.
        multipart.counts = {name: count for name, count in multipart.counts.items()
                            if name == "drop-after"}
        self.start_stream('multipart/mixed; boundary="-"', multipart)
        # The delimiter goes right after each part, not with the next one: a reader knows a
        # part is whole only once the delimiter after it arrives.
        self.write_chunk(b"\r\n---")
        self.send_all(response, multipart, self.write_part, self.end_parts, subscription=False)

    def event_stream(self, body: bytes, controls: StreamControls) -> None:
        """Streams a subscription's events, or a query's or mutation's payloads, as
        graphql-sse's distinct connections mode does."""
        try:
            request = json.loads(body.decode("utf-8"))
            if not isinstance(request, dict):
                raise ValueError("the body must be a JSON object")
            request = self.server.document(request)
            fields = request_fields(request)
            subscription = is_subscription(fields[0], fields[2])
            if subscription:
                responses = subscription_stream(*fields, RequestContext(self.server.graph))
            else:
                responses = self.server.execute(request, incremental=True)
        except PersistedDocumentError as error:
            return self.reply(200, error.response())
        except IdsRefused:
            return self.reply(400, {"errors": [{"message": IdsRefused.MESSAGE}]})
        except (UnicodeDecodeError, ValueError) as error:
            return self.reply(400, {"errors": [{"message": f"Bad request: {error}"}]})
        if isinstance(responses, dict):
            responses = single(responses)
        self.start_stream("text/event-stream; charset=utf-8", controls)
        self.send_all(responses, controls, lambda response: self.write_event("next", response),
                      self.end_events, subscription)

    def start_stream(self, content_type: str, controls: StreamControls) -> None:
        """Sends the head of a chunked 200 that ends with the connection."""
        if not self.server.claim_once(controls.once):
            controls.counts = {}
        self.protocol_version = "HTTP/1.1"
        self.close_connection = True
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()

    def send_all(self, responses, controls: StreamControls, write, end, subscription: bool) -> None:
        """Writes each response the async iterator `responses` gives with `write`, as the
        controls say, then ends the body with `end(fault, sent)` (fault None: the end)."""
        try:
            asyncio.run(self.pull_all(responses, controls, write, end, subscription))
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client went away: nothing to tell it

    async def pull_all(self, responses, controls: StreamControls, write, end, subscription: bool) -> None:
        sent, more = 0, True
        try:
            while True:
                fault = controls.fault_at(sent)
                if fault is not None or not more:
                    return end(fault, sent)
                # A query's initial payload goes at once, and its last one says so (`hasNext`);
                # a subscription's end is known only by pulling, so that pull waits too.
                if controls.step is not None and (subscription or sent > 0):
                    # Blocks this stream's event loop, so that graphql-core's tasks for deferred
                    # work cannot run while the lock is free; other requests still go on.
                    self.server.step(controls.step).acquire(timeout=self.server.max_seconds)
                with self.server.lock:  # the resolvers read the graph; a subscription changes it
                    try:
                        response = await responses.__anext__()
                    except StopAsyncIteration:
                        return end(None, sent)
                write(response)
                sent += 1
                more = subscription or response.get("hasNext") is True
        finally:
            with self.server.lock:  # closing may cancel graphql-core's unfinished work
                await responses.aclose()

    def end_events(self, fault, sent: int) -> None:
        """Ends an event stream as the control `fault` says, or with `complete`."""
        if fault == "drop-after":
            self.write_chunk(b'event: next\ndata: {"data": {"issueUpd')
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        if fault == "fail-after":
            message = f"The event source failed after {sent} events, as asked (fail-after)."
            self.write_event("next", {"data": None, "errors": [{"message": message}]})
        if fault == "garble-after":
            self.write_chunk(b'event: next\ndata: {"data": {"issueUpdated": \n\n')
        if fault in (None, "fail-after", "complete-after", "garble-after"):
            self.write_event("complete", None)
        self.write_chunk(b"")

    def write_part(self, payload: dict) -> None:
        data = json.dumps(payload, ensure_ascii=False).encode("utf-8")
        self.write_chunk(PART_HEADERS + data + b"\r\n---")

    def end_parts(self, fault, sent: int) -> None:
        """Ends a multipart body with its closing delimiter, or drops it mid-part (drop-after)."""
        if fault == "drop-after":
            self.write_chunk(PART_HEADERS + b'{"hasNext": true, "incremental": [{"da')
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        self.write_chunk(b"--\r\n")
        self.write_chunk(b"")

    def write_event(self, name: str, payload) -> None:
        data = "" if payload is None else json.dumps(payload, ensure_ascii=False)
        self.write_chunk(f"event: {name}\ndata: {data}\n\n".encode("utf-8"))

    def write_chunk(self, data: bytes) -> None:
        """One HTTP/1.1 chunk; an empty one ends the body."""
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self.wfile.flush()

    def reply(self, status: int, payload: dict) -> None:
        self.reply_bytes(status, json.dumps(payload, ensure_ascii=False).encode("utf-8"))

    def reply_bytes(self, status: int, data: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def stop(*_) -> None:
    """Exits at once, whatever requests are in flight."""
    sys.stdout.flush()
    os._exit(0)


def follow_stdin() -> None:
    """Exits when stdin, a pipe, reaches end of file."""
    while os.read(0, 4096):
        pass
    stop()


def read_manifest(path: Path) -> dict:
    """The persisted documents of the manifest at `path`: a JSON object of id to text, each
    id once and each the SHA-256 of its text (lowercase hex), as `lattice persisted-documents`
    writes them. Anything else would run another document than the one a client's id names,
    or keep one of two texts for an id silently.

    Raises ValueError saying what is wrong, and OSError or UnicodeDecodeError for the file."""

    def unique_keys(pairs):
        members = {}
        for key, value in pairs:
            if key in members:
                raise ValueError(f"the id {key} is given twice: a manifest gives each id once")
            members[key] = value
        return members

    documents = json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=unique_keys)
    if not isinstance(documents, dict) or not all(isinstance(text, str) for text in documents.values()):
        raise ValueError("a manifest is a JSON object of id to document text")
    for document_id, text in documents.items():
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        if digest != document_id:
            raise ValueError(f"the id {document_id} is not the SHA-256 of its text, which is {digest}")
    return documents


def main() -> None:
    # Descriptors inherited past stdio are other children's pipes and sockets (a spawner on
    # another thread of the test process): held here, their ends would never close.
    os.closerange(3, os.sysconf("SC_OPEN_MAX"))
    parser = argparse.ArgumentParser(description="Lattice's loopback GraphQL server.")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--max-seconds", type=float, default=120.0)
    parser.add_argument("--manifest", type=Path)
    parser.add_argument("--persisted-only", action="store_true")
    parser.add_argument("--refuse-ids", choices=["not-supported", "bad-request"])
    parser.add_argument("--require-token")
    parser.add_argument("--schema", choices=["spec", "keyed"], default="spec")
    arguments = parser.parse_args()
    documents = {}
    if arguments.manifest is not None:
        try:
            documents = read_manifest(arguments.manifest)
        except (OSError, UnicodeDecodeError, ValueError) as error:
            parser.error(f"{arguments.manifest}: {error}")
    server = GraphQLServer(arguments.port, arguments.max_seconds, documents, arguments.persisted_only,
                           arguments.refuse_ids, arguments.require_token, arguments.schema)
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    # A child inherits its spawner's signal mask, and a Swift test's threads block SIGTERM.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    timer = threading.Timer(arguments.max_seconds, stop)
    timer.daemon = True
    timer.start()
    if stat.S_ISFIFO(os.fstat(0).st_mode):
        threading.Thread(target=follow_stdin, daemon=True).start()
    print(f"LISTENING {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
