import Ripple
import RippleViews

/// The root: the items, the promo code and the total.
struct CartView: View {
    func body(_ content: inout ViewContent) {
        content.text("Shopping cart")
        content.child(CartItemsView())
        content.child(PromoCodeView())
        content.child(TotalView())
    }
}

/// The list: one row per item.
struct CartItemsView: View {
    @Environment(Cart.self) var cart

    func body(_ content: inout ViewContent) {
        let items = cart.items
        content.text(items.isEmpty ? "The cart is empty" : "Items: \(items.count)")
        content.forEach(items) { CartRowView(item: $0) }
    }
}

/// One item: its quantity, name, price and line total.
struct CartRowView: View {
    let item: CartItem

    var identity: Int? { item.id }

    func body(_ content: inout ViewContent) {
        content.text("\(item.id). \(item.quantity) x \(item.name) at \(item.price) = \(item.lineTotal)")
    }
}

/// The promo code field, and whether the code is valid.
struct PromoCodeView: View {
    @Environment(Cart.self) var cart

    func body(_ content: inout ViewContent) {
        @Bindable var cart = cart
        content.child(TextField("Promo code", text: $cart.promoCode))
        let code = cart.promoCode
        content.text(
            code.isEmpty ? "Enter \(Cart.promoCode) for \(Cart.promoPercent)% off"
                : code == Cart.promoCode ? "\(Cart.promoPercent)% off applied"
                : "\"\(code)\" is not a valid code"
        )
    }
}

/// The total, with the discount when there is one. It reads the two prices, never the
/// code.
struct TotalView: View {
    @Environment(Cart.self) var cart

    func body(_ content: inout ViewContent) {
        let total = cart.totalPrice
        let discounted = cart.discountedPrice
        content.text(discounted == total ? "Total: \(total)" : "Total: \(discounted) (was \(total))")
    }
}
