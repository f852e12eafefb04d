import Ripple

/// An effect standing in for a view's body: it records what each run rendered, so a
/// test can assert both the output and the exact number of renders.
final class ViewProbe<Output> {
    let name: String
    private(set) var outputs: [Output] = []
    private var effect: Effect?

    init(_ name: String, render: @escaping () -> Output) {
        self.name = name
        effect = Effect(name) { [unowned self] in
            self.outputs.append(render())
        }
    }

    /// How many times the body ran, the first run included.
    var renders: Int { outputs.count }

    var last: Output? { outputs.last }

    func cancel() {
        effect?.cancel()
    }
}

/// Ends the effects of several probes at once.
func cancelViews<each Output>(_ probes: repeat ViewProbe<each Output>) {
    repeat (each probes).cancel()
}

/// The render counts of several probes, in argument order.
func renderCounts<each Output>(_ probes: repeat ViewProbe<each Output>) -> [Int] {
    var counts: [Int] = []
    repeat counts.append((each probes).renders)
    return counts
}
