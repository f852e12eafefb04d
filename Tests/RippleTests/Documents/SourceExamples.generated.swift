// Generated from the ```swift blocks of the doc comments in Sources/Ripple by
// SourceExamples (Documents/SourceExample*.swift): do not edit. Edit the doc
// comment, then regenerate this file with
//
//     RIPPLE_REGENERATE_EXAMPLES=1 swift test --filter SourceExampleTests
//
// SourceExampleTests fails while this file and the doc comments differ. Being
// generated, the file is exempt from the 400-line guideline.

import Foundation
import Observation
@testable import Ripple
import Testing

/// Every `print` of the examples: a line on the console of the test that runs it.
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    ExampleConsole.current?.write(items.map { "\($0)" }.joined(separator: separator) + terminator)
}

// MARK: - Async/AsyncComputed.swift

/// Async/AsyncComputed.swift, example 1.
enum SourceExample_AsyncComputed_1 {
    @MainActor static func run() async {
        let query = Signal("dune")
        let titles = ["Dune", "Dune Messiah", "Emma"]
        let results = AsyncComputed(input: { query.value }) { text in
            titles.filter { $0.lowercased().contains(text) }   // a remote call, in a real app
        }
        for await phase in observe({ results.state }) {
            if case .value(let found) = phase {
                print(found)   // prints "[\"Dune\", \"Dune Messiah\"]"
                break
            }
        }
    }
}

/// Async/AsyncComputed.swift, example 2: declarations, compiled.
enum SourceExample_AsyncComputed_2 {
    static func run() {
        @MainActor
        func price(of item: Signal<String>, clock: some Clock<Duration>) -> AsyncComputed<Double> {
            AsyncComputed(debounce: .milliseconds(300), clock: clock, input: { item.value }) { name in
                name == "Dune" ? 9.99 : 14.99   // a remote catalog, in a real app
            }
        }
    }
}

/// Async/AsyncComputed.swift, example 3: declarations, compiled.
enum SourceExample_AsyncComputed_3 {
    static func run() {
        @MainActor
        func show(_ results: AsyncComputed<[String]>) -> Effect {
            Effect {
                switch results.state {
                case .loading: print("loading")
                case .value(let titles): print(titles)
                case .failure(let error): print("error:", error)
                }
            }
        }
    }
}

/// Async/AsyncComputed.swift, example 4: declarations, compiled.
enum SourceExample_AsyncComputed_4 {
    static func run() {
        @MainActor
        func countResults(_ results: AsyncComputed<[String]>) -> Computed<Int> {
            Computed { results.value?.count ?? 0 }
        }
    }
}

/// Async/AsyncComputed.swift, example 5: declarations, compiled.
enum SourceExample_AsyncComputed_5 {
    static func run() {
        @MainActor
        func spinner(for results: AsyncComputed<[String]>) -> Effect {
            Effect { print(results.isLoading ? "spinning" : "idle") }
        }
    }
}

// MARK: - Async/AsyncPhase.swift

/// Async/AsyncPhase.swift, example 1.
enum SourceExample_AsyncPhase_1 {
    static func run() {
        func describe(_ phase: AsyncPhase<[String]>) -> String {
            switch phase {
            case .loading(previous: nil): "searching..."
            case .loading(previous: let titles?): "searching... (showing \(titles.count))"
            case .value(let titles): "\(titles.count) found"
            case .failure(let error): "failed: \(error)"
            }
        }
        print(describe(.loading(previous: ["Dune"])))   // prints "searching... (showing 1)"
    }
}

/// Async/AsyncPhase.swift, example 2.
enum SourceExample_AsyncPhase_2 {
    static func run() {
        let phase = AsyncPhase<Int>.loading(previous: 3)
        print(phase.value ?? 0)   // prints "3"
    }
}

/// Async/AsyncPhase.swift, example 3.
enum SourceExample_AsyncPhase_3 {
    static func run() {
        print(AsyncPhase<Int>.value(3).isLoading)   // prints "false"
    }
}

/// Async/AsyncPhase.swift, example 4.
enum SourceExample_AsyncPhase_4 {
    struct Offline: Error {}

    static func run() {
        print(AsyncPhase<Int>.failure(Offline()).error is Offline)   // prints "true"
    }
}

// MARK: - Bindings/Bindable.swift

/// Bindings/Bindable.swift, example 1.
enum SourceExample_Bindable_1 {
    final class Book {
        @Tracked var title = "Sample Book Title"
        @Tracked var rating = 3
    }

    static func run() {
        let library = [Book()]

        @Bindable var book = library[0]
        let title: Binding<String> = $book.title
        title.wrappedValue = "Dune"          // writes book.title, notifies readers of title

        let rating = Bindable(library[0]).rating   // as a local
        rating.wrappedValue = 5
        print(library[0].title, library[0].rating)   // prints "Dune 5"
    }
}

/// Bindings/Bindable.swift, example 2.
enum SourceExample_Bindable_2 {
    typealias Book = SourceExample_Bindable_1.Book

    static func run() {
        let bindable = Bindable(Book())
        bindable.wrappedValue.title = "Dune"    // writes the Book's title
        print(bindable.wrappedValue.title)      // prints "Dune"
    }
}

/// Bindings/Bindable.swift, example 3.
enum SourceExample_Bindable_3 {
    typealias Book = SourceExample_Bindable_1.Book

    static func run() {
        @Bindable var book = Book()             // init(wrappedValue:)
        let title = $book.title                 // Binding<String>
        title.wrappedValue = "Dune"
        print(book.title)                       // prints "Dune"
    }
}

/// Bindings/Bindable.swift, example 4.
enum SourceExample_Bindable_4 {
    typealias Book = SourceExample_Bindable_1.Book

    static func run() {
        let book = Book()
        let rating = Bindable(book).rating      // Binding<Int>
        rating.wrappedValue = 5
        print(book.rating)                      // prints "5"
    }
}

/// Bindings/Bindable.swift, example 5.
enum SourceExample_Bindable_5 {
    typealias Book = SourceExample_Bindable_1.Book

    static func run() {
        func ratingBinding(@Bindable book: Book) -> Binding<Int> { $book.rating }

        @Bindable var book = Book()
        let rating = ratingBinding($book: $book)   // passes the Bindable itself
        rating.wrappedValue = 4
        print(book.rating)                         // prints "4"
    }
}

/// Bindings/Bindable.swift, example 6.
enum SourceExample_Bindable_6 {
    typealias Book = SourceExample_Bindable_1.Book

    static func run() {
        @Bindable var book = Book()
        let bindable: Bindable<Book> = $book    // the wrapper, to hand on
        bindable.title.wrappedValue = "Dune"
        print(book.title)                       // prints "Dune"
    }
}

/// Bindings/Bindable.swift, example 7.
enum SourceExample_Bindable_7 {
    typealias Book = SourceExample_Bindable_1.Book

    static func run() {
        @Bindable var book = Book()
        let title: Binding<String> = $book.title
        book.title = "Emma"
        print(title.wrappedValue)               // prints "Emma"
    }
}

// MARK: - Bindings/Binding.swift

/// Bindings/Binding.swift, example 1.
enum SourceExample_Binding_1 {
    final class Settings {
        @Tracked var fontSize = 12
    }

    static func run() {
        let settings = Settings()
        let fontSize = Binding(get: { settings.fontSize }, set: { settings.fontSize = $0 })
        fontSize.wrappedValue += 2          // writes settings.fontSize
        print(settings.fontSize)            // prints "14"
    }
}

/// Bindings/Binding.swift, example 2.
enum SourceExample_Binding_2 {
    static func run() {
        var volume = 5
        let binding = Binding(get: { volume }, set: { volume = $0 })
        binding.wrappedValue = 7
        print(volume)              // prints "7"
    }
}

/// Bindings/Binding.swift, example 3.
enum SourceExample_Binding_3 {
    static func run() {
        func shout(@Binding title: String) { title = title.uppercased() }

        var text = "dune"
        shout($title: Binding(get: { text }, set: { text = $0 }))
        print(text)   // prints "DUNE"
    }
}

/// Bindings/Binding.swift, example 4.
enum SourceExample_Binding_4 {
    static func run() {
        let preview = Binding.constant("Dune")
        preview.wrappedValue = "Emma"     // ignored
        print(preview.wrappedValue)       // prints "Dune"
    }
}

/// Bindings/Binding.swift, example 5.
enum SourceExample_Binding_5 {
    static func run() {
        var count = 1
        let binding = Binding(get: { count }, set: { count = $0 })
        binding.wrappedValue += 1   // reads 1, writes 2
        print(count)                // prints "2"
    }
}

/// Bindings/Binding.swift, example 6.
enum SourceExample_Binding_6 {
    struct TitleField {
        @Binding var title: String
        var editor: Binding<String> { $title }   // the same binding, handed on
    }

    static func run() {
        var title = "Dune"
        let field = TitleField(title: Binding(get: { title }, set: { title = $0 }))
        field.editor.wrappedValue = "Emma"
        print(title)   // prints "Emma"
    }
}

/// Bindings/Binding.swift, example 7.
enum SourceExample_Binding_7 {
    struct Margins { var top = 0, bottom = 0 }

    static func run() {
        var margins = Margins()
        let binding = Binding(get: { margins }, set: { margins = $0 })
        binding.top.wrappedValue = 8
        print(margins)                    // prints "Margins(top: 8, bottom: 0)"
    }
}

/// Bindings/Binding.swift, example 8.
enum SourceExample_Binding_8 {
    final class Author { @Tracked var name = "" }

    static func run() {
        let author = Author()
        let binding = Binding.constant(author)
        binding.name.wrappedValue = "Le Guin"
        print(author.name)                      // prints "Le Guin"
    }
}

// MARK: - Collections/Derived+Collections.swift

/// Collections/Derived+Collections.swift, example 1.
enum SourceExample_Derived_Collections_1 {
    struct ShelfBook { var title: String; var isAvailable: Bool }
    final class Shelf {
        @Tracked var books: IncrementalArray<ShelfBook> = [
            ShelfBook(title: "Dune", isAvailable: true), ShelfBook(title: "Emma", isAvailable: false),
        ]
        @Derived(\Shelf.books, filter: \.isAvailable)
        var available: IncrementalArray<ShelfBook>
    }

    static func run() {
        let shelf = Shelf()
        print(shelf.available.map(\.title))   // prints "[\"Dune\"]"
        shelf.books[1].isAvailable = true     // one element looked at again
        print(shelf.available.map(\.title))   // prints "[\"Dune\", \"Emma\"]"
    }
}

/// Collections/Derived+Collections.swift, example 2.
enum SourceExample_Derived_Collections_2 {
    final class Catalog {
        @Tracked var titles: IncrementalArray<String> = ["Dune", "Emma", "Dracula"]
        @Tracked var prefix = "D"
        @Derived(\Catalog.titles, filter: { catalog in
            let prefix = catalog.prefix            // the query, read once per pass
            return { title in title.hasPrefix(prefix) }
        })
        var matching: IncrementalArray<String>
    }

    static func run() {
        let catalog = Catalog()
        print(Array(catalog.matching))   // prints "[\"Dune\", \"Dracula\"]"
        catalog.prefix = "E"             // one pass with the new prefix
        print(Array(catalog.matching))   // prints "[\"Emma\"]"
    }
}

/// Collections/Derived+Collections.swift, example 3.
enum SourceExample_Derived_Collections_3 {
    struct ShelfBook { var title: String; var isAvailable: Bool }
    final class Shelf {
        @Tracked var books: IncrementalArray<ShelfBook> = [
            ShelfBook(title: "Dune", isAvailable: true), ShelfBook(title: "Emma", isAvailable: false),
        ]
        @Derived(\Shelf.books, count: \.isAvailable)
        var availableCount: Int
    }

    static func run() {
        let shelf = Shelf()
        print(shelf.availableCount)        // prints "1"
        shelf.books[1].isAvailable = true
        print(shelf.availableCount)        // prints "2"
    }
}

/// Collections/Derived+Collections.swift, example 4.
enum SourceExample_Derived_Collections_4 {
    final class Board {
        @Tracked var scores: IncrementalArray<Int> = [3, 8, 5, 9]
        @Tracked var passMark = 5
        @Derived(\Board.scores, count: { board in
            let mark = board.passMark
            return { $0 >= mark }
        })
        var passed: Int
    }

    static func run() {
        let board = Board()
        print(board.passed)   // prints "3"
        board.passMark = 9
        print(board.passed)   // prints "1"
    }
}

/// Collections/Derived+Collections.swift, example 5.
enum SourceExample_Derived_Collections_5 {
    struct Job { var name: String; var isDone: Bool }
    final class Queue {
        @Tracked var jobs: IncrementalArray<Job> = [
            Job(name: "backup", isDone: true), Job(name: "report", isDone: false),
        ]
        @Derived(\Queue.jobs, first: { !$0.isDone })
        var next: Job?
    }

    static func run() {
        let queue = Queue()
        print(queue.next?.name ?? "none")   // prints "report"
        queue.jobs[1].isDone = true
        print(queue.next?.name ?? "none")   // prints "none"
    }
}

/// Collections/Derived+Collections.swift, example 6.
enum SourceExample_Derived_Collections_6 {
    final class Directory {
        @Tracked var names: IncrementalArray<String> = ["Ada", "Alan", "Grace"]
        @Tracked var initial: Character = "A"
        @Derived(\Directory.names, first: { directory in
            let initial = directory.initial
            return { $0.first == initial }
        })
        var firstMatch: String?
    }

    static func run() {
        let directory = Directory()
        print(directory.firstMatch ?? "none")   // prints "Ada"
        directory.initial = "G"
        print(directory.firstMatch ?? "none")   // prints "Grace"
    }
}

// MARK: - Collections/Derived+Folds.swift

/// Collections/Derived+Folds.swift, example 1.
enum SourceExample_Derived_Folds_1 {
    struct BasketLine { var price: Double; var quantity: Int }
    final class Basket {
        @Tracked var lines: IncrementalArray<BasketLine> = [
            BasketLine(price: 2.5, quantity: 2), BasketLine(price: 0.1, quantity: 3),
        ]
        @Derived(\Basket.lines, sum: { $0.price * Double($0.quantity) })
        var total: Double
    }

    static func run() {
        let basket = Basket()
        print(basket.total)            // prints "5.3"
        basket.lines[0].quantity = 1
        print(basket.total)            // prints "2.8"
    }
}

/// Collections/Derived+Folds.swift, example 2.
enum SourceExample_Derived_Folds_2 {
    final class Invoice {
        @Tracked var hours: IncrementalArray<Int> = [2, 3]
        @Tracked var rate = 40
        @Derived(\Invoice.hours, sum: { invoice in
            let rate = invoice.rate
            return { $0 * rate }
        })
        var amount: Int
    }

    static func run() {
        let invoice = Invoice()
        print(invoice.amount)   // prints "200"
        invoice.rate = 50
        print(invoice.amount)   // prints "250"
    }
}

/// Collections/Derived+Folds.swift, example 3.
enum SourceExample_Derived_Folds_3 {
    final class Team {
        @Tracked var ages: IncrementalArray<Int> = [31, 25, 40]
        @Derived(\Team.ages, fold: { $0 }, into: (count: 0, total: 0),
                 add: { ($0.count + 1, $0.total + $1) },
                 remove: { ($0.count - 1, $0.total - $1) })
        var ageStatistics: (count: Int, total: Int)
    }

    static func run() {
        let team = Team()
        print(team.ageStatistics.total / team.ageStatistics.count)   // prints "32"
        team.ages.append(56)
        print(team.ageStatistics.total / team.ageStatistics.count)   // prints "38"
    }
}

/// Collections/Derived+Folds.swift, example 4.
enum SourceExample_Derived_Folds_4 {
    struct BasketLine { var price: Double; var quantity: Int }
    final class Basket {
        @Tracked var lines: IncrementalArray<BasketLine> = [
            BasketLine(price: 2.5, quantity: 2), BasketLine(price: 0.1, quantity: 3),
        ]
        @Derived(\Basket.lines, min: \.price)
        var cheapest: Double?
    }

    static func run() {
        let basket = Basket()
        print(basket.cheapest ?? 0)      // prints "0.1"
        basket.lines.remove(at: 1)
        print(basket.cheapest ?? 0)      // prints "2.5"
    }
}

/// Collections/Derived+Folds.swift, example 5.
enum SourceExample_Derived_Folds_5 {
    final class Board {
        @Tracked var scores: IncrementalArray<Int> = [3, 8, 5]
        @Derived(\Board.scores, max: { $0 })
        var best: Int?
    }

    static func run() {
        let board = Board()
        print(board.best ?? 0)   // prints "8"
        board.scores[1] = 4
        print(board.best ?? 0)   // prints "5"
    }
}

/// Collections/Derived+Folds.swift, example 6.
enum SourceExample_Derived_Folds_6 {
    final class Thermometer {
        @Tracked var readings: IncrementalArray<Double> = [21.5, 19.0, 23.5]
        @Tracked var inFahrenheit = false
        @Derived(\Thermometer.readings, min: { thermometer in
            let fahrenheit = thermometer.inFahrenheit
            return { fahrenheit ? $0 * 9 / 5 + 32 : $0 }
        })
        var lowest: Double?
    }

    static func run() {
        let thermometer = Thermometer()
        print(thermometer.lowest ?? 0)   // prints "19.0"
        thermometer.inFahrenheit = true
        print(thermometer.lowest ?? 0)   // prints "66.2"
    }
}

/// Collections/Derived+Folds.swift, example 7.
enum SourceExample_Derived_Folds_7 {
    final class Scoreboard {
        @Tracked var points: IncrementalArray<Int> = [12, 40, 7]
        @Tracked var bonus = 0
        @Derived(\Scoreboard.points, max: { board in
            let bonus = board.bonus
            return { $0 + bonus }
        })
        var best: Int?
    }

    static func run() {
        let board = Scoreboard()
        print(board.best ?? 0)   // prints "40"
        board.bonus = 5
        print(board.best ?? 0)   // prints "45"
    }
}

// MARK: - Collections/Derived+Transforms.swift

/// Collections/Derived+Transforms.swift, example 1.
enum SourceExample_Derived_Transforms_1 {
    struct ShelfBook { var title: String; var isAvailable: Bool }
    final class Shelf {
        @Tracked var books: IncrementalArray<ShelfBook> = [
            ShelfBook(title: "Dune", isAvailable: true), ShelfBook(title: "Emma", isAvailable: false),
        ]
        @Derived(\Shelf.books, map: { $0.title.uppercased() })
        var labels: IncrementalArray<String>
    }

    static func run() {
        let shelf = Shelf()
        print(Array(shelf.labels))       // prints "[\"DUNE\", \"EMMA\"]"
        shelf.books[0].title = "Dune Messiah"
        print(Array(shelf.labels))       // prints "[\"DUNE MESSIAH\", \"EMMA\"]"
    }
}

/// Collections/Derived+Transforms.swift, example 2.
enum SourceExample_Derived_Transforms_2 {
    final class Prices {
        @Tracked var cents: IncrementalArray<Int> = [250, 1999]
        @Tracked var symbol = "$"
        @Derived(\Prices.cents, map: { prices in
            let symbol = prices.symbol
            return { "\(symbol)\($0 / 100).\($0 % 100 < 10 ? "0" : "")\($0 % 100)" }
        })
        var labels: IncrementalArray<String>
    }

    static func run() {
        let prices = Prices()
        print(Array(prices.labels))   // prints "[\"$2.50\", \"$19.99\"]"
        prices.symbol = "€"
        print(Array(prices.labels))   // prints "[\"€2.50\", \"€19.99\"]"
    }
}

/// Collections/Derived+Transforms.swift, example 3.
enum SourceExample_Derived_Transforms_3 {
    struct Member { var name: String; var email: String? }
    final class Team {
        @Tracked var members: IncrementalArray<Member> = [
            Member(name: "Ada", email: "ada@example.com"), Member(name: "Alan", email: nil),
        ]
        @Derived(\Team.members, compactMap: \.email)
        var mailingList: IncrementalArray<String>
    }

    static func run() {
        let team = Team()
        print(Array(team.mailingList))   // prints "[\"ada@example.com\"]"
        team.members[1].email = "alan@example.com"
        print(Array(team.mailingList))   // prints "[\"ada@example.com\", \"alan@example.com\"]"
    }
}

/// Collections/Derived+Transforms.swift, example 4.
enum SourceExample_Derived_Transforms_4 {
    struct Errand { var title: String; var priority: Int }
    final class Errands {
        @Tracked var all: IncrementalArray<Errand> = [
            Errand(title: "Post", priority: 2), Errand(title: "Bank", priority: 1),
            Errand(title: "Shop", priority: 2),
        ]
        @Derived(\Errands.all, groupedBy: \.priority) var byPriority: ListSections<Int, Errand>
    }

    static func run() {
        let errands = Errands()
        for section in errands.byPriority { print(section.key, section.elements.map(\.title)) }
        // prints "1 [\"Bank\"]", then "2 [\"Post\", \"Shop\"]"
        errands.all[2].priority = 1
        print(errands.byPriority[1]?.map(\.title) ?? [])   // prints "[\"Bank\", \"Shop\"]"
    }
}

/// Collections/Derived+Transforms.swift, example 5.
enum SourceExample_Derived_Transforms_5 {
    struct Writer { var id: Int; var name: String }
    struct Title { var name: String; var writerID: Int }
    final class Catalog {
        @Tracked var writers: IncrementalArray<Writer> = [
            Writer(id: 1, name: "Le Guin"), Writer(id: 2, name: "Butler"),
        ]
        @Tracked var titles: IncrementalArray<Title> = [Title(name: "Kindred", writerID: 2)]
        @Derived(\Catalog.writers, keyedBy: \.id) var writersByID: KeyedIndex<Int, Writer>
        @Derived(\Catalog.titles, map: { (catalog: Catalog) in
            let writers = catalog.writersByID
            return { "\($0.name) by \(writers[$0.writerID]?.name ?? "?")" }
        })
        var credits: IncrementalArray<String>
    }

    static func run() {
        let catalog = Catalog()
        print(Array(catalog.credits))   // prints "[\"Kindred by Butler\"]"
        catalog.writers[1].name = "Octavia E. Butler"
        print(Array(catalog.credits))   // prints "[\"Kindred by Octavia E. Butler\"]"
        catalog.titles[0].writerID = 1
        print(Array(catalog.credits))   // prints "[\"Kindred by Le Guin\"]"
    }
}

/// Collections/Derived+Transforms.swift, example 6.
enum SourceExample_Derived_Transforms_6 {
    struct ShelfBook { var title: String; var isAvailable: Bool }
    final class Shelf {
        @Tracked var books: IncrementalArray<ShelfBook> = [
            ShelfBook(title: "Emma", isAvailable: true), ShelfBook(title: "Dune", isAvailable: false),
        ]
        @Derived(\Shelf.books, sortedByKey: \.title)
        var byTitle: IncrementalArray<ShelfBook>
        @Derived(\Shelf.books, sortedByKey: \.title, order: .descending)
        var byTitleDescending: IncrementalArray<ShelfBook>
    }

    static func run() {
        let shelf = Shelf()
        print(shelf.byTitle.map(\.title))   // prints "[\"Dune\", \"Emma\"]"
        shelf.books.append(ShelfBook(title: "Beloved", isAvailable: true))
        print(shelf.byTitle.map(\.title))   // prints "[\"Beloved\", \"Dune\", \"Emma\"]"
        print(shelf.byTitleDescending.map(\.title))   // prints "[\"Emma\", \"Dune\", \"Beloved\"]"
    }
}

/// Collections/Derived+Transforms.swift, example 7.
enum SourceExample_Derived_Transforms_7 {
    final class Roster {
        @Tracked var names: IncrementalArray<String> = ["ada", "Grace", "alan"]
        @Tracked var ignoresCase = false
        @Derived(\Roster.names, sortedByKey: { roster in
            let ignoresCase = roster.ignoresCase
            return { ignoresCase ? $0.lowercased() : $0 }
        })
        var sortedNames: IncrementalArray<String>
    }

    static func run() {
        let roster = Roster()
        print(Array(roster.sortedNames))   // prints "[\"Grace\", \"ada\", \"alan\"]"
        roster.ignoresCase = true
        print(Array(roster.sortedNames))   // prints "[\"ada\", \"alan\", \"Grace\"]"
    }
}

// MARK: - Collections/IncrementalArray+Collection.swift

/// Collections/IncrementalArray+Collection.swift, example 1.
enum SourceExample_IncrementalArray_Collection_1 {
    static func run() {
        var scores = IncrementalArray([3, 5])
        scores[0] += 1
        print(scores[0])   // prints "4"
    }
}

/// Collections/IncrementalArray+Collection.swift, example 2.
enum SourceExample_IncrementalArray_Collection_2 {
    static func run() {
        var letters = IncrementalArray(["a", "b", "c", "d"])
        letters.replaceSubrange(1..<3, with: ["x"])
        print(Array(letters))   // prints "[\"a\", \"x\", \"d\"]"
    }
}

/// Collections/IncrementalArray+Collection.swift, example 3.
enum SourceExample_IncrementalArray_Collection_3 {
    static func run() {
        var numbers = IncrementalArray([1, 2, 3, 4, 5])
        numbers.removeAll { $0.isMultiple(of: 2) }
        print(Array(numbers))   // prints "[1, 3, 5]"
    }
}

/// Collections/IncrementalArray+Collection.swift, example 4.
enum SourceExample_IncrementalArray_Collection_4 {
    static func run() {
        var steps = IncrementalArray(["wash", "dry", "fold"])
        steps.move(from: 2, to: 0)
        print(Array(steps))   // prints "[\"fold\", \"wash\", \"dry\"]"
    }
}

/// Collections/IncrementalArray+Collection.swift, example 5.
enum SourceExample_IncrementalArray_Collection_5 {
    static func run() {
        var rows = IncrementalArray(["a", "b", "c", "d", "e"])
        rows.move(fromOffsets: RangeSet([0..<1, 2..<3]), toOffset: 5)
        print(Array(rows))   // prints "[\"b\", \"d\", \"e\", \"a\", \"c\"]"
    }
}

/// Collections/IncrementalArray+Collection.swift, example 6.
enum SourceExample_IncrementalArray_Collection_6 {
    static func run() {
        var rows = IncrementalArray(["a", "b", "c", "d", "e"])
        let picked: Set = [2, 0]      // onMove hands over an IndexSet
        rows.move(fromOffsets: picked, toOffset: 5)
        print(Array(rows))   // prints "[\"b\", \"d\", \"e\", \"a\", \"c\"]"
    }
}

/// Collections/IncrementalArray+Collection.swift, example 7.
enum SourceExample_IncrementalArray_Collection_7 {
    static func run() {
        var rows = IncrementalArray(["a", "b", "c", "d"])
        rows.remove(atOffsets: [3, 1])
        print(Array(rows))   // prints "[\"a\", \"c\"]"
    }
}

/// Collections/IncrementalArray+Collection.swift, example 8.
enum SourceExample_IncrementalArray_Collection_8 {
    static func run() {
        var words = IncrementalArray(["pear", "fig", "apple"])
        words.sort { $0.count < $1.count }
        print(Array(words))   // prints "[\"fig\", \"pear\", \"apple\"]"
    }
}

// MARK: - Collections/IncrementalArray.swift

/// Collections/IncrementalArray.swift, example 1.
enum SourceExample_IncrementalArray_1 {
    struct Todo { var title: String; var isDone = false }
    final class Todos {
        @Tracked var items: IncrementalArray<Todo> = [Todo(title: "Milk"), Todo(title: "Bread")]

        @Derived(\Todos.items, count: \.isDone)
        var doneCount: Int
    }

    static func run() {
        let todos = Todos()
        print(todos.doneCount)            // prints "0": one pass over the list
        todos.items[1].isDone.toggle()    // in place, as on an array
        print(todos.doneCount)            // prints "1": looked at item 1 only
        todos.items.append(Todo(title: "Eggs", isDone: true))
        print(todos.doneCount)            // prints "2": looked at the new item only
    }
}

/// Collections/IncrementalArray.swift, example 2.
enum SourceExample_IncrementalArray_2 {
    static func run() {
        var names = IncrementalArray<String>()
        names.append("Ada")
        print(names.count)   // prints "1"
    }
}

/// Collections/IncrementalArray.swift, example 3.
enum SourceExample_IncrementalArray_3 {
    static func run() {
        let squares = IncrementalArray((1...4).map { $0 * $0 })
        print(Array(squares))   // prints "[1, 4, 9, 16]"
    }
}

// MARK: - Collections/KeyedIndex.swift

/// Collections/KeyedIndex.swift, example 1.
enum SourceExample_KeyedIndex_1 {
    struct Author { var id: Int; var name: String }

    static func run() {
        let authors = Signal(IncrementalArray([
            Author(id: 1, name: "Le Guin"), Author(id: 2, name: "Butler"),
        ]))
        let byID = authors.keyed(by: \.id)
        print(byID.value[2]?.name ?? "none")   // prints "Butler"
        authors.value[1].name = "Octavia Butler"
        print(byID.value[2]?.name ?? "none")   // prints "Octavia Butler"
    }
}

// MARK: - Collections/ListChanges.swift

/// Collections/ListChanges.swift, example 1.
enum SourceExample_ListChanges_1 {
    static func run() {
        let numbers = Signal(IncrementalArray([1, 2, 3, 4]))
        let evens = numbers.filter { $0.isMultiple(of: 2) }
        var reader = ListChangeReader<Int>()
        var rows: [Int] = []
        reader.read(evens.value).apply(to: &rows)         // the first read is a reload
        numbers.value.append(6)
        numbers.value.remove(at: 1)
        let changes = reader.read(evens.value)
        let difference = changes.difference(from: rows)
        changes.apply(to: &rows)
        print(changes.steps?.count ?? -1, rows)            // prints "2 [4, 6]"
        print(difference.insertions.count, difference.removals.count)   // prints "1 1"
    }
}

// MARK: - Collections/ListOrder.swift

/// Collections/ListOrder.swift, example 1.
enum SourceExample_ListOrder_1 {
    static func run() {
        let scores = Signal(IncrementalArray([3, 9, 5]))
        print(Array(scores.sorted(byKey: { $0 }, order: .descending).value))   // prints "[9, 5, 3]"
    }
}

// MARK: - Collections/ListSections.swift

/// Collections/ListSections.swift, example 1.
enum SourceExample_ListSections_1 {
    struct Chore { var title: String; var room: String }

    static func run() {
        let chores = Signal(IncrementalArray([
            Chore(title: "Dishes", room: "kitchen"), Chore(title: "Vacuum", room: "hall"),
            Chore(title: "Oven", room: "kitchen"),
        ]))
        let byRoom = chores.grouped(by: \.room)
        for section in byRoom.value { print(section.key, section.elements.map(\.title)) }
        // prints "hall [\"Vacuum\"]", then "kitchen [\"Dishes\", \"Oven\"]"
        chores.value[1].room = "kitchen"
        print(byRoom.value.keys)   // prints "[\"kitchen\"]"
    }
}

// MARK: - Collections/Tree/PersistentTree.swift

/// Collections/Tree/PersistentTree.swift, example 1.
enum SourceExample_PersistentTree_1 {
    static func run() {
        var list = PersistentTree<Int, NoMarking<Int>>(0..<1000)
        let saved = list
        list.insert(-1, at: 500)
        print(saved[500], list[500], list.count)   // prints "500 -1 1001"
    }
}

// MARK: - Collections/ValueNode+Lists.swift

/// Collections/ValueNode+Lists.swift, example 1.
enum SourceExample_ValueNode_Lists_1 {
    static func run() {
        let numbers = Signal(IncrementalArray([3, 8, 5]))
        let large = numbers.filter { $0 > 4 }        // a Computed
        let count = large.count(where: { $0 > 6 })  // an operator over an operator
        print(count.value)   // prints "1"
    }
}

/// Collections/ValueNode+Lists.swift, example 2.
enum SourceExample_ValueNode_Lists_2 {
    static func run() {
        let numbers = Signal(IncrementalArray([1, 2, 3, 4]))
        let evens = numbers.filter { $0.isMultiple(of: 2) }
        print(Array(evens.value))   // prints "[2, 4]"
        numbers.value.append(6)     // looks at the new element only
        print(Array(evens.value))   // prints "[2, 4, 6]"
    }
}

/// Collections/ValueNode+Lists.swift, example 3.
enum SourceExample_ValueNode_Lists_3 {
    static func run() {
        let names = Signal(IncrementalArray(["ada", "grace"]))
        let shouted = names.map { $0.uppercased() }
        names.value[1] = "alan"
        print(Array(shouted.value))   // prints "[\"ADA\", \"ALAN\"]"
    }
}

/// Collections/ValueNode+Lists.swift, example 4.
enum SourceExample_ValueNode_Lists_4 {
    static func run() {
        let entries = Signal(IncrementalArray(["3", "x", "5"]))
        let numbers = entries.compactMap { Int($0) }
        entries.value[1] = "4"
        print(Array(numbers.value))   // prints "[3, 4, 5]"
    }
}

/// Collections/ValueNode+Lists.swift, example 5.
enum SourceExample_ValueNode_Lists_5 {
    static func run() {
        let flags = Signal(IncrementalArray([true, false, true]))
        let raised = flags.count(where: { $0 })
        flags.value[1] = true
        print(raised.value)   // prints "3"
    }
}

/// Collections/ValueNode+Lists.swift, example 6.
enum SourceExample_ValueNode_Lists_6 {
    static func run() {
        let prices = Signal(IncrementalArray([0.1, 0.2]))
        let total = prices.sum { $0 }
        prices.value.append(0.3)
        print(total.value)   // prints "0.6"
    }
}

/// Collections/ValueNode+Lists.swift, example 7.
enum SourceExample_ValueNode_Lists_7 {
    static func run() {
        let words = Signal(IncrementalArray(["a", "bb"]))
        let letters = words.fold({ $0.count }, into: 0, add: +, remove: -)
        words.value.append("ccc")
        print(letters.value)   // prints "6"
    }
}

/// Collections/ValueNode+Lists.swift, example 8.
enum SourceExample_ValueNode_Lists_8 {
    static func run() {
        let words = Signal(IncrementalArray(["pear", "fig", "apple"]))
        let byLength = words.sorted(byKey: \.count)
        print(Array(byLength.value))   // prints "[\"fig\", \"pear\", \"apple\"]"
        let longestFirst = words.sorted(byKey: \.count, order: .descending)
        print(Array(longestFirst.value))   // prints "[\"apple\", \"pear\", \"fig\"]"
    }
}

/// Collections/ValueNode+Lists.swift, example 9.
enum SourceExample_ValueNode_Lists_9 {
    static func run() {
        let words = Signal(IncrementalArray(["apple", "avocado", "banana"]))
        let byInitial = words.keyed(by: { $0.first! })
        print(byInitial.value["a"] ?? "none")   // prints "apple"
        words.value.remove(at: 0)
        print(byInitial.value["a"] ?? "none")   // prints "avocado"
    }
}

/// Collections/ValueNode+Lists.swift, example 10.
enum SourceExample_ValueNode_Lists_10 {
    static func run() {
        let temperatures = Signal(IncrementalArray([12, 18, 25]))
        let firstWarm = temperatures.first(where: { $0 > 20 })
        print(firstWarm.value ?? 0)   // prints "25"
    }
}

/// Collections/ValueNode+Lists.swift, example 11.
enum SourceExample_ValueNode_Lists_11 {
    static func run() {
        let temperatures = Signal(IncrementalArray([12, 18, 25]))
        let coldest = temperatures.min(of: { $0 })
        temperatures.value.append(7)
        print(coldest.value ?? 0)   // prints "7"
    }
}

/// Collections/ValueNode+Lists.swift, example 12.
enum SourceExample_ValueNode_Lists_12 {
    static func run() {
        let temperatures = Signal(IncrementalArray([12, 18, 25]))
        let warmest = temperatures.max(of: { $0 })
        temperatures.value.removeLast()
        print(warmest.value ?? 0)   // prints "18"
    }
}

// MARK: - Debug/RippleGraph.swift

/// Debug/RippleGraph.swift, example 1.
enum SourceExample_RippleGraph_1 {
    final class Cart {
        @Tracked var prices = [3, 4]
        @Derived({ (cart: Cart) in cart.prices.reduce(0, +) })
        var total: Int
    }

    static func run() {
        let cart = Cart()
        let label = Effect("TotalLabel") { _ = cart.total }
        let total = RippleGraph.nodes(of: cart).first { $0.name == "Cart.total" }!
        print(total.dependencies.map(\.name))   // prints "[\"Cart.prices\"]"
        print(total.dependents.map(\.name))     // prints "[\"TotalLabel\"]"
        print(RippleGraph.dot(around: cart))    // prints "digraph Ripple { ...": run `dot -Tsvg` on it
        label.cancel()
    }
}

/// Debug/RippleGraph.swift, example 2.
enum SourceExample_RippleGraph_2 {
    static func run() {
        let count = Signal(1, name: "count")
        let node = RippleGraph.Node(count)
        print(node.name, node.kind)   // prints "count signal"
    }
}

/// Debug/RippleGraph.swift, example 3.
enum SourceExample_RippleGraph_3 {
    final class Counter { @Tracked var value = 0 }

    static func run() {
        RippleGraph.beginNaming()
        let counter = Counter()
        let effect = Effect("CounterLabel") { _ = counter.value }
        print(RippleGraph.Node(effect).dependencies.map(\.name))   // prints "[\"Counter.value\"]"
        effect.cancel()
    }
}

/// Debug/RippleGraph.swift, example 4.
enum SourceExample_RippleGraph_4 {
    final class Counter { @Tracked var value = 0 }

    static func run() {
        let counter = Counter()
        let effect = Effect { _ = counter.value }
        print(RippleGraph.nodes(of: counter).map(\.name))   // prints "[\"Counter.value\"]"
        effect.cancel()
    }
}

/// Debug/RippleGraph.swift, example 5.
enum SourceExample_RippleGraph_5 {
    static func run() {
        let count = Signal(1, name: "count")
        let doubled = Computed(name: "doubled") { count.value * 2 }
        let effect = Effect("printer") { _ = doubled.value }
        print(RippleGraph.dot(around: doubled))   // prints "digraph Ripple { ...": count -> doubled -> printer
        effect.cancel()
    }
}

/// Debug/RippleGraph.swift, example 6.
enum SourceExample_RippleGraph_6 {
    final class Counter { @Tracked var value = 0 }

    static func run() {
        let counter = Counter()
        let effect = Effect("CounterView") { _ = counter.value }
        print(RippleGraph.dot(around: counter))   // prints "digraph Ripple { ...": Counter.value -> CounterView
        effect.cancel()
    }
}

/// Debug/RippleGraph.swift, example 7.
enum SourceExample_RippleGraph_7 {
    static func run() {
        let a = Signal(1, name: "a"), b = Signal(2, name: "b")
        let sum = Computed(name: "sum") { a.value + b.value }
        _ = sum.value
        print(RippleGraph.dot(around: [RippleGraph.Node(sum)]))   // prints "digraph Ripple { ...": a, b -> sum
    }
}

// MARK: - Debug/RippleTrace+Event.swift

/// Debug/RippleTrace+Event.swift, example 1.
enum SourceExample_RippleTrace_Event_1 {
    static func run() {
        let price = Signal(10, name: "price")
        let total = Computed(name: "total") { price.value * 2 }
        let effect = Effect("TotalView") { _ = total.value }
        RippleTrace.trace(effect, printing: false)
        let subscription = RippleTrace.events { event in
            print(event.observer)                        // prints "TotalView"
            print(event.causes[0].node)                  // prints "total"
            print(event.chains[0].map(\.node))           // prints "[\"total\", \"price\"]"
            print(event)                                 // prints "TotalView: total 20 -> 24 <- price 10 -> 12"
        }
        price.value = 12
        subscription.cancel()
        effect.cancel()
    }
}

/// Debug/RippleTrace+Event.swift, example 2.
enum SourceExample_RippleTrace_Event_2 {
    static func run() {
        let step = RippleTrace.Step(node: "Book[2].isAvailable", oldValue: "true", newValue: "false", change: .written)
        print(step)   // prints "Book[2].isAvailable true -> false"
    }
}

// MARK: - Debug/RippleTrace.swift

/// Debug/RippleTrace.swift, example 1.
enum SourceExample_RippleTrace_1 {
    final class Book: Identifiable {
        let id: Int
        @Tracked var isAvailable = true
        init(id: Int) { self.id = id }
    }
    final class Library {
        @Tracked var books = [Book(id: 1), Book(id: 2)]
        @Derived({ (library: Library) in library.books.filter(\.isAvailable).count })
        var availableBooksCount: Int
    }

    static func run() {
        let library = Library()
        let view = Effect("LibraryView") { print("available:", library.availableBooksCount) }   // prints "available: 2"
        RippleTrace.trace(view)                 // each run of the view now says why, on standard error
        library.books[1].isAvailable = false     // prints "available: 1", and on standard error:
        // why: LibraryView: Library.availableBooksCount 2 -> 1 <- Book[2].isAvailable true -> false
        view.cancel()
    }
}

/// Debug/RippleTrace.swift, example 2.
enum SourceExample_RippleTrace_2 {
    static func run() {
        RippleTrace.isEnabled = true
        let count = Signal(0, name: "count")
        let logger = Effect("logger") { _ = count.value }
        count.value = 1          // why: logger: count 0 -> 1
        logger.cancel()
        RippleTrace.isEnabled = false
    }
}

/// Debug/RippleTrace.swift, example 3.
enum SourceExample_RippleTrace_3 {
    static func run() {
        RippleTrace.showsAbsorbed = true
        let count = Signal(3, name: "count")
        let isOdd = Computed(name: "isOdd") { count.value % 2 == 1 }
        let badge = Effect("badge") { _ = isOdd.value }
        RippleTrace.trace(badge)
        count.value = 5          // why: badge (did not run): isOdd absorbed (stayed true) <- count 3 -> 5
        badge.cancel()
        RippleTrace.showsAbsorbed = false
    }
}

/// Debug/RippleTrace.swift, example 4.
enum SourceExample_RippleTrace_4 {
    static func run() {
        let title = Signal("Dune", name: "title")
        let render = Effect("TitleView") { _ = title.value }
        RippleTrace.trace(render)
        title.value = "Emma"     // why: TitleView: title "Dune" -> "Emma"
        render.cancel()
    }
}

/// Debug/RippleTrace.swift, example 5.
enum SourceExample_RippleTrace_5 {
    final class Counter { @Tracked var value = 0 }

    static func run() {
        let counter = Counter()
        let shown = Effect("CounterView") { _ = counter.value }
        RippleTrace.trace(counter)
        counter.value = 1        // why: CounterView: Counter.value 0 -> 1
        shown.cancel()
    }
}

/// Debug/RippleTrace.swift, example 6.
enum SourceExample_RippleTrace_6 {
    static func run() {
        let count = Signal(0, name: "count")
        let effect = Effect("counter") { _ = count.value }
        RippleTrace.trace(effect, printing: false)
        let subscription = RippleTrace.events { event in
            print(event)         // prints "counter: count 0 -> 1"
        }
        count.value = 1
        subscription.cancel()
        effect.cancel()
    }
}

/// Debug/RippleTrace.swift, example 7.
enum SourceExample_RippleTrace_7 {
    @MainActor static func run() async {
        let events = RippleTrace.stream()
        let count = Signal(0, name: "count")
        let effect = Effect("ticker") { _ = count.value }
        RippleTrace.trace(effect, printing: false)
        count.value = 1
        for await event in events where event.observer == "ticker" {
            print(event)         // prints "ticker: count 0 -> 1"
            break
        }
        effect.cancel()
    }
}

/// Debug/RippleTrace.swift, example 8.
enum SourceExample_RippleTrace_8 {
    static func run() {
        let subscription = RippleTrace.events { print($0) }
        subscription.cancel()   // it hears nothing more: prints nothing
    }
}

// MARK: - Debug/WorkCounter.swift

/// Debug/WorkCounter.swift, example 1.
enum SourceExample_WorkCounter_1 {
    struct Shelved { var title: String; var isAvailable: Bool }
    final class Shelf {
        @Tracked var books: IncrementalArray<Shelved> = [
            Shelved(title: "Dune", isAvailable: true), Shelved(title: "Emma", isAvailable: false),
        ]
        @Derived(\Shelf.books, count: \.isAvailable) var available: Int
    }

    static func run() {
        let shelf = Shelf()
        let work = WorkCounter(shelf)
        print(shelf.available)           // prints "1"
        shelf.books[1].isAvailable = true
        print(shelf.available)           // prints "2"
        print(work.take())               // prints "[available: 2 recomputes, 3 elements]"
    }
}

// MARK: - Environment/Environment.swift

/// Environment/Environment.swift, example 1.
enum SourceExample_Environment_1 {
    final class Library { @Tracked var name = "City Library" }
    struct LibraryView {
        @Environment(Library.self) var library              // absent: fatal error naming Library
        @Environment(Library.self) var maybe: Library?      // absent: nil
        @Environment(\.theme) var theme                     // absent: ThemeKey.defaultValue

        func render() -> String { "\(library.name) in \(theme)" }
    }

    static func run() {
        withEnvironment(Library()) {
            print(LibraryView().render())   // prints "City Library in light"
        }
    }
}

/// Environment/Environment.swift, example 2.
enum SourceExample_Environment_2 {
    typealias Library = SourceExample_Environment_1.Library

    struct Header {
        @Environment(Library.self) var library   // no Library in scope: a fatal error
    }

    static func run() {
        withEnvironment(Library()) {
            print(Header().library.name)   // prints "City Library"
        }
    }
}

/// Environment/Environment.swift, example 3.
enum SourceExample_Environment_3 {
    typealias Library = SourceExample_Environment_1.Library

    struct Footer {
        @Environment(Library.self) var library: Library?
    }

    static func run() {
        print(Footer().library == nil)              // prints "true": no scope provides one
        withEnvironment(Library()) {
            print(Footer().library?.name ?? "none") // prints "City Library"
        }
    }
}

/// Environment/Environment.swift, example 4.
enum SourceExample_Environment_4 {
    struct Badge {
        @Environment(\.theme) var theme   // a String, from ThemeKey
    }

    static func run() {
        print(Badge().theme)   // prints "light": ThemeKey.defaultValue
    }
}

/// Environment/Environment.swift, example 5.
enum SourceExample_Environment_5 {
    typealias Badge = SourceExample_Environment_4.Badge

    static func run() {
        let badge = Badge()                  // @Environment(\.theme) var theme
        print(badge.theme)                   // prints "light"
        withEnvironment(\.theme, "dark") {
            print(badge.theme)               // prints "dark": resolved when read
        }
    }
}

// MARK: - Environment/EnvironmentKey.swift

/// Environment/EnvironmentKey.swift, example 1, at file scope.
struct ThemeKey: EnvironmentKey {
    static let defaultValue = "light"
}
extension EnvironmentValues {
    var theme: String {
        get { self[ThemeKey.self] }
        set { self[ThemeKey.self] = newValue }
    }
}

/// Environment/EnvironmentKey.swift, example 2.
enum SourceExample_EnvironmentKey_2 {
    final class Library { @Tracked var name = "City Library" }

    static func run() throws {
        do throws(EnvironmentError) {
            let library = try EnvironmentValues().require(Library.self)
            print(library.name)
        } catch {
            print(error == .missing(typeName: "Library"))   // prints "true"
        }
    }
}

/// Environment/EnvironmentKey.swift, example 3.
enum SourceExample_EnvironmentKey_3 {
    static func run() {
        print(EnvironmentError.missing(typeName: "Library"))
        // prints "no Library in the environment: provide one with withEnvironment(_:_:) or ..."
    }
}

// MARK: - Environment/EnvironmentValues.swift

/// Environment/EnvironmentValues.swift, example 1.
enum SourceExample_EnvironmentValues_1 {
    final class Library { @Tracked var name = "City Library" }

    static func run() {
        var values = EnvironmentValues()
        values.insert(Library())
        values[ThemeKey.self] = "dark"
        withEnvironment(values) {
            print(EnvironmentValues.current[Library.self]?.name ?? "none")   // prints "City Library"
        }
    }
}

/// Environment/EnvironmentValues.swift, example 2.
enum SourceExample_EnvironmentValues_2 {
    typealias Library = SourceExample_EnvironmentValues_1.Library

    static func run() {
        let values = EnvironmentValues()
        print(values[Library.self] == nil)   // prints "true": no stores
        print(values[ThemeKey.self])         // prints "light": the key's default
    }
}

/// Environment/EnvironmentValues.swift, example 3.
enum SourceExample_EnvironmentValues_3 {
    static func run() {
        var values = EnvironmentValues()
        print(values.isEmpty)   // prints "true"
        values[ThemeKey.self] = "dark"
        print(values.isEmpty)   // prints "false"
    }
}

/// Environment/EnvironmentValues.swift, example 4.
enum SourceExample_EnvironmentValues_4 {
    typealias Library = SourceExample_EnvironmentValues_1.Library

    static func run() {
        var values = EnvironmentValues()
        values.insert(Library())
    }
}

/// Environment/EnvironmentValues.swift, example 5.
enum SourceExample_EnvironmentValues_5 {
    typealias Library = SourceExample_EnvironmentValues_1.Library

    static func run() {
        let library = EnvironmentValues.current[Library.self]   // Library?
        print(library == nil)                                   // prints "true": outside every scope
    }
}

/// Environment/EnvironmentValues.swift, example 6.
enum SourceExample_EnvironmentValues_6 {
    static func run() {
        var values = EnvironmentValues()
        print(values[ThemeKey.self])   // prints "light": the default
        values[ThemeKey.self] = "dark"
        print(values[ThemeKey.self])   // prints "dark"
    }
}

/// Environment/EnvironmentValues.swift, example 7.
enum SourceExample_EnvironmentValues_7 {
    typealias Library = SourceExample_EnvironmentValues_1.Library

    static func run() throws {
        do {
            let library = try EnvironmentValues.current.require(Library.self)
            print(library.name)
        } catch {
            print(error)   // prints "no Library in the environment: ..."
        }
    }
}

/// Environment/EnvironmentValues.swift, example 8.
enum SourceExample_EnvironmentValues_8 {
    static func run() {
        print(EnvironmentValues.current.isEmpty)       // prints "true": outside every scope
        withEnvironment(\.theme, "dark") {
            print(EnvironmentValues.current.theme)     // prints "dark"
        }
    }
}

// MARK: - Environment/WithEnvironment.swift

/// Environment/WithEnvironment.swift, example 1.
enum SourceExample_WithEnvironment_1 {
    final class Library { @Tracked var name = "City Library" }

    static func run() {
        withEnvironment(Library()) {
            print(EnvironmentValues.current[Library.self]?.name ?? "none")   // prints "City Library"
        }
    }
}

/// Environment/WithEnvironment.swift, example 2.
enum SourceExample_WithEnvironment_2 {
    static func run() {
        withEnvironment(\.theme, "dark") {
            print(EnvironmentValues.current.theme)   // prints "dark"
        }
    }
}

/// Environment/WithEnvironment.swift, example 3.
enum SourceExample_WithEnvironment_3 {
    typealias Library = SourceExample_WithEnvironment_1.Library

    static func run() {
        var values = EnvironmentValues()
        values.insert(Library())
        withEnvironment(values) { /* ... */ }
    }
}

/// Environment/WithEnvironment.swift, example 4.
enum SourceExample_WithEnvironment_4 {
    typealias Library = SourceExample_WithEnvironment_1.Library

    @MainActor static func run() async {
        func currentLibraryName() async -> String {
            EnvironmentValues.current[Library.self]?.name ?? "none"
        }

        await withEnvironment(Library()) {
            async let name = currentLibraryName()   // a child task: sees the Library too
            print(await name)                        // prints "City Library"
        }
    }
}

/// Environment/WithEnvironment.swift, example 5.
enum SourceExample_WithEnvironment_5 {
    @MainActor static func run() async {
        await withEnvironment(\.theme, "dark") {
            async let theme = EnvironmentValues.current.theme   // a child task: inherits it
            print(await theme)                                   // prints "dark"
        }
    }
}

/// Environment/WithEnvironment.swift, example 6.
enum SourceExample_WithEnvironment_6 {
    typealias Library = SourceExample_WithEnvironment_1.Library

    @MainActor static func run() async {
        var values = EnvironmentValues()
        values.insert(Library())
        await withEnvironment(values) {
            async let name = EnvironmentValues.current[Library.self]?.name ?? "none"
            print(await name)   // prints "City Library": a child task sees the whole environment
        }
    }
}

// MARK: - Interop/ObservableModel.swift

/// Interop/ObservableModel.swift, example 1: declarations, compiled.
enum SourceExample_ObservableModel_1 {
    @MainActor
    final class Library: ObservableModel {
        let observationRegistrar = ObservationRegistrar()
        @Tracked var books: [Book] = []
        @Derived({ (library: Library) in library.books.filter(\.isAvailable).count })
        var availableBooksCount: Int
    }
}

// MARK: - Interop/TrackObservable.swift

/// Interop/TrackObservable.swift, example 1.
enum SourceExample_TrackObservable_1 {
    @Observable final class Settings { var taxRate = 0.2 }   // Apple's macro
    final class Cart {
        let settings: Settings
        @Tracked var prices: [Double] = [10, 20]
        @Derived({ (cart: Cart) in
            cart.prices.reduce(0, +) * (1 + trackObservable { cart.settings.taxRate })
        })
        var total: Double
        init(settings: Settings) { self.settings = settings }
    }

    static func run() {
        let cart = Cart(settings: Settings())
        print(cart.total)                 // prints "36.0"
        cart.settings.taxRate = 0.5
        print(cart.total)                 // prints "45.0": recomputed, the tax rate is a dependency
    }
}

// MARK: - Issues/CycleError.swift

/// Issues/CycleError.swift, example 1.
enum SourceExample_CycleError_1 {
    static func run() throws {
        let closesLoop = Signal(true)
        var second: Computed<Int>!
        let first = Computed(name: "first") { () throws -> Int in
            closesLoop.value ? try second.get() + 1 : 0
        }
        second = Computed(name: "second") { () throws -> Int in try first.get() + 1 }
        do {
            _ = try second.get()
        } catch {
            print((error as? CycleError)?.nodes ?? [])   // prints "[\"second\", \"first\", \"second\"]"
        }
        closesLoop.value = false              // the loop opens
        print((try? second.get()) ?? 0)       // prints "1": both recover on their next read
    }
}

// MARK: - Issues/RuntimeIssue.swift

/// Issues/RuntimeIssue.swift, example 1.
enum SourceExample_RuntimeIssue_1 {
    static func run() {
        let source = Signal(1), mirror = Signal(0)
        let doubled = Computed { () -> Int in
            mirror.value = source.value    // a write while a Computed evaluates
            return source.value * 2
        }
        let issues = RuntimeIssues.collect { _ = doubled.value }
        print(issues.map(\.kind))   // prints "[writeDuringEvaluation]"
        print(mirror.value)         // prints "1": the write applied
    }
}

// MARK: - Issues/RuntimeIssues.swift

/// Issues/RuntimeIssues.swift, example 1.
enum SourceExample_RuntimeIssues_1 {
    static func run() {
        let count = Signal(0)
        let issues = RuntimeIssues.collect {
            let spinner = Effect("spinner") { count.value += 1 }   // never settles
            spinner.cancel()
        }
        print(issues.map(\.kind))   // prints "[runawayEffect]"
        print(count.value)          // prints "101": its first run, then 100 in one flush; then it stopped
    }
}

/// Issues/RuntimeIssues.swift, example 2.
enum SourceExample_RuntimeIssues_2 {
    static func run() {
        RuntimeIssues.withReporter(RuntimeIssueReporter { issue in
            print("test failed:", issue)          // Issue.record(issue.description) under Swift Testing
        }) {
            let ok = Computed { 1 }
            _ = ok.value
        }                                         // nothing is wrong: prints nothing
    }
}

/// Issues/RuntimeIssues.swift, example 3.
enum SourceExample_RuntimeIssues_3 {
    static func run() {
        RuntimeIssues.reporter = .fatalError     // strict: misuse traps, naming the issue
        RuntimeIssues.reporter = .standardError  // the default again
    }
}

/// Issues/RuntimeIssues.swift, example 4.
enum SourceExample_RuntimeIssues_4 {
    static func run() {
        let strict = RuntimeIssues.withReporter(.fatalError) { 1 + 1 }
        print(strict)   // prints "2"
    }
}

/// Issues/RuntimeIssues.swift, example 5.
enum SourceExample_RuntimeIssues_5 {
    static func run() {
        let input = Signal(1), echo = Signal(0)
        let doubled = Computed { () -> Int in echo.value = input.value; return input.value * 2 }
        let issues = RuntimeIssues.collect { print(doubled.value) }   // prints "2"
        print(issues.count)   // prints "1"
    }
}

/// Issues/RuntimeIssues.swift, example 6.
enum SourceExample_RuntimeIssues_6 {
    static func run() {
        let logger = RuntimeIssueReporter { issue in
            print("[ripple] \(issue.kind): \(issue.message)")
        }
        RuntimeIssues.withReporter(logger) {
            let count = Signal(0)
            let spinner = Effect("spinner") { count.value += 1 }
            spinner.cancel()
        }
        // prints "[ripple] runawayEffect: effect 'spinner' ran 100 times in one flush ..."
    }
}

// MARK: - Model/Derived.swift

/// Model/Derived.swift, example 1.
enum SourceExample_Derived_1 {
    final class Book {
        @Tracked var isAvailable = true
    }
    final class Library {
        @Tracked var books: [Book] = [Book(), Book(), Book()]

        @Derived({ (library: Library) in library.books.filter(\.isAvailable).count })
        var availableBooksCount: Int
    }

    static func run() {
        let library = Library()
        print(library.availableBooksCount)   // prints "3": computed
        print(library.availableBooksCount)   // prints "3": cached, nothing recomputed
        library.books[0].isAvailable = false
        print(library.availableBooksCount)   // prints "2": recomputed once
    }
}

/// Model/Derived.swift, example 2.
enum SourceExample_Derived_2 {
    struct Summary { var count: Int }          // no equality
    final class Shelf {
        @Tracked var books = ["Dune"]
        @Derived({ (shelf: Shelf) in Summary(count: shelf.books.count) })
        var summary: Summary
    }

    static func run() {
        let shelf = Shelf()
        let effect = Effect { print(shelf.summary.count) }   // prints "1"
        shelf.books = ["Emma"]                               // a change: prints "1" again
        effect.cancel()
    }
}

/// Model/Derived.swift, example 3.
enum SourceExample_Derived_3 {
    final class Shelf {
        @Tracked var books = ["Dune"]
        @Derived({ (shelf: Shelf) in shelf.books.count })
        var count: Int
    }

    static func run() {
        let shelf = Shelf()
        let effect = Effect { print("count:", shelf.count) }   // prints "count: 1"
        shelf.books = ["Emma"]                                 // still 1: prints nothing
        effect.cancel()
    }
}

/// Model/Derived.swift, example 4.
enum SourceExample_Derived_4 {
    final class Book {}
    final class Shelf {
        @Tracked var books = [Book(), Book()]
        @Derived({ (shelf: Shelf) in shelf.books[0] })
        var first: Book
    }

    static func run() {
        let shelf = Shelf()
        let effect = Effect { _ = shelf.first; print("render") }   // prints "render"
        shelf.books.removeLast()                                    // same first book: prints nothing
        effect.cancel()
    }
}

/// Model/Derived.swift, example 5.
enum SourceExample_Derived_5 {
    final class Tag: Equatable {
        let name: String
        init(_ name: String) { self.name = name }
        static func == (a: Tag, b: Tag) -> Bool { a.name == b.name }
    }
    final class Book {
        @Tracked var genre = "sf"
        @Derived({ (book: Book) in Tag(book.genre.lowercased()) })
        var tag: Tag
    }

    static func run() {
        let book = Book()
        let effect = Effect { print("tag:", book.tag.name) }   // prints "tag: sf"
        book.genre = "SF"                                      // an equal tag: prints nothing
        effect.cancel()
    }
}

/// Model/Derived.swift, example 6.
enum SourceExample_Derived_6 {
    final class Cart {
        @Tracked var prices = [3, 4]
        @Derived({ (cart: Cart) in cart.prices.reduce(0, +) })
        var total: Int
    }

    static func run() {
        print(Cart().total)   // prints "7"
        // struct Panel { @Derived({ (cart: Cart) in cart.prices.count }) var count: Int }
        // error: 'wrappedValue' is unavailable
    }
}

/// Model/Derived.swift, example 7.
enum SourceExample_Derived_7 {
    typealias Library = SourceExample_Derived_1.Library

    static func run() {
        let library = Library()
        print(library.availableBooksCount)   // prints "3": the compiler calls this subscript
    }
}

// MARK: - Model/Tracked+Conformances.swift

/// Model/Tracked+Conformances.swift, example 1.
enum SourceExample_Tracked_Conformances_1 {
    static func run() {
        print(Tracked(wrappedValue: "Dune") == Tracked(wrappedValue: "Dune"))   // prints "true"
        print(Tracked(wrappedValue: "Dune") == Tracked(wrappedValue: "Emma"))   // prints "false"
    }
}

/// Model/Tracked+Conformances.swift, example 2.
enum SourceExample_Tracked_Conformances_2 {
    static func run() {
        let titles: Set = [Tracked(wrappedValue: "Dune"), Tracked(wrappedValue: "Dune")]
        print(titles.count)   // prints "1": equal values
    }
}

/// Model/Tracked+Conformances.swift, example 3.
enum SourceExample_Tracked_Conformances_3 {
    final class Book: Codable { @Tracked var title = "Sample Book Title" }

    static func run() throws {
        let book = Book()
        book.title = "Dune"
        print(String(decoding: try JSONEncoder().encode(book), as: UTF8.self))   // prints "{\"title\":\"Dune\"}"
    }
}

/// Model/Tracked+Conformances.swift, example 4.
enum SourceExample_Tracked_Conformances_4 {
    final class Book: Codable { @Tracked var title = "Sample Book Title" }

    static func run() throws {
        let json = #"{"title":"Dune"}"#
        let book = try JSONDecoder().decode(Book.self, from: Data(json.utf8))
        print(book.title)   // prints "Dune"
    }
}

/// Model/Tracked+Conformances.swift, example 5.
enum SourceExample_Tracked_Conformances_5 {
    final class Book: Codable {
        @Tracked var title = ""
        @Tracked var subtitle: String? = nil
    }

    static func run() throws {
        let book = try JSONDecoder().decode(Book.self, from: Data(#"{"title":"Dune"}"#.utf8))
        print(book.subtitle == nil)   // prints "true": the key is missing
    }
}

/// Model/Tracked+Conformances.swift, example 6.
enum SourceExample_Tracked_Conformances_6 {
    typealias Book = SourceExample_Tracked_Conformances_5.Book

    static func run() throws {
        let book = Book()   // @Tracked var subtitle: String? = nil, as above
        book.title = "Dune"
        print(String(decoding: try JSONEncoder().encode(book), as: UTF8.self))   // prints "{\"title\":\"Dune\"}"
    }
}

// MARK: - Model/Tracked.swift

/// Model/Tracked.swift, example 1.
enum SourceExample_Tracked_1 {
    final class Author {
        @Tracked var name = "Sample Author"
    }
    final class Book {
        @Tracked var title = "Sample Book Title"
        @Tracked var author = Author()
        var lastOpened = 0   // a plain property: not tracked (like @ObservationIgnored)
    }

    static func run() {
        let book = Book()
        let effect = Effect { print(book.title, "by", book.author.name) }  // prints "Sample Book Title by Sample Author"
        book.author.name = "Frank Herbert"                                 // prints "Sample Book Title by Frank Herbert"
        book.lastOpened += 1                                               // untracked: prints nothing
        effect.cancel()
    }
}

/// Model/Tracked.swift, example 2.
enum SourceExample_Tracked_2 {
    final class Book { @Tracked var title = "Dune" }

    static func run() {
        let book = Book()
        let effect = Effect { print(book.title) }   // prints "Dune"
        book.title = "Dune"                          // equal: prints nothing
        effect.cancel()
    }
}

/// Model/Tracked.swift, example 3.
enum SourceExample_Tracked_3 {
    final class Book { @Tracked var title = "Dune" }   // a class: fine

    static func run() {
        print(Book().title)                                 // prints "Dune"
        // struct Draft { @Tracked var title = "" }        // error: 'wrappedValue' is unavailable
    }
}

/// Model/Tracked.swift, example 4.
enum SourceExample_Tracked_4 {
    final class Book { @Tracked var title = "Dune" }

    static func run() {
        let book = Book()
        book.title += " Messiah"   // the _modify accessor: in place, one notification
        print(book.title)          // prints "Dune Messiah": the getter
    }
}

// MARK: - Observe/Observe.swift

/// Observe/Observe.swift, example 1: compiled, not run.
enum SourceExample_Observe_1 {
    @MainActor static func run() async {
        @MainActor
        func showAvailability(of library: Library) async {
            for await count in observe({ library.availableBooksCount }) {
                print("available:", count)   // the current count, then each new one
            }
        }

        let library = Library()
        let shown = Task { await showAvailability(of: library) }   // prints "available: 3"
        // ... once it printed, a change anywhere on the main actor:
        library.books[0].isAvailable = false                       // prints "available: 2"
        shown.cancel()                                             // the loop ends
    }
}

/// Observe/Observe.swift, example 2: compiled, not run.
enum SourceExample_Observe_2 {
    @MainActor static func run() async {
        let count = Signal(1)
        for await parity in observe({ count.value % 2 }) {
            print(parity)   // prints "1", then a value only when the parity flips
        }
    }
}

// MARK: - Primitives/Batch.swift

/// Primitives/Batch.swift, example 1.
enum SourceExample_Batch_1 {
    static func run() {
        let first = Signal("Ada"), last = Signal("Lovelace")
        let effect = Effect { print(first.value, last.value) }   // prints "Ada Lovelace"
        batch {
            first.value = "Grace"
            last.value = "Hopper"
        }                                                         // prints "Grace Hopper", once
        effect.cancel()
    }
}

/// Primitives/Batch.swift, example 2.
enum SourceExample_Batch_2 {
    static func run() {
        let query = Signal("swift"), page = Signal(1)
        let results = Computed {
            "\(query.value), page \(untracked { page.value })"   // depends on query only
        }
        print(results.value)   // prints "swift, page 1"
        page.value = 2
        print(results.value)   // prints "swift, page 1": page is no dependency
        query.value = "rust"
        print(results.value)   // prints "rust, page 2"
    }
}

// MARK: - Primitives/Computed+Initializers.swift

/// Primitives/Computed+Initializers.swift, example 1.
enum SourceExample_Computed_Initializers_1 {
    static func run() {
        func memo<T>(_ compute: @escaping () -> T) -> Computed<T> { Computed(compute) }

        let count = Signal(3)
        let isOdd = memo { count.value % 2 == 1 }           // generic, yet Bool's == cuts off
        let effect = Effect { print("odd:", isOdd.value) }  // prints "odd: true"
        count.value = 5                                     // true again: prints nothing
        effect.cancel()
    }
}

/// Primitives/Computed+Initializers.swift, example 2.
enum SourceExample_Computed_Initializers_2 {
    static func run() {
        let count = Signal(3)
        let isEven = Computed { count.value % 2 == 0 }
        let effect = Effect { print("even:", isEven.value) }   // prints "even: false"
        count.value = 5        // isEven recomputes to false again: prints nothing
        effect.cancel()
    }
}

/// Primitives/Computed+Initializers.swift, example 3.
enum SourceExample_Computed_Initializers_3 {
    final class Page {}

    static func run() {
        let pages = Signal([Page()])
        let first = Computed { pages.value[0] }                  // compared by identity
        let effect = Effect { _ = first.value; print("render") } // prints "render"
        pages.value.append(Page())                               // same first page: prints nothing
        effect.cancel()
    }
}

/// Primitives/Computed+Initializers.swift, example 4.
enum SourceExample_Computed_Initializers_4 {
    final class Tag: Equatable {
        let name: String
        init(_ name: String) { self.name = name }
        static func == (a: Tag, b: Tag) -> Bool { a.name == b.name }
    }

    static func run() {
        let name = Signal("sf")
        let tag = Computed { Tag(name.value.lowercased()) }   // a new Tag each run; == decides
        let effect = Effect { print("tag:", tag.value.name) } // prints "tag: sf"
        name.value = "SF"                                     // an equal Tag: prints nothing
        effect.cancel()
    }
}

/// Primitives/Computed+Initializers.swift, example 5.
enum SourceExample_Computed_Initializers_5 {
    struct Negative: Error {}

    static func run() throws {
        let input = Signal(-1)
        let root = Computed { () throws -> Double in
            guard input.value >= 0 else { throw Negative() }
            return Double(input.value).squareRoot()
        }
        print((try? root.get()) == nil)   // prints "true": the error, cached
        input.value = 16
        print(try root.get())             // prints "4.0"
    }
}

/// Primitives/Computed+Initializers.swift, example 6.
enum SourceExample_Computed_Initializers_6 {
    struct NotANumber: Error {}

    static func run() throws {
        let text = Signal("42")
        let number = Computed { () throws -> Int in
            guard let number = Int(text.value) else { throw NotANumber() }
            return number
        }
        print(try number.get())   // prints "42"
        text.value = "042"        // recomputes to 42 again: dependents skip
    }
}

/// Primitives/Computed+Initializers.swift, example 7.
enum SourceExample_Computed_Initializers_7 {
    struct SignedOut: Error {}
    final class User {}

    static func run() {
        let user = Signal<User?>(User())
        let current = Computed { () throws -> User in         // compared by identity
            guard let signedIn = user.value else { throw SignedOut() }
            return signedIn
        }
        user.value = nil
        print((try? current.get()) == nil)   // prints "true": SignedOut, cached
    }
}

/// Primitives/Computed+Initializers.swift, example 8.
enum SourceExample_Computed_Initializers_8 {
    final class Tag: Equatable {
        let name: String
        init(_ name: String) { self.name = name }
        static func == (a: Tag, b: Tag) -> Bool { a.name == b.name }
    }
    struct EmptyName: Error {}

    static func run() throws {
        let name = Signal("sf")
        let tag = Computed { () throws -> Tag in          // a new Tag each run; == decides
            guard !name.value.isEmpty else { throw EmptyName() }
            return Tag(name.value.lowercased())
        }
        print(try tag.get().name)   // prints "sf"
        name.value = "SF"           // an equal Tag: dependents skip
    }
}

/// Primitives/Computed+Initializers.swift, example 9.
enum SourceExample_Computed_Initializers_9 {
    static func run() {
        let raw = Signal(1.04)
        let rounded = Computed(equals: { abs($0 - $1) < 0.1 }) { raw.value }
        print(rounded.value)   // prints "1.04": computed on this first read
        raw.value = 1.08
        print(rounded.value)   // prints "1.04": within tolerance, the old value stands
    }
}

/// Primitives/Computed+Initializers.swift, example 10.
enum SourceExample_Computed_Initializers_10 {
    struct Offline: Error {}

    static func run() throws {
        let sensor = Signal<Double?>(20.0)
        let reading = Computed(equals: { abs($0 - $1) < 0.5 }) { () throws -> Double in
            guard let value = sensor.value else { throw Offline() }
            return value
        }
        print(try reading.get())              // prints "20.0": computed on this first read
        sensor.value = 20.3
        print(try reading.get())              // prints "20.0": within tolerance, the old value stands
        sensor.value = nil
        print((try? reading.get()) == nil)    // prints "true": Offline, cached; equals never sees it
    }
}

// MARK: - Primitives/Computed.swift

/// Primitives/Computed.swift, example 1.
enum SourceExample_Computed_1 {
    static func run() {
        let items = Signal([3, 1, 2])
        let sorted = Computed { items.value.sorted() }
        print(sorted.value)   // prints "[1, 2, 3]": computed now
        print(sorted.value)   // prints "[1, 2, 3]": cached
        items.value = [2, 1]
        print(sorted.value)   // prints "[1, 2]": recomputed once
    }
}

/// Primitives/Computed.swift, example 2.
enum SourceExample_Computed_2 {
    static func run() {
        let price = Signal(10.0)
        let withTax = Computed { price.value * 1.2 }
        print(withTax.value)   // prints "12.0"
    }
}

/// Primitives/Computed.swift, example 3.
enum SourceExample_Computed_3 {
    struct Empty: Error {}

    static func run() throws {
        let names = Signal([String]())
        let first = Computed { () throws -> String in
            guard let name = names.value.first else { throw Empty() }
            return name
        }
        names.value = ["Ada"]
        print(try first.get())   // prints "Ada"
    }
}

/// Primitives/Computed.swift, example 4.
enum SourceExample_Computed_4 {
    static func run() {
        let source = Signal(1)
        let doubled = Computed { source.value * 2 }
        let effect = Effect { print(doubled.peek()) }   // prints "2"; never runs again
        source.value = 2                                // prints nothing
        effect.cancel()
    }
}

// MARK: - Primitives/Effect.swift

/// Primitives/Effect.swift, example 1.
enum SourceExample_Effect_1 {
    static func run() {
        let count = Signal(0)
        let doubled = Computed { count.value * 2 }
        let effect = Effect { print("doubled:", doubled.value) }  // prints "doubled: 0" now
        count.value = 1                                           // prints "doubled: 2"
        batch { count.value = 2; count.value = 3 }                // prints "doubled: 6", once
        effect.cancel()
    }
}

/// Primitives/Effect.swift, example 2.
enum SourceExample_Effect_2 {
    static func run() {
        let title = Signal("Dune")
        let render = Effect("title view") { print("title:", title.value) }   // prints "title: Dune"
        title.value = "Emma"                                                  // prints "title: Emma"
        render.cancel()
    }
}

/// Primitives/Effect.swift, example 3.
enum SourceExample_Effect_3 {
    struct Offline: Error {}

    static func run() {
        let connected = Signal(true)
        let sync = Effect("sync") {
            guard connected.value else { throw Offline() }
            print("synced")
        }                           // prints "synced"
        connected.value = false     // the run throws: reported as a RuntimeIssue
        connected.value = true      // prints "synced": the read before the throw is kept
        sync.cancel()
    }
}

/// Primitives/Effect.swift, example 4.
enum SourceExample_Effect_4 {
    static func run() {
        let ticks = Signal(0)
        let logger = Effect { print("tick", ticks.value) }   // prints "tick 0"
        logger.cancel()
        ticks.value = 1   // prints nothing
    }
}

/// Primitives/Effect.swift, example 5.
enum SourceExample_Effect_5 {
    static func run() {
        let page = Signal(1)
        var row: Effect?
        let list = Effect { _ = page.value; row = Effect { } }   // row belongs to list
        let firstRow = row!
        print(firstRow.isCancelled)   // prints "false"
        page.value = 2                // list re-runs and disposes its old child
        print(firstRow.isCancelled)   // prints "true"
        list.cancel()
    }
}

/// Primitives/Effect.swift, example 6.
enum SourceExample_Effect_6 {
    static func run() {
        let interval = Signal(1)
        let timer = Effect {
            let seconds = interval.value
            print("start timer every", seconds, "s")
            onCleanup { print("stop timer every", seconds, "s") }
        }                    // prints "start timer every 1 s"
        interval.value = 5   // prints "stop timer every 1 s", then "start timer every 5 s"
        timer.cancel()       // prints "stop timer every 5 s"
    }
}

// MARK: - Primitives/EffectScope.swift

/// Primitives/EffectScope.swift, example 1.
enum SourceExample_EffectScope_1 {
    static func run() {
        let name = Signal("Ada"), count = Signal(1)
        let screen = EffectScope()
        screen.run {
            _ = Effect { print("name:", name.value) }     // prints "name: Ada"; the scope keeps it
            _ = Effect { print("count:", count.value) }   // prints "count: 1"
        }
        name.value = "Grace"                          // prints "name: Grace"
        screen.cancel()                               // both effects end
        count.value = 2                               // prints nothing
    }
}

/// Primitives/EffectScope.swift, example 2.
enum SourceExample_EffectScope_2 {
    static func run() {
        let scope = EffectScope("settings screen")
        print(scope.isCancelled)   // prints "false"
        scope.cancel()
        print(scope.isCancelled)   // prints "true"
    }
}

/// Primitives/EffectScope.swift, example 3.
enum SourceExample_EffectScope_3 {
    static func run() {
        let scope = EffectScope()
        let ticks = Signal(0)
        let label = scope.run {
            _ = Effect { print("tick", ticks.value) }   // prints "tick 0"
            onCleanup { print("scope ended") }
            return "ticker"
        }
        print(label)     // prints "ticker"
        scope.cancel()   // prints "scope ended"
    }
}

/// Primitives/EffectScope.swift, example 4.
enum SourceExample_EffectScope_4 {
    static func run() {
        let outer = EffectScope(), level = Signal(0)
        outer.run {
            let inner = EffectScope()
            inner.run {
                Effect {
                    print("level", level.value)      // prints "level 0"
                    onCleanup { print("inner effect cleaned up") }
                }
            }
        }
        outer.cancel()   // prints "inner effect cleaned up", once
        outer.cancel()   // prints nothing
        level.value = 1  // prints nothing
    }
}

/// Primitives/EffectScope.swift, example 5.
enum SourceExample_EffectScope_5 {
    static func run() {
        let outer = EffectScope()
        let inner = outer.run { EffectScope() }
        outer.cancel()
        print(inner.isCancelled)   // prints "true"
    }
}

// MARK: - Primitives/Liveness.swift

/// Primitives/Liveness.swift, example 1.
enum SourceExample_Liveness_1 {
    static func run() {
        let celsius = Signal(20.0)
        whileObserved({ celsius.value }) {
            print("sensor on")
            return { print("sensor off") }
        }
        let display = Effect { print("showing", celsius.value) }  // prints "showing 20.0", then "sensor on"
        celsius.value = 21                                         // prints "showing 21.0"
        display.cancel()                                           // prints "sensor off"
    }
}

// MARK: - Primitives/Signal.swift

/// Primitives/Signal.swift, example 1.
enum SourceExample_Signal_1 {
    static func run() {
        let count = Signal(0)
        let effect = Effect { print("count:", count.value) }   // prints "count: 0"
        count.value = 1                                         // prints "count: 1"
        count.value = 1                                         // equal: prints nothing
        effect.cancel()
    }
}

/// Primitives/Signal.swift, example 2.
enum SourceExample_Signal_2 {
    static func run() {
        let tick = Signal(())
        tick.value = ()        // no equality: notifies every time

        func makeSignal<T>(_ value: T) -> Signal<T> { Signal(value) }
        let count = makeSignal(1)
        count.value = 1        // Int is Equatable: no-op
    }
}

/// Primitives/Signal.swift, example 3.
enum SourceExample_Signal_3 {
    static func run() {
        let name = Signal("Ada")
        name.value = "Ada"     // equal: no-op
    }
}

/// Primitives/Signal.swift, example 4.
enum SourceExample_Signal_4 {
    final class Session {}

    static func run() {
        let session = Signal(Session())
        session.value = session.value   // same instance: no-op
    }
}

/// Primitives/Signal.swift, example 5.
enum SourceExample_Signal_5 {
    final class Tag: Equatable {
        let name: String
        init(_ name: String) { self.name = name }
        static func == (a: Tag, b: Tag) -> Bool { a.name == b.name }
    }

    static func run() {
        let tag = Signal(Tag("sf"))
        tag.value = Tag("sf")   // a different but equal instance: no-op
    }
}

/// Primitives/Signal.swift, example 6.
enum SourceExample_Signal_6 {
    static func run() {
        let reading = Signal(20.0, equals: { old, new in abs(old - new) < 0.5 })
        reading.value = 20.2   // within tolerance: no-op
    }
}

/// Primitives/Signal.swift, example 7.
enum SourceExample_Signal_7 {
    static func run() {
        let celsius = Signal(20.0)
        let fahrenheit = Computed { celsius.value * 9 / 5 + 32 }
        celsius.value = 100
        print(fahrenheit.value)   // prints "212.0"
    }
}

/// Primitives/Signal.swift, example 8.
enum SourceExample_Signal_8 {
    static func run() {
        let total = Signal(10)
        let effect = Effect { print(total.peek()) }   // prints "10"; runs once, never again
        total.value = 11                               // prints nothing
        effect.cancel()
    }
}

/// Primitives/Signal.swift, example 9.
enum SourceExample_Signal_9 {
    static func run() {
        let items = Signal([1, 2])
        items.update { $0.append(3) }   // one notification, no array copy
    }
}

// MARK: - Primitives/Tracking.swift

/// Primitives/Tracking.swift, example 1.
enum SourceExample_Tracking_1 {
    static func run() {
        let temperature = Signal(20)
        func follow() {
            let shown = withTracking { temperature.value } onChange: {
                print("now", temperature.value)   // the new value
                follow()                           // keep following
            }
            print("showing", shown)
        }
        follow()                 // prints "showing 20"
        temperature.value = 25   // prints "now 25", then "showing 25"
    }
}

// MARK: - DocumentationExamplesTests

/// The examples of the doc comments, each run with what it prints compared with its comments.
@Suite(.timeLimit(.minutes(5)))
struct DocumentationExamplesTests {
    @Test("Async/AsyncComputed.swift, example 1") @MainActor
    func example_AsyncComputed_1() async {
        await ExampleConsole.check("Async/AsyncComputed.swift", 1, prints: ["[\"Dune\", \"Dune Messiah\"]"]) {
            await SourceExample_AsyncComputed_1.run()
        }
    }

    @Test("Async/AsyncPhase.swift, example 1")
    func example_AsyncPhase_1() {
        ExampleConsole.check("Async/AsyncPhase.swift", 1, prints: ["searching... (showing 1)"]) {
            SourceExample_AsyncPhase_1.run()
        }
    }

    @Test("Async/AsyncPhase.swift, example 2")
    func example_AsyncPhase_2() {
        ExampleConsole.check("Async/AsyncPhase.swift", 2, prints: ["3"]) {
            SourceExample_AsyncPhase_2.run()
        }
    }

    @Test("Async/AsyncPhase.swift, example 3")
    func example_AsyncPhase_3() {
        ExampleConsole.check("Async/AsyncPhase.swift", 3, prints: ["false"]) {
            SourceExample_AsyncPhase_3.run()
        }
    }

    @Test("Async/AsyncPhase.swift, example 4")
    func example_AsyncPhase_4() {
        ExampleConsole.check("Async/AsyncPhase.swift", 4, prints: ["true"]) {
            SourceExample_AsyncPhase_4.run()
        }
    }

    @Test("Bindings/Bindable.swift, example 1")
    func example_Bindable_1() {
        ExampleConsole.check("Bindings/Bindable.swift", 1, prints: ["Dune 5"]) {
            SourceExample_Bindable_1.run()
        }
    }

    @Test("Bindings/Bindable.swift, example 2")
    func example_Bindable_2() {
        ExampleConsole.check("Bindings/Bindable.swift", 2, prints: ["Dune"]) {
            SourceExample_Bindable_2.run()
        }
    }

    @Test("Bindings/Bindable.swift, example 3")
    func example_Bindable_3() {
        ExampleConsole.check("Bindings/Bindable.swift", 3, prints: ["Dune"]) {
            SourceExample_Bindable_3.run()
        }
    }

    @Test("Bindings/Bindable.swift, example 4")
    func example_Bindable_4() {
        ExampleConsole.check("Bindings/Bindable.swift", 4, prints: ["5"]) {
            SourceExample_Bindable_4.run()
        }
    }

    @Test("Bindings/Bindable.swift, example 5")
    func example_Bindable_5() {
        ExampleConsole.check("Bindings/Bindable.swift", 5, prints: ["4"]) {
            SourceExample_Bindable_5.run()
        }
    }

    @Test("Bindings/Bindable.swift, example 6")
    func example_Bindable_6() {
        ExampleConsole.check("Bindings/Bindable.swift", 6, prints: ["Dune"]) {
            SourceExample_Bindable_6.run()
        }
    }

    @Test("Bindings/Bindable.swift, example 7")
    func example_Bindable_7() {
        ExampleConsole.check("Bindings/Bindable.swift", 7, prints: ["Emma"]) {
            SourceExample_Bindable_7.run()
        }
    }

    @Test("Bindings/Binding.swift, example 1")
    func example_Binding_1() {
        ExampleConsole.check("Bindings/Binding.swift", 1, prints: ["14"]) {
            SourceExample_Binding_1.run()
        }
    }

    @Test("Bindings/Binding.swift, example 2")
    func example_Binding_2() {
        ExampleConsole.check("Bindings/Binding.swift", 2, prints: ["7"]) {
            SourceExample_Binding_2.run()
        }
    }

    @Test("Bindings/Binding.swift, example 3")
    func example_Binding_3() {
        ExampleConsole.check("Bindings/Binding.swift", 3, prints: ["DUNE"]) {
            SourceExample_Binding_3.run()
        }
    }

    @Test("Bindings/Binding.swift, example 4")
    func example_Binding_4() {
        ExampleConsole.check("Bindings/Binding.swift", 4, prints: ["Dune"]) {
            SourceExample_Binding_4.run()
        }
    }

    @Test("Bindings/Binding.swift, example 5")
    func example_Binding_5() {
        ExampleConsole.check("Bindings/Binding.swift", 5, prints: ["2"]) {
            SourceExample_Binding_5.run()
        }
    }

    @Test("Bindings/Binding.swift, example 6")
    func example_Binding_6() {
        ExampleConsole.check("Bindings/Binding.swift", 6, prints: ["Emma"]) {
            SourceExample_Binding_6.run()
        }
    }

    @Test("Bindings/Binding.swift, example 7")
    func example_Binding_7() {
        ExampleConsole.check("Bindings/Binding.swift", 7, prints: ["Margins(top: 8, bottom: 0)"]) {
            SourceExample_Binding_7.run()
        }
    }

    @Test("Bindings/Binding.swift, example 8")
    func example_Binding_8() {
        ExampleConsole.check("Bindings/Binding.swift", 8, prints: ["Le Guin"]) {
            SourceExample_Binding_8.run()
        }
    }

    @Test("Collections/Derived+Collections.swift, example 1")
    func example_Derived_Collections_1() {
        ExampleConsole.check("Collections/Derived+Collections.swift", 1, prints: ["[\"Dune\"]", "[\"Dune\", \"Emma\"]"]) {
            SourceExample_Derived_Collections_1.run()
        }
    }

    @Test("Collections/Derived+Collections.swift, example 2")
    func example_Derived_Collections_2() {
        ExampleConsole.check("Collections/Derived+Collections.swift", 2, prints: ["[\"Dune\", \"Dracula\"]", "[\"Emma\"]"]) {
            SourceExample_Derived_Collections_2.run()
        }
    }

    @Test("Collections/Derived+Collections.swift, example 3")
    func example_Derived_Collections_3() {
        ExampleConsole.check("Collections/Derived+Collections.swift", 3, prints: ["1", "2"]) {
            SourceExample_Derived_Collections_3.run()
        }
    }

    @Test("Collections/Derived+Collections.swift, example 4")
    func example_Derived_Collections_4() {
        ExampleConsole.check("Collections/Derived+Collections.swift", 4, prints: ["3", "1"]) {
            SourceExample_Derived_Collections_4.run()
        }
    }

    @Test("Collections/Derived+Collections.swift, example 5")
    func example_Derived_Collections_5() {
        ExampleConsole.check("Collections/Derived+Collections.swift", 5, prints: ["report", "none"]) {
            SourceExample_Derived_Collections_5.run()
        }
    }

    @Test("Collections/Derived+Collections.swift, example 6")
    func example_Derived_Collections_6() {
        ExampleConsole.check("Collections/Derived+Collections.swift", 6, prints: ["Ada", "Grace"]) {
            SourceExample_Derived_Collections_6.run()
        }
    }

    @Test("Collections/Derived+Folds.swift, example 1")
    func example_Derived_Folds_1() {
        ExampleConsole.check("Collections/Derived+Folds.swift", 1, prints: ["5.3", "2.8"]) {
            SourceExample_Derived_Folds_1.run()
        }
    }

    @Test("Collections/Derived+Folds.swift, example 2")
    func example_Derived_Folds_2() {
        ExampleConsole.check("Collections/Derived+Folds.swift", 2, prints: ["200", "250"]) {
            SourceExample_Derived_Folds_2.run()
        }
    }

    @Test("Collections/Derived+Folds.swift, example 3")
    func example_Derived_Folds_3() {
        ExampleConsole.check("Collections/Derived+Folds.swift", 3, prints: ["32", "38"]) {
            SourceExample_Derived_Folds_3.run()
        }
    }

    @Test("Collections/Derived+Folds.swift, example 4")
    func example_Derived_Folds_4() {
        ExampleConsole.check("Collections/Derived+Folds.swift", 4, prints: ["0.1", "2.5"]) {
            SourceExample_Derived_Folds_4.run()
        }
    }

    @Test("Collections/Derived+Folds.swift, example 5")
    func example_Derived_Folds_5() {
        ExampleConsole.check("Collections/Derived+Folds.swift", 5, prints: ["8", "5"]) {
            SourceExample_Derived_Folds_5.run()
        }
    }

    @Test("Collections/Derived+Folds.swift, example 6")
    func example_Derived_Folds_6() {
        ExampleConsole.check("Collections/Derived+Folds.swift", 6, prints: ["19.0", "66.2"]) {
            SourceExample_Derived_Folds_6.run()
        }
    }

    @Test("Collections/Derived+Folds.swift, example 7")
    func example_Derived_Folds_7() {
        ExampleConsole.check("Collections/Derived+Folds.swift", 7, prints: ["40", "45"]) {
            SourceExample_Derived_Folds_7.run()
        }
    }

    @Test("Collections/Derived+Transforms.swift, example 1")
    func example_Derived_Transforms_1() {
        ExampleConsole.check("Collections/Derived+Transforms.swift", 1, prints: ["[\"DUNE\", \"EMMA\"]", "[\"DUNE MESSIAH\", \"EMMA\"]"]) {
            SourceExample_Derived_Transforms_1.run()
        }
    }

    @Test("Collections/Derived+Transforms.swift, example 2")
    func example_Derived_Transforms_2() {
        ExampleConsole.check("Collections/Derived+Transforms.swift", 2, prints: ["[\"$2.50\", \"$19.99\"]", "[\"€2.50\", \"€19.99\"]"]) {
            SourceExample_Derived_Transforms_2.run()
        }
    }

    @Test("Collections/Derived+Transforms.swift, example 3")
    func example_Derived_Transforms_3() {
        ExampleConsole.check("Collections/Derived+Transforms.swift", 3, prints: ["[\"ada@example.com\"]", "[\"ada@example.com\", \"alan@example.com\"]"]) {
            SourceExample_Derived_Transforms_3.run()
        }
    }

    @Test("Collections/Derived+Transforms.swift, example 4")
    func example_Derived_Transforms_4() {
        ExampleConsole.check("Collections/Derived+Transforms.swift", 4, prints: ["1 [\"Bank\"]", "2 [\"Post\", \"Shop\"]", "[\"Bank\", \"Shop\"]"]) {
            SourceExample_Derived_Transforms_4.run()
        }
    }

    @Test("Collections/Derived+Transforms.swift, example 5")
    func example_Derived_Transforms_5() {
        ExampleConsole.check("Collections/Derived+Transforms.swift", 5, prints: ["[\"Kindred by Butler\"]", "[\"Kindred by Octavia E. Butler\"]", "[\"Kindred by Le Guin\"]"]) {
            SourceExample_Derived_Transforms_5.run()
        }
    }

    @Test("Collections/Derived+Transforms.swift, example 6")
    func example_Derived_Transforms_6() {
        ExampleConsole.check("Collections/Derived+Transforms.swift", 6, prints: ["[\"Dune\", \"Emma\"]", "[\"Beloved\", \"Dune\", \"Emma\"]", "[\"Emma\", \"Dune\", \"Beloved\"]"]) {
            SourceExample_Derived_Transforms_6.run()
        }
    }

    @Test("Collections/Derived+Transforms.swift, example 7")
    func example_Derived_Transforms_7() {
        ExampleConsole.check("Collections/Derived+Transforms.swift", 7, prints: ["[\"Grace\", \"ada\", \"alan\"]", "[\"ada\", \"alan\", \"Grace\"]"]) {
            SourceExample_Derived_Transforms_7.run()
        }
    }

    @Test("Collections/IncrementalArray+Collection.swift, example 1")
    func example_IncrementalArray_Collection_1() {
        ExampleConsole.check("Collections/IncrementalArray+Collection.swift", 1, prints: ["4"]) {
            SourceExample_IncrementalArray_Collection_1.run()
        }
    }

    @Test("Collections/IncrementalArray+Collection.swift, example 2")
    func example_IncrementalArray_Collection_2() {
        ExampleConsole.check("Collections/IncrementalArray+Collection.swift", 2, prints: ["[\"a\", \"x\", \"d\"]"]) {
            SourceExample_IncrementalArray_Collection_2.run()
        }
    }

    @Test("Collections/IncrementalArray+Collection.swift, example 3")
    func example_IncrementalArray_Collection_3() {
        ExampleConsole.check("Collections/IncrementalArray+Collection.swift", 3, prints: ["[1, 3, 5]"]) {
            SourceExample_IncrementalArray_Collection_3.run()
        }
    }

    @Test("Collections/IncrementalArray+Collection.swift, example 4")
    func example_IncrementalArray_Collection_4() {
        ExampleConsole.check("Collections/IncrementalArray+Collection.swift", 4, prints: ["[\"fold\", \"wash\", \"dry\"]"]) {
            SourceExample_IncrementalArray_Collection_4.run()
        }
    }

    @Test("Collections/IncrementalArray+Collection.swift, example 5")
    func example_IncrementalArray_Collection_5() {
        ExampleConsole.check("Collections/IncrementalArray+Collection.swift", 5, prints: ["[\"b\", \"d\", \"e\", \"a\", \"c\"]"]) {
            SourceExample_IncrementalArray_Collection_5.run()
        }
    }

    @Test("Collections/IncrementalArray+Collection.swift, example 6")
    func example_IncrementalArray_Collection_6() {
        ExampleConsole.check("Collections/IncrementalArray+Collection.swift", 6, prints: ["[\"b\", \"d\", \"e\", \"a\", \"c\"]"]) {
            SourceExample_IncrementalArray_Collection_6.run()
        }
    }

    @Test("Collections/IncrementalArray+Collection.swift, example 7")
    func example_IncrementalArray_Collection_7() {
        ExampleConsole.check("Collections/IncrementalArray+Collection.swift", 7, prints: ["[\"a\", \"c\"]"]) {
            SourceExample_IncrementalArray_Collection_7.run()
        }
    }

    @Test("Collections/IncrementalArray+Collection.swift, example 8")
    func example_IncrementalArray_Collection_8() {
        ExampleConsole.check("Collections/IncrementalArray+Collection.swift", 8, prints: ["[\"fig\", \"pear\", \"apple\"]"]) {
            SourceExample_IncrementalArray_Collection_8.run()
        }
    }

    @Test("Collections/IncrementalArray.swift, example 1")
    func example_IncrementalArray_1() {
        ExampleConsole.check("Collections/IncrementalArray.swift", 1, prints: ["0", "1", "2"]) {
            SourceExample_IncrementalArray_1.run()
        }
    }

    @Test("Collections/IncrementalArray.swift, example 2")
    func example_IncrementalArray_2() {
        ExampleConsole.check("Collections/IncrementalArray.swift", 2, prints: ["1"]) {
            SourceExample_IncrementalArray_2.run()
        }
    }

    @Test("Collections/IncrementalArray.swift, example 3")
    func example_IncrementalArray_3() {
        ExampleConsole.check("Collections/IncrementalArray.swift", 3, prints: ["[1, 4, 9, 16]"]) {
            SourceExample_IncrementalArray_3.run()
        }
    }

    @Test("Collections/KeyedIndex.swift, example 1")
    func example_KeyedIndex_1() {
        ExampleConsole.check("Collections/KeyedIndex.swift", 1, prints: ["Butler", "Octavia Butler"]) {
            SourceExample_KeyedIndex_1.run()
        }
    }

    @Test("Collections/ListChanges.swift, example 1")
    func example_ListChanges_1() {
        ExampleConsole.check("Collections/ListChanges.swift", 1, prints: ["2 [4, 6]", "1 1"]) {
            SourceExample_ListChanges_1.run()
        }
    }

    @Test("Collections/ListOrder.swift, example 1")
    func example_ListOrder_1() {
        ExampleConsole.check("Collections/ListOrder.swift", 1, prints: ["[9, 5, 3]"]) {
            SourceExample_ListOrder_1.run()
        }
    }

    @Test("Collections/ListSections.swift, example 1")
    func example_ListSections_1() {
        ExampleConsole.check("Collections/ListSections.swift", 1, prints: ["hall [\"Vacuum\"]", "kitchen [\"Dishes\", \"Oven\"]", "[\"kitchen\"]"]) {
            SourceExample_ListSections_1.run()
        }
    }

    @Test("Collections/Tree/PersistentTree.swift, example 1")
    func example_PersistentTree_1() {
        ExampleConsole.check("Collections/Tree/PersistentTree.swift", 1, prints: ["500 -1 1001"]) {
            SourceExample_PersistentTree_1.run()
        }
    }

    @Test("Collections/ValueNode+Lists.swift, example 1")
    func example_ValueNode_Lists_1() {
        ExampleConsole.check("Collections/ValueNode+Lists.swift", 1, prints: ["1"]) {
            SourceExample_ValueNode_Lists_1.run()
        }
    }

    @Test("Collections/ValueNode+Lists.swift, example 2")
    func example_ValueNode_Lists_2() {
        ExampleConsole.check("Collections/ValueNode+Lists.swift", 2, prints: ["[2, 4]", "[2, 4, 6]"]) {
            SourceExample_ValueNode_Lists_2.run()
        }
    }

    @Test("Collections/ValueNode+Lists.swift, example 3")
    func example_ValueNode_Lists_3() {
        ExampleConsole.check("Collections/ValueNode+Lists.swift", 3, prints: ["[\"ADA\", \"ALAN\"]"]) {
            SourceExample_ValueNode_Lists_3.run()
        }
    }

    @Test("Collections/ValueNode+Lists.swift, example 4")
    func example_ValueNode_Lists_4() {
        ExampleConsole.check("Collections/ValueNode+Lists.swift", 4, prints: ["[3, 4, 5]"]) {
            SourceExample_ValueNode_Lists_4.run()
        }
    }

    @Test("Collections/ValueNode+Lists.swift, example 5")
    func example_ValueNode_Lists_5() {
        ExampleConsole.check("Collections/ValueNode+Lists.swift", 5, prints: ["3"]) {
            SourceExample_ValueNode_Lists_5.run()
        }
    }

    @Test("Collections/ValueNode+Lists.swift, example 6")
    func example_ValueNode_Lists_6() {
        ExampleConsole.check("Collections/ValueNode+Lists.swift", 6, prints: ["0.6"]) {
            SourceExample_ValueNode_Lists_6.run()
        }
    }

    @Test("Collections/ValueNode+Lists.swift, example 7")
    func example_ValueNode_Lists_7() {
        ExampleConsole.check("Collections/ValueNode+Lists.swift", 7, prints: ["6"]) {
            SourceExample_ValueNode_Lists_7.run()
        }
    }

    @Test("Collections/ValueNode+Lists.swift, example 8")
    func example_ValueNode_Lists_8() {
        ExampleConsole.check("Collections/ValueNode+Lists.swift", 8, prints: ["[\"fig\", \"pear\", \"apple\"]", "[\"apple\", \"pear\", \"fig\"]"]) {
            SourceExample_ValueNode_Lists_8.run()
        }
    }

    @Test("Collections/ValueNode+Lists.swift, example 9")
    func example_ValueNode_Lists_9() {
        ExampleConsole.check("Collections/ValueNode+Lists.swift", 9, prints: ["apple", "avocado"]) {
            SourceExample_ValueNode_Lists_9.run()
        }
    }

    @Test("Collections/ValueNode+Lists.swift, example 10")
    func example_ValueNode_Lists_10() {
        ExampleConsole.check("Collections/ValueNode+Lists.swift", 10, prints: ["25"]) {
            SourceExample_ValueNode_Lists_10.run()
        }
    }

    @Test("Collections/ValueNode+Lists.swift, example 11")
    func example_ValueNode_Lists_11() {
        ExampleConsole.check("Collections/ValueNode+Lists.swift", 11, prints: ["7"]) {
            SourceExample_ValueNode_Lists_11.run()
        }
    }

    @Test("Collections/ValueNode+Lists.swift, example 12")
    func example_ValueNode_Lists_12() {
        ExampleConsole.check("Collections/ValueNode+Lists.swift", 12, prints: ["18"]) {
            SourceExample_ValueNode_Lists_12.run()
        }
    }

    @Test("Environment/Environment.swift, example 1")
    func example_Environment_1() {
        ExampleConsole.check("Environment/Environment.swift", 1, prints: ["City Library in light"]) {
            SourceExample_Environment_1.run()
        }
    }

    @Test("Environment/Environment.swift, example 2")
    func example_Environment_2() {
        ExampleConsole.check("Environment/Environment.swift", 2, prints: ["City Library"]) {
            SourceExample_Environment_2.run()
        }
    }

    @Test("Environment/Environment.swift, example 3")
    func example_Environment_3() {
        ExampleConsole.check("Environment/Environment.swift", 3, prints: ["true", "City Library"]) {
            SourceExample_Environment_3.run()
        }
    }

    @Test("Environment/Environment.swift, example 4")
    func example_Environment_4() {
        ExampleConsole.check("Environment/Environment.swift", 4, prints: ["light"]) {
            SourceExample_Environment_4.run()
        }
    }

    @Test("Environment/Environment.swift, example 5")
    func example_Environment_5() {
        ExampleConsole.check("Environment/Environment.swift", 5, prints: ["light", "dark"]) {
            SourceExample_Environment_5.run()
        }
    }

    @Test("Environment/EnvironmentKey.swift, example 2")
    func example_EnvironmentKey_2() throws {
        try ExampleConsole.check("Environment/EnvironmentKey.swift", 2, prints: ["true"]) {
            try SourceExample_EnvironmentKey_2.run()
        }
    }

    @Test("Environment/EnvironmentKey.swift, example 3")
    func example_EnvironmentKey_3() {
        ExampleConsole.check("Environment/EnvironmentKey.swift", 3, prints: ["no Library in the environment: provide one with withEnvironment(_:_:) or ..."]) {
            SourceExample_EnvironmentKey_3.run()
        }
    }

    @Test("Environment/EnvironmentValues.swift, example 1")
    func example_EnvironmentValues_1() {
        ExampleConsole.check("Environment/EnvironmentValues.swift", 1, prints: ["City Library"]) {
            SourceExample_EnvironmentValues_1.run()
        }
    }

    @Test("Environment/EnvironmentValues.swift, example 2")
    func example_EnvironmentValues_2() {
        ExampleConsole.check("Environment/EnvironmentValues.swift", 2, prints: ["true", "light"]) {
            SourceExample_EnvironmentValues_2.run()
        }
    }

    @Test("Environment/EnvironmentValues.swift, example 3")
    func example_EnvironmentValues_3() {
        ExampleConsole.check("Environment/EnvironmentValues.swift", 3, prints: ["true", "false"]) {
            SourceExample_EnvironmentValues_3.run()
        }
    }

    @Test("Environment/EnvironmentValues.swift, example 4")
    func example_EnvironmentValues_4() {
        ExampleConsole.check("Environment/EnvironmentValues.swift", 4, prints: []) {
            SourceExample_EnvironmentValues_4.run()
        }
    }

    @Test("Environment/EnvironmentValues.swift, example 5")
    func example_EnvironmentValues_5() {
        ExampleConsole.check("Environment/EnvironmentValues.swift", 5, prints: ["true"]) {
            SourceExample_EnvironmentValues_5.run()
        }
    }

    @Test("Environment/EnvironmentValues.swift, example 6")
    func example_EnvironmentValues_6() {
        ExampleConsole.check("Environment/EnvironmentValues.swift", 6, prints: ["light", "dark"]) {
            SourceExample_EnvironmentValues_6.run()
        }
    }

    @Test("Environment/EnvironmentValues.swift, example 7")
    func example_EnvironmentValues_7() throws {
        try ExampleConsole.check("Environment/EnvironmentValues.swift", 7, prints: ["no Library in the environment: ..."]) {
            try SourceExample_EnvironmentValues_7.run()
        }
    }

    @Test("Environment/EnvironmentValues.swift, example 8")
    func example_EnvironmentValues_8() {
        ExampleConsole.check("Environment/EnvironmentValues.swift", 8, prints: ["true", "dark"]) {
            SourceExample_EnvironmentValues_8.run()
        }
    }

    @Test("Environment/WithEnvironment.swift, example 1")
    func example_WithEnvironment_1() {
        ExampleConsole.check("Environment/WithEnvironment.swift", 1, prints: ["City Library"]) {
            SourceExample_WithEnvironment_1.run()
        }
    }

    @Test("Environment/WithEnvironment.swift, example 2")
    func example_WithEnvironment_2() {
        ExampleConsole.check("Environment/WithEnvironment.swift", 2, prints: ["dark"]) {
            SourceExample_WithEnvironment_2.run()
        }
    }

    @Test("Environment/WithEnvironment.swift, example 3")
    func example_WithEnvironment_3() {
        ExampleConsole.check("Environment/WithEnvironment.swift", 3, prints: []) {
            SourceExample_WithEnvironment_3.run()
        }
    }

    @Test("Environment/WithEnvironment.swift, example 4") @MainActor
    func example_WithEnvironment_4() async {
        await ExampleConsole.check("Environment/WithEnvironment.swift", 4, prints: ["City Library"]) {
            await SourceExample_WithEnvironment_4.run()
        }
    }

    @Test("Environment/WithEnvironment.swift, example 5") @MainActor
    func example_WithEnvironment_5() async {
        await ExampleConsole.check("Environment/WithEnvironment.swift", 5, prints: ["dark"]) {
            await SourceExample_WithEnvironment_5.run()
        }
    }

    @Test("Environment/WithEnvironment.swift, example 6") @MainActor
    func example_WithEnvironment_6() async {
        await ExampleConsole.check("Environment/WithEnvironment.swift", 6, prints: ["City Library"]) {
            await SourceExample_WithEnvironment_6.run()
        }
    }

    @Test("Interop/TrackObservable.swift, example 1")
    func example_TrackObservable_1() {
        ExampleConsole.check("Interop/TrackObservable.swift", 1, prints: ["36.0", "45.0"]) {
            SourceExample_TrackObservable_1.run()
        }
    }

    @Test("Issues/RuntimeIssue.swift, example 1")
    func example_RuntimeIssue_1() {
        ExampleConsole.check("Issues/RuntimeIssue.swift", 1, prints: ["[writeDuringEvaluation]", "1"]) {
            SourceExample_RuntimeIssue_1.run()
        }
    }

    @Test("Issues/RuntimeIssues.swift, example 1")
    func example_RuntimeIssues_1() {
        ExampleConsole.check("Issues/RuntimeIssues.swift", 1, prints: ["[runawayEffect]", "101"]) {
            SourceExample_RuntimeIssues_1.run()
        }
    }

    @Test("Issues/RuntimeIssues.swift, example 2")
    func example_RuntimeIssues_2() {
        ExampleConsole.check("Issues/RuntimeIssues.swift", 2, prints: []) {
            SourceExample_RuntimeIssues_2.run()
        }
    }

    @Test("Issues/RuntimeIssues.swift, example 3")
    func example_RuntimeIssues_3() async {
        await #expect(processExitsWith: .success) { SourceExample_RuntimeIssues_3.run() }
    }

    @Test("Issues/RuntimeIssues.swift, example 4")
    func example_RuntimeIssues_4() {
        ExampleConsole.check("Issues/RuntimeIssues.swift", 4, prints: ["2"]) {
            SourceExample_RuntimeIssues_4.run()
        }
    }

    @Test("Issues/RuntimeIssues.swift, example 5")
    func example_RuntimeIssues_5() {
        ExampleConsole.check("Issues/RuntimeIssues.swift", 5, prints: ["2", "1"]) {
            SourceExample_RuntimeIssues_5.run()
        }
    }

    @Test("Issues/RuntimeIssues.swift, example 6")
    func example_RuntimeIssues_6() {
        ExampleConsole.check("Issues/RuntimeIssues.swift", 6, prints: ["[ripple] runawayEffect: effect 'spinner' ran 100 times in one flush ..."]) {
            SourceExample_RuntimeIssues_6.run()
        }
    }

    @Test("Model/Derived.swift, example 1")
    func example_Derived_1() {
        ExampleConsole.check("Model/Derived.swift", 1, prints: ["3", "3", "2"]) {
            SourceExample_Derived_1.run()
        }
    }

    @Test("Model/Derived.swift, example 2")
    func example_Derived_2() {
        ExampleConsole.check("Model/Derived.swift", 2, prints: ["1", "1"]) {
            SourceExample_Derived_2.run()
        }
    }

    @Test("Model/Derived.swift, example 3")
    func example_Derived_3() {
        ExampleConsole.check("Model/Derived.swift", 3, prints: ["count: 1"]) {
            SourceExample_Derived_3.run()
        }
    }

    @Test("Model/Derived.swift, example 4")
    func example_Derived_4() {
        ExampleConsole.check("Model/Derived.swift", 4, prints: ["render"]) {
            SourceExample_Derived_4.run()
        }
    }

    @Test("Model/Derived.swift, example 5")
    func example_Derived_5() {
        ExampleConsole.check("Model/Derived.swift", 5, prints: ["tag: sf"]) {
            SourceExample_Derived_5.run()
        }
    }

    @Test("Model/Derived.swift, example 6")
    func example_Derived_6() {
        ExampleConsole.check("Model/Derived.swift", 6, prints: ["7"]) {
            SourceExample_Derived_6.run()
        }
    }

    @Test("Model/Derived.swift, example 7")
    func example_Derived_7() {
        ExampleConsole.check("Model/Derived.swift", 7, prints: ["3"]) {
            SourceExample_Derived_7.run()
        }
    }

    @Test("Model/Tracked+Conformances.swift, example 1")
    func example_Tracked_Conformances_1() {
        ExampleConsole.check("Model/Tracked+Conformances.swift", 1, prints: ["true", "false"]) {
            SourceExample_Tracked_Conformances_1.run()
        }
    }

    @Test("Model/Tracked+Conformances.swift, example 2")
    func example_Tracked_Conformances_2() {
        ExampleConsole.check("Model/Tracked+Conformances.swift", 2, prints: ["1"]) {
            SourceExample_Tracked_Conformances_2.run()
        }
    }

    @Test("Model/Tracked+Conformances.swift, example 3")
    func example_Tracked_Conformances_3() throws {
        try ExampleConsole.check("Model/Tracked+Conformances.swift", 3, prints: ["{\"title\":\"Dune\"}"]) {
            try SourceExample_Tracked_Conformances_3.run()
        }
    }

    @Test("Model/Tracked+Conformances.swift, example 4")
    func example_Tracked_Conformances_4() throws {
        try ExampleConsole.check("Model/Tracked+Conformances.swift", 4, prints: ["Dune"]) {
            try SourceExample_Tracked_Conformances_4.run()
        }
    }

    @Test("Model/Tracked+Conformances.swift, example 5")
    func example_Tracked_Conformances_5() throws {
        try ExampleConsole.check("Model/Tracked+Conformances.swift", 5, prints: ["true"]) {
            try SourceExample_Tracked_Conformances_5.run()
        }
    }

    @Test("Model/Tracked+Conformances.swift, example 6")
    func example_Tracked_Conformances_6() throws {
        try ExampleConsole.check("Model/Tracked+Conformances.swift", 6, prints: ["{\"title\":\"Dune\"}"]) {
            try SourceExample_Tracked_Conformances_6.run()
        }
    }

    @Test("Model/Tracked.swift, example 1")
    func example_Tracked_1() {
        ExampleConsole.check("Model/Tracked.swift", 1, prints: ["Sample Book Title by Sample Author", "Sample Book Title by Frank Herbert"]) {
            SourceExample_Tracked_1.run()
        }
    }

    @Test("Model/Tracked.swift, example 2")
    func example_Tracked_2() {
        ExampleConsole.check("Model/Tracked.swift", 2, prints: ["Dune"]) {
            SourceExample_Tracked_2.run()
        }
    }

    @Test("Model/Tracked.swift, example 3")
    func example_Tracked_3() {
        ExampleConsole.check("Model/Tracked.swift", 3, prints: ["Dune"]) {
            SourceExample_Tracked_3.run()
        }
    }

    @Test("Model/Tracked.swift, example 4")
    func example_Tracked_4() {
        ExampleConsole.check("Model/Tracked.swift", 4, prints: ["Dune Messiah"]) {
            SourceExample_Tracked_4.run()
        }
    }

    @Test("Primitives/Batch.swift, example 1")
    func example_Batch_1() {
        ExampleConsole.check("Primitives/Batch.swift", 1, prints: ["Ada Lovelace", "Grace Hopper"]) {
            SourceExample_Batch_1.run()
        }
    }

    @Test("Primitives/Batch.swift, example 2")
    func example_Batch_2() {
        ExampleConsole.check("Primitives/Batch.swift", 2, prints: ["swift, page 1", "swift, page 1", "rust, page 2"]) {
            SourceExample_Batch_2.run()
        }
    }

    @Test("Primitives/Computed+Initializers.swift, example 1")
    func example_Computed_Initializers_1() {
        ExampleConsole.check("Primitives/Computed+Initializers.swift", 1, prints: ["odd: true"]) {
            SourceExample_Computed_Initializers_1.run()
        }
    }

    @Test("Primitives/Computed+Initializers.swift, example 2")
    func example_Computed_Initializers_2() {
        ExampleConsole.check("Primitives/Computed+Initializers.swift", 2, prints: ["even: false"]) {
            SourceExample_Computed_Initializers_2.run()
        }
    }

    @Test("Primitives/Computed+Initializers.swift, example 3")
    func example_Computed_Initializers_3() {
        ExampleConsole.check("Primitives/Computed+Initializers.swift", 3, prints: ["render"]) {
            SourceExample_Computed_Initializers_3.run()
        }
    }

    @Test("Primitives/Computed+Initializers.swift, example 4")
    func example_Computed_Initializers_4() {
        ExampleConsole.check("Primitives/Computed+Initializers.swift", 4, prints: ["tag: sf"]) {
            SourceExample_Computed_Initializers_4.run()
        }
    }

    @Test("Primitives/Computed+Initializers.swift, example 5")
    func example_Computed_Initializers_5() throws {
        try ExampleConsole.check("Primitives/Computed+Initializers.swift", 5, prints: ["true", "4.0"]) {
            try SourceExample_Computed_Initializers_5.run()
        }
    }

    @Test("Primitives/Computed+Initializers.swift, example 6")
    func example_Computed_Initializers_6() throws {
        try ExampleConsole.check("Primitives/Computed+Initializers.swift", 6, prints: ["42"]) {
            try SourceExample_Computed_Initializers_6.run()
        }
    }

    @Test("Primitives/Computed+Initializers.swift, example 7")
    func example_Computed_Initializers_7() {
        ExampleConsole.check("Primitives/Computed+Initializers.swift", 7, prints: ["true"]) {
            SourceExample_Computed_Initializers_7.run()
        }
    }

    @Test("Primitives/Computed+Initializers.swift, example 8")
    func example_Computed_Initializers_8() throws {
        try ExampleConsole.check("Primitives/Computed+Initializers.swift", 8, prints: ["sf"]) {
            try SourceExample_Computed_Initializers_8.run()
        }
    }

    @Test("Primitives/Computed+Initializers.swift, example 9")
    func example_Computed_Initializers_9() {
        ExampleConsole.check("Primitives/Computed+Initializers.swift", 9, prints: ["1.04", "1.04"]) {
            SourceExample_Computed_Initializers_9.run()
        }
    }

    @Test("Primitives/Computed+Initializers.swift, example 10")
    func example_Computed_Initializers_10() throws {
        try ExampleConsole.check("Primitives/Computed+Initializers.swift", 10, prints: ["20.0", "20.0", "true"]) {
            try SourceExample_Computed_Initializers_10.run()
        }
    }

    @Test("Primitives/Computed.swift, example 1")
    func example_Computed_1() {
        ExampleConsole.check("Primitives/Computed.swift", 1, prints: ["[1, 2, 3]", "[1, 2, 3]", "[1, 2]"]) {
            SourceExample_Computed_1.run()
        }
    }

    @Test("Primitives/Computed.swift, example 2")
    func example_Computed_2() {
        ExampleConsole.check("Primitives/Computed.swift", 2, prints: ["12.0"]) {
            SourceExample_Computed_2.run()
        }
    }

    @Test("Primitives/Computed.swift, example 3")
    func example_Computed_3() throws {
        try ExampleConsole.check("Primitives/Computed.swift", 3, prints: ["Ada"]) {
            try SourceExample_Computed_3.run()
        }
    }

    @Test("Primitives/Computed.swift, example 4")
    func example_Computed_4() {
        ExampleConsole.check("Primitives/Computed.swift", 4, prints: ["2"]) {
            SourceExample_Computed_4.run()
        }
    }

    @Test("Primitives/Effect.swift, example 1")
    func example_Effect_1() {
        ExampleConsole.check("Primitives/Effect.swift", 1, prints: ["doubled: 0", "doubled: 2", "doubled: 6"]) {
            SourceExample_Effect_1.run()
        }
    }

    @Test("Primitives/Effect.swift, example 2")
    func example_Effect_2() {
        ExampleConsole.check("Primitives/Effect.swift", 2, prints: ["title: Dune", "title: Emma"]) {
            SourceExample_Effect_2.run()
        }
    }

    @Test("Primitives/Effect.swift, example 3")
    func example_Effect_3() {
        ExampleConsole.check("Primitives/Effect.swift", 3, prints: ["synced", "synced"]) {
            SourceExample_Effect_3.run()
        }
    }

    @Test("Primitives/Effect.swift, example 4")
    func example_Effect_4() {
        ExampleConsole.check("Primitives/Effect.swift", 4, prints: ["tick 0"]) {
            SourceExample_Effect_4.run()
        }
    }

    @Test("Primitives/Effect.swift, example 5")
    func example_Effect_5() {
        ExampleConsole.check("Primitives/Effect.swift", 5, prints: ["false", "true"]) {
            SourceExample_Effect_5.run()
        }
    }

    @Test("Primitives/Effect.swift, example 6")
    func example_Effect_6() {
        ExampleConsole.check("Primitives/Effect.swift", 6, prints: ["start timer every 1 s", "stop timer every 1 s", "start timer every 5 s", "stop timer every 5 s"]) {
            SourceExample_Effect_6.run()
        }
    }

    @Test("Primitives/EffectScope.swift, example 1")
    func example_EffectScope_1() {
        ExampleConsole.check("Primitives/EffectScope.swift", 1, prints: ["name: Ada", "count: 1", "name: Grace"]) {
            SourceExample_EffectScope_1.run()
        }
    }

    @Test("Primitives/EffectScope.swift, example 2")
    func example_EffectScope_2() {
        ExampleConsole.check("Primitives/EffectScope.swift", 2, prints: ["false", "true"]) {
            SourceExample_EffectScope_2.run()
        }
    }

    @Test("Primitives/EffectScope.swift, example 3")
    func example_EffectScope_3() {
        ExampleConsole.check("Primitives/EffectScope.swift", 3, prints: ["tick 0", "ticker", "scope ended"]) {
            SourceExample_EffectScope_3.run()
        }
    }

    @Test("Primitives/EffectScope.swift, example 4")
    func example_EffectScope_4() {
        ExampleConsole.check("Primitives/EffectScope.swift", 4, prints: ["level 0", "inner effect cleaned up"]) {
            SourceExample_EffectScope_4.run()
        }
    }

    @Test("Primitives/EffectScope.swift, example 5")
    func example_EffectScope_5() {
        ExampleConsole.check("Primitives/EffectScope.swift", 5, prints: ["true"]) {
            SourceExample_EffectScope_5.run()
        }
    }

    @Test("Primitives/Liveness.swift, example 1")
    func example_Liveness_1() {
        ExampleConsole.check("Primitives/Liveness.swift", 1, prints: ["showing 20.0", "sensor on", "showing 21.0", "sensor off"]) {
            SourceExample_Liveness_1.run()
        }
    }

    @Test("Primitives/Signal.swift, example 1")
    func example_Signal_1() {
        ExampleConsole.check("Primitives/Signal.swift", 1, prints: ["count: 0", "count: 1"]) {
            SourceExample_Signal_1.run()
        }
    }

    @Test("Primitives/Signal.swift, example 2")
    func example_Signal_2() {
        ExampleConsole.check("Primitives/Signal.swift", 2, prints: []) {
            SourceExample_Signal_2.run()
        }
    }

    @Test("Primitives/Signal.swift, example 3")
    func example_Signal_3() {
        ExampleConsole.check("Primitives/Signal.swift", 3, prints: []) {
            SourceExample_Signal_3.run()
        }
    }

    @Test("Primitives/Signal.swift, example 4")
    func example_Signal_4() {
        ExampleConsole.check("Primitives/Signal.swift", 4, prints: []) {
            SourceExample_Signal_4.run()
        }
    }

    @Test("Primitives/Signal.swift, example 5")
    func example_Signal_5() {
        ExampleConsole.check("Primitives/Signal.swift", 5, prints: []) {
            SourceExample_Signal_5.run()
        }
    }

    @Test("Primitives/Signal.swift, example 6")
    func example_Signal_6() {
        ExampleConsole.check("Primitives/Signal.swift", 6, prints: []) {
            SourceExample_Signal_6.run()
        }
    }

    @Test("Primitives/Signal.swift, example 7")
    func example_Signal_7() {
        ExampleConsole.check("Primitives/Signal.swift", 7, prints: ["212.0"]) {
            SourceExample_Signal_7.run()
        }
    }

    @Test("Primitives/Signal.swift, example 8")
    func example_Signal_8() {
        ExampleConsole.check("Primitives/Signal.swift", 8, prints: ["10"]) {
            SourceExample_Signal_8.run()
        }
    }

    @Test("Primitives/Signal.swift, example 9")
    func example_Signal_9() {
        ExampleConsole.check("Primitives/Signal.swift", 9, prints: []) {
            SourceExample_Signal_9.run()
        }
    }
}

// MARK: - DocumentationTraceExamplesTests

/// The examples of Debug/: tracing and the graph's names are process-wide, so they run one
/// at a time, and `.ci/run` runs them under ThreadSanitizer too.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct DocumentationTraceExamplesTests {
    @Test("Debug/RippleGraph.swift, example 1")
    func example_RippleGraph_1() {
        ExampleConsole.check("Debug/RippleGraph.swift", 1, prints: ["[\"Cart.prices\"]", "[\"TotalLabel\"]", "digraph Ripple { ..."]) {
            SourceExample_RippleGraph_1.run()
        }
    }

    @Test("Debug/RippleGraph.swift, example 2")
    func example_RippleGraph_2() {
        ExampleConsole.check("Debug/RippleGraph.swift", 2, prints: ["count signal"]) {
            SourceExample_RippleGraph_2.run()
        }
    }

    @Test("Debug/RippleGraph.swift, example 3")
    func example_RippleGraph_3() {
        ExampleConsole.check("Debug/RippleGraph.swift", 3, prints: ["[\"Counter.value\"]"]) {
            SourceExample_RippleGraph_3.run()
        }
    }

    @Test("Debug/RippleGraph.swift, example 4")
    func example_RippleGraph_4() {
        ExampleConsole.check("Debug/RippleGraph.swift", 4, prints: ["[\"Counter.value\"]"]) {
            SourceExample_RippleGraph_4.run()
        }
    }

    @Test("Debug/RippleGraph.swift, example 5")
    func example_RippleGraph_5() {
        ExampleConsole.check("Debug/RippleGraph.swift", 5, prints: ["digraph Ripple { ..."]) {
            SourceExample_RippleGraph_5.run()
        }
    }

    @Test("Debug/RippleGraph.swift, example 6")
    func example_RippleGraph_6() {
        ExampleConsole.check("Debug/RippleGraph.swift", 6, prints: ["digraph Ripple { ..."]) {
            SourceExample_RippleGraph_6.run()
        }
    }

    @Test("Debug/RippleGraph.swift, example 7")
    func example_RippleGraph_7() {
        ExampleConsole.check("Debug/RippleGraph.swift", 7, prints: ["digraph Ripple { ..."]) {
            SourceExample_RippleGraph_7.run()
        }
    }

    @Test("Debug/RippleTrace+Event.swift, example 1")
    func example_RippleTrace_Event_1() {
        ExampleConsole.check("Debug/RippleTrace+Event.swift", 1, prints: ["TotalView", "total", "[\"total\", \"price\"]", "TotalView: total 20 -> 24 <- price 10 -> 12"]) {
            SourceExample_RippleTrace_Event_1.run()
        }
    }

    @Test("Debug/RippleTrace+Event.swift, example 2")
    func example_RippleTrace_Event_2() {
        ExampleConsole.check("Debug/RippleTrace+Event.swift", 2, prints: ["Book[2].isAvailable true -> false"]) {
            SourceExample_RippleTrace_Event_2.run()
        }
    }

    @Test("Debug/RippleTrace.swift, example 1")
    func example_RippleTrace_1() {
        ExampleConsole.check("Debug/RippleTrace.swift", 1, prints: ["available: 2", "available: 1"]) {
            SourceExample_RippleTrace_1.run()
        }
    }

    @Test("Debug/RippleTrace.swift, example 2")
    func example_RippleTrace_2() async {
        await #expect(processExitsWith: .success) { SourceExample_RippleTrace_2.run() }
    }

    @Test("Debug/RippleTrace.swift, example 3")
    func example_RippleTrace_3() async {
        await #expect(processExitsWith: .success) { SourceExample_RippleTrace_3.run() }
    }

    @Test("Debug/RippleTrace.swift, example 4")
    func example_RippleTrace_4() {
        ExampleConsole.check("Debug/RippleTrace.swift", 4, prints: []) {
            SourceExample_RippleTrace_4.run()
        }
    }

    @Test("Debug/RippleTrace.swift, example 5")
    func example_RippleTrace_5() {
        ExampleConsole.check("Debug/RippleTrace.swift", 5, prints: []) {
            SourceExample_RippleTrace_5.run()
        }
    }

    @Test("Debug/RippleTrace.swift, example 6")
    func example_RippleTrace_6() {
        ExampleConsole.check("Debug/RippleTrace.swift", 6, prints: ["counter: count 0 -> 1"]) {
            SourceExample_RippleTrace_6.run()
        }
    }

    @Test("Debug/RippleTrace.swift, example 7") @MainActor
    func example_RippleTrace_7() async {
        await ExampleConsole.check("Debug/RippleTrace.swift", 7, prints: ["ticker: count 0 -> 1"]) {
            await SourceExample_RippleTrace_7.run()
        }
    }

    @Test("Debug/RippleTrace.swift, example 8")
    func example_RippleTrace_8() {
        ExampleConsole.check("Debug/RippleTrace.swift", 8, prints: []) {
            SourceExample_RippleTrace_8.run()
        }
    }

    @Test("Debug/WorkCounter.swift, example 1")
    func example_WorkCounter_1() {
        ExampleConsole.check("Debug/WorkCounter.swift", 1, prints: ["1", "2", "[available: 2 recomputes, 3 elements]"]) {
            SourceExample_WorkCounter_1.run()
        }
    }
}

// MARK: - DocumentationLeakingExampleTests

/// The examples marked `<!-- leaks -->`, which `.ci/run` runs with LeakSanitizer off:
/// withTracking's `follow()` re-arms forever and keeps what it follows alive, as
/// `withObservationTracking` does; CycleError's two computeds capture each other.
@Suite(.timeLimit(.minutes(5)))
struct DocumentationLeakingExampleTests {
    @Test("Issues/CycleError.swift, example 1")
    func example_CycleError_1() throws {
        try ExampleConsole.check("Issues/CycleError.swift", 1, prints: ["[\"second\", \"first\", \"second\"]", "1"]) {
            try SourceExample_CycleError_1.run()
        }
    }

    @Test("Primitives/Tracking.swift, example 1")
    func example_Tracking_1() {
        ExampleConsole.check("Primitives/Tracking.swift", 1, prints: ["showing 20", "now 25", "showing 25"]) {
            SourceExample_Tracking_1.run()
        }
    }
}
