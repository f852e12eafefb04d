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
