import Ripple
import RippleViews

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
