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
/// Entries live in fixed chunks that never move, so a logged source keeps a pointer
/// to its entry. Each entry has inline room for a small value; larger values get
/// their own allocation. The log keeps the next free entry at hand: a source whose
/// value fits the room is logged with a few stores, inlined into the write.
@usableFromInline
struct BatchLog {
    @usableFromInline
    struct Entry {
        /// The logged source; nil once resolved or dead.
        @usableFromInline var node: Unmanaged<SourceNode>?
        /// Where the saved value lives (the inline room, or an allocation).
        @usableFromInline var storage: UnsafeMutableRawPointer
        /// Whether the source's value now differs from the saved one.
        @usableFromInline var changed: Bool
        /// Whether `storage` holds a saved value (not after an in-place change).
        @usableFromInline var hasSaved: Bool
        /// Whether the saved value needs destroying (it is not trivial).
        @usableFromInline var needsDestroy: Bool
        @usableFromInline var ownsStorage: Bool
        /// The source's origin, kept here while the source's word holds this entry's
        /// address (`SourceNode.logEntryOrOrigin`).
        @usableFromInline var origin: NodeOrigin
        /// Inline room for a saved value; left uninitialized until used.
        @usableFromInline var inline: (UInt64, UInt64, UInt64, UInt64)
    }

    @usableFromInline static var chunkCapacity: Int { 64 }
    @usableFromInline static var inlineCapacity: Int { 32 }

    private var chunks: [UnsafeMutablePointer<Entry>] = []
    @usableFromInline private(set) var count = 0
    /// The next free entry, and the end of its chunk; equal when that chunk is full
    /// or no chunk exists yet.
    @usableFromInline var nextFree: UnsafeMutablePointer<Entry>?
    @usableFromInline var chunkEnd: UnsafeMutablePointer<Entry>?
    /// The first chunk, once allocated: where the entries of most batches live.
    private(set) var firstChunk: UnsafeMutablePointer<Entry>?
    /// Entries whose saved value has an allocation of its own; when none has, emptying
    /// the log need not visit the entries.
    private var ownedStorageCount = 0

    @usableFromInline var isEmpty: Bool { count == 0 }

    /// Whether a value of this layout fits an entry's inline room.
    @inlinable
    @inline(__always)
    static func fitsInline(size: Int, alignment: Int) -> Bool {
        size <= inlineCapacity && alignment <= MemoryLayout<UInt64>.alignment
    }

    /// Adds an entry for `node`, changed, with its inline room for the saved value (the
    /// caller has checked ``fitsInline(size:alignment:)``); nil when the current chunk
    /// is full, and the caller then takes ``appendSlowly(_:size:alignment:trivial:)``.
    @inlinable
    @inline(__always)
    mutating func appendInline(_ node: SourceNode, trivial: Bool) -> UnsafeMutablePointer<Entry>? {
        guard let entry = nextFree, entry != chunkEnd else { return nil }
        nextFree = entry + 1
        count &+= 1
        BatchLog.initialize(
            entry, node: node, storage: UnsafeMutableRawPointer(entry.pointer(to: \.inline)!), trivial: trivial,
            ownsStorage: false
        )
        return entry
    }

    /// Adds an entry for `node`, changed, with room for a saved value of the given
    /// layout, starting a chunk if the current one is full.
    @usableFromInline
    @inline(never)
    mutating func appendSlowly(
        _ node: SourceNode, size: Int, alignment: Int, trivial: Bool
    ) -> UnsafeMutablePointer<Entry> {
        if nextFree == chunkEnd {
            // Full, or no chunk yet (both nil). Chunks fill in order, so a full chunk
            // leaves `count` at a chunk boundary.
            let chunkIndex = count / BatchLog.chunkCapacity
            if chunkIndex == chunks.count { chunks.append(.allocate(capacity: BatchLog.chunkCapacity)) }
            if chunkIndex == 0 { firstChunk = chunks[0] }
            nextFree = chunks[chunkIndex]
            chunkEnd = chunks[chunkIndex] + BatchLog.chunkCapacity
        }
        if BatchLog.fitsInline(size: size, alignment: alignment) {
            return appendInline(node, trivial: trivial).unsafelyUnwrapped
        }
        let entry = nextFree.unsafelyUnwrapped
        nextFree = entry + 1
        count &+= 1
        ownedStorageCount &+= 1
        BatchLog.initialize(
            entry, node: node,
            storage: UnsafeMutableRawPointer.allocate(byteCount: Swift.max(size, 1), alignment: alignment),
            trivial: trivial, ownsStorage: true
        )
        return entry
    }

    /// Sets a new entry's fields, changed and with a saved value to come. They are
    /// trivial: each is set on its own, and the inline room stays untouched.
    @inlinable
    @inline(__always)
    static func initialize(
        _ entry: UnsafeMutablePointer<Entry>, node: SourceNode, storage: UnsafeMutableRawPointer, trivial: Bool,
        ownsStorage: Bool
    ) {
        entry.pointer(to: \.node)!.initialize(to: .passUnretained(node))
        entry.pointer(to: \.storage)!.initialize(to: storage)
        entry.pointer(to: \.changed)!.initialize(to: true)
        entry.pointer(to: \.hasSaved)!.initialize(to: true)
        entry.pointer(to: \.needsDestroy)!.initialize(to: !trivial)
        entry.pointer(to: \.ownsStorage)!.initialize(to: ownsStorage)
    }

    /// The entry at `index`, in the order written.
    func entry(at index: Int) -> UnsafeMutablePointer<Entry> {
        chunks[index / BatchLog.chunkCapacity] + index % BatchLog.chunkCapacity
    }

    /// Removes every entry; saved values are already destroyed.
    @inline(__always)
    mutating func removeAll() {
        guard count > 0 else { return }
        if ownedStorageCount > 0 { freeOwnedStorage() }
        count = 0
        nextFree = firstChunk
        chunkEnd = firstChunk.unsafelyUnwrapped + BatchLog.chunkCapacity
    }

    @inline(never)
    private mutating func freeOwnedStorage() {
        for index in 0..<count {
            let entry = self.entry(at: index)
            if entry.pointee.ownsStorage { entry.pointee.storage.deallocate() }
        }
        ownedStorageCount = 0
    }

    mutating func deallocate() {
        removeAll()
        for chunk in chunks { chunk.deallocate() }
        chunks = []
        firstChunk = nil
        nextFree = nil
        chunkEnd = nil
    }
}
