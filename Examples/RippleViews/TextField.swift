public import Ripple

/// An editable line of text bound to a model's property: `Title: [Dune]`.
///
/// ```swift
/// @Bindable var book = book
/// content.child(TextField("Title", text: $book.title))
/// ```
///
/// It reads the value through its binding, so it renders again when the bound property
/// changes, and only then. Typing into it (a command, here) writes through the same
/// binding.
public struct TextField: View {
    let label: String
    let text: Binding<String>

    /// Creates a field that shows and edits `text`.
    public init(_ label: String, text: Binding<String>) {
        self.label = label
        self.text = text
    }

    public var identity: String? { label }

    public func body(_ content: inout ViewContent) {
        content.text("\(label): [\(text.wrappedValue)]")
    }
}
