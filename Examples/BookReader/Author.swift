import Ripple

/// Who wrote a book. A model of its own, so that a view showing the author's name
/// follows the name through the book (`book.author.name`).
final class Author {
    @Tracked var name: String

    init(name: String) {
        self.name = name
    }
}
