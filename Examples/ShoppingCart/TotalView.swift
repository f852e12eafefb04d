import Ripple
import RippleViews

/// The total, with the discount when there is one, and the tax when the store charges
/// one. It reads the prices and the tax rate, never the code.
struct TotalView: View {
    @Environment(Cart.self) var cart

    func body(_ content: inout ViewContent) {
        let total = cart.totalPrice
        let discounted = cart.discountedPrice
        content.text(discounted == total ? "Total: \(total)" : "Total: \(discounted) (was \(total))")
        let tax = cart.taxPercent
        if tax > 0 {
            content.text("With \(tax)% tax: \(cart.priceWithTax)")
        }
    }
}
