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

    /// Reads `reader`'s export and hands every object to `write`, in file order. Returns the
    /// mapper's counts. `progress` gets the bytes read so far, on the writing thread.
    static func run(reader: ExportReader, parallel: Bool, write: (ImportObject) throws -> Void,
                    progress: (Int) -> Void) throws -> MappedCounts {
        guard parallel else {
            return try withoutActuallyEscaping(write) { write in
                try withoutActuallyEscaping(progress) { progress in
                    var written = 0
                    var scannerRef: XMLScanner?
                    let mapper = HealthMapper { object in
                        try write(object)
                        written += 1
                        if written % 10_000 == 0, let s = scannerRef { progress(s.bytesConsumed) }
                    }
                    let scanner = XMLScanner(delegate: mapper)
                    scannerRef = scanner
                    try reader.stream { try scanner.feed($0) }
                    try scanner.finish()
                    mapper.finish(bytes: scanner.bytesConsumed)
                    progress(scanner.bytesConsumed)
                    return mapper.counts
                }
            }
        }
        let queue = BatchQueue(capacity: maximumQueuedBatches)
        let result = ReaderResult()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            defer { done.signal() }
            do {
                var batch: [ImportObject] = []
                batch.reserveCapacity(batchSize)
                var scannerRef: XMLScanner?
                let mapper = HealthMapper { object in
                    batch.append(object)
                    if batch.count == batchSize {
                        try queue.push(batch, bytes: scannerRef?.bytesConsumed ?? 0)
                        batch.removeAll(keepingCapacity: true)
                    }
                }
                let scanner = XMLScanner(delegate: mapper)
                scannerRef = scanner
                try reader.stream { try scanner.feed($0) }
                try scanner.finish()
                mapper.finish(bytes: scanner.bytesConsumed)
                if !batch.isEmpty { try queue.push(batch, bytes: scanner.bytesConsumed) }
                result.counts = mapper.counts
                queue.close(error: nil)
            } catch {
                queue.close(error: error)
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
        do {
            while let (batch, bytes) = try queue.pop() {
                for object in batch { try write(object) }
                progress(bytes)
            }
        } catch {
            queue.cancel()
            done.wait()
            throw error
        }
        done.wait()
        return result.counts
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
