import Testing
import Foundation
@testable import Ripple

final class SAuthor: Codable { @Tracked var name = "Sample Author" }
final class SBook: Codable {
    @Tracked var title = "Sample Book Title"
    @Tracked var author = SAuthor()
    @Tracked var isAvailable = true
    @Tracked var subtitle: String? = nil
}
final class SLibrary {
    @Tracked var books: [SBook] = [SBook(), SBook(), SBook()]
    var runs = 0
    @Derived({ (library: SLibrary) in library.runs += 1; return library.books.filter(\.isAvailable).count })
    var availableBooksCount: Int
}

@Suite struct ScratchModelTests {
    @Test func `library scenario`() throws {
        let library = SLibrary()
        #expect(library.availableBooksCount == 3)
        #expect(library.availableBooksCount == 3)
        #expect(library.runs == 1)
        library.books[0].isAvailable = false
        #expect(library.availableBooksCount == 2)
        #expect(library.runs == 2)
        var seen: [Int] = []
        let effect = Effect { seen.append(library.availableBooksCount) }
        library.books.append(SBook())
        library.books[1].title = "x"
        #expect(seen == [2, 3])
        effect.cancel()
        let data = try JSONEncoder().encode(library.books[1])
        print(String(decoding: data, as: UTF8.self))
        let decoded = try JSONDecoder().decode(SBook.self, from: Data(#"{"title":"Dune","author":{"name":"F"},"isAvailable":true}"#.utf8))
        #expect(decoded.title == "Dune" && decoded.subtitle == nil)
    }
}
