// The value types both sides' models store, and the derivations both compute the
// same way, so that the two sides do identical work apart from the observation
// machinery.

/// A to-do entry (a struct in an array, as in the seed's TodoStore).
struct TodoItem: Identifiable {
    enum Priority: CaseIterable {
        case low, medium, high
    }

    let id: Int
    /// Lowercased at creation: the search is case-insensitive without Foundation.
    var title: String
    var isCompleted = false
    var priority: Priority

    /// `count` items with titles from a small vocabulary and rotating priorities.
    static func sample(count: Int) -> [TodoItem] {
        let verbs = ["buy", "call", "write", "fix", "review", "plan", "clean"]
        let nouns = ["milk", "report", "garden", "car", "budget", "slides", "bike", "roof", "taxes", "email", "book"]
        return (0..<count).map { index in
            TodoItem(
                id: index,
                title: "task \(index): \(verbs[index % verbs.count]) the \(nouns[index % nouns.count])",
                isCompleted: index % 5 == 0,
                priority: Priority.allCases[index % 3]
            )
        }
    }

    /// The seed's `filteredItems`: the search text (if any) and the priority (if any).
    static func filter(_ items: [TodoItem], searchText: String, priority: Priority?) -> [TodoItem] {
        items.filter { item in
            let matchesSearch = searchText.isEmpty || contains(item.title, searchText)
            let matchesPriority = priority == nil || item.priority == priority
            return matchesSearch && matchesPriority
        }
    }
}

/// Whether `text` contains `needle`, comparing UTF-8 bytes (both are lowercase).
/// The standard library's generic `contains` walks Characters and costs about 2 us
/// per title, which would make the filter, not the observation, the benchmark.
func contains(_ text: String, _ needle: String) -> Bool {
    let found = text.utf8.withContiguousStorageIfAvailable { haystack in
        needle.utf8.withContiguousStorageIfAvailable { needle -> Bool in
            guard needle.count <= haystack.count else { return false }
            guard let first = needle.first else { return true }
            var start = 0
            let last = haystack.count - needle.count
            while start <= last {
                if haystack[start] == first {
                    var offset = 1
                    while offset < needle.count && haystack[start + offset] == needle[offset] { offset += 1 }
                    if offset == needle.count { return true }
                }
                start += 1
            }
            return false
        }
    }
    if let found, let result = found { return result }
    return text.contains(needle)
}

/// A cart line (a struct in an array, as in the seed's ShoppingCart).
struct CartItem: Identifiable {
    let id: Int
    var name: String
    var price: Double
    var quantity: Int

    static func sample(count: Int) -> [CartItem] {
        (0..<count).map { index in
            CartItem(id: index, name: "item \(index)", price: Double(index % 50) + 0.99, quantity: 1 + index % 3)
        }
    }

    /// The seed's `totalPrice`.
    static func total(of items: [CartItem]) -> Double {
        items.reduce(0) { $0 + $1.price * Double($1.quantity) }
    }

    /// The seed's `discountedPrice`: 20% off with the coupon.
    static func discounted(_ total: Double, couponCode: String) -> Double {
        couponCode == "SAVE20" ? total * 0.8 : total
    }
}
