/// The values subscribers last saw, for sources written inside a batch.
///
/// Outside a batch a write notifies at once and needs no memory of the old value.
/// Inside one, only the final value counts: a source keeps the value its subscribers
/// saw here, and a subscriber that revalidates asks whether the current value still
/// equals it. Writes that end where they started then notify nobody, without every
/// source paying for a second copy of its value.
///
/// Entries live in fixed chunks that never move, each with inline room for a small
/// value; larger values get their own allocation. The log empties when the outermost
/// flush ends.
struct BatchLog {
    struct Entry {
        /// The logged source; nil once it has died.
        var node: Unmanaged<ReactiveNode>?
        /// Room for the saved value.
        var storage: UnsafeMutableRawPointer
        /// False when the saved value is unknown (the source changed in place).
        var hasValue: Bool
        var ownsStorage: Bool
        var inline: (UInt64, UInt64, UInt64, UInt64)
    }

    private static let chunkSize = 64
    static let inlineCapacity = 32

    private var chunks: [UnsafeMutablePointer<Entry>] = []
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    func entry(at index: Int) -> UnsafeMutablePointer<Entry> {
        chunks[index / BatchLog.chunkSize] + index % BatchLog.chunkSize
    }

    /// Adds an entry for `node` with room for a value of the given layout.
    mutating func append(_ node: ReactiveNode, size: Int, alignment: Int) -> Int {
        if count == chunks.count * BatchLog.chunkSize {
            chunks.append(.allocate(capacity: BatchLog.chunkSize))
        }
        let index = count
        count += 1
        let entry = self.entry(at: index)
        let fitsInline = size <= BatchLog.inlineCapacity && alignment <= MemoryLayout<UInt64>.alignment
        let storage = fitsInline
            ? UnsafeMutableRawPointer(entry) + MemoryLayout<Entry>.offset(of: \Entry.inline)!
            : UnsafeMutableRawPointer.allocate(byteCount: Swift.max(size, 1), alignment: alignment)
        entry.initialize(to: Entry(
            node: .passUnretained(node), storage: storage, hasValue: false,
            ownsStorage: !fitsInline, inline: (0, 0, 0, 0)
        ))
        return index
    }

    /// Removes every entry; the caller has already destroyed the saved values.
    mutating func removeAll() {
        for index in 0..<count {
            let entry = self.entry(at: index)
            if entry.pointee.ownsStorage {
                entry.pointee.storage.deallocate()
            }
        }
        count = 0
    }

    mutating func deallocate() {
        removeAll()
        for chunk in chunks { chunk.deallocate() }
        chunks = []
    }
}
