import Ripple
import RippleViews
import Testing
@testable import CatalogSearch

@MainActor
@Suite(.timeLimit(.minutes(5)))
struct CatalogSearchTests {
    @Test func `the scripted run prints the expected transcript`() async {
        expectTranscript(await CatalogSearchApp().scriptedTranscript(), Self.transcript)
    }

    @Test func `the scripted run is the same every time`() async {
        let first = await CatalogSearchApp().scriptedTranscript()
        for _ in 0..<5 {
            #expect(await CatalogSearchApp().scriptedTranscript() == first)
        }
    }

    @Test func `typing faster than the debounce starts one request for the whole word`() async throws {
        let app = CatalogSearchApp()
        _ = await app.start()
        let typed = try await run(app, #"type "hyperion""#)
        #expect(!typed.contains { $0.contains("started") })
        let waited = try await run(app, "wait 500")
        #expect(waited.filter { $0.contains("started") } == [#"  [  570 ms] request #1 "hyperion" started (answers in 300 ms)"#])
        #expect(app.model.results.value?.titles == ["Hyperion"])
        _ = await app.finish()
    }

    @Test func `every request is started, then cancelled, dropped or shown`() async {
        let transcript = await CatalogSearchApp().scriptedTranscript()
        for request in 1...5 {
            let events = transcript.filter { $0.contains("request #\(request) ") }
            #expect(events.first?.contains("started") == true, "request #\(request): \(events)")
            let ended = events.contains { $0.contains("shown") || $0.contains("dropped") || $0.contains("failed") }
            #expect(ended, "request #\(request): \(events)")
        }
        // The one cancelled answers last, and is never shown.
        #expect(transcript.contains { $0.contains("request #1 cancelled") })
        #expect(!transcript.contains { $0.contains("request #1 shown") })
    }

    @Test func `interactive mode reports bad commands and carries on`() async {
        let transcript = await CatalogSearchApp().interactiveTranscript(Self.input)
        let session = Array(transcript.drop { $0 != "Type a command; 'help' lists them, 'quit' ends." })
        expectTranscript(session, Self.session)
    }

    static let input = [
        "type", "wait 0", "wait 99999999999", "latency -1", "catalog down", "erase 5",
        #"type "abcdefghijabcdefghijabcdefghijabcdefghijk""#, "search dune", #"type "emma""#, "wait 450", "quit",
    ]

    static let transcript = """
        CatalogSearch: the catalog searched as you type, against a remote catalog with latency.
        A new query cancels the request in progress; a late answer to an old query is never shown.

        > (launch)
          SearchView      | Search: []
          StatusView x2   | Type to search the catalog
          ResultsView x2  | (no results)
          (3 of 3 views rendered)

        > latency 800
          the next requests answer in 800 ms

        > type "du"
          SearchView x2  | Search: [du]
          StatusView     | Searching...
          (2 of 3 views rendered)

        > wait 200
          [  210 ms] request #1 "du" started (answers in 800 ms)
          (no view rendered)

        > latency 100
          the next requests answer in 100 ms

        > type "ne"
          [  260 ms] request #1 cancelled
          SearchView x2  | Search: [dune]
          (1 of 3 views rendered)

        > wait 300
          [  470 ms] request #2 "dune" started (answers in 100 ms)
          [  570 ms] request #2 answered: 3 books
          [  570 ms] request #2 shown: 3 books
          ResultsView  | - Dune
                       | - Dune Messiah
                       | - Children of Dune
          StatusView   | 3 books for "dune" (request #2)
          (2 of 3 views rendered)

        > wait 600
          [ 1010 ms] request #1 answered: 3 books
          [ 1010 ms] request #1 came back after it was cancelled: its answer is dropped
          (no view rendered)

        > catalog offline
          the catalog is offline

        > type " m"
          SearchView x2  | Search: [dune m]
          StatusView     | Searching...
          (2 of 3 views rendered)

        > wait 500
          [ 1430 ms] request #3 "dune m" started (answers in 100 ms)
          [ 1530 ms] request #3 failed: the catalog is unreachable
          ResultsView  | (no results)
          StatusView   | Error: the catalog is unreachable; type to try again
          (2 of 3 views rendered)

        > catalog online
          the catalog is online

        > type "e"
          SearchView  | Search: [dune me]
          StatusView  | Searching...
          (2 of 3 views rendered)

        > wait 300
          [ 1930 ms] request #4 "dune me" started (answers in 100 ms)
          [ 2030 ms] request #4 answered: 1 book
          [ 2030 ms] request #4 shown: 1 book
          ResultsView  | - Dune Messiah
          StatusView   | 1 book for "dune me" (request #4)
          (2 of 3 views rendered)

        > erase 3
          SearchView  | Search: [dune]
          StatusView  | Searching...
          (2 of 3 views rendered)

        > wait 300
          [ 2230 ms] request #5 "dune" started (answers in 100 ms)
          [ 2330 ms] request #5 answered: 3 books
          [ 2330 ms] request #5 shown: 3 books
          ResultsView  | - Dune
                       | - Dune Messiah
                       | - Children of Dune
          StatusView   | 3 books for "dune" (request #5)
          (2 of 3 views rendered)
        """

    static let session = """
        Type a command; 'help' lists them, 'quit' ends.

        > type
          error: expected 1 argument, got 0
          usage: type "<text>"

        > wait 0
          error: the time in milliseconds must be a whole number from 1 to 60000, got '0'
          usage: wait <milliseconds>

        > wait 99999999999
          error: the time in milliseconds must be a whole number from 1 to 60000, got '99999999999'
          usage: wait <milliseconds>

        > latency -1
          error: the latency in milliseconds must be a whole number from 0 to 10000, got '-1'
          usage: latency <milliseconds>

        > catalog down
          error: expected one of online, offline, got 'down'
          usage: catalog <online|offline>

        > erase 5
          error: the query has only 0 characters

        > type "abcdefghijabcdefghijabcdefghijabcdefghijk"
          error: the query holds at most 40 characters

        > search dune
          error: unknown command 'search'; type 'help' for the list of commands

        > type "emma"
          SearchView x4  | Search: [emma]
          StatusView     | Searching...
          (2 of 3 views rendered)

        > wait 450
          [  330 ms] request #1 "emma" started (answers in 300 ms)
          [  630 ms] request #1 answered: 1 book
          [  630 ms] request #1 shown: 1 book
          ResultsView  | - Emma
          StatusView   | 1 book for "emma" (request #1)
          (2 of 3 views rendered)

        > quit
        """
}
