import Foundation

/// Runs an import on two cores: one thread reads and maps the XML into ``ImportObject``
/// batches, the caller's thread (inside the store's transaction) writes them. A bounded queue
/// of batches keeps memory flat. Small files are read and written on one thread.
enum ImportPipeline {
    /// From this XML size on, reading and writing run in parallel.
    static let parallelFromBytes = 8 << 20
    static let batchSize = 512
    static let maximumQueuedBatches = 4

    /// Thrown inside the reader when the writer has stopped (its error wins).
    struct Cancelled: Error {}

    /// `progress` is called every this many objects, and once at the end.
    static let progressEvery = 10_000

    /// Reads `reader`'s export and hands every object to `write`, in file order. Returns the
    /// mapper's counts. `progress` gets the bytes read so far, on the writing thread.
    /// `now`: objects that start after it are counted as future-dated (nil: not counted).
    static func run(reader: ExportReader, now: Date? = nil, parallel: Bool, write: (ImportObject) throws -> Void,
                    progress: (Int) -> Void) throws -> MappedCounts {
        var written = 0
        func store(_ object: ImportObject, bytesRead: Int) throws {
            try write(object)
            written += 1
            if written % progressEvery == 0 { progress(bytesRead) }
        }
        let counts = parallel ? try runOnTwoThreads(reader, now: now, write: store) : try scan(reader, now: now, emit: store)
        progress(counts.bytes)
        return counts
    }

    /// A reader thread scans and maps into batches; the calling thread writes them.
    private static func runOnTwoThreads(_ reader: ExportReader, now: Date?,
                                        write: (ImportObject, _ bytesRead: Int) throws -> Void) throws -> MappedCounts {
        let queue = BatchQueue(capacity: maximumQueuedBatches)
        let result = ReaderResult()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            defer { done.signal() }
            do {
                var batch: [ImportObject] = []
                batch.reserveCapacity(batchSize)
                let counts = try scan(reader, now: now) { object, bytes in
                    batch.append(object)
                    if batch.count == batchSize {
                        try queue.push(batch, bytes: bytes)
                        batch.removeAll(keepingCapacity: true)
                    }
                }
                if !batch.isEmpty { try queue.push(batch, bytes: counts.bytes) }
                result.counts = counts
                queue.close(error: nil)
            } catch {
                queue.close(error: error)
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
        do {
            while let (batch, bytes) = try queue.pop() {
                for object in batch { try write(object, bytes) }
            }
        } catch {
            queue.cancel()
            done.wait()
            throw error
        }
        done.wait()
        return result.counts
    }

    /// Scans `reader`'s XML on the calling thread, handing every object, with the bytes read so
    /// far, to `emit`; returns the mapper's counts.
    private static func scan(_ reader: ExportReader, now: Date?, emit: (ImportObject, Int) throws -> Void) throws -> MappedCounts {
        try withoutActuallyEscaping(emit) { emit in
            var scanner: XMLScanner?
            let mapper = HealthMapper(now: now) { object in try emit(object, scanner?.bytesConsumed ?? 0) }
            let current = XMLScanner(delegate: mapper)
            scanner = current
            defer { scanner = nil }  // the mapper's closure holds it
            try reader.stream { try current.feed($0) }
            try current.finish()
            mapper.finish(bytes: current.bytesConsumed)
            return mapper.counts
        }
    }
}

/// The reader thread's counts, handed over after it finished.
private final class ReaderResult: @unchecked Sendable {
    var counts = MappedCounts()
}

/// A bounded FIFO of batches between the reader and the writer; the reader's error, if any,
/// arrives after the batches it made.
private final class BatchQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var batches: [([ImportObject], Int)] = []
    private let capacity: Int
    private var closed = false
    private var cancelled = false
    private var error: (any Error)?

    init(capacity: Int) { self.capacity = capacity }

    /// Blocks while the queue is full; throws ``ImportPipeline/Cancelled`` once the writer stopped.
    func push(_ batch: [ImportObject], bytes: Int) throws {
        condition.lock()
        defer { condition.unlock() }
        while batches.count >= capacity && !cancelled { condition.wait() }
        if cancelled { throw ImportPipeline.Cancelled() }
        batches.append((batch, bytes))
        condition.broadcast()
    }

    /// The next batch, nil at the end; rethrows the reader's error after the last batch.
    func pop() throws -> ([ImportObject], Int)? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty && !closed { condition.wait() }
        if !batches.isEmpty {
            condition.broadcast()
            return batches.removeFirst()
        }
        if let error { throw error }
        return nil
    }

    func close(error: (any Error)?) {
        condition.lock()
        closed = true
        self.error = error
        condition.broadcast()
        condition.unlock()
    }

    /// The writer gave up: wake and stop the reader.
    func cancel() {
        condition.lock()
        cancelled = true
        batches.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}
