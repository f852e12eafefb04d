import Ripple
import RippleViews

/// `TodoList --items <count>`: the two changes a todo list sees most, a toggle and a
/// keystroke in the search field, timed on `count` todos with the incremental
/// operators of ``TodoStore`` and with the same derived values written as plain
/// `@Derived` closures over an array, side by side in one run.
enum ListTiming {
    /// The most todos the timing makes.
    static let maximumCount = 2_000_000

    /// The store as the articles write it: `@Derived` closures over an array, each
    /// recomputed in full after any change to what it read.
    final class PlainStore {
        @Tracked var items: [TodoItem]
        @Tracked var searchText = ""

        @Derived({ (store: PlainStore) in
            let search = store.searchText.lowercased()
            return store.items.filter { search.isEmpty || $0.title.lowercased().contains(search) }
        })
        var filteredItems: [TodoItem]

        @Derived({ (store: PlainStore) in store.items.filter(\.isCompleted).count })
        var completedCount: Int

        init(items: [TodoItem]) {
            self.items = items
        }
    }

    /// The report's lines; `count` is within `1...maximumCount`.
    static func run(count: Int) -> [String] {
        let items = (1...count).map { TodoItem(id: $0, title: "Task \($0)", priority: .medium) }
        let incremental = TodoStore(items: items, counting: false)
        let plain = PlainStore(items: items.map { TodoItem(id: $0.id, title: $0.title, priority: $0.priority) })
        let keystrokes = ["t", "ta", "tas", "task", "task ", "task 1", "task 12", ""]
        let rounds = max(3, min(50, 2_000_000 / count))

        // Each pair of measurements alternates the two stores, so that both see the
        // same machine.
        let (incrementalToggle, plainToggle) = medians(rounds, { round in
            incremental.items[(round * 7_919) % count].isCompleted.toggle()
            return incremental.filteredItems.count + incremental.completedCount
        }, { round in
            plain.items[(round * 7_919) % count].isCompleted.toggle()
            return plain.filteredItems.count + plain.completedCount
        })
        let (incrementalKeystroke, plainKeystroke) = medians(rounds, { round in
            incremental.searchText = keystrokes[round % keystrokes.count]
            return incremental.filteredItems.count + incremental.completedCount
        }, { round in
            plain.searchText = keystrokes[round % keystrokes.count]
            return plain.filteredItems.count + plain.completedCount
        })
        guard incremental.filteredItems.count == plain.filteredItems.count,
              incremental.completedCount == plain.completedCount
        else {
            return ["error: the incremental and plain stores disagree (a Ripple bug)"]
        }
        return [
            "TodoList: \(count) todos; a toggle and a keystroke, each followed by a read of filteredItems",
            "and completedCount; the median of \(rounds) runs of each, both stores in this run.",
            "",
        ] + TextTable(
            ["change", "plain @Derived", "incremental", "speed-up"],
            rows: [
                ["toggle a todo", format(plainToggle), format(incrementalToggle), ratio(plainToggle, incrementalToggle)],
                ["type a character", format(plainKeystroke), format(incrementalKeystroke), ratio(plainKeystroke, incrementalKeystroke)],
            ]
        ).lines + [
            "",
            "A toggle looks at one todo, where the plain closures pass over all \(count); a keystroke",
            "changes the query, so both pass over every todo once.",
        ]
    }

    /// The median durations of `rounds` runs of `first` and of `second`, alternated,
    /// in seconds.
    private static func medians(_ rounds: Int, _ first: (Int) -> Int, _ second: (Int) -> Int) -> (Double, Double) {
        let clock = ContinuousClock()
        var sink = 0
        var firsts: [Double] = [], laters: [Double] = []
        func seconds(of duration: Duration) -> Double {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        }
        for round in 0..<rounds {
            firsts.append(seconds(of: clock.measure { sink &+= first(round) }))
            laters.append(seconds(of: clock.measure { sink &+= second(round) }))
        }
        precondition(sink != Int.min)
        return (firsts.sorted()[rounds / 2], laters.sorted()[rounds / 2])
    }

    private static func format(_ seconds: Double) -> String {
        if seconds >= 1e-3 { return "\(rounded(seconds * 1e3)) ms" }
        return "\(rounded(seconds * 1e6)) µs"
    }

    private static func ratio(_ plain: Double, _ incremental: Double) -> String {
        incremental > 0 ? "\(rounded(plain / incremental))x" : "-"
    }

    /// Three significant digits or so, without Foundation.
    private static func rounded(_ value: Double) -> String {
        let digits = value >= 100 ? 0 : (value >= 10 ? 1 : 2)
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let whole = (value * scale).rounded() / scale
        return digits == 0 ? "\(Int(whole))" : "\(whole)"
    }
}
