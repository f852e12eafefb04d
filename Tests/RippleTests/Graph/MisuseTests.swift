import Observation
import Testing
@testable import Ripple

/// What still traps, with a fatal error that names the problem and the fix: a read
/// that closes a cycle through `value` or `peek()` (which cannot throw), `value` on a
/// computed holding an error, `onCleanup` outside an effect, a property accessed
/// during its own in-place mutation. Everything else is recovered from
/// (`MisuseRecoveryTests`). Each body runs in its own process.
@Suite struct MisuseTests {
    /// What the crashed process wrote to standard error.
    static func standardError(of result: ExitTest.Result?) throws -> String {
        String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
    }

    @Test func `a computed that reads itself through value is a fatal error that says cycle`() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var itself: Computed<Int>?
            itself = Computed(name: "itself") { (itself?.value ?? 0) + 1 }
            _ = itself?.value
        }
        let message = try Self.standardError(of: result)
        #expect(message.contains("cycle: itself was read through value while it was evaluating, by itself"))
        #expect(message.contains("try get()"))
    }

    @Test func `two computeds that read each other through value are a fatal error that says cycle`() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var second: Computed<Int>?
            let first = Computed { (second?.value ?? 0) + 1 }
            second = Computed { first.value + 1 }
            _ = first.value
        }
        #expect(try Self.standardError(of: result).contains("cycle"))
    }

    @Test func `a computed that peeks itself is a fatal error that says cycle`() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var itself: Computed<Int>?
            itself = Computed { (itself?.peek() ?? 0) + 1 }
            _ = itself?.peek()
        }
        let message = try Self.standardError(of: result)
        #expect(message.contains("cycle"))
        #expect(message.contains("peek()"))
    }

    @Test func `onCleanup outside an effect body is a fatal error`() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            onCleanup {}
        }
        let message = try Self.standardError(of: result)
        #expect(message.contains("onCleanup was called outside an effect body"))
    }

    @Test func `onCleanup inside a computed is a fatal error`() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let effect = Effect {
                let nested = Computed { () -> Int in
                    onCleanup {}
                    return 1
                }
                _ = nested.value
            }
            effect.cancel()
        }
        let message = try Self.standardError(of: result)
        #expect(message.contains("onCleanup was called outside an effect body"))
    }

    @Test func `reading a tracked property while it is mutated in place is a fatal error`() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Self.sortTouchingItems(observed: false) { store in _ = store.items.count }
        }
        #expect(Self.reportsReentrantAccess(try Self.standardError(of: result)))
    }

    @Test func `writing a tracked property while it is mutated in place is a fatal error`() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Self.sortTouchingItems(observed: false) { store in store.items = [] }
        }
        #expect(Self.reportsReentrantAccess(try Self.standardError(of: result)))
    }

    @Test func `reading an observed tracked property while it is mutated in place is a fatal error`() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Self.sortTouchingItems(observed: true) { store in _ = store.items.count }
        }
        #expect(Self.reportsReentrantAccess(try Self.standardError(of: result)))
    }

    @Test func `writing an observed tracked property while it is mutated in place is a fatal error`() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Self.sortTouchingItems(observed: true) { store in store.items = [] }
        }
        #expect(Self.reportsReentrantAccess(try Self.standardError(of: result)))
    }

    @Test func `mutating an observed tracked property inside its own in-place mutation is a fatal error`() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Self.sortTouchingItems(observed: true) { store in store.items.append(TodoItem(id: 3, title: "c")) }
        }
        #expect(Self.reportsReentrantAccess(try Self.standardError(of: result)))
    }

    /// Sorts a store's items in place with a comparator that calls `touch` on the
    /// store; `observed` has an effect read the items first, so that their value
    /// lives in a signal.
    static func sortTouchingItems(observed: Bool, _ touch: @escaping (TodoStore) -> Void) {
        let store = TodoStore()
        store.items = [TodoItem(id: 1, title: "b"), TodoItem(id: 2, title: "a")]
        let effect = observed ? Effect { _ = store.items.count } : nil
        store.items.sort { lhs, rhs in
            touch(store)
            return lhs.title < rhs.title
        }
        effect?.cancel()
    }

    @Test func `reading a property of an ObservableModel while it is mutated in place is a fatal error`() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let shelf = ObservableShelf()
            shelf.titles = ["b", "a"]
            shelf.titles.sort { lhs, rhs in shelf.titles.count > 1 && lhs < rhs }
        }
        let message = try Self.standardError(of: result)
        #expect(Self.reportsReentrantAccess(message))
    }

    /// No access to a model's storage outlasts the start or end of an in-place
    /// mutation, so Swift's exclusivity checks see no overlap: Ripple's own check
    /// stops the reentrant access, with its message.
    static func reportsReentrantAccess(_ message: String) -> Bool {
        message.contains("a @Tracked property was accessed while it was being mutated in place")
            && message.contains("Finish the mutation first")
    }

    struct DiskFull: Error {
        let freeBytes: Int
    }

    @Test func `value on a computed holding an error is a fatal error naming the error`() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let save = Computed { () throws -> Int in throw DiskFull(freeBytes: 0) }
            _ = save.value
        }
        let message = try Self.standardError(of: result)
        #expect(message.contains("DiskFull"))
        #expect(message.contains("get()"))
    }
}

/// A model bridged to Observation: its properties' values live in watched signals.
final class ObservableShelf: ObservableModel {
    let observationRegistrar = ObservationRegistrar()
    @Tracked var titles: [String] = []
}
