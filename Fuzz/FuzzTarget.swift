// The libFuzzer entry point: each input is a graph program (see GraphProgram in
// Tests/RippleTests/Fuzzing). A violation stops the process with the program's listing,
// so that libFuzzer saves the input as a crash. Built by Fuzz/run; not part of the
// package.

@testable import Ripple

@_cdecl("LLVMFuzzerTestOneInput")
public func rippleFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    var failure: String?
    let issues = RuntimeIssues.collect { failure = GraphProgram.run(bytes) }
    if let failure {
        fatalError("Ripple graph program failed: \(failure)")
    }
    // A program reports writes inside computeds and cycles only if it may make them.
    let allowed: Set<RuntimeIssue.Kind> = bytes.first == Interpreter.misuseMode ? [.writeDuringEvaluation, .cycle] : []
    if let issue = issues.first(where: { !allowed.contains($0.kind) }) {
        fatalError("Ripple graph program reported an unexpected runtime issue: \(issue)")
    }
    return 0
}
