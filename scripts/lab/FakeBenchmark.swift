// A stand-in for a benchmark executable, built only by scripts/lab/check_fail_closed.sh to
// test how scripts/lib/suite.sh reads executables that fail. It speaks the harness's
// protocol (--help, --list, --filter as a substring, --format json --output FILE) for two
// benchmarks, NAME/alpha and NAME/beta, and behaves by the name it runs under:
//   Segfaults  dies by SIGSEGV (a store through a bad pointer) once it has benchmarks to run
//   Traps      dies in fatalError (SIGILL on x86-64, SIGTRAP on arm64)
//   Forgets    exits 0 without reporting its last benchmark
//   Legacy     predates --list: rejects it with status 1, and exits 1 when nothing matches
//   any other  reports both (the well-behaved executable)
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let arguments = CommandLine.arguments
let executable = String(arguments.first?.split(separator: "/").last ?? "Fake")

func value(of option: String) -> String? {
    guard let index = arguments.firstIndex(of: option), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

let filter = value(of: "--filter")
let selected = ["alpha", "beta"].map { "\(executable)/\($0)" }.filter { filter.map($0.contains) ?? true }

if arguments.contains("--help") {
    print(executable == "Legacy" ? "usage: Legacy [--filter PATTERN] [--output PATH]"
                                 : "usage: \(executable) [--filter PATTERN] [--list] [--output PATH]")
    exit(0)
}
if arguments.contains("--list") {
    if executable == "Legacy" {
        fputs("Legacy: unknown option '--list'\n", stderr)
        exit(1)
    }
    selected.forEach { print($0) }
    exit(0)
}
if selected.isEmpty {
    fputs("\(executable): no benchmark matches '\(filter ?? "")'\n", stderr)
    exit(1)
}
switch executable {
case "Segfaults":
    // A store through a bad pointer, as a benchmark's bug would: raise(SIGSEGV) would not do,
    // since Swift's backtracer returns from its handler and the process would carry on.
    UnsafeMutablePointer<Int>(bitPattern: 0x10)?.pointee = 1
case "Traps": fatalError("on purpose")
default: break
}
let reported = executable == "Forgets" ? Array(selected.dropLast()) : selected
let json = "{\n  \"benchmarks\" : [\n"
    + reported.map { "    {\n      \"name\" : \"\($0)\"\n    }" }.joined(separator: ",\n")
    + "\n  ]\n}\n"
guard let output = value(of: "--output"), let file = fopen(output, "w") else {
    fputs("\(executable): no --output\n", stderr)
    exit(1)
}
fputs(json, file)
fclose(file)
