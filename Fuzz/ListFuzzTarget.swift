// The libFuzzer entry point for list programs: each input is a ListProgram (see
// Tests/RippleTests/Fuzzing), IncrementalArray mutations and list operators checked
// against plain recomputations. A violation stops the process with the program's
// finding, so that libFuzzer saves the input as a crash. Built by `Fuzz/run --lists`;
// not part of the package.

@_cdecl("LLVMFuzzerTestOneInput")
public func rippleListFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    if let failure = ListProgram.run(bytes) {
        fatalError("Ripple list program failed: \(failure)")
    }
    return 0
}
