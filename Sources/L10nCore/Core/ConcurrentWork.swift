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

    /// The same with at most `width` pieces in flight: for pieces that each hold much memory
    /// while they run, so the peak does not grow with the machine's cores. Each worker takes the
    /// next piece not yet taken, so pieces of unequal size keep every worker busy to the end.
    package static func map<T>(_ count: Int, width: Int, _ body: @Sendable (Int) -> T) -> [T] {
        let width = max(1, min(width, count))
        let slots = Slots<T>(count: count)
        DispatchQueue.concurrentPerform(iterations: width) { _ in
            while let index = slots.take() { slots.set(index, body(index)) }
        }
        return slots.values.map { $0! }
    }

    private final class Slots<T>: @unchecked Sendable {
        private var slots: [T?]
        private var taken = 0
        private let lock = NSLock()

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ value: T) {
            lock.lock()
            slots[index] = value
            lock.unlock()
        }

        /// The lowest index no worker has taken yet, now taken; nil when none is left.
        func take() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard taken < slots.count else { return nil }
            taken += 1
            return taken - 1
        }

        var values: [T?] {
            lock.lock()
            defer { lock.unlock() }
            return slots
        }
    }
}
