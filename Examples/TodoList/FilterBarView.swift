import Ripple
import RippleViews

/// The search field and the priority filter.
struct FilterBarView: View {
    @Environment(TodoStore.self) var store

    func body(_ content: inout ViewContent) {
        @Bindable var store = store
        content.child(TextField("Search", text: $store.searchText))
        let choices = [nil] + Priority.allCases.map(Optional.some)
        let names = choices.map { choice in
            let name = choice?.rawValue ?? "all"
            return choice == store.selectedPriority ? "[\(name)]" : name
        }
        content.text("Priority: " + names.joined(separator: " "))
    }
}
