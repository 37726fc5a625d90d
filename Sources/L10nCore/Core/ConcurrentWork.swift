import Dispatch
import Foundation

/// Independent pieces of work run on every core, each result kept in its own slot, in order.
package enum ConcurrentWork {
    /// `body(0) ... body(count - 1)`, run concurrently; the results in index order.
    package static func map<T>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
        let slots = Slots<T>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in slots.set(index, body(index)) }
        return slots.values.map { $0! }
    }

    private final class Slots<T>: @unchecked Sendable {
        private var slots: [T?]
        private let lock = NSLock()

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ value: T) {
            lock.lock()
            slots[index] = value
            lock.unlock()
        }

        var values: [T?] {
            lock.lock()
            defer { lock.unlock() }
            return slots
        }
    }
}
