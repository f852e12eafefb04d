// Family A's floor for the incremental rows: one scalar write and one read of a value
// derived from it. An element's change in a list costs at least this much, so the
// list rows are read against it, measured in the same run.

import Observation
import Ripple

/// What the floor script needs.
protocol ScalarFloorModel: AnyObject {
    init()
    func set(_ quantity: Int)
    var doubled: Int { get }
}

enum FloorModels {
    final class RippleModel: ScalarFloorModel {
        @Tracked var quantity = 0
        @Derived({ (model: RippleModel) in model.quantity &* 2 }) var doubled: Int

        func set(_ quantity: Int) { self.quantity = quantity }
    }

    @Observable final class ObservationModel: ScalarFloorModel {
        var quantity = 0
        var doubled: Int { quantity &* 2 }

        init() {}
        func set(_ quantity: Int) { self.quantity = quantity }
    }
}

/// A scalar write, then a read of the value derived from it.
@inline(__always)
private func incrementalFloor<Model: ScalarFloorModel>(_: Model.Type, _ ops: Int) -> UInt64 {
    let model = Model()
    _ = model.doubled
    var sum = 0
    let elapsed = measure(with: model) { model in
        var total = 0
        for op in 0..<ops {
            model.set(op)
            total &+= model.doubled
        }
        sum = total
    }
    checkEqual(sum, (0..<ops).reduce(0) { $0 &+ $1 &* 2 }, "floor: the derived values, summed")
    return elapsed
}

@inline(never)
func bench_ripple_incrementalFloor(_ ops: Int) -> UInt64 {
    incrementalFloor(FloorModels.RippleModel.self, ops)
}

@inline(never)
func bench_observation_incrementalFloor(_ ops: Int) -> UInt64 {
    incrementalFloor(FloorModels.ObservationModel.self, ops)
}
