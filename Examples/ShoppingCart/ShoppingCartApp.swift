import Ripple
import RippleViews

/// The shopping cart in a terminal: items, quantities, a promo code and the store's tax
/// rate (an `@Observable` setting), with the memoized prices' recomputes shown after
/// each command.
@MainActor
final class ShoppingCartApp: TerminalApp {
    let cart: Cart
    let host = ViewHost()
    /// The prices' recomputes, counted from outside the cart.
    let recomputes: RecomputeCounter

    init(cart: Cart = .sample()) {
        self.cart = cart
        self.recomputes = RecomputeCounter(cart)
    }

    let title = [
        "ShoppingCart: items, a promo code, and memoized totalPrice and discountedPrice (\(Cart.promoCode): \(Cart.promoPercent)% off);",
        "the tax rate comes from the store's settings, an @Observable model the cart follows.",
        "After each command, the views that rendered and the prices that recomputed.",
    ]

    let commands = [
        CommandSpec(#"add "<name>" <price> [<quantity>]"#, "add an item (one by default)"),
        CommandSpec("qty <item> <quantity>", "change an item's quantity"),
        CommandSpec("remove <item>", "remove an item"),
        CommandSpec(#"promo ["<code>"]"#, "type a promo code (none: clear it)"),
        CommandSpec("tax <percent>", "set the store's tax rate (an @Observable setting)"),
        CommandSpec("clear", "empty the cart and the code at once"),
        CommandSpec("show", "print the whole screen"),
    ]

    let script = [
        #"add "Mug" 9.50"#,
        "qty 1 3",
        "promo SAVE",
        "promo SAVE20",
        "qty 2 1",
        "qty 2 1",
        "remove 3",
        "tax 8",
        "qty 1 1",
        "tax 8",
        "clear",
    ]

    func start() -> [String] {
        withEnvironment(cart) {
            host.mount(CartView())
        }
        return report()
    }

    func run(_ command: Command) throws(CommandError) -> [String] {
        switch command.name {
        case "add":
            try command.expectArguments(2...3)
            let name = try command.text(at: 0, "the name")
            let price = Money(
                cents: try command.fixedPoint(at: 1, "the price", fractionDigits: 2, in: 0...Money.maximumPrice.cents)
            )
            let quantity = command.arguments.count == 3 ? try quantity(command, at: 2) : 1
            try checkTotal(cart.items.map { ($0.price, $0.quantity) } + [(price, quantity)])
            host.update { cart.add(name, price: price, quantity: quantity) }
        case "qty":
            try command.expectArguments(2)
            let item = try item(command.number(at: 0, of: "an item"))
            let quantity = try quantity(command, at: 1)
            try checkTotal(cart.items.map { ($0.price, $0 === item ? quantity : $0.quantity) })
            host.update { item.quantity = quantity }
        case "remove":
            try command.expectArguments(1)
            let item = try item(command.number(at: 0, of: "an item"))
            host.update { cart.remove(item) }
        case "promo":
            try command.expectArguments(0...1)
            let code = command.arguments.isEmpty ? "" : try command.string(at: 0)
            guard code.count <= Command.maximumTextLength else {
                throw .malformed("the code is longer than \(Command.maximumTextLength) characters")
            }
            // Typing into the field: a write through the binding it shows.
            @Bindable var cart = cart
            host.update { $cart.promoCode.wrappedValue = code }
        case "tax":
            try command.expectArguments(1)
            let percent = try command.integer(at: 0, "the tax rate", in: 0...100)
            host.update { cart.settings.taxPercent = percent }
        case "clear":
            try command.expectArguments(0)
            host.update {
                batch {
                    cart.items.removeAll()
                    cart.promoCode = ""
                }
            }
        case "show":
            try command.expectArguments(0)
            return host.screen.map { "  " + $0 }
        default:
            throw .unknown(command.name)
        }
        return report()
    }

    private func report() -> [String] {
        host.takeReport() + [recomputes.takeReport() ?? "  recomputed: nothing"]
    }

    /// The most of one item a cart line holds.
    static let maximumQuantity = 999

    private func quantity(_ command: Command, at index: Int) throws(CommandError) -> Int {
        if command.arguments.indices.contains(index), NumberSyntax.integer(command.arguments[index]) == 0 {
            throw .malformed("the quantity must be at least 1; use 'remove' to remove an item")
        }
        return try command.integer(at: index, "the quantity", in: 1...Self.maximumQuantity)
    }

    /// Refuses a change that would take the cart past ``Money/maximumTotal``, so that the
    /// cart's derived prices never overflow.
    private func checkTotal(_ lines: [(price: Money, quantity: Int)]) throws(CommandError) {
        guard let total = Money.checkedTotal(lines), total <= Money.maximumTotal else {
            throw .rejected("the cart would total more than \(Money.maximumTotal), the most it holds")
        }
    }

    private func item(_ id: Int) throws(CommandError) -> CartItem {
        guard let item = cart.item(id) else {
            throw .rejected("no item #\(id) in the cart")
        }
        return item
    }
}
