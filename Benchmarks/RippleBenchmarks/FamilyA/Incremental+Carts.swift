// Family A's incremental cart cases: a quantity changed among 1,000 struct lines, and
// among 1,000 lines that are models.

import Observation
import Ripple

// MARK: incrementalCartQuantity

/// What the cart script needs.
protocol ListCart: AnyObject {
    init(items: [CartItem])
    var totalPrice: Double { get }
    func setQuantity(_ quantity: Int, at index: Int)
}

extension IncrementalModels.ShoppingCart: ListCart {}
extension OModels.ShoppingCart: ListCart {}

/// 1,000 cart lines: change one quantity, then read `totalPrice`.
@inline(__always)
private func incrementalCartQuantity<Cart: ListCart>(_: Cart.Type, _ ops: Int) -> UInt64 {
    let count = 1_000
    let cart = Cart(items: CartItem.sample(count: count))
    _ = cart.totalPrice
    var last = 0.0
    let elapsed = measure(with: cart) { cart in
        var total = 0.0
        for op in 0..<ops {
            cart.setQuantity(1 + op % 7, at: (op &* 7919) % count)
            total = cart.totalPrice
        }
        last = total
    }
    var items = CartItem.sample(count: count)
    for op in max(0, ops - count * 2)..<ops { items[(op &* 7919) % count].quantity = 1 + op % 7 }
    if ops >= count * 2 {
        check(abs(last - CartItem.total(of: items)) < 1e-6, "cart totalPrice after the script: \(last)")
    }
    return elapsed
}

@inline(never)
func bench_ripple_incrementalCartQuantity(_ ops: Int) -> UInt64 {
    incrementalCartQuantity(IncrementalModels.ShoppingCart.self, ops)
}

@inline(never)
func bench_observation_incrementalCartQuantity(_ ops: Int) -> UInt64 {
    incrementalCartQuantity(OModels.ShoppingCart.self, ops)
}

// MARK: incrementalCartQuantityModels

/// Cart lines as models, as the ShoppingCart example has them: a price and a tracked
/// quantity.
enum CartLineModels {
    final class RippleLine {
        let price: Double
        @Tracked var quantity: Int
        init(price: Double, quantity: Int) { self.price = price; self.quantity = quantity }
    }

    final class RippleCart {
        @Tracked var lines: IncrementalArray<RippleLine>
        @Derived(\RippleCart.lines, sum: { $0.price * Double($0.quantity) })
        var totalPrice: Double
        init(lines: [RippleLine]) { self.lines = IncrementalArray(lines) }
    }

    @Observable final class ObservedLine: @unchecked Sendable {
        let price: Double
        var quantity: Int
        init(price: Double, quantity: Int) { self.price = price; self.quantity = quantity }
    }

    @Observable final class ObservedCart: @unchecked Sendable {
        var lines: [ObservedLine]
        init(lines: [ObservedLine]) { self.lines = lines }
        var totalPrice: Double { lines.reduce(0) { $0 + $1.price * Double($1.quantity) } }
    }
}

/// 1,000 cart lines that are models: change one line's quantity, then read `totalPrice`.
@inline(__always)
private func cartLineQuantity<Line: AnyObject>(
    _ lines: [Line], quantity: ReferenceWritableKeyPath<Line, Int>, total: () -> Double, _ ops: Int
) -> UInt64 {
    var last = 0.0
    let elapsed = measure {
        var sum = 0.0
        for op in 0..<ops {
            lines[(op &* 7919) % lines.count][keyPath: quantity] = 1 + op % 7
            sum = total()
        }
        last = sum
    }
    var quantities = (0..<lines.count).map { 1 + $0 % 3 }
    for op in 0..<ops { quantities[(op &* 7919) % lines.count] = 1 + op % 7 }
    let expected = zip(CartItem.sample(count: lines.count), quantities).reduce(0.0) { $0 + $1.0.price * Double($1.1) }
    check(ops == 0 || abs(last - expected) < 1e-6, "cart of models totalPrice: \(last), expected \(expected)")
    return elapsed
}

@inline(never)
func bench_ripple_incrementalCartQuantityModels(_ ops: Int) -> UInt64 {
    let lines = CartItem.sample(count: 1_000).map { CartLineModels.RippleLine(price: $0.price, quantity: $0.quantity) }
    let cart = CartLineModels.RippleCart(lines: lines)
    _ = cart.totalPrice
    return cartLineQuantity(lines, quantity: \.quantity, total: { cart.totalPrice }, ops)
}

@inline(never)
func bench_observation_incrementalCartQuantityModels(_ ops: Int) -> UInt64 {
    let lines = CartItem.sample(count: 1_000).map { CartLineModels.ObservedLine(price: $0.price, quantity: $0.quantity) }
    let cart = CartLineModels.ObservedCart(lines: lines)
    return cartLineQuantity(lines, quantity: \.quantity, total: { cart.totalPrice }, ops)
}
