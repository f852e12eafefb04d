import Foundation
import Testing

/// Why each view rendered (`--explain`), the graph as a picture (`--graph`) and the
/// trace switch (`RIPPLE_TRACE=1`), run as a user runs them: in a fresh process, where
/// the models are the first of their types to be named.
@Suite(.timeLimit(.minutes(5)))
struct ExplainTests {
    @Test func `BookReader --explain says under each view why it rendered`() async throws {
        let run = try await ExampleProcess.run("BookReader", ["--explain"])
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
        expectTranscript(Self.lines(run.output), Self.bookReader)
    }

    @Test func `TodoList --explain says under each view why it rendered`() async throws {
        let run = try await ExampleProcess.run("TodoList", ["--explain"])
        #expect(run.status == 0)
        expectTranscript(Self.lines(run.output), Self.todoList)
    }

    @Test func `BookReader --graph prints the DOT of the library's graph`() async throws {
        let run = try await ExampleProcess.run("BookReader", ["--graph"])
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.first == "digraph Ripple {")
        #expect(lines.last == "}")
        // Parsed back: node ids to labels, then the edges by label.
        var labels: [String: String] = [:]
        var edges: Set<String> = []
        for line in lines.dropFirst().dropLast() where line != "rankdir=LR;" {
            if let arrow = line.range(of: " -> ") {
                let from = String(line[..<arrow.lowerBound])
                let to = String(line[arrow.upperBound...].dropLast())
                edges.insert("\(try #require(labels[from])) -> \(try #require(labels[to]))")
            } else {
                let id = String(line.prefix { $0 != " " })
                let label = try #require(line.split(separator: "\"").dropFirst().first)
                labels[id] = String(label)
            }
        }
        #expect(edges == [
            "Library.books -> Library.availableBooksCount",
            "Book[1].isAvailable -> Library.availableBooksCount",
            "Book[2].isAvailable -> Library.availableBooksCount",
            "Book[3].isAvailable -> Library.availableBooksCount",
            "Library.availableBooksCount -> LibraryView",
            "Library.books -> LibraryView",
        ])
    }

    @Test func `RIPPLE_TRACE=1 prints why every observer runs, on standard error`() async throws {
        let run = try await ExampleProcess.run("BookReader", ["--interactive"], input: "checkout 2\n", environment: ["RIPPLE_TRACE": "1"])
        #expect(run.status == 0)
        #expect(run.errors.contains("why: LibraryView: first run\n"))
        #expect(run.errors.contains("why: LibraryView: Library.availableBooksCount 3 -> 2 <- Book[2].isAvailable true -> false\n"))
        #expect(run.errors.contains("why: LibraryItemView #2: Book[2].isAvailable true -> false\n"))
        #expect(!run.output.contains("why:"))
    }

    /// The lines of a program's output, which ends with a newline.
    static func lines(_ output: String) -> [String] {
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    static let bookReader = """
        BookReader: a Library of Books and Authors, shared with its views through the environment.
        After each command, the views that rendered and what they drew; the others did not run.

        > (launch)
          ContentView         | Library
                                why: first render
          LibraryView         | Books available: 3, rows: reloaded (3)
                                why: first render
          LibraryItemView #1  | 1. Dune
                              |    Written by: Frank Herbert
                                why: first render
          LibraryItemView #2  | 2. The Left Hand of Darkness
                              |    Written by: Ursula K. Le Guin
                                why: first render
          LibraryItemView #3  | 3. Kindred
                              |    Written by: Octavia E. Butler
                                why: first render
          (5 of 5 views rendered)
          recomputed: availableBooksCount (looked at 3 books)

        > open 2
          ContentView  | Library > Book #2
                         why: Navigation.selection nil -> Book[2]
          BookView #2  | The Left Hand of Darkness
                       | Written by: Ursula K. Le Guin
                       | Available  [Check out]
                         why: first render
          (2 of 6 views rendered)

        > checkout
          LibraryView         | Books available: 2, rows: 0 changed (of 3)
                                why: Library.availableBooksCount 3 -> 2 <- Book[2].isAvailable true -> false
          LibraryItemView #2  | 2. The Left Hand of Darkness (checked out)
                              |    Written by: Ursula K. Le Guin
                                why: Book[2].isAvailable true -> false
          BookView #2         | The Left Hand of Darkness
                              | Written by: Ursula K. Le Guin
                              | Checked out  [Return]
                                why: Book[2].isAvailable true -> false
          (3 of 6 views rendered)
          recomputed: availableBooksCount (looked at 1 book)

        > edit
          ContentView         | Library > Book #2 > Edit #2
                                why: Navigation.editing nil -> Book[2]
          BookEditView #2     | Editing book #2
                                why: first render
          TextField "Title"   | Title: [The Left Hand of Darkness]
                                why: first render
          TextField "Author"  | Author: [Ursula K. Le Guin]
                                why: first render
          (4 of 9 views rendered)

        > title "The Dispossessed"
          LibraryItemView #2  | 2. The Dispossessed (checked out)
                              |    Written by: Ursula K. Le Guin
                                why: Book[2].title "The Left Hand of Darkness" -> "The Dispossessed"
          BookView #2         | The Dispossessed
                              | Written by: Ursula K. Le Guin
                              | Checked out  [Return]
                                why: Book[2].title "The Left Hand of Darkness" -> "The Dispossessed"
          TextField "Title"   | Title: [The Dispossessed]
                                why: Book[2].title "The Left Hand of Darkness" -> "The Dispossessed"
          (3 of 9 views rendered)

        > author "Ursula Le Guin"
          LibraryItemView #2  | 2. The Dispossessed (checked out)
                              |    Written by: Ursula Le Guin
                                why: Author#2.name "Ursula K. Le Guin" -> "Ursula Le Guin"
          BookView #2         | The Dispossessed
                              | Written by: Ursula Le Guin
                              | Checked out  [Return]
                                why: Author#2.name "Ursula K. Le Guin" -> "Ursula Le Guin"
          TextField "Author"  | Author: [Ursula Le Guin]
                                why: Author#2.name "Ursula K. Le Guin" -> "Ursula Le Guin"
          (3 of 9 views rendered)

        > done
          ContentView  | Library > Book #2
                         why: Navigation.editing Book[2] -> nil
          removed BookEditView #2
          (1 of 6 views rendered)

        > rename 1 "Dune Messiah"
          LibraryItemView #1  | 1. Dune Messiah
                              |    Written by: Frank Herbert
                                why: Book[1].title "Dune" -> "Dune Messiah"
          (1 of 6 views rendered)

        > return
          LibraryView         | Books available: 3, rows: 0 changed (of 3)
                                why: Library.availableBooksCount 2 -> 3 <- Book[2].isAvailable false -> true
          LibraryItemView #2  | 2. The Dispossessed
                              |    Written by: Ursula Le Guin
                                why: Book[2].isAvailable false -> true
          BookView #2         | The Dispossessed
                              | Written by: Ursula Le Guin
                              | Available  [Check out]
                                why: Book[2].isAvailable false -> true
          (3 of 6 views rendered)
          recomputed: availableBooksCount (looked at 1 book)

        > add "Parable of the Sower" by "Octavia E. Butler"
          LibraryView         | Books available: 4, rows: 1 changed (of 4)
                                why: Library.availableBooksCount 3 -> 4 <- Library.books[3] -> inserted Book[4]; Library.books[3] -> inserted Book[4]
          LibraryItemView #4  | 4. Parable of the Sower
                              |    Written by: Octavia E. Butler
                                why: first render
          (2 of 7 views rendered)
          recomputed: availableBooksCount (looked at 1 book)

        > remove 3
          LibraryView  | Books available: 3, rows: 1 changed (of 3)
                         why: Library.availableBooksCount 4 -> 3 <- Library.books[2] -> removed Book[3]; Library.books[2] -> removed Book[3]
          removed LibraryItemView #3
          (1 of 6 views rendered)

        > back
          ContentView  | Library
                         why: Navigation.selection Book[2] -> nil
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

    static let todoList = """
        TodoList: a todo store with incremental derived values (filteredItems, completedCount) and a memoized one (pendingCount).
        After each command, the views that rendered and the work each derived value did.

        > (launch)
          TodoAppView         | Todos
                                why: first render
          FilterBarView       | Priority: [all] low medium high
                                why: first render
          TextField "Search"  | Search: []
                                why: first render
          TodoListView        | Showing 4 of 4, rows: reloaded (4)
                                why: first render
          TodoRowView #1      | [ ] 1. Buy milk (medium)
                                why: first render
          TodoRowView #2      | [ ] 2. Write the quarterly report (high)
                                why: first render
          TodoRowView #3      | [ ] 3. Call the plumber (high)
                                why: first render
          TodoRowView #4      | [ ] 4. Water the plants (low)
                                why: first render
          SummaryView         | 4 pending, 0 done
                                why: first render
          (9 of 9 views rendered)
          recomputed: filteredItems (looked at 4 todos), completedCount (looked at 4 todos), pendingCount

        > toggle 1
          TodoRowView #1  | [x] 1. Buy milk (medium)
                            why: TodoItem[1].isCompleted false -> true
          SummaryView     | 3 pending, 1 done
                            why: TodoStore.pendingCount 4 -> 3 <- TodoStore.completedCount 0 -> 1 <- TodoItem[1].isCompleted false -> true; TodoStore.completedCount 0 -> 1 <- TodoItem[1].isCompleted false -> true
          (2 of 9 views rendered)
          recomputed: completedCount (looked at 1 todo), pendingCount

        > add "Renew passport" high
          TodoListView    | Showing 5 of 5, rows: 1 changed (of 5)
                            why: TodoStore.filteredItems [4 elements] -> [5 elements] <- TodoStore.items[4] -> inserted TodoItem[5]; TodoStore.items[4] -> inserted TodoItem[5]
          SummaryView     | 4 pending, 1 done
                            why: TodoStore.pendingCount 3 -> 4 <- TodoStore.items[4] -> inserted TodoItem[5]
          TodoRowView #5  | [ ] 5. Renew passport (high)
                            why: first render
          (3 of 10 views rendered)
          recomputed: filteredItems (looked at 1 todo), completedCount (looked at 1 todo), pendingCount

        > search the
          TextField "Search"  | Search: [the]
                                why: TodoStore.searchText "" -> "the"
          TodoListView        | Showing 3 of 5, rows: reloaded (3)
                                why: TodoStore.filteredItems [5 elements] -> [TodoItem[2], TodoItem[3], TodoItem[4]] <- TodoStore.searchText "" -> "the"
          removed TodoRowView #1
          removed TodoRowView #5
          (2 of 8 views rendered)
          recomputed: filteredItems (looked at 5 todos)

        > rename 3 "Call the plumber today"
          TodoRowView #3  | [ ] 3. Call the plumber today (high)
                            why: TodoItem[3].title "Call the plumber" -> "Call the plumber today"
          (1 of 8 views rendered)
          recomputed: filteredItems (looked at 1 todo)

        > priority high
          FilterBarView  | Priority: all low medium [high]
                           why: TodoStore.selectedPriority nil -> high
          TodoListView   | Showing 2 of 5, rows: reloaded (2)
                           why: TodoStore.filteredItems [TodoItem[2], TodoItem[3], TodoItem[4]] -> [TodoItem[2], TodoItem[3]] <- TodoStore.selectedPriority nil -> high
          removed TodoRowView #4
          (2 of 7 views rendered)
          recomputed: filteredItems (looked at 5 todos)

        > toggle 3
          TodoRowView #3  | [x] 3. Call the plumber today (high)
                            why: TodoItem[3].isCompleted false -> true
          SummaryView     | 3 pending, 2 done
                            why: TodoStore.pendingCount 4 -> 3 <- TodoStore.completedCount 1 -> 2 <- TodoItem[3].isCompleted false -> true; TodoStore.completedCount 1 -> 2 <- TodoItem[3].isCompleted false -> true
          (2 of 7 views rendered)
          recomputed: completedCount (looked at 1 todo), pendingCount

        > search
          TextField "Search"  | Search: []
                                why: TodoStore.searchText "the" -> ""
          TodoListView        | Showing 3 of 5, rows: reloaded (3)
                                why: TodoStore.filteredItems [TodoItem[2], TodoItem[3]] -> [TodoItem[2], TodoItem[3], TodoItem[5]] <- TodoStore.searchText "the" -> ""
          TodoRowView #5      | [ ] 5. Renew passport (high)
                                why: first render
          (3 of 8 views rendered)
          recomputed: filteredItems (looked at 5 todos)

        > priority all
          FilterBarView   | Priority: [all] low medium high
                            why: TodoStore.selectedPriority high -> nil
          TodoListView    | Showing 5 of 5, rows: reloaded (5)
                            why: TodoStore.filteredItems [TodoItem[2], TodoItem[3], TodoItem[5]] -> [5 elements] <- TodoStore.selectedPriority high -> nil
          TodoRowView #1  | [x] 1. Buy milk (medium)
                            why: first render
          TodoRowView #4  | [ ] 4. Water the plants (low)
                            why: first render
          (4 of 10 views rendered)
          recomputed: filteredItems (looked at 5 todos)

        > delete 2
          TodoListView  | Showing 4 of 4, rows: 1 changed (of 4)
                          why: TodoStore.filteredItems [5 elements] -> [4 elements] <- TodoStore.items[1] -> removed TodoItem[2]; TodoStore.items[1] -> removed TodoItem[2]
          SummaryView   | 2 pending, 2 done
                          why: TodoStore.pendingCount 3 -> 2 <- TodoStore.items[1] -> removed TodoItem[2]
          removed TodoRowView #2
          (2 of 9 views rendered)
          recomputed: pendingCount

        > stats
          derived value          work so far
          filteredItems   looked at 26 todos
          completedCount   looked at 7 todos
          pendingCount    recomputed 5 times
        """
}
