import Ripple

/// The effects one benchmark graph creates, disposed together: the analogue of the
/// JavaScript harness's `withBuild` / `cleanup` (an effect scope in alien-signals).
///
/// Ripple effects live as long as their handles, so the scope holds them; `dispose()`
/// cancels each one.
final class BuildScope {
    // Unchecked: the harness's bookkeeping, which JavaScript's does not pay for, must
    // not weigh on the shapes. Checked, each `append` made two exclusivity calls,
    // about 100 instructions per effect in the sbench creation tests.
    @exclusivity(unchecked) private(set) var effects: [Effect] = []
    /// Other nodes the graph must keep alive (signals a shape creates but nobody reads).
    @exclusivity(unchecked) private(set) var nodes: [AnyObject] = []

    /// Counts the runs of every effect body when set: sbench's untimed check pass.
    private let runCounter: Counter?

    init(capacity: Int = 0, countingRunsIn runCounter: Counter? = nil) {
        self.runCounter = runCounter
        effects.reserveCapacity(capacity)
    }

    /// Keeps `node` alive until `release()`.
    func keep(_ node: AnyObject) {
        nodes.append(node)
    }

    /// Makes room for `count` kept nodes.
    func reserveNodes(_ count: Int) {
        nodes.reserveCapacity(count)
    }

    /// Creates an effect (it runs once now) that lives until `dispose()`.
    func effect(_ body: @escaping () -> Void) {
        if let runCounter {
            effects.append(Effect(nil) {
                runCounter.count += 1
                body()
            })
        } else {
            effects.append(Effect(nil, body))
        }
    }

    /// Cancels every effect; their handles stay until `release()`, so that freeing the
    /// memory can be kept out of a timed region, as garbage collection is in JavaScript.
    func dispose() {
        // Each handle at +0, as JavaScript's scope walks its effects: a plain loop
        // retained and released every effect around its `cancel()`.
        effects.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: Unmanaged<Effect>.self) { effects in
                for effect in effects { effect._withUnsafeGuaranteedRef { $0.cancel() } }
            }
        }
    }

    /// Drops the handles.
    func release() {
        effects = []
        nodes = []
    }
}

/// A node a benchmark graph reads, whatever its kind: the JavaScript shapes read
/// signals and computeds through the same `read()`.
protocol GraphInput<Value> {
    associatedtype Value
    var current: Value { get }
}

extension Signal: GraphInput {
    @inline(__always) var current: Value { value }
}

extension Computed: GraphInput {
    @inline(__always) var current: Value { value }
}
