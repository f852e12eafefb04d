import Ripple
import RippleViews

/// One todo: its checkbox, title and priority.
struct TodoRowView: View {
    let item: TodoItem

    var identity: Int? { item.id }

    func body(_ content: inout ViewContent) {
        content.text("\(item.isCompleted ? "[x]" : "[ ]") \(item.id). \(item.title) (\(item.priority.rawValue))")
    }
}
