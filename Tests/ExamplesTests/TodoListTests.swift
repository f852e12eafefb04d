import Ripple
import RippleViews
import Testing
@testable import TodoList

@MainActor
@Suite struct TodoListTests {
    @Test func `the scripted run prints the expected transcript`() async {
        expectTranscript(await TodoListApp().scriptedTranscript(), Self.transcript)
    }

    @Test func `toggling a todo renders its row and the summary and looks at that todo once`() async throws {
        let app = TodoListApp()
        _ = app.start()
        let before = app.recomputes.elementTotals
        let rendered = try await renders(in: app.host) {
            _ = try await run(app, "toggle 2")
        }
        #expect(rendered == ["TodoRowView #2": 1, "SummaryView": 1])
        let after = app.recomputes.elementTotals
        #expect(after["filteredItems"] == before["filteredItems"], "the filter reads no completion")
        #expect(after["completedCount"] == before["completedCount"]! + 1)
        #expect(app.recomputes.totals["pendingCount"] == 2)
    }

    @Test func `renaming a todo that still matches the search looks at it alone and does not render the list`() async throws {
        let app = TodoListApp()
        _ = app.start()
        _ = try await run(app, "search the")
        let looked = app.recomputes.elementTotals["filteredItems"]!
        let rendered = try await renders(in: app.host) {
            _ = try await run(app, #"rename 4 "Water all the plants""#)
        }
        // The filter reads titles while searching: the renamed todo is looked at again,
        // it still matches, and the list is unchanged, so its view did not render.
        #expect(app.recomputes.elementTotals["filteredItems"] == looked + 1)
        #expect(rendered == ["TodoRowView #4": 1])
    }

    @Test func `derived values do no work between changes`() async throws {
        let store = TodoStore.sample()
        let recomputes = RecomputeCounter(store)
        for _ in 0..<3 {
            _ = (store.filteredItems, store.completedCount, store.pendingCount)
        }
        #expect(recomputes.elementTotals == ["filteredItems": 4, "completedCount": 4])
        #expect(recomputes.totals == ["pendingCount": 1])
        store.items[0].isCompleted = true
        #expect(store.pendingCount == 3)
        #expect(store.filteredItems.count == 4)
        #expect(recomputes.elementTotals == ["filteredItems": 4, "completedCount": 5])
        #expect(recomputes.totals == ["pendingCount": 2])
    }

    @Test func `a search looks at every todo once; deleting one looks at none`() async throws {
        let store = TodoStore(items: (1...1_000).map { TodoItem(id: $0, title: "Task \($0)", priority: .low) })
        let recomputes = RecomputeCounter(store)
        _ = (store.filteredItems.count, store.completedCount)
        store.searchText = "task 1"
        #expect(store.filteredItems.count == 112)
        #expect(recomputes.elementTotals["filteredItems"] == 2_000)
        store.delete(store.items[500])
        #expect(store.filteredItems.count == 112)
        #expect(store.completedCount == 0)
        #expect(recomputes.elementTotals == ["filteredItems": 2_000, "completedCount": 1_000])
    }

    @Test func `filters combine the search and the priority`() async throws {
        let app = TodoListApp()
        _ = app.start()
        _ = try await run(app, "search THE")
        _ = try await run(app, "priority high")
        #expect(app.store.filteredItems.map(\.id) == [2, 3])
        #expect(app.host.mountedViews.filter { $0.hasPrefix("TodoRowView") } == ["TodoRowView #2", "TodoRowView #3"])
    }

    @Test func `interactive mode reports unknown and malformed commands and carries on`() async {
        let input = ["toggle 2", "priority urgent", "toggle", #"add """#, "undo", #"search "plants""#, "quit"]
        let transcript = await TodoListApp().interactiveTranscript(input)
        let session = Array(transcript.drop { $0 != "Type a command; 'help' lists them, 'quit' ends." })
        expectTranscript(session, Self.session)
    }

    static let transcript = """
        TodoList: a todo store with incremental derived values (filteredItems, completedCount) and a memoized one (pendingCount).
        After each command, the views that rendered and the work each derived value did.

        > (launch)
          TodoAppView         | Todos
          FilterBarView       | Priority: [all] low medium high
          TextField "Search"  | Search: []
          TodoListView        | Showing 4 of 4, rows: reloaded (4)
          TodoRowView #1      | [ ] 1. Buy milk (medium)
          TodoRowView #2      | [ ] 2. Write the quarterly report (high)
          TodoRowView #3      | [ ] 3. Call the plumber (high)
          TodoRowView #4      | [ ] 4. Water the plants (low)
          SummaryView         | 4 pending, 0 done
          (9 of 9 views rendered)
          recomputed: filteredItems (looked at 4 todos), completedCount (looked at 4 todos), pendingCount

        > toggle 1
          TodoRowView #1  | [x] 1. Buy milk (medium)
          SummaryView     | 3 pending, 1 done
          (2 of 9 views rendered)
          recomputed: completedCount (looked at 1 todo), pendingCount

        > add "Renew passport" high
          TodoListView    | Showing 5 of 5, rows: 1 changed (of 5)
          SummaryView     | 4 pending, 1 done
          TodoRowView #5  | [ ] 5. Renew passport (high)
          (3 of 10 views rendered)
          recomputed: filteredItems (looked at 1 todo), completedCount (looked at 1 todo), pendingCount

        > search the
          TextField "Search"  | Search: [the]
          TodoListView        | Showing 3 of 5, rows: reloaded (3)
          removed TodoRowView #1
          removed TodoRowView #5
          (2 of 8 views rendered)
          recomputed: filteredItems (looked at 5 todos)

        > rename 3 "Call the plumber today"
          TodoRowView #3  | [ ] 3. Call the plumber today (high)
          (1 of 8 views rendered)
          recomputed: filteredItems (looked at 1 todo)

        > priority high
          FilterBarView  | Priority: all low medium [high]
          TodoListView   | Showing 2 of 5, rows: reloaded (2)
          removed TodoRowView #4
          (2 of 7 views rendered)
          recomputed: filteredItems (looked at 5 todos)

        > toggle 3
          TodoRowView #3  | [x] 3. Call the plumber today (high)
          SummaryView     | 3 pending, 2 done
          (2 of 7 views rendered)
          recomputed: completedCount (looked at 1 todo), pendingCount

        > search
          TextField "Search"  | Search: []
          TodoListView        | Showing 3 of 5, rows: reloaded (3)
          TodoRowView #5      | [ ] 5. Renew passport (high)
          (3 of 8 views rendered)
          recomputed: filteredItems (looked at 5 todos)

        > priority all
          FilterBarView   | Priority: [all] low medium high
          TodoListView    | Showing 5 of 5, rows: reloaded (5)
          TodoRowView #1  | [x] 1. Buy milk (medium)
          TodoRowView #4  | [ ] 4. Water the plants (low)
          (4 of 10 views rendered)
          recomputed: filteredItems (looked at 5 todos)

        > delete 2
          TodoListView  | Showing 4 of 4, rows: 1 changed (of 4)
          SummaryView   | 2 pending, 2 done
          removed TodoRowView #2
          (2 of 9 views rendered)
          recomputed: pendingCount

        > stats
          derived value          work so far
          filteredItems   looked at 26 todos
          completedCount   looked at 7 todos
          pendingCount    recomputed 5 times
        """

    static let session = """
        Type a command; 'help' lists them, 'quit' ends.

        > toggle 2
          TodoRowView #2  | [x] 2. Write the quarterly report (high)
          SummaryView     | 3 pending, 1 done
          (2 of 9 views rendered)
          recomputed: completedCount (looked at 1 todo), pendingCount

        > priority urgent
          error: expected low, medium, high or all, got 'urgent'
          usage: priority <low|medium|high|all>

        > toggle
          error: expected 1 argument, got 0
          usage: toggle <todo>

        > add ""
          error: the title is empty
          usage: add "<title>" [low|medium|high]

        > undo
          error: unknown command 'undo'; type 'help' for the list of commands

        > search "plants"
          TextField "Search"  | Search: [plants]
          TodoListView        | Showing 1 of 4, rows: reloaded (1)
          removed TodoRowView #1
          removed TodoRowView #2
          removed TodoRowView #3
          (2 of 6 views rendered)
          recomputed: filteredItems (looked at 4 todos)

        > quit
        """
}
