import Ripple
import RippleViews

/// The list: one row per item.
struct CartItemsView: View {
    @Environment(Cart.self) var cart

    func body(_ content: inout ViewContent) {
        let items = cart.items
        content.text(items.isEmpty ? "The cart is empty" : "Items: \(items.count)")
        content.forEach(items) { CartRowView(item: $0) }
    }
}
