/// The sources written in the open batch, with the values their subscribers saw.
///
/// Outside a batch a write notifies at once and needs no memory of the old value.
/// Inside one, only the final value counts: the first write of a source saves the
/// value its subscribers saw and notes that it changed (the write path already
/// compared them); a later write compares with the saved value again. When the log
/// propagates, each entry says whether its source changed, with no comparison and,
/// for trivial values, no type-specific work at all. Writes that end where they
/// started notify nobody.
///
/// Entries live in fixed chunks that never move, each with inline room for a small
/// value; larger values get their own allocation.
@usableFromInline
struct BatchLog {
    @usableFromInline
    struct Entry {
        /// The logged source; nil once resolved or dead.
        @usableFromInline var node: Unmanaged<ReactiveNode>?
        /// Where the saved value lives (the inline room, or an allocation).
        @usableFromInline var storage: UnsafeMutableRawPointer
        /// Whether the source's value now differs from the saved one.
        @usableFromInline var changed: Bool
        /// Whether `storage` holds a saved value (not after an in-place change).
        @usableFromInline var hasSaved: Bool
        /// Whether the saved value needs destroying (it is not trivial).
        @usableFromInline var needsDestroy: Bool
        var ownsStorage: Bool
        /// Inline room for a saved value; left uninitialized until used.
        var inline: (UInt64, UInt64, UInt64, UInt64)
    }

    private static let chunkShift = 6
    private static let chunkMask = (1 << chunkShift) - 1
    static let inlineCapacity = 32

    private var chunks: [UnsafeMutablePointer<Entry>] = []
    @usableFromInline private(set) var count = 0
    /// Entries whose saved value has an allocation of its own; when none has, emptying
    /// the log need not visit the entries.
    private var ownedStorageCount = 0

    @usableFromInline var isEmpty: Bool { count == 0 }

    @usableFromInline
    func entry(at index: Int) -> UnsafeMutablePointer<Entry> {
        chunks[index >> BatchLog.chunkShift] + (index & BatchLog.chunkMask)
    }

    /// Adds an entry for `node`, changed, with room for a saved value of the given
    /// layout; returns its index and the entry.
    @inline(__always)
    mutating func append(
        _ node: ReactiveNode, size: Int, alignment: Int, trivial: Bool
    ) -> (index: Int, entry: UnsafeMutablePointer<Entry>) {
        let index = count
        let chunkIndex = index >> BatchLog.chunkShift
        if chunkIndex == chunks.count { addChunk() }
        count = index &+ 1
        let entry = chunks[chunkIndex] + (index & BatchLog.chunkMask)
        let fitsInline = size <= BatchLog.inlineCapacity && alignment <= MemoryLayout<UInt64>.alignment
        if !fitsInline { ownedStorageCount &+= 1 }
        // Fields are trivial: each is set on its own, the inline room stays untouched.
        entry.pointer(to: \.node)!.initialize(to: .passUnretained(node))
        entry.pointer(to: \.storage)!.initialize(to: fitsInline
            ? UnsafeMutableRawPointer(entry.pointer(to: \.inline)!)
            : UnsafeMutableRawPointer.allocate(byteCount: Swift.max(size, 1), alignment: alignment))
        entry.pointer(to: \.changed)!.initialize(to: true)
        entry.pointer(to: \.hasSaved)!.initialize(to: true)
        entry.pointer(to: \.needsDestroy)!.initialize(to: !trivial)
        entry.pointer(to: \.ownsStorage)!.initialize(to: !fitsInline)
        return (index, entry)
    }

    @inline(never)
    private mutating func addChunk() {
        chunks.append(.allocate(capacity: 1 << BatchLog.chunkShift))
    }

    /// Removes every entry; saved values are already destroyed.
    mutating func removeAll() {
        if ownedStorageCount > 0 {
            for index in 0..<count {
                let entry = self.entry(at: index)
                if entry.pointee.ownsStorage {
                    entry.pointee.storage.deallocate()
                }
            }
            ownedStorageCount = 0
        }
        count = 0
    }

    mutating func deallocate() {
        removeAll()
        for chunk in chunks { chunk.deallocate() }
        chunks = []
    }
}
