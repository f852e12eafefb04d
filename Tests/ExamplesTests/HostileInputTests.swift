import Foundation
import RippleViews
import Testing
@testable import BookReader
@testable import Dashboard
@testable import SensorMonitor
@testable import ShoppingCart
@testable import TodoList

/// The lines that once trapped an example or were misread without complaint: each is
/// now answered with an error that names the range, and the program goes on. The
/// random counterpart, over every example's commands, is `CommandFuzzTests`.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct HostileInputTests {
    static let price = "  error: the price must be from 0.00 to 10000.00 with at most 2 decimals, got"
    static let addUsage = #"  usage: add "<name>" <price> [<quantity>]"#

    @Test func `ShoppingCart refuses prices and quantities that overflowed, and keeps the total in range`() async {
        let answers = await errors(answering: [
            #"add "X" 99999999999999999"#,
            "qty 1 9223372036854775807",
            #"add "X" 92233720368547758.07"#,
            #"add "X" 1000000000000000"#, "tax 1",
            #"add "X" 1200000000000000"#, "promo SAVE20",
            #"add "X" -0.5"#, #"add "X" 1.+5"#, #"add "" 1"#,
            #"add "Safe" 10000 99"#, "qty 3 100", "tax 100", "qty 3 999",
        ], in: ShoppingCartApp())
        #expect(answers == [
            ["\(Self.price) '99999999999999999'", Self.addUsage],
            ["  error: the quantity must be a whole number from 1 to 999, got '9223372036854775807'", "  usage: qty <item> <quantity>"],
            ["\(Self.price) '92233720368547758.07'", Self.addUsage],
            ["\(Self.price) '1000000000000000'", Self.addUsage], [],
            ["\(Self.price) '1200000000000000'", Self.addUsage], [],
            ["\(Self.price) '-0.5'", Self.addUsage],
            ["\(Self.price) '1.+5'", Self.addUsage],
            ["  error: the name is empty", Self.addUsage],
            [],
            ["  error: the cart would total more than $1000000.00, the most it holds"],
            [],
            ["  error: the cart would total more than $1000000.00, the most it holds"],
        ])
    }

    @Test func `ShoppingCart at its limits prints exact prices`() async throws {
        let app = ShoppingCartApp()
        _ = app.start()
        _ = try await run(app, #"add "Safe" 10000 99"#)
        _ = try await run(app, "tax 100")
        _ = try await run(app, "promo SAVE20")
        #expect(app.cart.totalPrice == Money(cents: 99_003_460))
        #expect(app.cart.priceWithTax == Money(cents: 158_405_536))
    }

    @Test func `Dashboard bounds each count and their sum`() async {
        let answers = await errors(answering: [
            "notify 9223372036854775807", "notify 999999", "notify", "clear", "notify",
            #"name """#, #"login "Ivan" 1000000"#, #"login " " 3"#,
        ], in: DashboardApp())
        #expect(answers == [
            ["  error: the count must be a whole number from 1 to 999999, got '9223372036854775807'", "  usage: notify [<count>]"],
            [],
            ["  error: the badge counts at most 999999 notifications, and this would make 999999 + 1; 'clear' them first"],
            [], [],
            ["  error: the name is empty", #"  usage: name "<name>""#],
            ["  error: the count must be a whole number from 0 to 999999, got '1000000'", #"  usage: login "<name>" <notifications>"#],
            ["  error: the name is empty", #"  usage: login "<name>" <notifications>"#],
        ])
    }

    @Test func `SensorMonitor keeps temperatures within the sensor's range, in the unit shown`() async {
        let threshold = "  error: the threshold must be a number from -40 to 125 °C, got"
        let sample = "  error: expected <temperature>/<humidity>, as in 21.5/40, with the temperature from -40 to 125 °C and the humidity from 0 to 100%, got"
        let burstUsage = "  usage: burst <temperature>/<humidity> ..."
        let answers = await errors(answering: [
            "threshold 1e18", "burst 1e18/50", "threshold 1e308", "burst -500/50", "threshold nan",
            #"label """#, "threshold 125", "unit fahrenheit", "threshold 258", "burst 125/100",
        ], in: SensorMonitorApp())
        #expect(answers == [
            ["\(threshold) '1e18'", "  usage: threshold <degrees>"],
            ["\(sample) '1e18/50'", burstUsage],
            ["\(threshold) '1e308'", "  usage: threshold <degrees>"],
            ["\(sample) '-500/50'", burstUsage],
            ["\(threshold) 'nan'", "  usage: threshold <degrees>"],
            ["  error: the label is empty", #"  usage: label "<name>""#],
            [], [],
            ["  error: the threshold must be a number from -40 to 257 °F, got '258'", "  usage: threshold <degrees>"],
            [],
        ])
    }

    @Test func `SensorMonitor refuses a settings file edited out of range`() async throws {
        let app = SensorMonitorApp()
        _ = await app.start()
        _ = try await run(app, "save")
        try Data(#"{"alertThreshold":1e308,"label":"Cellar","unit":"celsius"}"#.utf8).write(to: app.settingsFile.url)
        await #expect(throws: CommandError.rejected("\(app.settingsFile.path) has an alert threshold of 1e+308 °C, outside the sensor's range (from -40 to 125 °C)")) {
            try await run(app, "load")
        }
        try Data(#"{"alertThreshold":20,"label":"","unit":"celsius"}"#.utf8).write(to: app.settingsFile.url)
        await #expect(throws: CommandError.rejected("\(app.settingsFile.path) has a label that is empty, longer than 100 characters or holds control characters")) {
            try await run(app, "load")
        }
        #expect(app.station.settings.alertThreshold == 30)
        _ = await app.finish()
    }

    @Test func `BookReader refuses empty titles and authors, and book numbers past Int`() async {
        let answers = await errors(answering: [
            #"add "" by """#, #"add "Dune" by " ""#, #"rename 1 """#, "open 99999999999999999999", "edit 1", #"title """#,
        ], in: BookReaderApp())
        #expect(answers == [
            ["  error: the title is empty", #"  usage: add "<title>" by "<author>""#],
            ["  error: the author is empty", #"  usage: add "<title>" by "<author>""#],
            ["  error: the title is empty", #"  usage: rename <book> "<title>""#],
            ["  error: expected a book number such as 2, got '99999999999999999999'", "  usage: open <book>"],
            [],
            ["  error: the title is empty", #"  usage: title "<text>""#],
        ])
    }

    @Test func `TodoList refuses an empty title on rename as on add`() async {
        let answers = await errors(answering: [#"rename 1 """#, #"add "  ""#, "toggle -1", "toggle 99999999999999999999"], in: TodoListApp())
        #expect(answers == [
            ["  error: the title is empty", #"  usage: rename <todo> "<title>""#],
            ["  error: the title is empty", #"  usage: add "<title>" [low|medium|high]"#],
            ["  error: expected a todo number such as 2, got '-1'", "  usage: toggle <todo>"],
            ["  error: expected a todo number such as 2, got '99999999999999999999'", "  usage: toggle <todo>"],
        ])
    }
}
