import Ripple
import RippleViews
import Testing

final class Counter {
    @Tracked var count = 0
    @Tracked var names = ["a", "b"]
}

struct ListView: View {
    @Environment(Counter.self) var counter

    func body(_ content: inout ViewContent) {
        content.text("count \(counter.count)")
        content.forEach(counter.names) { RowView(name: $0) }
    }
}

struct RowView: View {
    @Environment(Counter.self) var counter
    let name: String

    var identity: String? { name }

    func body(_ content: inout ViewContent) {
        // Reads the count too, through the environment it was mounted in.
        content.text("\(name) \(counter.count)")
    }
}

@MainActor
@Suite struct ViewHostTests {
    @Test func `a parent that renders again keeps its children`() {
        let counter = Counter()
        let host = ViewHost()
        withEnvironment(counter) { host.mount(ListView()) }
        #expect(host.renderCounts == ["ListView": 1, #"RowView "a""#: 1, #"RowView "b""#: 1])
        _ = host.takeReport()

        host.update { counter.names.append("c") }
        #expect(host.renderCounts == ["ListView": 2, #"RowView "a""#: 1, #"RowView "b""#: 1, #"RowView "c""#: 1])
        #expect(host.takeReport() == [
            "  ListView     | count 0",
            #"  RowView "c"  | c 0"#,
            "  (2 of 4 views rendered)",
        ])
    }

    @Test func `children resolve the environment of their parent, outside any scope too`() {
        let counter = Counter()
        let host = ViewHost()
        withEnvironment(counter) { host.mount(ListView()) }
        host.update { counter.names.append("c") }
        // Mounted after the scope closed, the new row still resolves the counter.
        host.update { counter.count = 7 }
        #expect(host.screen == ["count 7", "  a 7", "  b 7", "  c 7"])
    }

    @Test func `a removed child stops rendering`() {
        let counter = Counter()
        let host = ViewHost()
        withEnvironment(counter) { host.mount(ListView()) }
        host.update { counter.names.removeFirst() }
        #expect(host.mountedViews == ["ListView", #"RowView "b""#])
        #expect(host.takeReport().contains(#"  removed RowView "a""#))
        host.update { counter.count = 1 }
        #expect(host.renderCounts[#"RowView "a""#] == 1)
        #expect(host.renderCounts[#"RowView "b""#] == 2)
    }

    @Test func `coarse tracking renders every view on any change`() {
        let counter = Counter()
        let host = ViewHost(tracking: .coarse(dependency: { _ = (counter.count, counter.names) }))
        withEnvironment(counter) { host.mount(ListView()) }
        host.update { counter.count = 1 }
        #expect(host.renderCounts == ["ListView": 2, #"RowView "a""#: 2, #"RowView "b""#: 2])
    }
}

@Suite struct TextTableTests {
    @Test func `a table aligns its columns`() {
        #expect(TextTable(["view", "fine", "coarse"], rows: [["BadgeView", "3", "12"]]).lines == [
            "  view       fine  coarse",
            "  BadgeView     3      12",
        ])
    }
}

@Suite struct StringCountTests {
    @Test func `one takes the singular, any other count the plural`() {
        #expect(String(count: 1, "sample") == "1 sample")
        #expect(String(count: 0, "sample") == "0 samples")
        #expect(String(count: 2, "match", plural: "matches") == "2 matches")
        #expect(String(count: -1, "reading") == "-1 readings")
    }
}
