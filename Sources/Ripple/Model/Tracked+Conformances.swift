extension Tracked: Equatable where Value: Equatable {
    /// Tracked properties compare by their values.
    public static func == (lhs: Tracked, rhs: Tracked) -> Bool {
        lhs.currentValue == rhs.currentValue
    }
}

extension Tracked: Hashable where Value: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(currentValue)
    }
}

extension Tracked: Encodable where Value: Encodable {
    /// Encodes the bare value, so a model encodes as `{"title":"Dune"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(currentValue)
    }
}

extension Tracked: Decodable where Value: Decodable {
    /// Decodes the bare value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(try container.decode(Value.self), rule: ValueEquality<Value>.defaultRule)
    }
}

extension KeyedDecodingContainer {
    /// A missing key decodes a `@Tracked` optional as nil, as it would a plain optional.
    public func decode<Wrapped: Decodable>(
        _ type: Tracked<Wrapped?>.Type, forKey key: Key
    ) throws -> Tracked<Wrapped?> {
        Tracked(try decodeIfPresent(Wrapped.self, forKey: key), rule: ValueEquality<Wrapped?>.defaultRule)
    }
}

extension KeyedEncodingContainer {
    /// A nil `@Tracked` optional is omitted, as a plain optional would be.
    public mutating func encode<Wrapped: Encodable>(
        _ value: Tracked<Wrapped?>, forKey key: Key
    ) throws {
        try encodeIfPresent(value.currentValue, forKey: key)
    }
}
