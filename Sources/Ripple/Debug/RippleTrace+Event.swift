extension RippleTrace {
    /// Why an observer ran: what ran, and the chain of changes from the writes to it.
    ///
    /// ```swift
    /// let price = Signal(10, name: "price")
    /// let total = Computed(name: "total") { price.value * 2 }
    /// let effect = Effect("TotalView") { _ = total.value }
    /// RippleTrace.trace(effect, printing: false)
    /// let subscription = RippleTrace.events { event in
    ///     print(event.observer)                        // prints "TotalView"
    ///     print(event.causes[0].node)                  // prints "total"
    ///     print(event.chains[0].map(\.node))           // prints "[\"total\", \"price\"]"
    ///     print(event)                                 // prints "TotalView: total 20 -> 24 <- price 10 -> 12"
    /// }
    /// price.value = 12
    /// subscription.cancel()
    /// effect.cancel()
    /// ```
    public struct Event: Sendable, Equatable, CustomStringConvertible {
        /// What kind of observer ran.
        public enum Kind: Sendable, Equatable {
            /// An ``Effect``.
            case effect
            /// A ``withTracking(_:onChange:)`` scope's `onChange`.
            case tracking
            /// An `observe` sequence, told that its next element is ready.
            case observe
            /// Apple's Observation, told that a property of an ``ObservableModel``
            /// changed (a SwiftUI view that read it renders again).
            case observation
        }

        public let kind: Kind
        /// The name of what ran: the effect's name (or where it was created),
        /// `withTracking`, `observe`, `Observation of Library.availableBooksCount`.
        public let observer: String
        /// False when the observer was notified but did not run: every change on its
        /// way was absorbed (reported only with ``RippleTrace/showsAbsorbed``).
        public let didRun: Bool
        /// Whether this was the observer's first run, which nothing caused.
        public let isFirstRun: Bool
        /// The changes it read directly, each with what caused it.
        public let causes: [Step]

        /// Every path from the run to a write, nearest change first.
        public var chains: [[Step]] {
            causes.flatMap { $0.chains }
        }

        /// The event with its steps' new values described again (see ``Step``).
        func redescribed(_ describe: (String) -> String?) -> Event {
            Event(
                kind: kind, observer: observer, didRun: didRun, isFirstRun: isFirstRun,
                causes: causes.map { $0.redescribed(describe) }
            )
        }

        /// `Observer: cause; cause`, each cause a chain back to its writes
        /// (`<-`), several causes of one step in parentheses.
        public var description: String {
            if isFirstRun { return "\(observer): first run" }
            let head = didRun ? observer : "\(observer) (did not run)"
            if causes.isEmpty { return "\(head): no recorded change" }
            return "\(head): " + causes.map(\.description).joined(separator: "; ")
        }
    }

    /// One change on the way from a write to a run: a written source, or a derived
    /// value that changed or absorbed the change.
    ///
    /// ```swift
    /// let step = RippleTrace.Step(node: "Book[2].isAvailable", oldValue: "true", newValue: "false", change: .written)
    /// print(step)   // prints "Book[2].isAvailable true -> false"
    /// ```
    public struct Step: Sendable, Equatable, CustomStringConvertible {
        /// What happened at the node.
        public enum Change: Sendable, Equatable {
            /// A source that was written (or changed in place, with no old value).
            case written
            /// A derived value that recomputed to a different value.
            case changed
            /// A derived value that recomputed to an equal value: the change stopped there.
            case absorbed
            /// A derived value whose dependencies changed and that nothing has read since.
            case notReevaluated
        }

        /// The node's name.
        public let node: String
        /// The value before, where it is known; values are shown short.
        public let oldValue: String?
        /// The value after, where it is known.
        public let newValue: String?
        public let change: Change
        /// The changes that caused this one.
        public let causes: [Step]

        public init(node: String, oldValue: String?, newValue: String?, change: Change, causes: [Step] = []) {
            self.node = node
            self.oldValue = oldValue
            self.newValue = newValue
            self.change = change
            self.causes = causes
        }

        /// The paths from this step to the writes, this step first.
        /// The step with each node's new value described again by `describe`: what a
        /// coalescing observer delivered rather than what the first write left.
        func redescribed(_ describe: (String) -> String?) -> Step {
            let now = change == .written || change == .changed ? describe(node) ?? newValue : newValue
            return Step(
                node: node, oldValue: oldValue, newValue: now, change: change,
                causes: causes.map { $0.redescribed(describe) }
            )
        }

        public var chains: [[Step]] {
            if causes.isEmpty { return [[self]] }
            return causes.flatMap { cause in cause.chains.map { [self] + $0 } }
        }

        /// The node and its values, without the causes: `Book[2].isAvailable true -> false`.
        public var summary: String {
            switch change {
            case .absorbed:
                return "\(node) absorbed" + (newValue.map { " (stayed \($0))" } ?? "")
            case .notReevaluated:
                return "\(node) (not re-evaluated)"
            case .written, .changed:
                switch (oldValue, newValue) {
                case let (old?, new?): return "\(node) \(old) -> \(new)"
                case let (nil, new?): return "\(node) -> \(new)"
                default: return node
                }
            }
        }

        public var description: String {
            switch causes.count {
            case 0: return summary
            case 1: return "\(summary) <- \(causes[0])"
            default: return "\(summary) <- (" + causes.map(\.description).joined(separator: ", ") + ")"
            }
        }
    }
}
