import Foundation

extension Environment {
    /// How an environment is made, beyond its program and its transport: one value, each
    /// option with its default stated, so a call site names only what it changes
    /// (`Configuration(strategy: .stored, counting: true)`) and an option added later needs no
    /// new parameter anywhere. `Configuration()` is every default.
    ///
    /// Made and read on the main actor, as the environment is: the clock is a main-actor
    /// object.
    @MainActor
    public struct Configuration {
        /// How handles keep their phase. Defaults to `PhaseStrategy.shipped`, the strategy the
        /// release ships.
        public var strategy: PhaseStrategy
        /// Where `now` comes from (the dates a handle shows, operations' ages), and
        /// subscriptions' reconnect delays and scheduled collections. Defaults to a new
        /// `TaskScheduler()`, the system clock; tests pass a `ManualScheduler`.
        public var clock: any Scheduler
        /// How subscriptions reconnect after a drop. Defaults to `ReconnectPolicy.default`.
        public var reconnectPolicy: ReconnectPolicy
        /// Whether to count what the runtime does (`Environment.counters`). Defaults to
        /// `false`: nothing is counted, and `counters` is `nil`.
        public var counting: Bool
        /// How many released operations keep their records from collection
        /// (`Store.Configuration.releaseBufferSize`). Defaults to 10.
        public var releaseBufferSize: Int
        /// The file of the store's image (SQLite), if any: every commit is written to it behind
        /// the main actor, and an attach reads from it what the store lacks, so the last
        /// launch's screens show before the network answers (`Environment.imageLog` says what
        /// went wrong with it). Defaults to `nil`: no image, the store lives in memory.
        public var image: URL?
        /// The bytes the image's file may use: over them, the rows of the oldest launches go,
        /// never this launch's or (at launch) the last one's. Defaults to 32 MiB.
        public var imageSizeLimit: Int
        /// What of each document requests carry (`PersistedDocumentPolicy`). Defaults to
        /// `.textOnly`.
        public var persistedDocuments: PersistedDocumentPolicy
        /// Where the environment reports what fails nothing (`RuntimeLogger`): a
        /// `@required(action: LOG)` field a lens read found null, a problem with the image.
        /// Defaults to `nil`: nothing is reported, and reads do nothing more.
        public var logger: RuntimeLogger?
        /// The request pipeline (`RequestInterceptor`), run in order, the first outermost,
        /// around each query and mutation the environment sends (`prepare` alone for a
        /// subscription or an answer in parts): per-request headers (`HeaderInterceptor`,
        /// `TokenInterceptor`), retries (`RetryInterceptor`), a deadline
        /// (`DeadlineInterceptor`), logging (`LoggingInterceptor`). Defaults to none: requests
        /// go to the transport directly, at no cost.
        public var interceptors: [any RequestInterceptor]
        /// Whether to keep a log of what the runtime does, and how (`Environment.eventLog`,
        /// `EventLog.Configuration`). Defaults to `nil`: nothing is logged, and each place
        /// that would log tests one optional.
        public var eventLog: EventLog.Configuration?

        /// A configuration with the options given and every other one at its default.
        public init(strategy: PhaseStrategy = .shipped, clock: any Scheduler = TaskScheduler(),
                    reconnectPolicy: ReconnectPolicy = .default, counting: Bool = false,
                    releaseBufferSize: Int = 10, image: URL? = nil, imageSizeLimit: Int = 32 << 20,
                    persistedDocuments: PersistedDocumentPolicy = .textOnly, logger: RuntimeLogger? = nil,
                    interceptors: [any RequestInterceptor] = [], eventLog: EventLog.Configuration? = nil) {
            self.strategy = strategy
            self.clock = clock
            self.reconnectPolicy = reconnectPolicy
            self.counting = counting
            self.releaseBufferSize = releaseBufferSize
            self.image = image
            self.imageSizeLimit = imageSizeLimit
            self.persistedDocuments = persistedDocuments
            self.logger = logger
            self.interceptors = interceptors
            self.eventLog = eventLog
        }

        /// Every option at its default (a new system clock each time it is read).
        public static var `default`: Configuration { Configuration() }
    }
}
