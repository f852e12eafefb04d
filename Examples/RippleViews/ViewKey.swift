/// A view's identity among its siblings: its type and its ``View/identity``.
struct ViewKey: Hashable {
    let type: ObjectIdentifier
    let identity: AnyHashable?
    /// How transcripts name the view: `LibraryItemView #2`.
    let label: String

    @MainActor
    init<V: View>(_ view: V) {
        type = ObjectIdentifier(V.self)
        let name = String(describing: V.self)
        if let identity = view.identity {
            self.identity = AnyHashable(identity)
            label = identity is any StringProtocol
                ? "\(name) \"\(identity)\""
                : "\(name) #\(identity)"
        } else {
            self.identity = nil
            label = name
        }
    }

    static func == (lhs: ViewKey, rhs: ViewKey) -> Bool {
        lhs.type == rhs.type && lhs.identity == rhs.identity
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        hasher.combine(identity)
    }
}
