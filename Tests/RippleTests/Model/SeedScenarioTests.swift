import Testing
@testable import Ripple

/// The scenarios of the seed articles, with effects standing in for SwiftUI views:
/// each asserts what every "view" rendered and how often.
@Suite struct SeedScenarioTests {
    // MARK: BookReader

    /// LibraryView, one LibraryItemView per book, and a BookView for the first book.
    private struct BookReaderViews {
        let library: ViewProbe<String>
        let items: [ViewProbe<String>]
        let detail: ViewProbe<String>

        init(_ model: Library) {
            library = ViewProbe("LibraryView") { "\(model.navigationTitle) (\(model.books.count) listed)" }
            items = model.books.map { book in
                ViewProbe("LibraryItemView") { "\(book.title), written by \(book.author.name)" }
            }
            let book = model.books[0]
            detail = ViewProbe("BookView") {
                "\(book.title) by \(book.author.name): \(book.isAvailable ? "available" : "waiting for return")"
            }
        }

        var counts: [Int] {
            [library.renders] + items.map(\.renders) + [detail.renders]
        }

        func cancel() {
            library.cancel()
            items.forEach { $0.cancel() }
            detail.cancel()
        }
    }

    @Test func `the library shows how many books are available`() {
        let library = Library()
        let views = BookReaderViews(library)
        #expect(views.library.outputs == ["Books available: 3 (3 listed)"])
        #expect(views.counts == [1, 1, 1, 1, 1])
        #expect(library.availableCountRuns == 1)
        views.cancel()
    }

    @Test func `renaming a book re-renders only its views`() {
        let library = Library()
        let views = BookReaderViews(library)

        library.books[1].title = "Dune"
        #expect(views.counts == [1, 1, 2, 1, 1])
        #expect(views.items[1].last == "Dune, written by Sample Author")

        library.books[0].title = "Emma"
        #expect(views.counts == [1, 2, 2, 1, 2])
        #expect(views.detail.last == "Emma by Sample Author: available")
        #expect(library.availableCountRuns == 1)
        views.cancel()
    }

    @Test func `checking out a book updates the count and that book's detail only`() {
        let library = Library()
        let views = BookReaderViews(library)

        library.books[0].isAvailable.toggle()
        #expect(views.counts == [2, 1, 1, 1, 2])
        #expect(views.library.last == "Books available: 2 (3 listed)")
        #expect(views.detail.last == "Sample Book Title by Sample Author: waiting for return")

        library.books[2].isAvailable = false
        #expect(views.counts == [3, 1, 1, 1, 2])
        #expect(library.availableCountRuns == 3)
        views.cancel()
    }

    @Test func `renaming an author re-renders the views that show the name`() {
        let herbert = Author(name: "Herbert")
        let library = Library(books: [Book(title: "Dune", author: herbert), Book(title: "Emma")])
        let views = BookReaderViews(library)

        herbert.name = "Frank Herbert"
        #expect(views.counts == [1, 2, 1, 2])
        #expect(views.items[0].last == "Dune, written by Frank Herbert")
        views.cancel()
    }

    @Test func `adding a book re-renders the list but no existing row`() {
        let library = Library()
        let views = BookReaderViews(library)

        library.books.append(Book(title: "Dune"))
        #expect(views.counts == [2, 1, 1, 1, 1])
        #expect(views.library.last == "Books available: 4 (4 listed)")

        library.books.append(Book(title: "Lent", isAvailable: false))
        #expect(views.counts == [3, 1, 1, 1, 1])
        #expect(views.library.last == "Books available: 4 (5 listed)")
        #expect(library.availableCountRuns == 3)
        views.cancel()
    }

    @Test func `editing a title through a bindable re-renders the views that show it`() {
        struct BookEditView {
            @Bindable var book: Book
            func type(_ text: String) { $book.title.wrappedValue = text }
        }
        let library = Library()
        let views = BookReaderViews(library)

        BookEditView(book: library.books[0]).type("Dune")
        #expect(views.counts == [1, 2, 1, 1, 2])
        #expect(views.detail.last == "Dune by Sample Author: available")
        views.cancel()
    }

    @Test func `a view finds the library in the environment`() {
        let library = Library()
        var view: ViewProbe<String>?
        withEnvironment(library) {
            view = ViewProbe("LibraryView") {
                @Environment(Library.self) var library
                return library.navigationTitle
            }
        }
        library.books[0].isAvailable = false
        #expect(view?.outputs == ["Books available: 3", "Books available: 2"])
        view?.cancel()
    }

    // MARK: TodoStore

    private func groceries() -> TodoStore {
        let store = TodoStore()
        store.addItem(title: "Buy milk", priority: .high)
        store.addItem(title: "Walk the dog", priority: .low)
        store.addItem(title: "Buy MILK chocolate", priority: .medium)
        store.addItem(title: "Call mum", priority: .high)
        return store
    }

    @Test func `the search text filters items, ignoring case`() {
        let store = groceries()
        #expect(store.filteredItems.map(\.id) == [1, 2, 3, 4])
        store.searchText = "milk"
        #expect(store.filteredItems.map(\.title) == ["Buy milk", "Buy MILK chocolate"])
        store.searchText = "DOG"
        #expect(store.filteredItems.map(\.title) == ["Walk the dog"])
        store.searchText = ""
        #expect(store.filteredItems.count == 4)
        #expect(store.filteredRuns == 4)
    }

    @Test func `the priority filters items and combines with the search text`() {
        let store = groceries()
        store.selectedPriority = .high
        #expect(store.filteredItems.map(\.title) == ["Buy milk", "Call mum"])
        store.searchText = "milk"
        #expect(store.filteredItems.map(\.title) == ["Buy milk"])
        store.selectedPriority = nil
        #expect(store.filteredItems.map(\.title) == ["Buy milk", "Buy MILK chocolate"])
        #expect(store.filteredRuns == 3)
    }

    @Test func `completed and pending counts follow toggles, additions and deletions`() {
        let store = groceries()
        #expect(store.completedCount == 0)
        #expect(store.pendingCount == 4)

        store.toggleItem(store.items[0])
        store.toggleItem(store.items[3])
        #expect(store.completedCount == 2)
        #expect(store.pendingCount == 2)

        store.addItem(title: "Water plants")
        #expect(store.completedCount == 2)
        #expect(store.pendingCount == 3)

        store.deleteItem(store.items[0])
        #expect(store.completedCount == 1)
        #expect(store.pendingCount == 3)
        #expect(store.completedRuns == 4)
        #expect(store.pendingRuns == 4)
    }

    @Test func `typing a search re-renders the list but not the counters`() {
        let store = groceries()
        let list = ViewProbe("TodoListView") { store.filteredItems.map(\.title) }
        let counters = ViewProbe("Counters") { "\(store.completedCount) done, \(store.pendingCount) to do" }

        store.searchText = "buy"
        #expect(renderCounts(list, counters) == [2, 1])
        #expect(list.last == ["Buy milk", "Buy MILK chocolate"])

        // Still the same two items: filteredItems recomputes equal, the list is kept.
        store.searchText = "buy "
        #expect(renderCounts(list, counters) == [2, 1])
        #expect(store.filteredRuns == 3)

        store.toggleItem(store.items[1])
        #expect(renderCounts(list, counters) == [2, 2])
        #expect(counters.last == "1 done, 3 to do")

        store.toggleItem(store.items[0])
        #expect(renderCounts(list, counters) == [3, 3])
        #expect(store.completedRuns == 3)
        #expect(store.pendingRuns == 3)
        cancelViews(list, counters)
    }

    // MARK: ShoppingCart

    private func filledCart() -> ShoppingCart {
        let cart = ShoppingCart()
        cart.items = [
            CartItem(id: 1, name: "Coffee", price: 12.5, quantity: 2),
            CartItem(id: 2, name: "Mug", price: 25, quantity: 1),
        ]
        return cart
    }

    @Test func `the total sums price times quantity`() {
        let cart = filledCart()
        #expect(cart.totalPrice == 50)
        cart.items[0].quantity = 4
        #expect(cart.totalPrice == 75)
        cart.items.append(CartItem(id: 3, name: "Filter", price: 5, quantity: 1))
        #expect(cart.totalPrice == 80)
        #expect(cart.totalRuns == 3)
    }

    @Test func `the promo code takes 20 percent off`() {
        let cart = filledCart()
        #expect(cart.discountedPrice == 50)
        cart.promoCode = ShoppingCart.discountCode
        #expect(cart.discountedPrice == 40)
        #expect(cart.totalRuns == 1)
        #expect(cart.discountedRuns == 2)
    }

    @Test func `an invalid code change does not re-run a view of the discounted price`() {
        let cart = filledCart()
        let checkout = ViewProbe("Checkout") { cart.discountedPrice }
        let summary = ViewProbe("Summary") { cart.items.count }

        cart.promoCode = "SAVE2"
        cart.promoCode = "SAVE200"
        #expect(checkout.outputs == [50])
        #expect(cart.discountedRuns == 3)
        #expect(cart.totalRuns == 1)

        cart.promoCode = ShoppingCart.discountCode
        #expect(checkout.outputs == [50, 40])

        cart.items[1].quantity = 2
        #expect(checkout.outputs == [50, 40, 60])
        #expect(cart.totalRuns == 2)
        #expect(summary.renders == 2)

        cart.isLoading = true
        #expect(renderCounts(checkout, summary) == [3, 2])
        cancelViews(checkout, summary)
    }

    // MARK: Dashboard

    @Test func `only the view that read a property re-renders when it changes`() {
        let state = AppState()
        let header = ViewProbe("HeaderView") { "Hello, \(state.userName)!" }
        let badge = ViewProbe("BadgeView") { state.notificationCount > 0 ? "\(state.notificationCount)" : "" }
        let theme = ViewProbe("ThemeView") { "Theme: \(state.theme)" }
        let spinner = ViewProbe("Spinner") { state.isLoading }
        #expect(renderCounts(header, badge, theme, spinner) == [1, 1, 1, 1])

        state.notificationCount += 1
        #expect(renderCounts(header, badge, theme, spinner) == [1, 2, 1, 1])
        #expect(badge.last == "1")

        state.userName = "Maria"
        #expect(renderCounts(header, badge, theme, spinner) == [2, 2, 1, 1])
        #expect(header.last == "Hello, Maria!")

        state.theme = "dark"
        #expect(renderCounts(header, badge, theme, spinner) == [2, 2, 2, 1])
        #expect(theme.last == "Theme: dark")

        state.isLoading = true
        #expect(renderCounts(header, badge, theme, spinner) == [2, 2, 2, 2])

        state.theme = "dark"
        state.userName = "Maria"
        #expect(renderCounts(header, badge, theme, spinner) == [2, 2, 2, 2])

        batch {
            state.notificationCount = 5
            state.isLoading = false
        }
        #expect(renderCounts(header, badge, theme, spinner) == [2, 3, 2, 3])
        cancelViews(header, badge, theme, spinner)
    }

    // MARK: Sensor

    @Test func `continuous observation sees every new reading`() {
        let sensor = SensorData()
        var lines: [String] = []
        var observing = true
        func observeContinuously() {
            withTracking {
                lines.append("\(sensor.temperature) °C, \(sensor.humidity) %")
            } onChange: {
                if observing { observeContinuously() }
            }
        }
        observeContinuously()
        sensor.temperature = 22.5
        sensor.humidity = 55
        batch {
            sensor.temperature = 23
            sensor.humidity = 60
        }
        sensor.temperature = 23
        #expect(lines == [
            "20.0 °C, 50.0 %",
            "22.5 °C, 50.0 %",
            "22.5 °C, 55.0 %",
            "23.0 °C, 60.0 %",
        ])
        // The armed scope's onChange holds the sensor, which holds what the scope read:
        // let the last scope fire without re-arming, or they keep each other alive.
        observing = false
        sensor.temperature = 0
    }
}
