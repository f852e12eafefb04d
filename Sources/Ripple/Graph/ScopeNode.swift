/// A subscriber whose links own nothing: what it read stays alive only as long as
/// something else keeps it, and a dependency that dies tells the scope instead
/// (``dependencyDied(_:)``). `withTracking` and `observe` follow the graph this way,
/// as `withObservationTracking` does, without keeping what they read alive.
@usableFromInline
class ScopeNode: WatcherNode {
    /// Links whose dependency is still alive.
    @exclusivity(unchecked) final var liveDependencies = 0

    init() {
        super.init(flags: .ownsNoLinks)
    }

    /// A node the scope read has died: its link now points at the tombstone, and it can
    /// never change again.
    func dependencyDied(_ runtime: RuntimeRef) {
        liveDependencies -= 1
    }
}
