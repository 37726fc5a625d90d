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

    /// `make(0) ... make(count - 1)` handed to `consume` in index order on the calling thread,
    /// made on two cores: the calling thread and a helper each take the next piece not yet
    /// taken, at most `ahead` past the one to hand over next, so no more than `ahead + 1` pieces
    /// are held at once (a report of 290,000 units printed while it is made).
    package static func inOrder<T>(_ count: Int, ahead: Int = 2, make: @Sendable (Int) -> T, consume: (T) -> Void) {
        guard count > 1 else {
            for index in 0..<count { consume(make(index)) }
            return
        }
        let pieces = OrderedPieces<T>(count: count, ahead: max(1, ahead))
        withoutActuallyEscaping(make) { make in
            let helper = DispatchGroup()
            DispatchQueue.global().async(group: helper) {
                while let index = pieces.take() { pieces.put(index, make(index)) }
            }
            for index in 0..<count {
                handing: while true {
                    switch pieces.step(index) {
                    case .handOver(let piece):
                        consume(piece)
                        break handing
                    case .make(let other):
                        pieces.put(other, make(other))
                    }
                }
            }
            helper.wait()
        }
    }

    /// The pieces of `inOrder`: which are taken, and which are made and not yet handed over.
    private final class OrderedPieces<T>: @unchecked Sendable {
        enum Step {
            /// The piece asked for, made.
            case handOver(T)
            /// Not made yet: the caller makes this piece meanwhile.
            case make(Int)
        }

        private let condition = NSCondition()
        private let count: Int
        private let ahead: Int
        private var taken = 0
        /// The piece being handed over, or waited for.
        private var next = 0
        private var made: [Int: T] = [:]

        init(count: Int, ahead: Int) {
            self.count = count
            self.ahead = ahead
        }

        /// The helper's next piece: the lowest not taken, once it is at most `ahead` past the
        /// one being handed over; nil when every piece is taken.
        func take() -> Int? {
            condition.lock()
            defer { condition.unlock() }
            while taken < count, taken > next + ahead { condition.wait() }
            guard taken < count else { return nil }
            taken += 1
            return taken - 1
        }

        func put(_ index: Int, _ piece: T) {
            condition.lock()
            made[index] = piece
            condition.broadcast()
            condition.unlock()
        }

        /// For the calling thread, which hands over `index` next: the piece once made; until
        /// then a piece to make meanwhile, when one is in reach; else it waits for the helper,
        /// which is making `index`.
        func step(_ index: Int) -> Step {
            condition.lock()
            defer { condition.unlock() }
            if next != index {
                next = index
                condition.broadcast()
            }
            while true {
                if let piece = made.removeValue(forKey: index) { return .handOver(piece) }
                if taken < count, taken <= next + ahead {
                    taken += 1
                    return .make(taken - 1)
                }
                condition.wait()
            }
        }
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
