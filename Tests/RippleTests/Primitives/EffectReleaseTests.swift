import Testing
@testable import Ripple

/// An effect's run takes no reference to it: user code in the run may release its last
/// handle, and the run must then stop cleanly (ASan in CI checks for use after free).
@Suite struct EffectReleaseTests {
    final class Holder {
        var effect: Effect?
    }

    @Test func `a body that releases its own last handle finishes its run and stops`() {
        let source = Signal(0)
        let other = Signal(0)
        let holder = Holder()
        var runs = 0, cleanups = 0
        holder.effect = Effect {
            runs += 1
            onCleanup { cleanups += 1 }
            if source.value == 1 {
                holder.effect = nil            // the last handle: the effect is torn down
                _ = other.value                // reads after that track nothing
                other.value = 5                // writes still work
            }
        }
        #expect(runs == 1)
        source.value = 1
        #expect(runs == 2)
        #expect(cleanups == 2)                 // before the second run, and at teardown
        #expect(other.subs == nil)             // nothing linked the dead effect
        #expect(source.subs == nil)
        source.value = 2
        other.value = 6
        #expect(runs == 2)
    }

    @Test func `a body that releases its own last handle inside a nested run stops after it`() {
        let source = Signal(0)
        let other = Signal(0)
        let holder = Holder()
        var runs = 0
        var children: [Effect] = []
        holder.effect = Effect {
            runs += 1
            if source.value == 1 {
                untracked { holder.effect = nil }
                _ = other.value                // the restored run records nothing
                children.append(Effect { })    // and adopts nothing
            }
        }
        source.value = 1
        #expect(runs == 2)
        #expect(other.subs == nil)
        #expect(source.subs == nil)
        #expect(children.count == 1)
        #expect(children.first?.isCancelled == false)
        children.first?.cancel()
    }

    @Test func `a cleanup that releases the last handle stops the run before the body`() {
        let source = Signal(0)
        let holder = Holder()
        var runs = 0
        holder.effect = Effect {
            runs += 1
            _ = source.value
            onCleanup { holder.effect = nil }
        }
        source.value = 1
        #expect(runs == 1)
        #expect(source.subs == nil)
        source.value = 2
        #expect(runs == 1)
    }

    @Test func `a child that releases its parent's last handle ends both runs cleanly`() {
        let source = Signal(0)
        let holder = Holder()
        var parentRuns = 0, childRuns = 0
        holder.effect = Effect {
            parentRuns += 1
            _ = source.value
            _ = Effect {
                childRuns += 1
                if source.peek() == 1 { holder.effect = nil }
            }
        }
        source.value = 1
        #expect(parentRuns == 2 && childRuns == 2)
        #expect(source.subs == nil)
        source.value = 2
        #expect(parentRuns == 2 && childRuns == 2)
    }

    @Test func `a body that releases its own last handle lets its captures go once, after its run`() {
        final class Capture {
            let value = 42
            let onDeinit: () -> Void
            init(onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
            deinit { onDeinit() }
        }
        let source = Signal(0)
        let holder = Holder()
        var deinits = 0
        var readAfterRelease = 0
        do {
            let capture = Capture { deinits += 1 }
            holder.effect = Effect { [capture] in
                if source.value == 1 {
                    holder.effect = nil
                    readAfterRelease = capture.value   // the body still holds its captures
                }
            }
        }
        #expect(deinits == 0)
        source.value = 1
        #expect(readAfterRelease == 42)
        #expect(deinits == 1)
        source.value = 2
        #expect(deinits == 1)
    }

    @Test func `an effect released in its run is deallocated afterwards`() {
        weak var weakEffect: Effect?
        let source = Signal(0)
        do {
            let holder = Holder()
            holder.effect = Effect { if source.value == 1 { holder.effect = nil } }
            weakEffect = holder.effect
            source.value = 1
        }
        #expect(weakEffect == nil)
    }
}
