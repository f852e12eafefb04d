import Observation
import Ripple

/// Where the reader is: the book whose details are open, and the book being edited
/// (a sheet over the details). The root view follows it.
@MainActor
final class Navigation: ObservableModel {
    let observationRegistrar = ObservationRegistrar()
    @Tracked var selection: Book?
    @Tracked var editing: Book?
}
