import Testing
@testable import Ripple

@Suite struct EnvironmentValuesTests {
    @Test func `an empty container holds nothing and answers key defaults`() {
        let values = EnvironmentValues()
        #expect(values.isEmpty)
        #expect(values[Library.self] == nil)
        #expect(values[ThemeKey.self] == "light")
        #expect(values.theme == "light")
        #expect(values.pageSize == 20)
    }

    @Test func `a store is found by its type`() {
        let library = Library()
        let cart = ShoppingCart()
        var values = EnvironmentValues()
        values.insert(library)
        values.insert(cart)
        #expect(!values.isEmpty)
        #expect(values[Library.self] === library)
        #expect(values[ShoppingCart.self] === cart)
        #expect(values[TodoStore.self] == nil)
    }

    @Test func `inserting a store of the same type replaces it`() {
        let first = Library()
        let second = Library()
        var values = EnvironmentValues()
        values.insert(first)
        values.insert(second)
        #expect(values[Library.self] === second)
    }

    @Test func `the type subscript sets and removes a store`() {
        let library = Library()
        var values = EnvironmentValues()
        values[Library.self] = library
        #expect(values[Library.self] === library)
        values[Library.self] = nil
        #expect(values[Library.self] == nil)
        #expect(values.isEmpty)
    }

    @Test func `a value is found by its key and through a custom key path`() {
        var values = EnvironmentValues()
        values[ThemeKey.self] = "dark"
        #expect(values.theme == "dark")
        values.pageSize = 50
        #expect(values[PageSizeKey.self] == 50)
        #expect(values.theme == "dark")
    }

    @Test func `stores and keys live in separate slots`() {
        var values = EnvironmentValues()
        values.insert(ThemeKey())
        #expect(values[ThemeKey.self] == "light")
        #expect(values[ThemeKey.self] as ThemeKey? != nil)
    }

    @Test func `the container is a value`() {
        var original = EnvironmentValues()
        original.theme = "dark"
        var copy = original
        copy.theme = "sepia"
        copy.insert(Library())
        #expect(original.theme == "dark")
        #expect(original[Library.self] == nil)
        #expect(copy.theme == "sepia")
    }

    @Test func `require returns a present store`() throws {
        let library = Library()
        var values = EnvironmentValues()
        values.insert(library)
        #expect(try values.require(Library.self) === library)
    }

    @Test func `require throws missing with the type name`() {
        let values = EnvironmentValues()
        #expect(throws: EnvironmentError.missing(typeName: "Library")) {
            try values.require(Library.self)
        }
        do {
            _ = try values.require(ShoppingCart.self)
            Issue.record("require did not throw")
        } catch {
            #expect(error == .missing(typeName: "ShoppingCart"))
            #expect(error.description.contains("ShoppingCart"))
            #expect(error.description.contains("withEnvironment"))
            #expect(error.description.contains("insert"))
        }
    }

    @Test func `current is empty outside every scope and the scope's inside one`() {
        #expect(EnvironmentValues.current.isEmpty)
        let library = Library()
        withEnvironment(library) {
            #expect(EnvironmentValues.current[Library.self] === library)
        }
        #expect(EnvironmentValues.current.isEmpty)
    }

    @Test(.timeLimit(.minutes(5)))
    func `the container travels to a detached task`() async {
        var values = EnvironmentValues()
        values.theme = "dark"
        values.pageSize = 5
        let seen = await Task.detached { "\(values.theme) \(values.pageSize)" }.value
        #expect(seen == "dark 5")
    }
}
