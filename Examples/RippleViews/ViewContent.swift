import Ripple

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
