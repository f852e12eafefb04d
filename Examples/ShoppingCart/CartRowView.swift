import Ripple
import RippleViews

/// One item: its quantity, name, price and line total.
struct CartRowView: View {
    let item: CartItem

    var identity: Int? { item.id }

    func body(_ content: inout ViewContent) {
        content.text("\(item.id). \(item.quantity) x \(item.name) at \(item.price) = \(item.lineTotal)")
    }
}
