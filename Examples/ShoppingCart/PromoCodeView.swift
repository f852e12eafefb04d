import Ripple
import RippleViews

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
