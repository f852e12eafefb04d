import Ripple

/// The cart: its items, a promo code, and memoized prices, the last with the tax rate of
/// the store's `@Observable` settings.
final class Cart {
    /// The one code that works: 20% off.
    static let promoCode = "SAVE20"
    static let promoPercent = 20

    @Tracked var items: [CartItem]
    @Tracked var promoCode = ""
    let settings: StoreSettings

    private var nextID: Int

    /// The sum of the lines: recomputed when an item is added or removed or a quantity
    /// changes, never when the code does.
    @Derived({ (cart: Cart) in cart.items.reduce(Money.zero) { $0 + $1.lineTotal } })
    var totalPrice: Money

    /// The total less the discount, if the code is valid. A code change recomputes it;
    /// when the result is the same price (an invalid code replaced by another), nothing
    /// that shows it renders again.
    @Derived({ (cart: Cart) in
        cart.promoCode == Cart.promoCode ? cart.totalPrice.discounted(byPercent: Cart.promoPercent) : cart.totalPrice
    })
    var discountedPrice: Money

    /// The store's tax rate: `trackObservable` makes the `@Observable` setting a
    /// dependency, so a change to it reaches what shows the rate.
    @Derived({ (cart: Cart) in trackObservable { cart.settings.taxPercent } })
    var taxPercent: Int

    /// The discounted price with the tax: recomputed when either changes.
    @Derived({ (cart: Cart) in cart.discountedPrice.addingTax(percent: cart.taxPercent) })
    var priceWithTax: Money

    init(items: [CartItem], settings: StoreSettings = StoreSettings()) {
        self.items = items
        self.settings = settings
        self.nextID = (items.map(\.id).max() ?? 0) + 1
    }

    static func sample() -> Cart {
        Cart(items: [
            CartItem(id: 1, name: "Coffee beans", price: Money(cents: 1250), quantity: 2),
            CartItem(id: 2, name: "Oat milk", price: Money(cents: 320), quantity: 3),
        ])
    }

    func item(_ id: Int) -> CartItem? {
        items.first { $0.id == id }
    }

    func add(_ name: String, price: Money, quantity: Int) {
        items.append(CartItem(id: nextID, name: name, price: price, quantity: quantity))
        nextID += 1
    }

    func remove(_ item: CartItem) {
        items.removeAll { $0 === item }
    }
}
