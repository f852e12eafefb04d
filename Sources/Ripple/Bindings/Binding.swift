/// Two-way access to a value owned elsewhere: read it, write it, hand it on.
///
/// ```swift
/// final class Settings {
///     @Tracked var fontSize = 12
/// }
/// let settings = Settings()
/// let fontSize = Binding(get: { settings.fontSize }, set: { settings.fontSize = $0 })
/// fontSize.wrappedValue += 2          // writes settings.fontSize
/// print(settings.fontSize)            // prints "14"
/// ```
///
/// Writing through a binding is a write to what it binds, so it notifies exactly the
/// readers of that property. Dynamic member lookup derives bindings to parts of the
/// value: `binding.rating` is a `Binding<Int>` from a `Binding<Book>`. A binding to an
/// object keeps the object alive. Bindings are used on the isolation of what they bind.
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
    @usableFromInline let getValue: () -> Value
    @usableFromInline let setValue: (Value) -> Void

    /// Creates a binding from a getter and a setter.
    ///
    /// ```swift
    /// var volume = 5
    /// let binding = Binding(get: { volume }, set: { volume = $0 })
    /// binding.wrappedValue = 7
    /// print(volume)              // prints "7"
    /// ```
    ///
    /// The closures are plain escaping closures (not `@Sendable`): they typically
    /// capture models.
    @inlinable
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.getValue = get
        self.setValue = set
    }

    /// Creates a binding that is passed around as one: `@Binding var title: String`
    /// in a view, initialized from another binding.
    ///
    /// The compiler calls it when a caller passes a binding to a parameter declared
    /// `@Binding title: String`, as `$title:`.
    ///
    /// ```swift
    /// func shout(@Binding title: String) { title = title.uppercased() }
    ///
    /// var text = "dune"
    /// shout($title: Binding(get: { text }, set: { text = $0 }))
    /// print(text)   // prints "DUNE"
    /// ```
    @inlinable
    public init(projectedValue: Binding<Value>) {
        self = projectedValue
    }

    /// A binding to a value that never changes; writes are ignored.
    ///
    /// ```swift
    /// let preview = Binding.constant("Dune")
    /// preview.wrappedValue = "Emma"     // ignored
    /// print(preview.wrappedValue)       // prints "Dune"
    /// ```
    @inlinable
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }

    /// The bound value; setting it writes through.
    ///
    /// Every read calls the getter and every write the setter: a binding caches nothing.
    ///
    /// ```swift
    /// var count = 1
    /// let binding = Binding(get: { count }, set: { count = $0 })
    /// binding.wrappedValue += 1   // reads 1, writes 2
    /// print(count)                // prints "2"
    /// ```
    @inlinable
    public var wrappedValue: Value {
        get { getValue() }
        nonmutating set { setValue(newValue) }
    }

    /// The binding itself, so `$title` hands it on.
    ///
    /// ```swift
    /// struct TitleField {
    ///     @Binding var title: String
    ///     var editor: Binding<String> { $title }   // the same binding, handed on
    /// }
    /// var title = "Dune"
    /// let field = TitleField(title: Binding(get: { title }, set: { title = $0 }))
    /// field.editor.wrappedValue = "Emma"
    /// print(title)   // prints "Emma"
    /// ```
    @inlinable
    public var projectedValue: Binding<Value> {
        self
    }

    /// A binding to a property of the bound value, written back through this binding.
    ///
    /// ```swift
    /// struct Margins { var top = 0, bottom = 0 }
    /// var margins = Margins()
    /// let binding = Binding(get: { margins }, set: { margins = $0 })
    /// binding.top.wrappedValue = 8
    /// print(margins)                    // prints "Margins(top: 8, bottom: 0)"
    /// ```
    @inlinable
    public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Binding<Member> {
        Binding<Member>(
            get: { self.getValue()[keyPath: keyPath] },
            set: { newValue in
                var value = self.getValue()
                value[keyPath: keyPath] = newValue
                self.setValue(value)
            }
        )
    }

    /// A binding to a property of the bound object, written straight through the
    /// reference: `$book.author.name` writes `name` and leaves `author` untouched.
    ///
    /// ```swift
    /// final class Author { @Tracked var name = "" }
    /// let author = Author()
    /// let binding = Binding.constant(author)
    /// binding.name.wrappedValue = "Le Guin"
    /// print(author.name)                      // prints "Le Guin"
    /// ```
    @inlinable
    public subscript<Member>(
        dynamicMember keyPath: ReferenceWritableKeyPath<Value, Member>
    ) -> Binding<Member> {
        Binding<Member>(
            get: { self.getValue()[keyPath: keyPath] },
            set: { self.getValue()[keyPath: keyPath] = $0 }
        )
    }
}
