/// Makes bindings to the writable properties of an object.
///
/// ```swift
/// final class Book {
///     @Tracked var title = "Sample Book Title"
///     @Tracked var rating = 3
/// }
/// let library = [Book()]
///
/// @Bindable var book = library[0]
/// let title: Binding<String> = $book.title
/// title.wrappedValue = "Dune"          // writes book.title, notifies readers of title
///
/// let rating = Bindable(library[0]).rating   // as a local
/// rating.wrappedValue = 5
/// print(library[0].title, library[0].rating)   // prints "Dune 5"
/// ```
///
/// Use it as a stored property, a local, or a parameter (`@Bindable book: Book`).
/// It holds the object strongly, as do the bindings it makes.
@propertyWrapper
@dynamicMemberLookup
public struct Bindable<Model: AnyObject> {
    /// The object itself.
    ///
    /// Reading and writing its properties through it is ordinary access to the
    /// object; only `$book.property` makes bindings.
    ///
    /// ```swift
    /// let bindable = Bindable(Book())
    /// bindable.wrappedValue.title = "Dune"    // writes the Book's title
    /// print(bindable.wrappedValue.title)      // prints "Dune"
    /// ```
    public var wrappedValue: Model

    /// Wraps an object, for `@Bindable var book = ...`.
    ///
    /// The compiler calls it for a `@Bindable` property or local given an initial value.
    ///
    /// ```swift
    /// @Bindable var book = Book()             // init(wrappedValue:)
    /// let title = $book.title                 // Binding<String>
    /// title.wrappedValue = "Dune"
    /// print(book.title)                       // prints "Dune"
    /// ```
    @inlinable
    public init(wrappedValue: Model) {
        self.wrappedValue = wrappedValue
    }

    /// Wraps an object, as a local: `Bindable(book).title`.
    ///
    /// ```swift
    /// let book = Book()
    /// let rating = Bindable(book).rating      // Binding<Int>
    /// rating.wrappedValue = 5
    /// print(book.rating)                      // prints "5"
    /// ```
    @inlinable
    public init(_ model: Model) {
        self.wrappedValue = model
    }

    /// Accepts a `Bindable` for a parameter declared `@Bindable book: Book`.
    ///
    /// The compiler calls it when a caller passes the projected value, `$book:`.
    ///
    /// ```swift
    /// func ratingBinding(@Bindable book: Book) -> Binding<Int> { $book.rating }
    ///
    /// @Bindable var book = Book()
    /// let rating = ratingBinding($book: $book)   // passes the Bindable itself
    /// rating.wrappedValue = 4
    /// print(book.rating)                         // prints "4"
    /// ```
    @inlinable
    public init(projectedValue: Bindable<Model>) {
        self = projectedValue
    }

    /// `$book`: the bindable itself, so `$book.title` is a binding.
    ///
    /// ```swift
    /// @Bindable var book = Book()
    /// let bindable: Bindable<Book> = $book    // the wrapper, to hand on
    /// bindable.title.wrappedValue = "Dune"
    /// print(book.title)                       // prints "Dune"
    /// ```
    @inlinable
    public var projectedValue: Bindable<Model> {
        self
    }

    /// A binding to a writable property of the object.
    ///
    /// The binding reads and writes the property itself, so it sees changes made
    /// elsewhere, and a write through it notifies the property's readers.
    ///
    /// ```swift
    /// @Bindable var book = Book()
    /// let title: Binding<String> = $book.title
    /// book.title = "Emma"
    /// print(title.wrappedValue)               // prints "Emma"
    /// ```
    @inlinable
    public subscript<Member>(dynamicMember keyPath: ReferenceWritableKeyPath<Model, Member>) -> Binding<Member> {
        let model = wrappedValue
        return Binding(get: { model[keyPath: keyPath] }, set: { model[keyPath: keyPath] = $0 })
    }
}
