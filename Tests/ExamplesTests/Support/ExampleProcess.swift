#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A built example program run as a user runs it: its executable, started with
/// arguments and a file as standard input, awaited without blocking a thread.
///
/// Input and output go through files, not pipes, so that neither side can block on a
/// full pipe, and standard error can share standard output's file, in the order the
/// program wrote them. It uses `posix_spawn` rather than Foundation's `Process`, whose
/// run loop sources and file handles LeakSanitizer reports as leaks of the test process.
enum ExampleProcess {
    struct Run {
        /// The exit status, or nil if a signal ended the program (a trap).
        var status: Int32?
        var signal: Int32?
        var output: String
        var errors: String
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `example` to its end, killing it after `timeout`.
    ///
    /// - Parameters:
    ///   - mergingErrors: standard error into `output`, in order; `errors` is empty.
    ///   - environment: variables to set for the program, besides the test's own.
    ///   - leakChecks: whether a program built with AddressSanitizer checks for leaks at
    ///     exit, as the test process does; off, its standard error holds no report of
    ///     the suppressions used.
    static func run(
        _ example: String, _ arguments: [String], input: String = "",
        mergingErrors: Bool = false, leakChecks: Bool = false, environment extra: [String: String] = [:],
        timeout: Duration = .seconds(300)
    ) async throws -> Run {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-\(example)-\(UUID().uuidString)").path
        guard mkdir(directory, 0o700) == 0 else { throw Failure(description: "cannot create \(directory)") }
        let (inputPath, outputPath, errorsPath) = (directory + "/input", directory + "/output", directory + "/errors")
        defer {
            for path in [inputPath, outputPath, errorsPath] { unlink(path) }
            rmdir(directory)
        }
        try writeFile(Array(input.utf8), to: inputPath)

        var environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        if !leakChecks {
            environment["ASAN_OPTIONS"] = [environment["ASAN_OPTIONS"], "detect_leaks=0"].compactMap { $0 }.joined(separator: ":")
        }
        let pid = try spawn(
            try executable(example), arguments: arguments, environment: environment,
            input: inputPath, output: outputPath, errors: mergingErrors ? nil : errorsPath
        )
        let (status, signal) = try await wait(for: pid, timeout: timeout)
        return Run(
            status: status, signal: signal,
            output: String(decoding: try readFile(outputPath), as: UTF8.self),
            errors: mergingErrors ? "" : String(decoding: try readFile(errorsPath), as: UTF8.self)
        )
    }

    private static func spawn(
        _ path: String, arguments: [String], environment: [String: String],
        input: String, output: String, errors: String?
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if let errors {
            posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard result == 0 else { throw Failure(description: "cannot start \(path): error \(result)") }
        return pid
    }

    /// Polls for the end of `pid`, sleeping between polls so that no thread blocks.
    private static func wait(for pid: pid_t, timeout: Duration) async throws -> (status: Int32?, signal: Int32?) {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var killed = false
        while true {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                // waitpid's encoding, whose macros Swift does not import: a signal in
                // the low seven bits, else the exit status in the next eight.
                let signal = status & 0x7F
                return signal == 0 ? ((status >> 8) & 0xFF, nil) : (nil, signal)
            }
            guard result == 0 else { throw Failure(description: "waitpid failed: \(errno)") }
            if !killed, clock.now >= deadline {
                kill(pid, SIGKILL)          // reported as signal 9
                killed = true
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    private static func writeFile(_ bytes: [UInt8], to path: String) throws {
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard file >= 0 else { throw Failure(description: "cannot write \(path)") }
        defer { close(file) }
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
            guard result > 0 else { throw Failure(description: "cannot write \(path)") }
            written += result
        }
    }

    private static func readFile(_ path: String) throws -> [UInt8] {
        let file = open(path, O_RDONLY)
        guard file >= 0 else { throw Failure(description: "cannot read \(path)") }
        defer { close(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return bytes
    }

    /// The example's executable, built next to the test binary.
    static func executable(_ example: String) throws -> String {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(example).path
            if access(candidate, X_OK) == 0 { return candidate }
            directory.deleteLastPathComponent()
        }
        throw Failure(description: "no executable \(example) near \(CommandLine.arguments[0]): build the examples first")
    }
}
