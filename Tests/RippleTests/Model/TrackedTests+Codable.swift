// Codable: a model encodes each tracked property as its bare value, decodes it back,
// and keeps each property's equality rule after decoding.

internal import Foundation
import Testing
@testable import Ripple

extension TrackedTests {
    @Test func `a model encodes a tracked property as its bare value`() throws {
        let record = TitleRecord()
        record.title = "Dune"
        let json = String(decoding: try JSONEncoder().encode(record), as: UTF8.self)
        #expect(json == #"{"title":"Dune"}"#)
    }

    @Test func `a model with tracked properties round-trips through JSON`() throws {
        let record = BookRecord()
        record.title = "Dune"
        record.subtitle = "Book One"
        record.author.name = "Frank Herbert"
        record.tags = ["sf", "classic"]
        record.payload = CodablePayload(number: 7)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(record)
        #expect(String(decoding: data, as: UTF8.self) == """
            {"author":{"name":"Frank Herbert"},"payload":{"number":7},"subtitle":"Book One","tags":["sf","classic"],"title":"Dune"}
            """)

        let decoded = try JSONDecoder().decode(BookRecord.self, from: data)
        #expect(decoded.title == "Dune")
        #expect(decoded.subtitle == "Book One")
        #expect(decoded.author.name == "Frank Herbert")
        #expect(decoded.tags == ["sf", "classic"])
        #expect(decoded.payload.number == 7)
    }

    @Test func `a missing key decodes a tracked optional as nil`() throws {
        let json = #"{"title":"Dune","author":{"name":"F"},"tags":[],"payload":{"number":1}}"#
        let decoded = try JSONDecoder().decode(BookRecord.self, from: Data(json.utf8))
        #expect(decoded.subtitle == nil)
        #expect(decoded.title == "Dune")
    }

    @Test func `a missing key for a non-optional tracked property fails to decode`() {
        let json = #"{"author":{"name":"F"},"tags":[],"payload":{"number":1}}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(BookRecord.self, from: Data(json.utf8))
        }
    }

    @Test func `a nil tracked optional is omitted on encode`() throws {
        let record = BookRecord()
        let json = String(decoding: try JSONEncoder().encode(record), as: UTF8.self)
        #expect(!json.contains("subtitle"))
        record.subtitle = "Book One"
        let withSubtitle = String(decoding: try JSONEncoder().encode(record), as: UTF8.self)
        #expect(withSubtitle.contains(#""subtitle":"Book One""#))
    }

    @Test func `a decoded model keeps each property's equality rule`() throws {
        let json = #"{"title":"Dune","author":{"name":"F"},"tags":["sf"],"payload":{"number":1}}"#
        let record = try JSONDecoder().decode(BookRecord.self, from: Data(json.utf8))
        let titleView = ViewProbe("title") { record.title }
        let tagsView = ViewProbe("tags") { record.tags }
        let subtitleView = ViewProbe("subtitle") { record.subtitle }
        let authorView = ViewProbe("author") { ObjectIdentifier(record.author) }
        let payloadView = ViewProbe("payload") { record.payload.number }

        record.title = "Dune"
        record.tags = ["sf"]
        record.subtitle = nil
        record.author = record.author
        record.payload = CodablePayload(number: 1)
        #expect(renderCounts(titleView, tagsView, subtitleView, authorView) == [1, 1, 1, 1])
        #expect(payloadView.renders == 2)

        record.title = "Emma"
        record.subtitle = "Volume 1"
        record.author = AuthorRecord()
        #expect(renderCounts(titleView, tagsView, subtitleView, authorView) == [2, 1, 2, 2])
        cancelViews(titleView, tagsView, subtitleView, authorView, payloadView)
    }
}
