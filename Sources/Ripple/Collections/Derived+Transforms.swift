// `@Derived`'s list operators whose result is a list in its own right: `map`,
// `compactMap` and `sorted`, each an `IncrementalArray` that further operators can
// follow. See Derived+Collections.swift for the two forms of the per-element closure.

extension Derived {
    // MARK: map

    /// A value derived from each element of a list property, in order, updated in
    /// O(log n) per changed element.
    ///
    /// ```swift
    /// struct ShelfBook { var title: String; var isAvailable: Bool }
    ///
    /// final class Shelf {
    ///     @Tracked var books: IncrementalArray<ShelfBook> = [
    ///         ShelfBook(title: "Dune", isAvailable: true), ShelfBook(title: "Emma", isAvailable: false),
    ///     ]
    ///     @Derived(\Shelf.books, map: { $0.title.uppercased() })
    ///     var labels: IncrementalArray<String>
    /// }
    ///
    /// let shelf = Shelf()
    /// print(Array(shelf.labels))       // prints "[\"DUNE\", \"EMMA\"]"
    /// shelf.books[0].title = "Dune Messiah"
    /// print(Array(shelf.labels))       // prints "[\"DUNE MESSIAH\", \"EMMA\"]"
    /// ```
    ///
    /// A result equal to the one before (`==` for `Equatable` results, identity for
    /// objects) leaves the output as it is.
    @inlinable
    public init<Element, Mapped>(
        _ list: @escaping (Model) -> IncrementalArray<Element>, map transform: @escaping (Element) -> Mapped
    ) where Value == IncrementalArray<Mapped> {
        self = Self.listOperator(list, element: ElementClosures(lending: transform), .map)
    }

    /// A value derived from each element by a closure made from the model.
    ///
    /// ```swift
    /// final class Prices {
    ///     @Tracked var cents: IncrementalArray<Int> = [250, 1999]
    ///     @Tracked var symbol = "$"
    ///     @Derived(\Prices.cents, map: { prices in
    ///         let symbol = prices.symbol
    ///         return { "\(symbol)\($0 / 100).\($0 % 100 < 10 ? "0" : "")\($0 % 100)" }
    ///     })
    ///     var labels: IncrementalArray<String>
    /// }
    ///
    /// let prices = Prices()
    /// print(Array(prices.labels))   // prints "[\"$2.50\", \"$19.99\"]"
    /// prices.symbol = "€"
    /// print(Array(prices.labels))   // prints "[\"€2.50\", \"€19.99\"]"
    /// ```
    @inlinable
    public init<Element, Mapped>(
        _ list: @escaping (Model) -> IncrementalArray<Element>, map query: @escaping (Model) -> (Element) -> Mapped
    ) where Value == IncrementalArray<Mapped> {
        self = Self.listOperator(list, query: { ElementClosures(lending: query($0)) }, .map)
    }

    // MARK: compactMap

    /// The non-nil values derived from the elements of a list property, in order: a
    /// filter and a map in one, updated in O(log n) per changed element.
    ///
    /// ```swift
    /// struct Member { var name: String; var email: String? }
    ///
    /// final class Team {
    ///     @Tracked var members: IncrementalArray<Member> = [
    ///         Member(name: "Ada", email: "ada@example.com"), Member(name: "Alan", email: nil),
    ///     ]
    ///     @Derived(\Team.members, compactMap: \.email)
    ///     var mailingList: IncrementalArray<String>
    /// }
    ///
    /// let team = Team()
    /// print(Array(team.mailingList))   // prints "[\"ada@example.com\"]"
    /// team.members[1].email = "alan@example.com"
    /// print(Array(team.mailingList))   // prints "[\"ada@example.com\", \"alan@example.com\"]"
    /// ```
    ///
    /// An element whose result turns nil leaves the output; one whose result becomes a
    /// value joins it at its place in source order. A result equal to the one before
    /// (`==` for `Equatable` results, identity for objects) leaves the output as it is.
    @inlinable
    public init<Element, Mapped>(
        _ list: @escaping (Model) -> IncrementalArray<Element>, compactMap transform: @escaping (Element) -> Mapped?
    ) where Value == IncrementalArray<Mapped> {
        self = Self.listOperator(list, element: ElementClosures(lending: transform), .compactMap())
    }

    /// The non-nil values derived from each element by a closure made from the model:
    /// when what the outer closure read changes, one pass with the new closure.
    @inlinable
    public init<Element, Mapped>(
        _ list: @escaping (Model) -> IncrementalArray<Element>,
        compactMap query: @escaping (Model) -> (Element) -> Mapped?
    ) where Value == IncrementalArray<Mapped> {
        self = Self.listOperator(list, query: { ElementClosures(lending: query($0)) }, .compactMap())
    }

    // MARK: grouped

    /// The elements of a list property in sections by a key: the sections in ascending
    /// key order, each holding its elements in the list's order. One element that
    /// changes key moves between two sections and touches nothing else: O(log n).
    ///
    /// ```swift
    /// struct Errand { var title: String; var priority: Int }
    ///
    /// final class Errands {
    ///     @Tracked var all: IncrementalArray<Errand> = [
    ///         Errand(title: "Post", priority: 2), Errand(title: "Bank", priority: 1),
    ///         Errand(title: "Shop", priority: 2),
    ///     ]
    ///     @Derived(\Errands.all, groupedBy: \.priority) var byPriority: ListSections<Int, Errand>
    /// }
    ///
    /// let errands = Errands()
    /// for section in errands.byPriority { print(section.key, section.elements.map(\.title)) }
    /// // prints "1 [\"Bank\"]", then "2 [\"Post\", \"Shop\"]"
    /// errands.all[2].priority = 1
    /// print(errands.byPriority[1]?.map(\.title) ?? [])   // prints "[\"Bank\", \"Shop\"]"
    /// ```
    @inlinable
    public init<Element, Key: Comparable & Hashable>(
        _ list: @escaping (Model) -> IncrementalArray<Element>, groupedBy key: @escaping (Element) -> Key
    ) where Value == ListSections<Key, Element> {
        self = Self.listOperator(list, element: ElementClosures(lending: key), .grouped)
    }

    // MARK: keyed

    /// The elements of a list property by a key, for lookup in O(1); updated in O(1)
    /// per changed element. Of several elements with the same key, the first in the
    /// list's order is the one found; when it leaves, the next takes its place.
    ///
    /// A join: each book's author name, through the authors' index, follows both a
    /// book that changes author and an author that changes name.
    ///
    /// ```swift
    /// struct Writer { var id: Int; var name: String }
    /// struct Title { var name: String; var writerID: Int }
    ///
    /// final class Catalog {
    ///     @Tracked var writers: IncrementalArray<Writer> = [
    ///         Writer(id: 1, name: "Le Guin"), Writer(id: 2, name: "Butler"),
    ///     ]
    ///     @Tracked var titles: IncrementalArray<Title> = [Title(name: "Kindred", writerID: 2)]
    ///     @Derived(\Catalog.writers, keyedBy: \.id) var writersByID: KeyedIndex<Int, Writer>
    ///     @Derived(\Catalog.titles, map: { (catalog: Catalog) in
    ///         let writers = catalog.writersByID
    ///         return { "\($0.name) by \(writers[$0.writerID]?.name ?? "?")" }
    ///     })
    ///     var credits: IncrementalArray<String>
    /// }
    ///
    /// let catalog = Catalog()
    /// print(Array(catalog.credits))   // prints "[\"Kindred by Butler\"]"
    /// catalog.writers[1].name = "Octavia E. Butler"
    /// print(Array(catalog.credits))   // prints "[\"Kindred by Octavia E. Butler\"]"
    /// catalog.titles[0].writerID = 1
    /// print(Array(catalog.credits))   // prints "[\"Kindred by Le Guin\"]"
    /// ```
    @inlinable
    public init<Element, Key: Hashable>(
        _ list: @escaping (Model) -> IncrementalArray<Element>, keyedBy key: @escaping (Element) -> Key
    ) where Value == KeyedIndex<Key, Element> {
        self = Self.listOperator(list, element: ElementClosures(lending: key), .keyed)
    }

    // MARK: sorted

    /// The elements of a list property ordered by a key; elements with equal keys keep
    /// their order in the list (a stable sort). Updated in O(log n) per changed
    /// element.
    ///
    /// The label says *key*: the closure maps one element to what it is ordered by,
    /// unlike the standard library's `sorted(by:)`, which takes a comparator.
    ///
    /// ```swift
    /// struct ShelfBook { var title: String; var isAvailable: Bool }
    ///
    /// final class Shelf {
    ///     @Tracked var books: IncrementalArray<ShelfBook> = [
    ///         ShelfBook(title: "Emma", isAvailable: true), ShelfBook(title: "Dune", isAvailable: false),
    ///     ]
    ///     @Derived(\Shelf.books, sortedByKey: \.title)
    ///     var byTitle: IncrementalArray<ShelfBook>
    ///     @Derived(\Shelf.books, sortedByKey: \.title, order: .descending)
    ///     var byTitleDescending: IncrementalArray<ShelfBook>
    /// }
    ///
    /// let shelf = Shelf()
    /// print(shelf.byTitle.map(\.title))   // prints "[\"Dune\", \"Emma\"]"
    /// shelf.books.append(ShelfBook(title: "Beloved", isAvailable: true))
    /// print(shelf.byTitle.map(\.title))   // prints "[\"Beloved\", \"Dune\", \"Emma\"]"
    /// print(shelf.byTitleDescending.map(\.title))   // prints "[\"Emma\", \"Dune\", \"Beloved\"]"
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key to order by. Keys must be totally ordered (no `Double.nan`).
    ///   - order: Whether the least or the greatest key comes first.
    @inlinable
    public init<Element, Key: Comparable>(
        _ list: @escaping (Model) -> IncrementalArray<Element>, sortedByKey key: @escaping (Element) -> Key,
        order: ListOrder = .ascending
    ) where Value == IncrementalArray<Element> {
        self = Self.listOperator(list, element: ElementClosures(lending: key), .sorted(order))
    }

    /// The elements ordered by a key that a closure made from the model derives: when
    /// what the outer closure read changes (the sort field, say), one pass re-sorts.
    ///
    /// ```swift
    /// final class Roster {
    ///     @Tracked var names: IncrementalArray<String> = ["ada", "Grace", "alan"]
    ///     @Tracked var ignoresCase = false
    ///     @Derived(\Roster.names, sortedByKey: { roster in
    ///         let ignoresCase = roster.ignoresCase
    ///         return { ignoresCase ? $0.lowercased() : $0 }
    ///     })
    ///     var sortedNames: IncrementalArray<String>
    /// }
    ///
    /// let roster = Roster()
    /// print(Array(roster.sortedNames))   // prints "[\"Grace\", \"ada\", \"alan\"]"
    /// roster.ignoresCase = true
    /// print(Array(roster.sortedNames))   // prints "[\"ada\", \"alan\", \"Grace\"]"
    /// ```
    @inlinable
    public init<Element, Key: Comparable>(
        _ list: @escaping (Model) -> IncrementalArray<Element>,
        sortedByKey query: @escaping (Model) -> (Element) -> Key, order: ListOrder = .ascending
    ) where Value == IncrementalArray<Element> {
        self = Self.listOperator(list, query: { ElementClosures(lending: query($0)) }, .sorted(order))
    }

    /// A comparator is not accepted: an incremental sort keeps each element's key, so it
    /// needs the key, not a comparison of two elements.
    @available(*, unavailable, message: "sortedBy: takes no comparator; write sortedByKey: \\.key, order: .descending")
    public init<Element>(
        _ list: @escaping (Model) -> IncrementalArray<Element>,
        sortedBy areInIncreasingOrder: @escaping (Element, Element) -> Bool
    ) where Value == IncrementalArray<Element> {
        fatalError("unavailable")
    }

    @available(
        *, deprecated,
        renamed: "init(_:sortedByKey:order:)",
        message: "use sortedByKey:, whose label says it takes a key, not a comparator"
    )
    @inlinable
    public init<Element, Key: Comparable>(
        _ list: @escaping (Model) -> IncrementalArray<Element>, sortedBy key: @escaping (Element) -> Key,
        descending: Bool = false
    ) where Value == IncrementalArray<Element> {
        self.init(list, sortedByKey: key, order: descending ? .descending : .ascending)
    }

    @available(
        *, deprecated,
        renamed: "init(_:sortedByKey:order:)",
        message: "use sortedByKey:, whose label says it takes a key, not a comparator"
    )
    @inlinable
    public init<Element, Key: Comparable>(
        _ list: @escaping (Model) -> IncrementalArray<Element>, sortedBy query: @escaping (Model) -> (Element) -> Key,
        descending: Bool = false
    ) where Value == IncrementalArray<Element> {
        self.init(list, sortedByKey: query, order: descending ? .descending : .ascending)
    }
}
