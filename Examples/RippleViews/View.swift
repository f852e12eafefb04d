import Ripple

/// A piece of terminal UI: a named render function that the ``ViewHost`` runs inside
/// an `Effect`, so that it renders again only when something it read changed.
///
/// ```swift
/// struct GreetingView: View {
///     let user: User                       // a model with @Tracked var name
///     func body(_ content: inout ViewContent) {
///         content.text("Hello, \(user.name)!")
///     }
/// }
/// ```
///
/// A view is a value that describes what to draw; the host keeps it, with its `Effect`,
/// for as long as its parent keeps declaring it. A parent that renders again does not
/// render its children again: like SwiftUI, the host matches the children it declares by
/// type and ``identity`` and keeps the ones it already has. A child's inputs are fixed
/// when it is first mounted, so give a child the identity of the model it shows (a
/// book's id) rather than of its position.
///
/// Views render on the main actor, like SwiftUI's.
@MainActor
public protocol View {
    /// The type of ``identity``.
    associatedtype Identity: Hashable & CustomStringConvertible = Int

    /// Tells this view apart from siblings of the same type (SwiftUI's `ForEach` id);
    /// nil, the default, for a view that appears once among its siblings. It shows in
    /// transcripts: `LibraryItemView #2`, `TextField "Title"`.
    var identity: Identity? { get }

    /// Draws the view: lines of text, and child views in the order they appear.
    ///
    /// Everything it reads is tracked; writing state from here is a mistake, as it is
    /// in a SwiftUI `body`.
    func body(_ content: inout ViewContent)
}

extension View {
    public var identity: Identity? { nil }
}

/// What a view's ``View/body(_:)`` draws: lines of text and child views, in order.
@MainActor
public struct ViewContent {
    enum Element {
        case text(String)
        case child(DeclaredChild)
    }

    var elements: [Element] = []

    init() {}

    /// Adds a line of text.
    public mutating func text(_ line: String) {
        elements.append(.text(line))
    }

    /// Adds a child view. It is rendered by its own effect, with the environment that
    /// is active here.
    public mutating func child(_ view: some View) {
        elements.append(.child(DeclaredChild(view)))
    }

    /// Adds one child view per element, like SwiftUI's `ForEach`.
    ///
    /// ```swift
    /// content.forEach(library.books) { LibraryItemView(book: $0) }
    /// ```
    public mutating func forEach<Data: Sequence, Child: View>(
        _ data: Data, _ makeView: (Data.Element) -> Child
    ) {
        for element in data {
            child(makeView(element))
        }
    }
}

/// A child as its parent declared it: the view, how to find it again, and the
/// environment to render it in.
struct DeclaredChild {
    let key: ViewKey
    let view: any View
    let environment: EnvironmentValues

    @MainActor
    init<V: View>(_ view: V) {
        self.key = ViewKey(view)
        self.view = view
        self.environment = .current
    }
}

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
