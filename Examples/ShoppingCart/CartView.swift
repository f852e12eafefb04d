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
