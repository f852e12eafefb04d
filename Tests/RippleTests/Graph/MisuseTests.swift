import Testing
@testable import Ripple

/// Misuse fails loudly, with a fatal error that names the problem: never a hang, a
/// stack overflow or a silent wrong value. Each body runs in its own process.
@Suite struct MisuseTests {
    /// What the crashed process wrote to standard error.
    static func standardError(of result: ExitTest.Result?) throws -> String {
        String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
    }

    @Test func `a computed that reads itself is a fatal error that says cycle`() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var itself: Computed<Int>?
            itself = Computed { (itself?.value ?? 0) + 1 }
            _ = itself?.value
        }
        let message = try Self.standardError(of: result)
        #expect(message.contains("cycle"))
        #expect(message.contains("Computed"))
    }

    @Test func `two computeds that read each other are a fatal error that says cycle`() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var second: Computed<Int>?
            let first = Computed { (second?.value ?? 0) + 1 }
            second = Computed { first.value + 1 }
            _ = first.value
        }
        #expect(try Self.standardError(of: result).contains("cycle"))
    }

    @Test func `a cycle that forms on a later run is a fatal error that says cycle`() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let closeLoop = Signal(false)
            var second: Computed<Int>?
            let first = Computed { closeLoop.value ? (second?.value ?? 0) : 0 }
            second = Computed { first.value + 1 }
            let effect = Effect { _ = second?.value }
            closeLoop.value = true
            effect.cancel()
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

    @Test func `a throwing computed that reads itself with get is a fatal error that says cycle`() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var itself: Computed<Int>?
            itself = Computed { () throws -> Int in try (itself?.get() ?? 0) + 1 }
            _ = try? itself?.get()
        }
        #expect(try Self.standardError(of: result).contains("cycle"))
    }

    @Test func `writing a signal inside a computed is a fatal error`() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let input = Signal(1), log = Signal(0)
            let doubled = Computed { () -> Int in
                log.value += 1
                return input.value * 2
            }
            _ = doubled.value
        }
        let message = try Self.standardError(of: result)
        #expect(message.contains("Signal was written while a Computed was evaluating"))
    }

    @Test func `updating a signal inside a computed is a fatal error`() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let items = Signal([1])
            let count = Computed { () -> Int in
                items.update { $0.append(2) }
                return 0
            }
            _ = count.value
        }
        let message = try Self.standardError(of: result)
        #expect(message.contains("Signal was written while a Computed was evaluating"))
    }

    @Test func `writing a tracked property inside a computed is a fatal error`() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let counter = Counter()     // never read by a tracking context: no signal yet
            let doubled = Computed { () -> Int in
                counter.label = "written"
                return 2
            }
            _ = doubled.value
        }
        let message = try Self.standardError(of: result)
        #expect(message.contains("Signal was written while a Computed was evaluating"))
        #expect(message.contains("Effect"))
    }

    @Test func `writing an observed tracked property inside a computed is a fatal error`() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let counter = Counter()
            let effect = Effect { _ = counter.count }   // counter.count now has a signal
            let doubled = Computed { () -> Int in
                counter.count += 1
                return 2
            }
            _ = doubled.value
            effect.cancel()
        }
        let message = try Self.standardError(of: result)
        #expect(message.contains("Signal was written while a Computed was evaluating"))
    }

    @Test func `mutating a tracked collection in place inside a computed is a fatal error`() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let cart = ShoppingCart()
            let total = Computed { () -> Int in
                cart.items.removeAll()
                return 0
            }
            _ = total.value
        }
        let message = try Self.standardError(of: result)
        #expect(message.contains("Signal was written while a Computed was evaluating"))
    }

    /// Found by this test under AddressSanitizer: an unoptimized `Effect.runQueued`
    /// held `self` for the `checkDirty` call, so the effect was freed only after
    /// `.checking` was cleared, with no fatal error, and then executed
    /// (heap-use-after-free). The guard now holds for the whole decision.
    @Test
    func `releasing an effect from a computed it depends on is a fatal error naming the effect`() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let input = Signal(0)
            var holder: Effect?
            let reader = Computed { () -> Int in
                let value = input.value
                if value == 1 { holder = nil }  // the last handle, while the effect revalidates
                return value
            }
            holder = Effect("holder view") { _ = reader.value }
            input.value = 1
            _ = holder
        }
        let message = try Self.standardError(of: result)
        #expect(message.contains("effect 'holder view' was released while a Computed it depends on was evaluating"))
        #expect(message.contains("release effects from an effect body or from outside the graph"))
    }

    @Test func `an effect loop that never settles is a fatal error naming the effect`() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let count = Signal(0)
            let spinner = Effect("spinner") { count.value += 1 }
            spinner.cancel()
        }
        let message = try Self.standardError(of: result)
        #expect(message.contains("spinner"))
        #expect(message.contains("101"))
    }

    @Test func `an unnamed effect loop is named by where it was created`() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let count = Signal(0)
            let effect = Effect { count.value += 1 }
            effect.cancel()
        }
        let message = try Self.standardError(of: result)
        #expect(message.contains("MisuseTests.swift"))
        #expect(message.contains("101"))
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
            let store = TodoStore()
            store.items = [TodoItem(id: 1, title: "b"), TodoItem(id: 2, title: "a")]
            // The comparator reads the array that `sort` is mutating in place.
            store.items.sort { lhs, rhs in store.items.count > 1 && lhs.title < rhs.title }
        }
        let message = try Self.standardError(of: result)
        #expect(Self.reportsReentrantAccess(message))
    }

    @Test func `writing a tracked property while it is mutated in place is a fatal error`() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let store = TodoStore()
            store.items = [TodoItem(id: 1, title: "b"), TodoItem(id: 2, title: "a")]
            store.items.sort { lhs, rhs in
                store.items = []
                return lhs.title < rhs.title
            }
        }
        let message = try Self.standardError(of: result)
        #expect(Self.reportsReentrantAccess(message))
    }

    /// An in-place mutation holds an access to the model's storage for its duration, so
    /// with exclusivity checking on (the default, in debug and release builds) Swift
    /// stops the overlapping access first and names both access sites; Ripple's own
    /// message covers builds compiled with the checking off.
    static func reportsReentrantAccess(_ message: String) -> Bool {
        let swift = message.contains("Simultaneous accesses")
            && message.contains("modification requires exclusive access")
        let ripple = message.contains("a @Tracked property was accessed while it was being mutated in place")
            && message.contains("Finish the mutation first")
        return swift || ripple
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
