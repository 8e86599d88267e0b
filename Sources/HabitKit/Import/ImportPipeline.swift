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
        try onTwoThreads(produce: { emit in
            let counts = try scan(reader, now: now, emit: emit)
            return (counts, counts.bytes)
        }, consume: write)
    }

    /// Runs `produce` on a second thread, handing each item it makes (with how far it got: bytes,
    /// lines) to `consume` on the calling thread, in order, in batches through a bounded queue
    /// (memory stays flat). Returns what `produce` returned. The producer's error arrives after the
    /// items it made. When `consume` throws, the producer is stopped and `consume`'s error thrown
    /// — unless `producerErrorWins`: then the producer runs to its end, and its error, if it has
    /// one, is thrown instead (a file is judged whole before the store is: `habit import
    /// FILE.ndjson` says the first line it cannot read, whatever the store refused before it).
    static func onTwoThreads<Item, Result>(producerErrorWins: Bool = false,
                                           produce: @escaping (_ emit: (Item, Int) throws -> Void) throws -> (Result, Int),
                                           consume: (Item, Int) throws -> Void) throws -> Result {
        let queue = BatchQueue<Item>(capacity: maximumQueuedBatches)
        let result = ProducerResult<Result>()
        let done = DispatchSemaphore(value: 0)
        let job = UncheckedBox(produce)
        let thread = Thread {
            defer { done.signal() }
            do {
                var batch: [Item] = []
                batch.reserveCapacity(batchSize)
                let (value, end) = try job.value { item, progress in
                    batch.append(item)
                    if batch.count == batchSize {
                        try queue.push(batch, progress: progress)
                        batch.removeAll(keepingCapacity: true)
                    }
                }
                if !batch.isEmpty { try queue.push(batch, progress: end) }
                result.value = value
                queue.close(error: nil)
            } catch {
                queue.close(error: error)
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
        do {
            while let (batch, progress) = try queue.pop() {
                // Each item is lent to `consume` where it lies: `for item in batch` copied it
                // first, a retain and a release of every text it holds, on the busier thread.
                try batch.withUnsafeBufferPointer { items in
                    for index in items.indices { try consume(items[index], progress) }
                }
                queue.giveBack(batch)
            }
        } catch {
            if producerErrorWins {
                // The batches left are read and dropped; the producer's own error (after them) wins.
                do { while try queue.pop() != nil {} } catch let producerError {
                    done.wait()
                    throw producerError
                }
            }
            queue.cancel()
            done.wait()
            throw error
        }
        done.wait()
        guard let value = result.value else { throw Cancelled() }  // unreachable: the queue closed without an error
        return value
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

/// The producer's result, handed over after it finished.
private final class ProducerResult<Value>: @unchecked Sendable {
    var value: Value?
}

/// What the producer thread runs: made on the calling thread, used only by the producer until
/// the caller waited for it.
private final class UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// A bounded FIFO of batches between the producer and the consumer; the producer's error, if
/// any, arrives after the batches it made.
private final class BatchQueue<Item>: @unchecked Sendable {
    private let condition = NSCondition()
    private var batches: [([Item], Int)] = []
    private let capacity: Int
    private var closed = false
    private var cancelled = false
    private var error: (any Error)?

    init(capacity: Int) { self.capacity = capacity }

    /// Batches the consumer is done with, freed by the producer (``giveBack(_:)``).
    private var spent: [[Item]] = []

    /// Blocks while the queue is full; throws ``ImportPipeline/Cancelled`` once the consumer stopped.
    func push(_ batch: [Item], progress: Int) throws {
        let done = try handOver(batch, progress: progress)
        withExtendedLifetime(done) {}  // freed here: on the producer's thread, the lock let go
    }

    /// Queues `batch`; returns the batches the consumer gave back since the last push.
    private func handOver(_ batch: [Item], progress: Int) throws -> [[Item]] {
        condition.lock()
        defer { condition.unlock() }
        while batches.count >= capacity && !cancelled { condition.wait() }
        if cancelled { throw ImportPipeline.Cancelled() }
        batches.append((batch, progress))
        condition.broadcast()
        defer { spent = [] }
        return spent
    }

    /// The consumer hands back a batch it is done with: the producer frees it at its next push.
    /// Freeing a batch releases every text its items hold and returns their memory to the
    /// allocator of the thread that made them: work the producer, the thread with time to
    /// spare, does instead of the writer. (What is still here at the end is freed with the queue.)
    func giveBack(_ batch: [Item]) {
        condition.lock()
        spent.append(batch)
        condition.unlock()
    }

    /// The next batch, nil at the end; rethrows the producer's error after the last batch.
    func pop() throws -> ([Item], Int)? {
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

    /// The consumer gave up: wake and stop the producer.
    func cancel() {
        condition.lock()
        cancelled = true
        batches.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}
