extension Tracked: Equatable where Value: Equatable {
    /// Tracked properties compare by their values.
    ///
    /// The comparison reads both values without tracking.
    ///
    /// ```swift
    /// print(Tracked(wrappedValue: "Dune") == Tracked(wrappedValue: "Dune"))   // prints "true"
    /// print(Tracked(wrappedValue: "Dune") == Tracked(wrappedValue: "Emma"))   // prints "false"
    /// ```
    public static func == (lhs: Tracked, rhs: Tracked) -> Bool {
        lhs.currentValue == rhs.currentValue
    }
}

extension Tracked: Hashable where Value: Hashable {
    /// Hashes the value, so equal tracked properties hash alike.
    ///
    /// The value is read without tracking.
    ///
    /// ```swift
    /// let titles: Set = [Tracked(wrappedValue: "Dune"), Tracked(wrappedValue: "Dune")]
    /// print(titles.count)   // prints "1": equal values
    /// ```
    public func hash(into hasher: inout Hasher) {
        hasher.combine(currentValue)
    }
}

extension Tracked: Encodable where Value: Encodable {
    /// Encodes the bare value, so a model encodes as `{"title":"Dune"}`.
    ///
    /// A model class synthesizes `Codable`; each `@Tracked` property encodes as its
    /// value, without tracking, with no trace of the wrapper.
    ///
    /// ```swift
    /// final class Book: Codable { @Tracked var title = "Sample Book Title" }
    /// let book = Book()
    /// book.title = "Dune"
    /// print(String(decoding: try JSONEncoder().encode(book), as: UTF8.self))   // prints "{\"title\":\"Dune\"}"
    /// ```
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(currentValue)
    }
}

extension Tracked: Decodable where Value: Decodable {
    /// Decodes the bare value.
    ///
    /// The decoded property compares by its value's type's rule, as any other does.
    ///
    /// ```swift
    /// final class Book: Codable { @Tracked var title = "Sample Book Title" }
    /// let json = #"{"title":"Dune"}"#
    /// let book = try JSONDecoder().decode(Book.self, from: Data(json.utf8))
    /// print(book.title)   // prints "Dune"
    /// ```
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(wrappedValue: try container.decode(Value.self))
    }
}

extension KeyedDecodingContainer {
    /// A missing key decodes a `@Tracked` optional as nil, as it would a plain optional.
    ///
    /// A model's synthesized `init(from:)` calls it for each `@Tracked` optional
    /// property; you never call it yourself.
    ///
    /// ```swift
    /// final class Book: Codable {
    ///     @Tracked var title = ""
    ///     @Tracked var subtitle: String? = nil
    /// }
    /// let book = try JSONDecoder().decode(Book.self, from: Data(#"{"title":"Dune"}"#.utf8))
    /// print(book.subtitle == nil)   // prints "true": the key is missing
    /// ```
    public func decode<Wrapped: Decodable>(
        _ type: Tracked<Wrapped?>.Type, forKey key: Key
    ) throws -> Tracked<Wrapped?> {
        Tracked(wrappedValue: try decodeIfPresent(Wrapped.self, forKey: key))
    }
}

extension KeyedEncodingContainer {
    /// A nil `@Tracked` optional is omitted, as a plain optional would be.
    ///
    /// A model's synthesized `encode(to:)` calls it for each `@Tracked` optional
    /// property; you never call it yourself.
    ///
    /// ```swift
    /// let book = Book()   // @Tracked var subtitle: String? = nil, as above
    /// book.title = "Dune"
    /// print(String(decoding: try JSONEncoder().encode(book), as: UTF8.self))   // prints "{\"title\":\"Dune\"}"
    /// ```
    public mutating func encode<Wrapped: Encodable>(
        _ value: Tracked<Wrapped?>, forKey key: Key
    ) throws {
        try encodeIfPresent(value.currentValue, forKey: key)
    }
}
