@testable import Ripple
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
