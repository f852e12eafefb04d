import Foundation
import Ripple
import RippleViews
import Testing
@testable import BookReader

@MainActor
@Suite struct BookReaderTests {
    @Test func `the scripted run prints the expected transcript`() async {
        expectTranscript(await BookReaderApp().scriptedTranscript(), Self.transcript)
    }

    @Test func `driven by Observation's tracking, as SwiftUI drives views, the run is the same`() async {
        let observed = BookReaderApp(tracking: .observation)
        expectTranscript(await observed.scriptedTranscript(), Self.transcript)
        let effects = BookReaderApp()
        _ = await effects.scriptedTranscript()
        #expect(observed.host.renderCounts == effects.host.renderCounts)
        #expect(observed.host.renderCounts.values.reduce(0, +) > observed.host.renderCounts.count)
    }

    @Test func `the README's excerpt is taken from the scripted run`() async throws {
        let readme = try String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "BookReader prints, after each command"))
        let block = try #require(readme[start.upperBound...].split(separator: "```", maxSplits: 2).dropFirst().first)
        let excerpt = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropFirst()
        let transcript = await BookReaderApp().scriptedTranscript()
        // Each part between "..." lines appears in the transcript as it is.
        let parts = excerpt.split(separator: "...").map(Array.init).filter { !$0.isEmpty }
        #expect(parts.count == 2)
        for part in parts {
            let found = transcript.indices.contains { index in
                Array(transcript[index...].prefix(part.count)) == part
            }
            #expect(found, "not in the transcript:\n\(part.joined(separator: "\n"))")
        }
    }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func `renaming a book renders only that book's views`() async throws {
        let app = BookReaderApp()
        _ = app.start()
        _ = try await run(app, "open 2")
        _ = try await run(app, "edit")
        let rendered = try await renders(in: app.host) {
            _ = try await run(app, #"title "The Dispossessed""#)
        }
        #expect(rendered == ["LibraryItemView #2": 1, "BookView #2": 1, #"TextField "Title""#: 1])

        let renamedElsewhere = try await renders(in: app.host) {
            _ = try await run(app, #"rename 1 "Dune Messiah""#)
        }
        #expect(renamedElsewhere == ["LibraryItemView #1": 1])
        #expect(app.library.book(1)?.title == "Dune Messiah")
        #expect(app.recomputes.elementTotals["availableBooksCount"] == 3, "a rename looks at no book")
    }

    @Test func `checking a book out renders its views and the title with the count`() async throws {
        let app = BookReaderApp()
        _ = app.start()
        _ = try await run(app, "open 3")
        let rendered = try await renders(in: app.host) {
            _ = try await run(app, "checkout 3")
        }
        #expect(rendered == ["LibraryView": 1, "LibraryItemView #3": 1, "BookView #3": 1])
        #expect(app.library.availableBooksCount == 2)

        let returned = try await renders(in: app.host) {
            _ = try await run(app, "return")
        }
        #expect(returned == rendered)
        #expect(app.library.availableBooksCount == 3)
        // The first count looked at the three books; each change since, at one.
        #expect(app.recomputes.elementTotals["availableBooksCount"] == 5)
    }

    @Test func `adding and removing books renders the list, never the other rows`() async throws {
        let app = BookReaderApp()
        _ = app.start()
        let added = try await renders(in: app.host) {
            _ = try await run(app, #"add "Kindred" by "Octavia E. Butler""#)
        }
        #expect(added == ["LibraryView": 1, "LibraryItemView #4": 1])
        let removed = try await renders(in: app.host) {
            _ = try await run(app, "remove 1")
        }
        #expect(removed == ["LibraryView": 1])
        #expect(app.host.mountedViews == [
            "ContentView", "LibraryView", "LibraryItemView #2", "LibraryItemView #3", "LibraryItemView #4",
        ])
    }

    @Test func `views resolve the library from the environment`() async throws {
        let library = Library(books: [Book(id: 7, title: "Emma", author: Author(name: "Jane Austen"))])
        let app = BookReaderApp(library: library)
        #expect(app.start().contains("  LibraryView         | Books available: 1, rows: reloaded (1)"))
        #expect(app.host.screen.contains("    7. Emma"))
    }

    @Test func `interactive mode reports unknown and malformed commands and carries on`() async {
        let input = ["open 2", "frobnicate", "open two", #"rename 1 "Dune"#, "checkout 9", "", "checkout", "help", "quit", "open 1"]
        let transcript = await BookReaderApp().interactiveTranscript(input)
        let session = Array(transcript.drop { $0 != "Type a command; 'help' lists them, 'quit' ends." })
        expectTranscript(session, Self.session)
    }

    static let transcript = """
        BookReader: a Library of Books and Authors, shared with its views through the environment.
        After each command, the views that rendered and what they drew; the others did not run.

        > (launch)
          ContentView         | Library
          LibraryView         | Books available: 3, rows: reloaded (3)
          LibraryItemView #1  | 1. Dune
                              |    Written by: Frank Herbert
          LibraryItemView #2  | 2. The Left Hand of Darkness
                              |    Written by: Ursula K. Le Guin
          LibraryItemView #3  | 3. Kindred
                              |    Written by: Octavia E. Butler
          (5 of 5 views rendered)
          recomputed: availableBooksCount (looked at 3 books)

        > open 2
          ContentView  | Library > Book #2
          BookView #2  | The Left Hand of Darkness
                       | Written by: Ursula K. Le Guin
                       | Available  [Check out]
          (2 of 6 views rendered)

        > checkout
          LibraryView         | Books available: 2, rows: 0 changed (of 3)
          LibraryItemView #2  | 2. The Left Hand of Darkness (checked out)
                              |    Written by: Ursula K. Le Guin
          BookView #2         | The Left Hand of Darkness
                              | Written by: Ursula K. Le Guin
                              | Checked out  [Return]
          (3 of 6 views rendered)
          recomputed: availableBooksCount (looked at 1 book)

        > edit
          ContentView         | Library > Book #2 > Edit #2
          BookEditView #2     | Editing book #2
          TextField "Title"   | Title: [The Left Hand of Darkness]
          TextField "Author"  | Author: [Ursula K. Le Guin]
          (4 of 9 views rendered)

        > title "The Dispossessed"
          LibraryItemView #2  | 2. The Dispossessed (checked out)
                              |    Written by: Ursula K. Le Guin
          BookView #2         | The Dispossessed
                              | Written by: Ursula K. Le Guin
                              | Checked out  [Return]
          TextField "Title"   | Title: [The Dispossessed]
          (3 of 9 views rendered)

        > author "Ursula Le Guin"
          LibraryItemView #2  | 2. The Dispossessed (checked out)
                              |    Written by: Ursula Le Guin
          BookView #2         | The Dispossessed
                              | Written by: Ursula Le Guin
                              | Checked out  [Return]
          TextField "Author"  | Author: [Ursula Le Guin]
          (3 of 9 views rendered)

        > done
          ContentView  | Library > Book #2
          removed BookEditView #2
          (1 of 6 views rendered)

        > rename 1 "Dune Messiah"
          LibraryItemView #1  | 1. Dune Messiah
                              |    Written by: Frank Herbert
          (1 of 6 views rendered)

        > return
          LibraryView         | Books available: 3, rows: 0 changed (of 3)
          LibraryItemView #2  | 2. The Dispossessed
                              |    Written by: Ursula Le Guin
          BookView #2         | The Dispossessed
                              | Written by: Ursula Le Guin
                              | Available  [Check out]
          (3 of 6 views rendered)
          recomputed: availableBooksCount (looked at 1 book)

        > add "Parable of the Sower" by "Octavia E. Butler"
          LibraryView         | Books available: 4, rows: 1 changed (of 4)
          LibraryItemView #4  | 4. Parable of the Sower
                              |    Written by: Octavia E. Butler
          (2 of 7 views rendered)
          recomputed: availableBooksCount (looked at 1 book)

        > remove 3
          LibraryView  | Books available: 3, rows: 1 changed (of 3)
          removed LibraryItemView #3
          (1 of 6 views rendered)

        > back
          ContentView  | Library
          removed BookView #2
          (1 of 5 views rendered)

        > show
          Library
            Books available: 3, rows: 1 changed (of 3)
              1. Dune Messiah
                 Written by: Frank Herbert
              2. The Dispossessed
                 Written by: Ursula Le Guin
              4. Parable of the Sower
                 Written by: Octavia E. Butler
        """

    static let session = """
        Type a command; 'help' lists them, 'quit' ends.

        > open 2
          ContentView  | Library > Book #2
          BookView #2  | The Left Hand of Darkness
                       | Written by: Ursula K. Le Guin
                       | Available  [Check out]
          (2 of 6 views rendered)

        > frobnicate
          error: unknown command 'frobnicate'; type 'help' for the list of commands

        > open two
          error: expected a book number such as 2, got 'two'
          usage: open <book>

        > rename 1 "Dune
          error: missing closing quote ("); quote text as in "The Dispossessed"
          usage: rename <book> "<title>"

        > checkout 9
          error: no book #9; the library has #1, #2, #3

        > checkout
          LibraryView         | Books available: 2, rows: 0 changed (of 3)
          LibraryItemView #2  | 2. The Left Hand of Darkness (checked out)
                              |    Written by: Ursula K. Le Guin
          BookView #2         | The Left Hand of Darkness
                              | Written by: Ursula K. Le Guin
                              | Checked out  [Return]
          (3 of 6 views rendered)
          recomputed: availableBooksCount (looked at 1 book)

        > help
          open <book>                  show a book's details
          back                         close the details
          checkout [<book>]            check a book out (the open one by default)
          return [<book>]              return a book (the open one by default)
          edit [<book>]                open the editor on a book (the open one by default)
          title "<text>"               type a title into the editor
          author "<name>"              type an author into the editor
          done                         close the editor
          rename <book> "<title>"      rename a book without the editor
          add "<title>" by "<author>"  add a book
          remove <book>                remove a book
          show                         print the whole screen
          help                         list the commands
          quit                         end the program
          Text goes in double or single quotes: "The Dispossessed", 'Kindred'.

        > quit
        """
}
