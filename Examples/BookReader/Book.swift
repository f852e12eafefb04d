import Observation
import Ripple

/// A book in the library. Its stored properties are tracked: a view that shows the
/// title renders again when the title changes, and only then.
@MainActor
final class Book: ObservableModel, Identifiable {
    let observationRegistrar = ObservationRegistrar()
    /// The number the commands use (`open 2`); it never changes, so it is not tracked.
    let id: Int
    @Tracked var title: String
    @Tracked var author: Author
    @Tracked var isAvailable = true

    init(id: Int, title: String, author: Author) {
        self.id = id
        self.title = title
        self.author = author
    }
}
