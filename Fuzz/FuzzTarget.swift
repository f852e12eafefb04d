// The libFuzzer entry point: each input is a graph program (see GraphProgram in
// Tests/RippleTests/Fuzzing). A violation stops the process with the program's listing,
// so that libFuzzer saves the input as a crash. Built by Fuzz/run; not part of the
// package.

@_cdecl("LLVMFuzzerTestOneInput")
public func rippleFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    if let failure = GraphProgram.run(bytes) {
        fatalError("Ripple graph program failed: \(failure)")
    }
    return 0
}
