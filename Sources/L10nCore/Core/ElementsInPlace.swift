extension Array {
    /// Calls `body` with each element borrowed where it lies: `for element in array` copies
    /// each element, a retain and a release for every reference it holds (a finding's strings).
    @inlinable
    public func forEachInPlace(_ body: (borrowing Element) throws -> Void) rethrows {
        try withUnsafeBufferPointer { elements in
            for index in elements.indices { try body(elements[index]) }
        }
    }
}
