import Ripple

/// A line of the cart. Only the quantity changes, so only it is tracked.
final class CartItem: Identifiable {
    /// The number the commands use (`qty 2 3`).
    let id: Int
    let name: String
    let price: Money
    @Tracked var quantity: Int

    init(id: Int, name: String, price: Money, quantity: Int) {
        self.id = id
        self.name = name
        self.price = price
        self.quantity = quantity
    }

    var lineTotal: Money {
        price * quantity
    }
}
