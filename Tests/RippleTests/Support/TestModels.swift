import Ripple

// Small models for behaviours the seed scenarios do not reach.

// MARK: Equality rules

/// A class with value equality: `==` decides, not identity.
final class Tag: Equatable {
    let name: String
    init(_ name: String) { self.name = name }
    static func == (lhs: Tag, rhs: Tag) -> Bool { lhs.name == rhs.name }
}

/// A class without equality: identity decides.
final class Handle {}

/// A value without equality: every write is a change.
struct Payload {
    var number: Int
}

final class EqualityProbe {
    @Tracked var count = 0
    @Tracked var tag = Tag("a")
    @Tracked var handle = Handle()
    @Tracked var payload = Payload(number: 0)
}

// MARK: Codable

final class AuthorRecord: Codable {
    @Tracked var name = "Sample Author"
}

final class BookRecord: Codable {
    @Tracked var title = "Sample Book Title"
    @Tracked var subtitle: String? = nil
    @Tracked var author = AuthorRecord()
    @Tracked var tags: [String] = []
    @Tracked var payload = CodablePayload(number: 0)
}

/// Codable but not Equatable: a decoded property of this type always notifies.
struct CodablePayload: Codable {
    var number: Int
}

/// A one-property model, to check the exact encoding.
final class TitleRecord: Codable {
    @Tracked var title = "Sample Book Title"
}

// MARK: Bindings

struct Margins: Equatable {
    var top = 0
    var bottom = 0
}

final class Settings {
    @Tracked var fontSize = 12
    @Tracked var margins = Margins()
    @Tracked var isBold = false
}

// MARK: Observation

final class Counter {
    @Tracked var count = 0
    @Tracked var label = "zero"
}

/// A non-Equatable reading, so that `observe` delivers every value.
struct Reading {
    var value: Int
}

// MARK: Environment

// ThemeKey and `EnvironmentValues.theme` are EnvironmentKey's documented example,
// which the generated examples (Documents/SourceExamples.generated.swift) declare.

struct PageSizeKey: EnvironmentKey {
    static let defaultValue = 20
}

extension EnvironmentValues {
    var pageSize: Int {
        get { self[PageSizeKey.self] }
        set { self[PageSizeKey.self] = newValue }
    }
}

/// A "view" that reads the environment the three ways `@Environment` offers.
struct LibraryScreen {
    @Environment(Library.self) var library
    @Environment(Library.self) var maybeLibrary: Library?
    @Environment(\.theme) var theme
}
