/// Hands a signal from one task to another on the same actor: `post()` once, and one
/// `wait()` returns, whichever comes first.
///
/// The monitor uses it to wait for the consumer, without sleeping, so that a scripted
/// run is deterministic.
@MainActor
final class Handoff {
    private var posted = 0
    private var waiter: CheckedContinuation<Void, Never>?

    func post() {
        if let waiter {
            self.waiter = nil
            waiter.resume()
        } else {
            posted += 1
        }
    }

    func wait() async {
        if posted > 0 {
            posted -= 1
            return
        }
        await withCheckedContinuation { waiter = $0 }
    }
}
