#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Runs node for the JavaScript side: a child process whose standard output is
// captured and whose standard error passes through, so that its failures print as
// they happen. The C library's posix_spawnp, no Foundation.

/// What a finished child process produced.
struct ChildOutput {
    /// The exit status, or 128 + the signal number if a signal ended it.
    let status: Int32
    let standardOutput: String
}

/// Runs `arguments[0]`, looked up on the PATH, with the rest as its arguments, and
/// waits for it. Returns nil when it could not be started (not on the PATH).
func runChild(_ arguments: [String]) -> ChildOutput? {
    precondition(!arguments.isEmpty, "runChild needs a program name")
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { return nil }
    let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])

    #if canImport(Darwin)
    var actions: posix_spawn_file_actions_t?    // an opaque pointer on Darwin
    let environment = _NSGetEnviron().pointee
    #else
    var actions = posix_spawn_file_actions_t()
    let environment = environ
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, writeEnd, STDOUT_FILENO)
    posix_spawn_file_actions_addclose(&actions, readEnd)
    posix_spawn_file_actions_addclose(&actions, writeEnd)

    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }

    // Our own buffered output first, so that the child's lines come after it.
    flushOutput()
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environment)
    close(writeEnd)
    guard spawned == 0 else {
        close(readEnd)
        return nil
    }

    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
        if count > 0 {
            bytes.append(contentsOf: buffer[0..<count])
        } else if count == 0 || errno != EINTR {
            break
        }
    }
    close(readEnd)

    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    // WIFEXITED / WEXITSTATUS are macros Swift does not import: the low 7 bits hold
    // the terminating signal, or 0 for a normal exit whose code is in the next byte.
    let signal = status & 0x7f
    let exitStatus = signal == 0 ? (status >> 8) & 0xff : 128 + signal
    return ChildOutput(status: exitStatus, standardOutput: String(decoding: bytes, as: UTF8.self))
}
