#if canImport(Glibc)
import Glibc
#endif

/// How the process asks the C allocator to place large blocks.
public enum ProcessMemory {
    /// The size from which a block is mapped on its own and unmapped when freed.
    public static let separateBlockSize = 1 << 20

    /// Maps every block of `separateBlockSize` or more on its own. glibc otherwise raises that
    /// threshold to the largest block freed so far (up to 32 MiB), so after the first catalog's
    /// bytes are freed the next file's bytes land in the heap, and those pages stay resident under
    /// the model built after them: about 5 MB of `l10n export`'s peak on the bench project and
    /// 38 MB of `l10n import`'s. Called once, first thing, by the `l10n` and `l10n-bench` mains.
    public static func mapLargeBlocksSeparately() {
        #if canImport(Glibc)
        // `mallopt` is declared in <malloc.h>, which the Glibc module leaves out; -3 is its
        // `M_MMAP_THRESHOLD`. A C library without it (musl) is left as it is.
        typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: MallocOption.self)(-3, Int32(separateBlockSize))
        #endif
    }
}
