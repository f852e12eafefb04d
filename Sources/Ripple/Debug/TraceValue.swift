/// How a trace shows values: short, untracked, and with models by name.
enum TraceValue {
    /// The longest description a trace shows; longer ones are cut, with "...".
    static let limit = 48

    /// `value` as a trace shows it: a string quoted, an optional unwrapped, a model as
    /// `Book[2]`, a long collection by its count. Reads nothing into a run: describing
    /// may run user code (`description`), which must not become a dependency.
    static func describe(_ value: Any) -> String {
        let run = Graph.beginUntracked()
        defer { Graph.endUntracked(run) }
        return shortened(text(of: value, budget: limit))
    }

    /// `value` as `String(describing:)` shows it, never quoted: for identifiers.
    static func plain(_ value: Any) -> String {
        shortened(String(describing: value))
    }

    private static func text(of value: Any, budget: Int) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return "nil" }
            return text(of: wrapped, budget: budget)
        }
        if let string = value as? String { return "\"\(string)\"" }
        if let error = value as? any Error, !(value is any CustomStringConvertible) {
            return String(describing: type(of: error))
        }
        if type(of: value) is AnyClass, !(value is any CustomStringConvertible) {
            let object = value as AnyObject
            return NodeNames.isModel(object) ? NodeNames.instanceName(object) : String(describing: type(of: value))
        }
        if let collection = value as? any Collection {
            return text(of: collection, budget: budget)
        }
        return String(describing: value)
    }

    /// The elements, while they fit the budget; otherwise how many there are.
    private static func text(of collection: some Collection, budget: Int) -> String {
        var parts: [String] = []
        var used = 2
        for element in collection {
            let part = text(of: element, budget: budget)
            used += part.count + 2
            if used > budget { return "[\(collection.count) elements]" }
            parts.append(part)
        }
        return "[" + parts.joined(separator: ", ") + "]"
    }

    private static func shortened(_ text: String) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 3)) + "..."
    }

    /// The objects `value` holds: itself, or the elements of a collection of objects.
    static func objects(in value: Any) -> [AnyObject] {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            return mirror.children.first.map { objects(in: $0.value) } ?? []
        }
        if type(of: value) is AnyClass { return [value as AnyObject] }
        if let collection = value as? any Collection { return objects(inElementsOf: collection) }
        return []
    }

    private static func objects<Elements: Collection>(inElementsOf collection: Elements) -> [AnyObject] {
        guard Elements.Element.self is AnyObject.Type else { return [] }
        return collection.map { $0 as AnyObject }
    }
}
