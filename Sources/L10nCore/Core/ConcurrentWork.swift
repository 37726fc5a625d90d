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

    /// The same with at most `width` pieces in flight (each worker takes every `width`-th index):
    /// for pieces that each hold much memory while they run, so the peak does not grow with the
    /// machine's cores.
    package static func map<T>(_ count: Int, width: Int, _ body: @Sendable (Int) -> T) -> [T] {
        let width = max(1, min(width, count))
        let slots = Slots<T>(count: count)
        DispatchQueue.concurrentPerform(iterations: width) { worker in
            for index in stride(from: worker, to: count, by: width) { slots.set(index, body(index)) }
        }
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
