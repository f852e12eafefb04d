import Ripple
import RippleViews
import Testing
@testable import ShoppingCart

@MainActor
@Suite struct ShoppingCartTests {
    @Test func `a change to the store's @Observable tax rate reaches the total, and an equal one nothing`() async throws {
        let app = ShoppingCartApp()
        _ = app.start()
        let taxed = try await renders(in: app.host) {
            _ = try await run(app, "tax 8")
        }
        #expect(taxed == ["TotalView": 1])
        #expect(app.cart.priceWithTax == Money(cents: 3737))
        let again = try await renders(in: app.host) {
            _ = try await run(app, "tax 8")
        }
        #expect(again.isEmpty)
        app.cart.settings.taxPercent = 10        // written directly, as the app's settings screen would
        #expect(app.cart.priceWithTax == Money(cents: 3806))
    }

    @Test func `the scripted run prints the expected transcript`() async {
        expectTranscript(await ShoppingCartApp().scriptedTranscript(), Self.transcript)
    }

    @Test func `an invalid promo code does not render the total`() async throws {
        let app = ShoppingCartApp()
        _ = app.start()
        let discounted = app.recomputes.totals["discountedPrice"]!
        for code in ["S", "SA", "SAVE", "save20"] {
            let rendered = try await renders(in: app.host) {
                _ = try await run(app, "promo \(code)")
            }
            #expect(rendered == ["PromoCodeView": 1, #"TextField "Promo code""#: 1])
        }
        // discountedPrice recomputed for every code, to the same price each time:
        // equality cut-off kept TotalView from rendering.
        #expect(app.recomputes.totals["discountedPrice"] == discounted + 4)
        #expect(app.cart.discountedPrice == app.cart.totalPrice)
    }

    @Test func `the valid code renders the total with the discount`() async throws {
        let app = ShoppingCartApp()
        _ = app.start()
        let rendered = try await renders(in: app.host) {
            _ = try await run(app, "promo SAVE20")
        }
        #expect(rendered == ["PromoCodeView": 1, #"TextField "Promo code""#: 1, "TotalView": 1])
        #expect(app.cart.totalPrice == Money(cents: 3460))
        #expect(app.cart.discountedPrice == Money(cents: 2768))
    }

    @Test func `clearing the cart renders each view once`() async throws {
        let app = ShoppingCartApp()
        _ = app.start()
        _ = try await run(app, "promo SAVE20")
        let rendered = try await renders(in: app.host) {
            _ = try await run(app, "clear")
        }
        #expect(rendered == ["CartItemsView": 1, "PromoCodeView": 1, #"TextField "Promo code""#: 1, "TotalView": 1])
    }

    @Test(arguments: [("12.5", 1250), ("12.50", 1250), ("0.05", 5), ("7", 700), ("10000", 1_000_000)])
    func `prices parse to cents`(text: String, cents: Int) async throws {
        let app = ShoppingCartApp()
        _ = try await run(app, #"add "Tea" \#(text)"#)
        #expect(app.cart.items.last?.price == Money(cents: cents))
    }

    @Test(arguments: ["", "-1", "-0.5", "1.+5", "1.234", "1.", ".5", "abc", "1.x5", "+2", "1e2", "10000.01", "92233720368547758.07"])
    func `malformed or out-of-range prices are refused`(text: String) async {
        let app = ShoppingCartApp()
        await #expect(throws: CommandError.self) { try await run(app, #"add "Tea" "\#(text)""#) }
        #expect(app.cart.items.count == 2)
    }

    @Test func `interactive mode reports unknown and malformed commands and carries on`() async {
        let input = ["qty 1 0", #"add "Tea" abc"#, "checkout", "qty 9 1", "promo SAVE20", "quit"]
        let transcript = await ShoppingCartApp().interactiveTranscript(input)
        let session = Array(transcript.drop { $0 != "Type a command; 'help' lists them, 'quit' ends." })
        expectTranscript(session, Self.session)
    }

    static let transcript = """
        ShoppingCart: items, a promo code, and memoized totalPrice and discountedPrice (SAVE20: 20% off);
        the tax rate comes from the store's settings, an @Observable model the cart follows.
        After each command, the views that rendered and the prices that recomputed.

        > (launch)
          CartView                | Shopping cart
          CartItemsView           | Items: 2
          CartRowView #1          | 1. 2 x Coffee beans at $12.50 = $25.00
          CartRowView #2          | 2. 3 x Oat milk at $3.20 = $9.60
          PromoCodeView           | Enter SAVE20 for 20% off
          TextField "Promo code"  | Promo code: []
          TotalView               | Total: $34.60
          (7 of 7 views rendered)
          recomputed: totalPrice, discountedPrice, taxPercent

        > add "Mug" 9.50
          CartItemsView   | Items: 3
          TotalView       | Total: $44.10
          CartRowView #3  | 3. 1 x Mug at $9.50 = $9.50
          (3 of 8 views rendered)
          recomputed: totalPrice, discountedPrice

        > qty 1 3
          CartRowView #1  | 1. 3 x Coffee beans at $12.50 = $37.50
          TotalView       | Total: $56.60
          (2 of 8 views rendered)
          recomputed: totalPrice, discountedPrice

        > promo SAVE
          PromoCodeView           | "SAVE" is not a valid code
          TextField "Promo code"  | Promo code: [SAVE]
          (2 of 8 views rendered)
          recomputed: discountedPrice

        > promo SAVE20
          PromoCodeView           | 20% off applied
          TextField "Promo code"  | Promo code: [SAVE20]
          TotalView               | Total: $45.28 (was $56.60)
          (3 of 8 views rendered)
          recomputed: discountedPrice

        > qty 2 1
          CartRowView #2  | 2. 1 x Oat milk at $3.20 = $3.20
          TotalView       | Total: $40.16 (was $50.20)
          (2 of 8 views rendered)
          recomputed: totalPrice, discountedPrice

        > qty 2 1
          (no view rendered)
          recomputed: nothing

        > remove 3
          CartItemsView  | Items: 2
          TotalView      | Total: $32.56 (was $40.70)
          removed CartRowView #3
          (2 of 7 views rendered)
          recomputed: totalPrice, discountedPrice

        > tax 8
          TotalView  | Total: $32.56 (was $40.70)
                     | With 8% tax: $35.16
          (1 of 7 views rendered)
          recomputed: taxPercent, priceWithTax

        > qty 1 1
          CartRowView #1  | 1. 1 x Coffee beans at $12.50 = $12.50
          TotalView       | Total: $12.56 (was $15.70)
                          | With 8% tax: $13.56
          (2 of 7 views rendered)
          recomputed: totalPrice, discountedPrice, priceWithTax

        > tax 8
          (no view rendered)
          recomputed: nothing

        > clear
          CartItemsView           | The cart is empty
          TotalView               | Total: $0.00
                                  | With 8% tax: $0.00
          PromoCodeView           | Enter SAVE20 for 20% off
          TextField "Promo code"  | Promo code: []
          removed CartRowView #1
          removed CartRowView #2
          (4 of 5 views rendered)
          recomputed: totalPrice, discountedPrice, priceWithTax
        """

    static let session = """
        Type a command; 'help' lists them, 'quit' ends.

        > qty 1 0
          error: the quantity must be at least 1; use 'remove' to remove an item
          usage: qty <item> <quantity>

        > add "Tea" abc
          error: the price must be from 0.00 to 10000.00 with at most 2 decimals, got 'abc'
          usage: add "<name>" <price> [<quantity>]

        > checkout
          error: unknown command 'checkout'; type 'help' for the list of commands

        > qty 9 1
          error: no item #9 in the cart

        > promo SAVE20
          PromoCodeView           | 20% off applied
          TextField "Promo code"  | Promo code: [SAVE20]
          TotalView               | Total: $27.68 (was $34.60)
          (3 of 7 views rendered)
          recomputed: discountedPrice

        > quit
        """
}
