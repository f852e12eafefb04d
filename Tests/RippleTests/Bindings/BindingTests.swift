import Testing
@testable import Ripple

@Suite struct BindingTests {
    @Test func `a binding reads and writes through its closures`() {
        var stored = 5
        var gets = 0
        var sets: [Int] = []
        let binding = Binding(get: { gets += 1; return stored }, set: { sets.append($0); stored = $0 })

        #expect(binding.wrappedValue == 5)
        #expect(gets == 1)
        binding.wrappedValue = 7
        #expect(stored == 7)
        #expect(sets == [7])
        #expect(gets == 1)
    }

    @Test func `the setter is nonmutating, so a let binding and a nonmutating method can write`() {
        struct Stepper {
            @Binding var value: Int
            func increment() { value += 1 }
        }
        var stored = 1
        let binding = Binding(get: { stored }, set: { stored = $0 })
        let stepper = Stepper(value: binding)
        stepper.increment()
        stepper.increment()
        #expect(stored == 3)
        #expect(stepper.$value.wrappedValue == 3)
    }

    @Test func `a binding hands itself on as its projected value`() {
        var stored = "a"
        let binding = Binding(get: { stored }, set: { stored = $0 })
        let handedOn = Binding(projectedValue: binding.projectedValue)
        handedOn.wrappedValue = "b"
        #expect(stored == "b")
        #expect(binding.wrappedValue == "b")
    }

    @Test func `a constant binding ignores writes`() {
        let preview = Binding.constant("Dune")
        preview.wrappedValue = "Emma"
        #expect(preview.wrappedValue == "Dune")
    }

    // MARK: Dynamic member lookup

    @Test func `a member of a struct value is written back through the binding`() {
        var margins = Margins(top: 1, bottom: 2)
        var sets: [Margins] = []
        let binding = Binding(get: { margins }, set: { sets.append($0); margins = $0 })
        let top: Binding<Int> = binding.top

        #expect(top.wrappedValue == 1)
        top.wrappedValue = 8
        #expect(margins == Margins(top: 8, bottom: 2))
        #expect(sets == [Margins(top: 8, bottom: 2)])
    }

    @Test func `a member of an object is written through the reference`() {
        let book = Book()
        var bookSets = 0
        let binding = Binding(get: { book }, set: { _ in bookSets += 1 })
        let rating: Binding<Int> = binding.rating

        rating.wrappedValue = 5
        #expect(book.rating == 5)
        #expect(rating.wrappedValue == 5)
        #expect(bookSets == 0)
    }

    @Test func `a nested member of an object leaves the outer property untouched`() {
        let book = Book()
        let author = book.author
        var authorSets = 0
        let authorBinding = Binding(get: { book.author }, set: { authorSets += 1; book.author = $0 })

        authorBinding.name.wrappedValue = "Le Guin"
        #expect(author.name == "Le Guin")
        #expect(book.author === author)
        #expect(authorSets == 0)
    }

    @Test func `a struct member of an object's tracked property writes the property once`() {
        let settings = Settings()
        let marginsView = ViewProbe("margins") { settings.margins }
        let boldView = ViewProbe("bold") { settings.isBold }
        let top = Binding.constant(settings).margins.top

        top.wrappedValue = 8
        #expect(settings.margins == Margins(top: 8, bottom: 0))
        #expect(renderCounts(marginsView, boldView) == [2, 1])

        // Writing the value it already has writes an equal Margins: nothing re-renders.
        top.wrappedValue = 8
        #expect(renderCounts(marginsView, boldView) == [2, 1])
        cancelViews(marginsView, boldView)
    }

    // MARK: Notification

    @Test func `writing through a binding notifies exactly the readers of that property`() {
        let settings = Settings()
        let fontSize = Binding(get: { settings.fontSize }, set: { settings.fontSize = $0 })
        let fontView = ViewProbe("font") { settings.fontSize }
        let boldView = ViewProbe("bold") { settings.isBold }
        let marginsView = ViewProbe("margins") { settings.margins.top }

        fontSize.wrappedValue += 2
        #expect(settings.fontSize == 14)
        #expect(renderCounts(fontView, boldView, marginsView) == [2, 1, 1])

        fontSize.wrappedValue = 14
        #expect(renderCounts(fontView, boldView, marginsView) == [2, 1, 1])
        cancelViews(fontView, boldView, marginsView)
    }

    @Test func `reading a binding inside an effect tracks the bound property`() {
        let book = Book()
        let title = Binding(get: { book.title }, set: { book.title = $0 })
        let view = ViewProbe("field") { title.wrappedValue }

        book.title = "Dune"
        #expect(view.outputs == ["Sample Book Title", "Dune"])
        book.rating = 1
        #expect(view.renders == 2)
        view.cancel()
    }
}
