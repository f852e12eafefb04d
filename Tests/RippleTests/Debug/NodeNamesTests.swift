@testable import Ripple
#if canImport(Glibc)
import Glibc
#endif
import Testing

@Suite struct NodeNamesTests {
    @Test func `signals, computeds and effects take a name`() {
        let count = Signal(1, name: "count")
        let doubled = Computed(name: "doubled") { count.value * 2 }
        let effect = Effect("printer") { _ = doubled.value }
        #expect(RippleGraph.Node(count).name == "count")
        #expect(RippleGraph.Node(doubled).name == "doubled")
        #expect(RippleGraph.Node(effect).name == "printer")
        #expect(count.flags.contains(.named))
        effect.cancel()
    }

    @Test func `an unnamed node is named by its type and gets no entry`() {
        let count = Signal(1)
        let effect = Effect { _ = count.value }
        #expect(RippleGraph.Node(count).name == "Signal<Int>")
        #expect(!count.flags.contains(.named))
        #expect(RippleGraph.Node(effect).name.hasPrefix("RippleTests/NodeNamesTests.swift:"))
        effect.cancel()
    }

    @Test func `a model's properties are named Type.property, an Identifiable one by its id`() {
        let library = TracedLibrary()
        let effect = Effect { _ = library.availableBooksCount }
        let names = RippleGraph.nodes(of: library).map { withoutOrdinals($0.name) }
        #expect(names == ["TracedLibrary.books", "TracedLibrary.availableBooksCount"])
        let count = RippleGraph.nodes(of: library)[1]
        #expect(count.dependencies.map { withoutOrdinals($0.name) } == [
            "TracedLibrary.books", "TracedBook[1].isAvailable", "TracedBook[2].isAvailable",
        ])
        effect.cancel()
    }

    @Test func `two instances of a type that is not Identifiable are told apart by an ordinal`() {
        let first = OrdinalShelf(), second = OrdinalShelf()
        let effect = Effect { _ = first.count + second.count }
        #expect(RippleGraph.nodes(of: first).map(\.name) == ["OrdinalShelf.count"])
        #expect(RippleGraph.nodes(of: second).map(\.name) == ["OrdinalShelf#2.count"])
        #expect(RippleGraph.nodes(of: first).map(\.name) == ["OrdinalShelf.count"], "stable")
        effect.cancel()
    }

    @Test func `a dying node takes its name with it`() {
        var count: Signal<Int>? = Signal(1, name: "short-lived")
        let id = ObjectIdentifier(count!)
        #expect(NodeNames.registeredName(of: id) == "short-lived")
        weak let weakCount = count
        count = nil
        #expect(weakCount == nil)
        // The table holds the node weakly: its entry names nothing once it is gone, even
        // before a sweep removes it, so a node made later at the same address is unnamed.
        #expect(NodeNames.registeredName(of: id) == nil)
    }

    @Test func `a property's signal keeps its origin while a batch logs its write`() throws {
        let shelf = TracedShelf()
        let effect = Effect { _ = shelf.count }
        let link = try #require(dependencyLinks(of: effect).first)
        let signal = try #require(link.pointee.dep.takeUnretainedValue() as? SourceNode)
        let origin = NodeNames.origin(of: signal)
        #expect(origin.name == "TracedShelf.count")
        batch {
            shelf.count = 1
            // The signal's word now holds its log entry, which holds the origin.
            #expect(signal.flags.contains(NodeFlags.logged))
            #expect(NodeNames.origin(of: signal) == origin)
            signal.origin = origin
            shelf.count = 2
        }
        #expect(!signal.flags.contains(NodeFlags.logged))
        #expect(NodeNames.origin(of: signal) == origin)
        #expect(shelf.count == 2)
        effect.cancel()
    }

    @Test func `a derived property's node keeps its origin in its own bytes`() throws {
        let library = TracedLibrary()
        let effect = Effect { _ = library.availableBooksCount }
        let link = try #require(dependencyLinks(of: effect).first)
        let node = try #require(link.pointee.dep.takeUnretainedValue() as? Computed<Int>)
        #expect(NodeNames.origin(of: node).name == "TracedLibrary.availableBooksCount")
        #expect(NodeNames.origin(of: Computed { 1 }) == NodeOrigin())
        effect.cancel()
    }

    #if canImport(Glibc)
    @Test func `an origin adds no byte to a signal or a computed`() {
        // Not exported by the Glibc module: looked up, as the benchmarks do `mallinfo2`.
        typealias UsableSize = @convention(c) (UnsafeMutableRawPointer?) -> Int
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_usable_size") else {
            Issue.record("malloc_usable_size not found")
            return
        }
        let usableSize = unsafeBitCast(symbol, to: UsableSize.self)
        func allocated(_ object: AnyObject) -> Int {
            usableSize(Unmanaged.passUnretained(object).toOpaque())
        }
        // The allocator's 16-byte steps, less its 8-byte header: 56 and 88 usable.
        let signal = Signal(1)
        let computed = Computed { signal.value + 1 }
        _ = computed.value
        #expect(allocated(signal) <= 56)
        #expect(allocated(computed) <= 88)
    }
    #endif

    @Test func `an origin packs into seven bytes and back`() {
        let origins = [
            NodeOrigin(property: TracedLibrary.self, storageOffset: 16),
            NodeOrigin(property: TracedLibrary.self, storageOffset: nil),
            NodeOrigin(property: TracedLibrary.self, storageOffset: 8 * 254),
            .operatorPart,
            NodeOrigin(method: "filter(_:)"),
        ]
        for origin in origins {
            #expect(PackedNodeOrigin(origin).origin == origin)
        }
        #expect(origins[0].name == "TracedLibrary.books")
        #expect(origins[1].name == "TracedLibrary")
        // Too far to count in words: kept as unknown, named by the type alone.
        let far = NodeOrigin(property: TracedLibrary.self, storageOffset: 8 * 255)
        #expect(far == NodeOrigin(property: TracedLibrary.self, storageOffset: nil))
        #expect(PackedNodeOrigin(NodeOrigin(bits: 1 << 60)).origin == NodeOrigin())
    }

    @Test func `values are shown short, strings quoted, models by name`() {
        #expect(TraceValue.describe("Dune") == #""Dune""#)
        #expect(TraceValue.describe(Optional(3) as Any) == "3")
        #expect(TraceValue.describe(Optional<Int>.none as Any) == "nil")
        #expect(TraceValue.describe([1, 2]) == "[1, 2]")
        #expect(TraceValue.describe(Array(0..<100)) == "[100 elements]")
        #expect(TraceValue.describe(TracedBook(id: 7, title: "Emma")) == "TracedBook[7]")
        #expect(TraceValue.describe(String(repeating: "a", count: 100)).count == TraceValue.limit)
    }
}

final class OrdinalShelf {
    @Tracked var count = 0
}

final class IncrementalShelf {
    @Tracked var books = IncrementalArray([TracedBook(id: 1, title: "Dune"), TracedBook(id: 2, title: "Emma")])
    @Derived(\IncrementalShelf.books, count: { _ in { book in book.isAvailable } })
    var availableCount: Int
}

@Suite struct IncrementalIntrospectionTests {
    @Test func `an incremental operator's per-element reads are its dependencies`() {
        _ = RippleTrace.events { _ in }   // names wanted from here on
        let shelf = IncrementalShelf()
        let log = TraceLog("Shelf count view")
        let view = Effect("Shelf count view") { _ = shelf.availableCount }
        let count = RippleGraph.nodes(of: shelf)[1]
        #expect(count.dependencies.map(\.name) == ["IncrementalShelf.books", "TracedBook[1].isAvailable", "TracedBook[2].isAvailable"])
        RippleTrace.trace(view, printing: false)
        shelf.books[1].isAvailable = false
        #expect(log.take() == ["Shelf count view: IncrementalShelf.availableCount 2 -> 1 <- TracedBook[2].isAvailable true -> false"])
        view.cancel()
    }
}

/// Two model types of the same size: the allocator hands a freed one's memory to the
/// next one made (without a sanitizer).
private final class FirstShelfKind {
    @Tracked var count = 0
}

private final class SecondShelfKind {
    @Tracked var count = 0
}

@Suite struct ModelOrdinalTests {
    @Test func `a model at a freed model's address is named as a new instance`() {
        let kept = FirstShelfKind()
        #expect(NodeNames.instanceName(kept) == "FirstShelfKind")
        var first: FirstShelfKind? = FirstShelfKind()
        #expect(NodeNames.instanceName(first!) == "FirstShelfKind#2")
        let address = ObjectIdentifier(first!)
        first = nil
        var made: [SecondShelfKind] = []
        for _ in 0..<1000 {
            let second = SecondShelfKind()
            made.append(second)
            guard ObjectIdentifier(second) == address else { continue }
            #expect(NodeNames.instanceName(second) == "SecondShelfKind")
            return
        }
        // AddressSanitizer quarantines freed memory: no address comes back, and only
        // the ordinals above are checked.
    }
}
