import Observation
import Ripple

/// Who wrote a book. A model of its own, so that a view showing the author's name
/// follows the name through the book (`book.author.name`).
@MainActor
final class Author: ObservableModel {
    let observationRegistrar = ObservationRegistrar()
    @Tracked var name: String

    init(name: String) {
        self.name = name
    }
}
