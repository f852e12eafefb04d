import Ripple

enum Theme: String, CaseIterable {
    case light, dark
}

/// The dashboard's state: four properties, each shown by a different view.
final class AppState {
    @Tracked var userName = "Ivan"
    @Tracked var notificationCount = 0
    @Tracked var theme = Theme.light
    @Tracked var isLoading = false

    /// Reads every property: what an `ObservableObject`'s `objectWillChange` stood for,
    /// since any `@Published` change fired it. The coarse mode makes every view depend
    /// on this.
    func readEveryProperty() {
        _ = (userName, notificationCount, theme, isLoading)
    }
}
