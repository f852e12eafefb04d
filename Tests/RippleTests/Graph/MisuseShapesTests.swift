import Testing
@testable import Ripple

/// The 25 shapes of graph misuse from the cross-framework conformance suite for signal
/// libraries (artalar/reactive-framework-test-suite: inner writes, cycle detection)
/// that once ended the process: 15 computeds that write a signal, 7 cycles, 3 effect
/// loops. Each runs to its end with the values alien-signals, Preact and Vue give;
/// the last test runs all of them in one process, whose standard error carries the
/// runtime issues, one line each.
@Suite struct MisuseShapesTests {
    /// A shape: its number in the suite, and what it returns, checked against `expected`.
    struct Shape: Sendable, CustomTestStringConvertible {
        let number: Int
        let run: @Sendable () -> [Int]
        let expected: [Int]
        var testDescription: String { "#\(number)" }
    }

    // MARK: Computeds that write a signal

    static let writes: [Shape] = [
        // #52 and #137: the write applies.
        Shape(number: 52, run: {
            let a = Signal(0), side = Signal(-1)
            let c = Computed { () -> Int in let v = a.value; side.value = v * 10; return v }
            _ = c.value
            a.value = 1
            _ = c.value
            return [side.value]
        }, expected: [10]),
        // #112, #135 and #138: a computed reading the written signal follows it.
        Shape(number: 112, run: {
            let source = Signal(0), side = Signal(0)
            let writer = Computed { () -> Int in let v = source.value; side.value = v * 10; return v }
            _ = writer.value
            let reader = Computed { side.value + 1 }
            let before = reader.value
            source.value = 2
            _ = writer.value
            return [before, side.value, reader.value]
        }, expected: [1, 20, 21]),
        Shape(number: 135, run: {
            let source = Signal(0), target = Signal(0)
            let c1 = Computed { () -> Int in let v = source.value; target.value = v * 10; return v }
            _ = c1.value
            let c2 = Computed { target.value }
            let before = c2.value
            source.value = 1
            _ = c1.value
            return [before, target.value, c2.value]
        }, expected: [0, 10, 10]),
        // #136: a write of an equal value notifies nobody.
        Shape(number: 136, run: {
            let source = Signal(0), side = Signal(0)
            let c = Computed { () -> Int in let v = source.value; side.value = 0; return v }
            _ = c.value
            var runs = 0
            let effect = Effect { _ = side.value; runs += 1 }
            runs = 0
            source.value = 1
            _ = c.value
            effect.cancel()
            return [runs]
        }, expected: [0]),
        Shape(number: 137, run: {
            let source = Signal(0), side = Signal(0)
            let c = Computed { () -> Int in let v = source.value; side.value = v * 100; return v }
            _ = c.value
            source.value = 1
            _ = c.value
            return [side.value]
        }, expected: [100]),
        Shape(number: 138, run: {
            let source = Signal(0), shared = Signal(0)
            let writer = Computed { () -> Int in let v = source.value; shared.value = v * 10; return v }
            _ = writer.value
            let reader = Computed { shared.value + 1 }
            let before = [shared.value, reader.value]
            source.value = 2
            _ = writer.value
            return before + [shared.value, reader.value]
        }, expected: [0, 1, 20, 21]),
        // #172: a computed that writes its own dependency evaluates on every read.
        Shape(number: 172, run: {
            let a = Signal(0)
            var calls = 0
            let c = Computed { () -> Int in calls += 1; a.value = a.value + 1; return a.value }
            _ = c.value
            let afterFirst = calls
            _ = c.value
            return [afterFirst, calls]
        }, expected: [1, 2]),
        // #179: reads after the write, in the same evaluation, see it.
        Shape(number: 179, run: {
            let s = Signal(1)
            let c = Computed { () -> Int in s.value = s.value + 1; return s.value }
            let first = [c.value, s.value]
            return first + [c.value, s.value]
        }, expected: [2, 2, 3, 3]),
        // #57: the write wakes the effect that reads the written signal.
        Shape(number: 57, run: {
            let source = Signal(0), side = Signal(0)
            let c = Computed { () -> Int in let v = source.value; side.value = v * 10; return v }
            var values: [Int] = []
            let effect = Effect { values.append(side.value) }
            _ = c.value
            source.value = 1
            _ = c.value
            effect.cancel()
            return values
        }, expected: [0, 10]),
        // #181: two writes, seen together downstream.
        Shape(number: 181, run: {
            let source = Signal(0), b = Signal(0), c = Signal(0)
            let writer = Computed { () -> Int in
                let v = source.value
                b.value = v + 1
                c.value = v + 2
                return v
            }
            _ = writer.value
            let pair = Computed { b.value * 100 + c.value }
            let before = pair.value
            source.value = 10
            _ = writer.value
            return [before, pair.value]
        }, expected: [102, 1112]),
        // #182: inside a batch, the write is seen at once, and effects run at its end.
        Shape(number: 182, run: {
            let source = Signal(0), side = Signal(0)
            let c = Computed { () -> Int in let v = source.value; side.value = v * 10; return v }
            _ = c.value
            var runs = 0
            let effect = Effect { _ = side.value; runs += 1 }
            runs = 0
            var inside: [Int] = []
            batch {
                source.value = 5
                inside = [c.value, side.value, runs]
            }
            effect.cancel()
            return inside + [runs, side.value]
        }, expected: [5, 50, 0, 1, 50]),
        // #183: a writer no longer read writes no more.
        Shape(number: 183, run: {
            let flag = Signal(true), source = Signal(0), side = Signal(-1)
            let writer = Computed { () -> Int in let v = source.value; side.value = v; return v }
            _ = writer.value
            let branch = Computed { flag.value ? writer.value : 999 }
            var seen = [branch.value, side.value]
            source.value = 1
            _ = branch.value
            seen.append(side.value)
            flag.value = false
            seen.append(branch.value)
            source.value = 2
            _ = branch.value
            return seen + [side.value]
        }, expected: [0, 0, 1, 999, 1]),
        // #184: nested computeds, each writing.
        Shape(number: 184, run: {
            let source = Signal(0), innerSide = Signal(0), outerSide = Signal(0)
            let inner = Computed { () -> Int in let v = source.value; innerSide.value = v * 10; return v + 1 }
            let outer = Computed { () -> Int in let v = inner.value; outerSide.value = v * 100; return v }
            _ = outer.value
            let before = [innerSide.value, outerSide.value]
            source.value = 2
            _ = outer.value
            return before + [innerSide.value, outerSide.value]
        }, expected: [0, 100, 20, 300]),
        // #185: a write before a throw stays.
        Shape(number: 185, run: {
            struct Intended: Error {}
            let source = Signal(0), side = Signal(-1)
            let c = Computed { () throws -> Int in
                let v = source.value
                side.value = v * 10
                if v > 0 { throw Intended() }
                return v
            }
            _ = try? c.get()
            let before = side.value
            source.value = 1
            let threw = (try? c.get()) == nil
            return [before, threw ? 1 : 0, side.value]
        }, expected: [0, 1, 10]),
        // #186: an effect reading the computed and what it wrote sees both, new.
        Shape(number: 186, run: {
            let source = Signal(0), side = Signal(0)
            let c = Computed { () -> Int in let v = source.value; side.value = v; return v }
            _ = c.value
            var observed: [Int] = []
            let effect = Effect { observed.append(c.value + side.value) }
            source.value = 5
            effect.cancel()
            return [observed.last ?? -1]
        }, expected: [10]),
    ]

    // MARK: Cycles

    static let cycles: [Shape] = [
        // #58: A <-> B.
        Shape(number: 58, run: {
            var a: Computed<Int>?
            let b = Computed { () throws -> Int in try a?.get() ?? 0 }
            a = Computed { () throws -> Int in try b.get() }
            let result = [(try? a?.get()) == nil ? -1 : 0, (try? b.get()) == nil ? -1 : 0]
            a = nil
            return result
        }, expected: [-1, -1]),
        // #59: A -> B -> C -> A.
        Shape(number: 59, run: {
            var a: Computed<Int>?
            let c = Computed { () throws -> Int in try a?.get() ?? 0 }
            let b = Computed { () throws -> Int in try c.get() }
            a = Computed { () throws -> Int in try b.get() }
            let nodes = (Result { try a?.get() }.failure as? CycleError)?.nodes.count ?? 0
            a = nil
            return [nodes]
        }, expected: [4]),
        // #60: a computed that reads itself and catches the error.
        Shape(number: 60, run: {
            var c: Computed<Int>?
            c = Computed { () -> Int in
                do { return try (c?.get() ?? 0) + 1 } catch { return 0 }
            }
            let value = c?.value ?? -1
            c = nil
            return [value]
        }, expected: [0]),
        // #150: a pair that a condition makes cyclic.
        Shape(number: 150, run: {
            let condition = Signal(false)
            var a: Computed<Int>?
            let b = Computed { () throws -> Int in condition.value ? try a?.get() ?? 0 : 0 }
            a = Computed { () throws -> Int in try b.get() }
            let before = (try? a?.get()) ?? -1
            condition.value = true
            let during = (try? a?.get()) ?? -1
            condition.value = false
            let after = (try? a?.get()) ?? -1
            a = nil
            return [before, during, after]
        }, expected: [0, -1, 0]),
        // #151: a self-reference through untracked.
        Shape(number: 151, run: {
            var c: Computed<Int>?
            c = Computed { () -> Int in
                untracked { do { return try (c?.get() ?? 0) + 1 } catch { return 0 } }
            }
            let value = c?.value ?? -1
            c = nil
            return [value]
        }, expected: [0]),
        // #152: a computed that becomes recursive when a flag changes.
        Shape(number: 152, run: {
            let flag = Signal(false)
            var c: Computed<Int>?
            c = Computed { () -> Int in
                guard flag.value else { return 0 }
                do { return try (c?.get() ?? 0) + 1 } catch { return 99 }
            }
            let before = c?.value ?? -1
            flag.value = true
            let after = c?.value ?? -1
            c = nil
            return [before, after]
        }, expected: [0, 99]),
        // #153: recovery once the self-dependency goes.
        Shape(number: 153, run: {
            let a = Signal(0)
            var c: Computed<Int>?
            c = Computed { () -> Int in
                if a.value == 0 {
                    do { return try c?.get() ?? 0 } catch { return -1 }
                }
                return a.value
            }
            let before = c?.value ?? -2
            a.value = 1
            let after = c?.value ?? -2
            c = nil
            return [before, after]
        }, expected: [-1, 1]),
    ]

    // MARK: Effect loops

    static let loops: [Shape] = [
        // #61: an effect that increments what it reads, 100 times.
        Shape(number: 61, run: {
            let a = Signal(0)
            var iterations = 0
            let effect = Effect {
                let v = a.value
                iterations += 1
                if iterations <= 100 { a.value = v + 1 }
            }
            effect.cancel()
            return [iterations <= 200 ? 1 : 0, a.value]
        }, expected: [1, 100]),
        // #63: a loop that a branch creates.
        Shape(number: 63, run: {
            let condition = Signal(false), a = Signal(0)
            var iterations = 0
            let effect = Effect {
                iterations += 1
                if condition.value { a.value = a.value + 1 } else { _ = a.value }
            }
            condition.value = true
            effect.cancel()
            return [iterations <= 200 ? 1 : 0, iterations]
        }, expected: [1, 101]),
        // #64: two effects that feed each other.
        Shape(number: 64, run: {
            let a = Signal(0), b = Signal(0)
            var iterations = 0
            let first = Effect {
                iterations += 1
                let v = a.value
                if v < 100 { b.value = v }
            }
            let second = Effect {
                let v = b.value
                if v < 100 { a.value = v + 1 }
            }
            first.cancel()
            second.cancel()
            return [iterations <= 300 ? 1 : 0]
        }, expected: [1]),
    ]

    static var all: [Shape] { writes + cycles + loops }

    @Test func `there are 25 shapes`() {
        #expect(Self.all.count == 25)
        #expect(Set(Self.all.map(\.number)).count == 25)
    }

    @Test(arguments: writes)
    func `a computed that writes a signal applies the write`(shape: Shape) {
        let issues = RuntimeIssues.collect { #expect(shape.run() == shape.expected) }
        #expect(issues.map(\.kind) == [.writeDuringEvaluation] || issues.map(\.kind).allSatisfy { $0 == .writeDuringEvaluation })
        #expect(!issues.isEmpty)
    }

    @Test(arguments: cycles)
    func `a cycle is an error on the computeds in it, and the program goes on`(shape: Shape) {
        let issues = RuntimeIssues.collect { #expect(shape.run() == shape.expected) }
        #expect(issues.map(\.kind).allSatisfy { $0 == .cycle })
        #expect(!issues.isEmpty)
    }

    @Test(arguments: loops)
    func `an effect loop is bounded`(shape: Shape) {
        let issues = RuntimeIssues.collect { #expect(shape.run() == shape.expected) }
        #expect(issues.map(\.kind).allSatisfy { $0 == .runawayEffect })
    }

    @Test func `all 25 run in one process to its end, with the issues on standard error`() async throws {
        let result = await #expect(
            processExitsWith: .success, observing: [\.standardOutputContent, \.standardErrorContent]
        ) {
            for shape in MisuseShapesTests.all {
                let values = shape.run()
                print("#\(shape.number): \(values)\(values == shape.expected ? "" : " expected \(shape.expected)")")
            }
        }
        let output = String(decoding: try #require(result).standardOutputContent, as: UTF8.self)
        let lines = output.split(separator: "\n")
        #expect(lines.count == 25)
        #expect(!output.contains("expected"), "\(output)")
        let errors = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        let issues = errors.split(separator: "\n")
        #expect(issues.allSatisfy { $0.hasPrefix("Ripple runtime issue (") }, "\(errors)")
        #expect(issues.filter { $0.contains("(writeDuringEvaluation)") }.count == 16)   // #184 has two writers
        #expect(issues.filter { $0.contains("(cycle)") }.count == 7)
        #expect(issues.contains { $0.contains("(runawayEffect)") })
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
