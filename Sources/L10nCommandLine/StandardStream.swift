import Foundation

/// Standard output or error written with `write(2)`: a closed pipe or a full disk becomes a
/// recorded failure instead of a crash (FileHandle's `write(_:)` traps on any error).
final class StandardStream: @unchecked Sendable {
    let descriptor: Int32
    let name: String
    /// The first write error (`strerror` text), if any; later writes are dropped.
    private(set) var failure: String?

    init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

    static let output = StandardStream(descriptor: STDOUT_FILENO, name: "standard output")
    static let error = StandardStream(descriptor: STDERR_FILENO, name: "standard error")

    func write(_ text: String) {
        var text = text
        text.withUTF8 { write(utf8: $0) }
    }

    func write(utf8 bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write(utf8: $0) }
    }

    private func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard failure == nil, let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                failure = String(cString: strerror(errno))
                return
            }
            offset += written
        }
    }

    /// Ignores SIGPIPE so that writing to a closed pipe fails with EPIPE instead of killing the process.
    static func ignoreBrokenPipeSignal() {
        signal(SIGPIPE, SIG_IGN)
    }
}
