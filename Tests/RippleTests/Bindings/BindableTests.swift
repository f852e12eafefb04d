import Testing
@testable import Ripple

@Suite struct BindableTests {
    /// The seed's BookEditView: a stored `@Bindable` property.
    private struct BookEditView {
        @Bindable var book: Book

        func rename(_ title: String) {
            $book.title.wrappedValue = title
        }
    }

    /// A parameter declared `@Bindable`.
    private func titleField(@Bindable book: Book) -> Binding<String> {
        $book.title
    }

    @Test func `a stored bindable gives bindings to the model's properties`() {
        let book = Book()
        let editor = BookEditView(book: book)
        editor.rename("Dune")
        #expect(book.title == "Dune")
        #expect(editor.book === book)

        let rating: Binding<Int> = editor.$book.rating
        rating.wrappedValue = 5
        #expect(book.rating == 5)
    }

    @Test func `a bindable parameter accepts the model or another bindable`() {
        let book = Book()
        titleField(book: book).wrappedValue = "Dune"
        #expect(book.title == "Dune")

        let bindable = Bindable(book)
        titleField($book: bindable).wrappedValue = "Emma"
        #expect(book.title == "Emma")
    }

    @Test func `a local bindable works as a property wrapper and as a value`() {
        let library = Library()
        @Bindable var book = library.books[0]
        let title: Binding<String> = $book.title
        title.wrappedValue = "Dune"
        #expect(library.books[0].title == "Dune")

        Bindable(library.books[1]).title.wrappedValue = "Emma"
        #expect(library.books[1].title == "Emma")
        #expect(book === library.books[0])
    }

    @Test func `a binding to a nested model writes the nested property`() {
        let book = Book()
        let author = book.author
        @Bindable var bindable = book
        $bindable.author.name.wrappedValue = "Le Guin"
        #expect(author.name == "Le Guin")
        #expect(book.author === author)
    }

    @Test func `writing through a bindable notifies exactly the readers of that property`() {
        let book = Book()
        let titleView = ViewProbe("title") { book.title }
        let ratingView = ViewProbe("rating") { book.rating }
        let availabilityView = ViewProbe("availability") { book.isAvailable }
        let editor = BookEditView(book: book)

        editor.rename("Dune")
        #expect(renderCounts(titleView, ratingView, availabilityView) == [2, 1, 1])
        editor.$book.rating.wrappedValue = 4
        #expect(renderCounts(titleView, ratingView, availabilityView) == [2, 2, 1])
        editor.$book.isAvailable.wrappedValue.toggle()
        #expect(renderCounts(titleView, ratingView, availabilityView) == [2, 2, 2])
        editor.rename("Dune")
        #expect(renderCounts(titleView, ratingView, availabilityView) == [2, 2, 2])
        cancelViews(titleView, ratingView, availabilityView)
    }

    @Test func `a binding keeps its object alive`() {
        weak var weakBook: Book?
        var title: Binding<String>?
        do {
            let book = Book()
            weakBook = book
            title = Bindable(book).title
        }
        #expect(weakBook != nil)
        #expect(title?.wrappedValue == "Sample Book Title")
        title = nil
        #expect(weakBook == nil)
    }
}
