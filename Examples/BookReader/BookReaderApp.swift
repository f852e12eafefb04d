import Ripple
import RippleViews

/// The BookReader app in a terminal: the library, a book's details, and an editor,
/// driven by commands.
///
/// The `Library` and the `Navigation` are put in the environment once, at the root;
/// views resolve them with `@Environment`. Each command changes the models, and the
/// views that read what changed render again, and no others.
@MainActor
final class BookReaderApp: TerminalApp {
    let library: Library
    let navigation = Navigation()
    let host: ViewHost
    /// The books the count looks at, counted from outside the library.
    let recomputes: RecomputeCounter

    /// - Parameter tracking: how views follow the models: Ripple's effects, or Apple's
    ///   Observation as SwiftUI uses it (`--host observation`); the output is the same.
    init(library: Library = .sample(), tracking: ViewHost.Tracking = .fineGrained) {
        self.library = library
        self.recomputes = RecomputeCounter(library, units: ["availableBooksCount": "book"])
        self.host = ViewHost(tracking: tracking)
    }

    let title = [
        "BookReader: a Library of Books and Authors, shared with its views through the environment.",
        "After each command, the views that rendered and what they drew; the others did not run.",
    ]

    let commands = [
        CommandSpec("open <book>", "show a book's details"),
        CommandSpec("back", "close the details"),
        CommandSpec("checkout [<book>]", "check a book out (the open one by default)"),
        CommandSpec("return [<book>]", "return a book (the open one by default)"),
        CommandSpec("edit [<book>]", "open the editor on a book (the open one by default)"),
        CommandSpec(#"title "<text>""#, "type a title into the editor"),
        CommandSpec(#"author "<name>""#, "type an author into the editor"),
        CommandSpec("done", "close the editor"),
        CommandSpec(#"rename <book> "<title>""#, "rename a book without the editor"),
        CommandSpec(#"add "<title>" by "<author>""#, "add a book"),
        CommandSpec("remove <book>", "remove a book"),
        CommandSpec("show", "print the whole screen"),
    ]

    let script = [
        "open 2",
        "checkout",
        "edit",
        #"title "The Dispossessed""#,
        #"author "Ursula Le Guin""#,
        "done",
        #"rename 1 "Dune Messiah""#,
        "return",
        #"add "Parable of the Sower" by "Octavia E. Butler""#,
        "remove 3",
        "back",
        "show",
    ]

    /// The Graphviz DOT of the library's graph: its books and count, the books'
    /// properties the count reads, and the views that read them (`--graph`).
    func graph() -> String? {
        RippleGraph.dot(around: library)
    }

    /// The views that rendered, then the books the count looked at, if any.
    private func report() -> [String] {
        host.takeReport() + (recomputes.takeReport().map { [$0] } ?? [])
    }

    func start() -> [String] {
        withEnvironment(library) {
            withEnvironment(navigation) {
                withEnvironment(ListRows<Book>()) {
                    host.mount(ContentView())
                }
            }
        }
        return report()
    }

    func run(_ command: Command) throws(CommandError) -> [String] {
        switch command.name {
        case "open":
            try command.expectArguments(1)
            let book = try book(command.number(at: 0, of: "a book"))
            host.update { navigation.selection = book }
        case "back":
            try command.expectArguments(0)
            guard navigation.selection != nil else { throw .rejected("no book is open") }
            // One change for the root, not two: it renders once.
            host.update {
                batch {
                    navigation.selection = nil
                    navigation.editing = nil
                }
            }
        case "checkout", "return":
            try command.expectArguments(0...1)
            let book = try bookArgument(command)
            let checkingOut = command.name == "checkout"
            guard book.isAvailable == checkingOut else {
                throw .rejected("\"\(book.title)\" is \(checkingOut ? "already checked out" : "not checked out")")
            }
            host.update { book.isAvailable = !checkingOut }
        case "edit":
            try command.expectArguments(0...1)
            let book = try bookArgument(command)
            host.update { navigation.editing = book }
        case "title":
            try command.expectArguments(1)
            try type(command.text(at: 0, "the title"), into: { $0.title })
        case "author":
            try command.expectArguments(1)
            try type(command.text(at: 0, "the author"), into: { $0.author.name })
        case "done":
            try command.expectArguments(0)
            guard navigation.editing != nil else { throw .rejected("the editor is not open") }
            host.update { navigation.editing = nil }
        case "rename":
            try command.expectArguments(2)
            let book = try book(command.number(at: 0, of: "a book"))
            let title = try command.text(at: 1, "the title")
            host.update { book.title = title }
        case "add":
            try command.expectArguments(3)
            guard command.arguments[1] == "by" else {
                throw .malformed("expected 'by' between the title and the author")
            }
            let title = try command.text(at: 0, "the title")
            let author = try command.text(at: 2, "the author")
            host.update { library.add(title: title, author: author) }
        case "remove":
            try command.expectArguments(1)
            let book = try book(command.number(at: 0, of: "a book"))
            host.update {
                batch {
                    if navigation.selection === book { navigation.selection = nil }
                    if navigation.editing === book { navigation.editing = nil }
                    library.remove(book)
                }
            }
        case "show":
            try command.expectArguments(0)
            return host.screen.map { "  " + $0 }
        default:
            throw .unknown(command.name)
        }
        return report()
    }

    /// Typing into one of the editor's fields: a write through the binding it shows.
    private func type(_ text: String, into field: (Bindable<Book>) -> Binding<String>) throws(CommandError) {
        guard let book = navigation.editing else {
            throw .rejected("the editor is not open: use 'edit <book>' first")
        }
        @Bindable var edited = book
        let binding = field($edited)
        host.update { binding.wrappedValue = text }
    }

    private func book(_ id: Int) throws(CommandError) -> Book {
        guard let book = library.book(id) else {
            let ids = library.books.map { "#\($0.id)" }.joined(separator: ", ")
            throw .rejected("no book #\(id); the library has \(ids.isEmpty ? "no books" : ids)")
        }
        return book
    }

    /// The book named by the command's argument, or the open one.
    private func bookArgument(_ command: Command) throws(CommandError) -> Book {
        if command.arguments.isEmpty {
            guard let book = navigation.selection else {
                throw .rejected("no book is open: name one, as in '\(command.name) 2'")
            }
            return book
        }
        return try book(command.number(at: 0, of: "a book"))
    }
}
