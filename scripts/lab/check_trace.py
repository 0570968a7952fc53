#!/usr/bin/env python3
"""Reads a trace in the Trace Event Format as its published description says, and fails on
anything that description does not allow; prints what it read.

The reader of the runtime's traces (`EventLog.chromeTrace()`, docs/runtime-api.md). Perfetto's
own trace processor would be the better reader, but the `perfetto` wheel carries no binary: it
downloads `trace_processor_shell` on first use, and this machine's network is closed outside
PyPI. So this script reads the format from its description, written here from it alone
("Trace Event Format", Google, the document chrome://tracing and Perfetto's JSON importer
follow), nothing of the runtime's code:

- the file is a JSON object with a `traceEvents` array (or a bare array), and an optional
  `displayTimeUnit` of "ms" or "ns";
- each event is an object with a phase `ph`; every event but metadata has a number `ts` in
  microseconds, and `pid` and `tid` (integers or strings); `args`, when present, is an
  object; `name` is a string (an `E` may leave it out);
- `X` (complete) has a number `dur` >= 0; `B` and `E` pair up on their thread, an `E`
  closing the last `B` still open there; `i`/`I` (instant) has a scope `s` of g, p or t;
- duration events (X, and B/E pairs) on one thread nest: none begins inside another and ends
  after it;
- `M` (metadata) names a process or thread (`process_name`, `thread_name`, ...) with
  `args.name`;
- flow events `s`, `t`, `f` carry an `id` and the same `cat` and `name` along one flow; a flow
  starts with one `s` and ends with one `f`, not before it; each binds to a slice of its own
  thread: `s` and `t` to the slice enclosing their time, `f` with `bp` "e" to the enclosing
  slice too, and without it to the next slice that begins at or after its time.

Prints a JSON object: `slices` (name, pid, tid, ts, dur, args of each duration event),
`instants` (name, tid, ts, args) and `flows` (id, and the names and args of the slices its
start and end bind to). Exits 1 with every problem found, one a line, `event N: ...`.
"""
import json
import sys

PHASES = set("BEXiIbneCsftPONDMRcTpS") | {"(", ")"}
SCOPES = {"g", "p", "t"}
METADATA = {"process_name", "process_labels", "process_sort_index", "thread_name", "thread_sort_index"}


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def read(trace):
    problems = []
    if isinstance(trace, dict):
        events = trace.get("traceEvents")
        if not isinstance(events, list):
            return None, ["the object has no traceEvents array"]
        unit = trace.get("displayTimeUnit", "ms")
        if unit not in ("ms", "ns"):
            problems.append(f"displayTimeUnit {unit!r} is neither ms nor ns")
    elif isinstance(trace, list):
        events = trace
    else:
        return None, ["a trace is a JSON object or array"]

    slices, instants, flow_events = [], [], []
    open_begins = {}
    for index, event in enumerate(events):
        where = f"event {index}"
        if not isinstance(event, dict):
            problems.append(f"{where}: not an object")
            continue
        phase = event.get("ph")
        if phase not in PHASES:
            problems.append(f"{where}: unknown phase {phase!r}")
            continue
        if "args" in event and not isinstance(event["args"], dict):
            problems.append(f"{where}: args is not an object")
        if phase != "E" and not isinstance(event.get("name"), str):
            problems.append(f"{where}: no name")
        for key in ("pid", "tid"):
            if not isinstance(event.get(key), (int, str)) or isinstance(event.get(key), bool):
                if phase != "M" or key == "pid":
                    problems.append(f"{where}: {key} is neither an integer nor a string")
        if phase == "M":
            if event.get("name") not in METADATA:
                problems.append(f"{where}: unknown metadata {event.get('name')!r}")
            elif event["name"].endswith("_name") and not isinstance((event.get("args") or {}).get("name"), str):
                problems.append(f"{where}: {event['name']} without args.name")
            continue
        if not is_number(event.get("ts")):
            problems.append(f"{where}: ts is not a number")
            continue
        thread = (event.get("pid"), event.get("tid"))
        ts = event["ts"]
        if phase == "X":
            if not is_number(event.get("dur")) or event["dur"] < 0:
                problems.append(f"{where}: a complete event needs a dur >= 0")
                continue
            slices.append(slice_of(event, ts, event["dur"], index))
        elif phase == "B":
            open_begins.setdefault(thread, []).append(event | {"index": index})
        elif phase == "E":
            stack = open_begins.get(thread)
            if not stack:
                problems.append(f"{where}: an end with no begin open on its thread")
                continue
            begin = stack.pop()
            if ts < begin["ts"]:
                problems.append(f"{where}: ends before its begin (event {begin['index']})")
                continue
            slices.append(slice_of(begin, begin["ts"], ts - begin["ts"], begin["index"]))
        elif phase in ("i", "I"):
            if event.get("s", "t") not in SCOPES:
                problems.append(f"{where}: instant scope {event.get('s')!r} is not g, p or t")
            instants.append({"name": event["name"], "tid": event["tid"], "ts": ts, "args": event.get("args", {})})
        elif phase in ("s", "t", "f"):
            if "id" not in event:
                problems.append(f"{where}: a flow event without id")
                continue
            flow_events.append((index, event))
    # A B never closed is a slice still running at the trace's end: allowed, drawn open.
    for stack in open_begins.values():
        for begin in stack:
            slices.append(slice_of(begin, begin["ts"], None, begin["index"]))

    problems += check_nesting(slices)
    flows, flow_problems = bind_flows(flow_events, slices)
    problems += flow_problems
    for item in slices:
        del item["index"]
    return {"slices": slices, "instants": instants, "flows": flows}, problems


def slice_of(event, ts, dur, index):
    return {"name": event.get("name"), "pid": event.get("pid"), "tid": event.get("tid"), "ts": ts, "dur": dur,
            "args": event.get("args", {}), "index": index}


def end_of(item):
    return float("inf") if item["dur"] is None else item["ts"] + item["dur"]


def check_nesting(slices):
    problems = []
    by_thread = {}
    for item in slices:
        by_thread.setdefault((item["pid"], item["tid"]), []).append(item)
    for items in by_thread.values():
        items.sort(key=lambda item: (item["ts"], -end_of(item)))
        stack = []
        for item in items:
            while stack and end_of(stack[-1]) <= item["ts"]:
                stack.pop()
            if stack and end_of(item) > end_of(stack[-1]):
                problems.append(f"event {item['index']}: begins inside event {stack[-1]['index']} and ends after it")
            stack.append(item)
    return problems


def enclosing(slices, thread, ts):
    """The innermost slice of `thread` whose span holds `ts`."""
    best = None
    for item in slices:
        if (item["pid"], item["tid"]) == thread and item["ts"] <= ts <= end_of(item):
            if best is None or item["ts"] >= best["ts"]:
                best = item
    return best


def next_slice(slices, thread, ts):
    after = [item for item in slices if (item["pid"], item["tid"]) == thread and item["ts"] >= ts]
    return min(after, key=lambda item: item["ts"]) if after else None


def bind_flows(flow_events, slices):
    problems, flows, started = [], [], {}
    for index, event in flow_events:
        key = (event.get("cat"), event.get("name"), event["id"])
        thread = (event.get("pid"), event.get("tid"))
        phase = event["ph"]
        if phase == "f" and event.get("bp") != "e":
            bound = next_slice(slices, thread, event["ts"])
        else:
            bound = enclosing(slices, thread, event["ts"])
        if bound is None:
            problems.append(f"event {index}: flow {phase} binds to no slice of its thread")
            continue
        if phase == "s":
            if key in started:
                problems.append(f"event {index}: flow {event['id']} starts twice")
            started[key] = (event, bound)
        elif key not in started:
            problems.append(f"event {index}: flow {event['id']} {phase} before its start")
        elif phase == "f":
            start, source = started.pop(key)
            if event["ts"] < start["ts"]:
                problems.append(f"event {index}: flow {event['id']} ends before it starts")
            flows.append({"id": event["id"], "from": {"name": source["name"], "args": source["args"]},
                          "to": {"name": bound["name"], "args": bound["args"]}})
    for key in started:
        problems.append(f"flow {key[2]} starts and never ends")
    return flows, problems


def main(arguments):
    if len(arguments) != 1:
        print("usage: check_trace.py TRACE.json", file=sys.stderr)
        return 2
    try:
        with open(arguments[0], encoding="utf-8") as file:
            trace = json.load(file)
    except (OSError, ValueError) as error:
        print(f"{arguments[0]}: {error}", file=sys.stderr)
        return 1
    summary, problems = read(trace)
    if problems:
        for problem in problems:
            print(f"{arguments[0]}: {problem}", file=sys.stderr)
        return 1
    json.dump(summary, sys.stdout, sort_keys=True)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
