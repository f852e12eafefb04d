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
/// ```
///
/// Use it as a stored property, a local, or a parameter (`@Bindable book: Book`).
/// It holds the object strongly, as do the bindings it makes.
@propertyWrapper
@dynamicMemberLookup
public struct Bindable<Model: AnyObject> {
    /// The object.
    public var wrappedValue: Model

    /// Wraps an object, for `@Bindable var book = ...`.
    @inlinable
    public init(wrappedValue: Model) {
        self.wrappedValue = wrappedValue
    }

    /// Wraps an object, as a local: `Bindable(book).title`.
    @inlinable
    public init(_ model: Model) {
        self.wrappedValue = model
    }

    /// Accepts a `Bindable` for a parameter declared `@Bindable book: Book`.
    @inlinable
    public init(projectedValue: Bindable<Model>) {
        self = projectedValue
    }

    /// `$book`: the bindable itself, so `$book.title` is a binding.
    @inlinable
    public var projectedValue: Bindable<Model> {
        self
    }

    /// A binding to a writable property of the object.
    @inlinable
    public subscript<Member>(dynamicMember keyPath: ReferenceWritableKeyPath<Model, Member>) -> Binding<Member> {
        let model = wrappedValue
        return Binding(get: { model[keyPath: keyPath] }, set: { model[keyPath: keyPath] = $0 })
    }
}
