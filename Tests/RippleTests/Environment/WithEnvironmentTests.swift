import Testing
@testable import Ripple

/// `withEnvironment`, in its synchronous and asynchronous overloads.
@Suite(.timeLimit(.minutes(5)))
struct WithEnvironmentTests {
    private struct Failure: Error, Equatable {}

    // MARK: Synchronous

    @Test func `a store scope inserts the store for its body only`() {
        let library = Library()
        withEnvironment(library) {
            #expect(EnvironmentValues.current[Library.self] === library)
        }
        #expect(EnvironmentValues.current[Library.self] == nil)
    }

    @Test func `a key path scope sets the value for its body only`() {
        withEnvironment(\.theme, "dark") {
            #expect(EnvironmentValues.current.theme == "dark")
        }
        #expect(EnvironmentValues.current.theme == "light")
    }

    @Test func `a values scope replaces the whole environment`() {
        let outer = Library()
        let cart = ShoppingCart()
        var values = EnvironmentValues()
        values.insert(cart)
        withEnvironment(outer) {
            withEnvironment(\.theme, "dark") {
                withEnvironment(values) {
                    #expect(EnvironmentValues.current[ShoppingCart.self] === cart)
                    #expect(EnvironmentValues.current[Library.self] == nil)
                    #expect(EnvironmentValues.current.theme == "light")
                }
                #expect(EnvironmentValues.current[Library.self] === outer)
            }
        }
    }

    @Test func `nested scopes inherit, override and restore`() {
        let outer = Library()
        let inner = Library()
        let cart = ShoppingCart()
        var trail: [String] = []
        func snapshot(_ label: String) {
            let current = EnvironmentValues.current
            let library = current[Library.self].map { $0 === outer ? "outer" : "inner" } ?? "none"
            let hasCart = current[ShoppingCart.self] != nil
            trail.append("\(label): \(library) \(current.theme) \(current.pageSize) cart=\(hasCart)")
        }
        withEnvironment(outer) {
            withEnvironment(\.theme, "dark") {
                snapshot("1")
                withEnvironment(inner) {
                    withEnvironment(cart) {
                        withEnvironment(\.pageSize, 5) {
                            withEnvironment(\.theme, "sepia") { snapshot("2") }
                            snapshot("3")
                        }
                    }
                    snapshot("4")
                }
                snapshot("5")
            }
            snapshot("6")
        }
        snapshot("7")
        #expect(trail == [
            "1: outer dark 20 cart=false",
            "2: inner sepia 5 cart=true",
            "3: inner dark 5 cart=true",
            "4: inner dark 20 cart=false",
            "5: outer dark 20 cart=false",
            "6: outer light 20 cart=false",
            "7: none light 20 cart=false",
        ])
    }

    @Test func `a scope returns its body's result`() {
        let theme = withEnvironment(\.theme, "dark") { EnvironmentValues.current.theme.uppercased() }
        #expect(theme == "DARK")
        let count = withEnvironment(Library()) { EnvironmentValues.current[Library.self]?.books.count }
        #expect(count == 3)
    }

    @Test func `a scope rethrows its body's error and still restores`() {
        #expect(throws: Failure()) {
            try withEnvironment(\.theme, "dark") { () throws -> Void in throw Failure() }
        }
        #expect(throws: Failure()) {
            try withEnvironment(Library()) { () throws -> Int in throw Failure() }
        }
        #expect(EnvironmentValues.current.theme == "light")
        #expect(EnvironmentValues.current[Library.self] == nil)
    }

    // MARK: Asynchronous

    @Test func `an async scope holds across suspension points and restores`() async {
        let library = Library()
        let id = ObjectIdentifier(library)
        await withEnvironment(library) {
            await Task.yield()
            #expect(EnvironmentValues.current[Library.self].map(ObjectIdentifier.init) == id)
            await withEnvironment(\.theme, "dark") {
                await Task.yield()
                #expect(EnvironmentValues.current.theme == "dark")
                #expect(EnvironmentValues.current[Library.self] != nil)
            }
            #expect(EnvironmentValues.current.theme == "light")
        }
        #expect(EnvironmentValues.current[Library.self] == nil)
    }

    @Test func `async let children inherit the scope`() async {
        let library = Library()
        let id = ObjectIdentifier(library)
        let (found, theme) = await withEnvironment(library) {
            await withEnvironment(\.theme, "dark") {
                async let found = EnvironmentValues.current[Library.self].map(ObjectIdentifier.init)
                async let theme = EnvironmentValues.current.theme
                return await (found, theme)
            }
        }
        #expect(found == id)
        #expect(theme == "dark")
    }

    @Test func `task group children inherit the scope`() async {
        var values = EnvironmentValues()
        values.theme = "sepia"
        values.pageSize = 7
        let seen = await withEnvironment(values) {
            await withTaskGroup(of: String.self) { group in
                for index in 0..<3 {
                    group.addTask {
                        "\(index) \(EnvironmentValues.current.theme) \(EnvironmentValues.current.pageSize)"
                    }
                }
                var seen: [String] = []
                for await line in group { seen.append(line) }
                return seen.sorted()
            }
        }
        #expect(seen == ["0 sepia 7", "1 sepia 7", "2 sepia 7"])
    }

    @Test func `an unstructured task inherits the scope and a detached one does not`() async {
        let (inherited, detached) = await withEnvironment(\.theme, "dark") {
            let inherited = await Task { EnvironmentValues.current.theme }.value
            let detached = await Task.detached { EnvironmentValues.current.theme }.value
            return (inherited, detached)
        }
        #expect(inherited == "dark")
        #expect(detached == "light")
    }

    @Test func `an async scope rethrows its body's error and still restores`() async {
        await #expect(throws: Failure()) {
            try await withEnvironment(\.theme, "dark") { () async throws -> Void in
                await Task.yield()
                throw Failure()
            }
        }
        #expect(EnvironmentValues.current.theme == "light")
    }

    @Test func `an async scope runs its body on the caller's actor`() async {
        let shelf = Shelf()
        #expect(await shelf.visit() == "sepia 1")
        #expect(await shelf.visit() == "sepia 2")
    }

    @Test @MainActor func `an async scope runs its body on the main actor when called there`() async {
        var visits = 0
        let theme = await withEnvironment(\.theme, "dark") {
            MainActor.assertIsolated()
            visits += 1
            await Task.yield()
            MainActor.assertIsolated()
            return EnvironmentValues.current.theme
        }
        #expect(theme == "dark")
        #expect(visits == 1)
    }
}

/// An actor whose state the scope's body touches synchronously: that compiles only if
/// the body is isolated to the actor.
private actor Shelf {
    var visits = 0

    func visit() async -> String {
        await withEnvironment(\.theme, "sepia") {
            self.assertIsolated()
            visits += 1
            await Task.yield()
            return "\(EnvironmentValues.current.theme) \(visits)"
        }
    }
}
