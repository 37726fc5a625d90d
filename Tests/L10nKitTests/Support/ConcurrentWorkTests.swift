import Foundation
import XCTest
@testable import L10nCore

/// `ConcurrentWork.map` keeps results in index order; with a width, no more than that many
/// pieces run at once (the import parses translator files two at a time).
final class ConcurrentWorkTests: XCTestCase {
    private final class Gauge: @unchecked Sendable {
        private let lock = NSLock()
        private var running = 0
        private(set) var most = 0

        func enter() {
            lock.lock()
            running += 1
            most = max(most, running)
            lock.unlock()
        }

        func leave() {
            lock.lock()
            running -= 1
            lock.unlock()
        }
    }

    func testResultsInIndexOrder() {
        XCTAssertEqual(ConcurrentWork.map(100) { $0 * $0 }, (0..<100).map { $0 * $0 })
        XCTAssertEqual(ConcurrentWork.map(0) { $0 }, [])
        for width in [1, 2, 3, 8, 200] {
            XCTAssertEqual(ConcurrentWork.map(37, width: width) { $0 * 3 }, (0..<37).map { $0 * 3 }, "width \(width)")
        }
        XCTAssertEqual(ConcurrentWork.map(0, width: 2) { $0 }, [])
    }

    func testAWidthBoundsThePiecesInFlight() {
        for width in [1, 2] {
            let gauge = Gauge()
            _ = ConcurrentWork.map(12, width: width) { index -> Int in
                gauge.enter()
                Thread.sleep(forTimeInterval: 0.005)
                gauge.leave()
                return index
            }
            XCTAssertLessThanOrEqual(gauge.most, width, "width \(width)")
            XCTAssertGreaterThanOrEqual(gauge.most, 1)
        }
    }

    /// A long piece does not hold back the pieces after it: the other worker takes them (the
    /// import reads translator files of unequal size two at a time).
    func testAWorkerTakesTheNextPieceNotTaken() throws {
        final class Runs: @unchecked Sendable {
            private let lock = NSLock()
            private(set) var byThread: [String: [Int]] = [:]
            func record(_ index: Int) {
                lock.lock()
                byThread["\(pthread_self())", default: []].append(index)
                lock.unlock()
            }
        }
        let runs = Runs()
        _ = ConcurrentWork.map(12, width: 2) { index -> Int in
            runs.record(index)
            Thread.sleep(forTimeInterval: index == 0 ? 0.2 : 0.002)
            return index
        }
        // On one core both workers may run on one thread, one after the other: nothing to tell.
        try XCTSkipIf(runs.byThread.count < 2, "the two workers ran on one thread (one core?)")
        let withFirst = runs.byThread.values.first { $0.contains(0) } ?? []
        // Taking every other index, the first piece's worker would run six of the twelve.
        XCTAssertLessThanOrEqual(withFirst.count, 2, "\(runs.byThread)")
        XCTAssertEqual(runs.byThread.values.flatMap { $0 }.sorted(), Array(0..<12))
    }

    /// `inOrder` hands every piece over once, in index order, whichever core made it, and holds
    /// no more than `ahead` pieces made and not yet handed over.
    func testInOrderHandsPiecesOverInOrderHoldingFew() {
        final class Held: @unchecked Sendable {
            private let lock = NSLock()
            private var held = 0
            private(set) var most = 0
            private(set) var madeOnOtherThread = 0
            let caller = pthread_self()
            func made() {
                lock.lock()
                held += 1
                most = max(most, held)
                if pthread_equal(pthread_self(), caller) == 0 { madeOnOtherThread += 1 }
                lock.unlock()
            }
            func consumed() {
                lock.lock()
                held -= 1
                lock.unlock()
            }
        }
        for count in [0, 1, 2, 7, 200] {
            for ahead in [1, 2, 3] {
                let held = Held()
                var got: [Int] = []
                ConcurrentWork.inOrder(count, ahead: ahead, make: { index -> Int in
                    if index % 5 == 0 { Thread.sleep(forTimeInterval: 0.001) }
                    held.made()
                    return index * 7
                }, consume: { value in
                    if value % 3 == 0 { Thread.sleep(forTimeInterval: 0.0005) }
                    got.append(value)
                    held.consumed()
                })
                XCTAssertEqual(got, (0..<count).map { $0 * 7 }, "count \(count), ahead \(ahead)")
                // The caller's own piece is held while it is handed over, beside the helper's.
                XCTAssertLessThanOrEqual(held.most, ahead + 1, "count \(count), ahead \(ahead)")
                if count == 200 { XCTAssertGreaterThan(held.madeOnOtherThread, 0, "the helper made some pieces") }
            }
        }
    }
}
