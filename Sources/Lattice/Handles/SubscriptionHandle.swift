import Foundation
import Observation

/// A live subscription as the app holds it: its stream's state and the time of its last
/// event, observable like any other value. It has no phase.
///
/// It drives a `SubscriptionStateMachine` with a transport's stream and a scheduler: each
/// event is handed to `onEvent` (the environment commits it to the store), a drop waits as
/// the `ReconnectPolicy` says and reconnects, and `cancel()` ends it. It connects when made.
@MainActor @Observable
public final class SubscriptionHandle {
    /// Where the stream is: connecting, open, waiting to reconnect, or ended.
    public private(set) var state: SubscriptionState
    /// When the last event arrived, if any has.
    public private(set) var lastEventAt: Date?

    @ObservationIgnored private var machine: SubscriptionStateMachine
    @ObservationIgnored private let request: GraphQLRequest
    @ObservationIgnored private let transport: any Transport
    @ObservationIgnored private let scheduler: any Scheduler
    @ObservationIgnored private let onEvent: @MainActor (GraphQLResponse) -> Void
    @ObservationIgnored private var stream: Task<Void, Never>?
    @ObservationIgnored private var reconnect: ScheduledAction?
    /// Run once when the subscription ends or the handle goes, whichever is first.
    @ObservationIgnored private var endAction: (@MainActor () -> Void)?
    /// Bumped on every connect and disconnect, so events of a replaced stream are dropped.
    @ObservationIgnored private var generation = 0

    /// Starts `request` on `transport`. `random` supplies the reconnect jitter; `onEvent`
    /// receives each event's response, in order, on the main actor.
    public init(request: GraphQLRequest, transport: any Transport,
                policy: ReconnectPolicy = .default, scheduler: any Scheduler = TaskScheduler(),
                random: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator(),
                onEvent: @escaping @MainActor (GraphQLResponse) -> Void) {
        let machine = SubscriptionStateMachine(policy: policy, random: random)
        self.machine = machine
        self.state = machine.state
        self.request = request
        self.transport = transport
        self.scheduler = scheduler
        self.onEvent = onEvent
        handle(.start)
    }

    isolated deinit {
        stream?.cancel()
        reconnect?.cancel()
        endAction?()
    }

    /// Runs `action` once, when the state becomes `ended` or the handle is released, whichever
    /// comes first (at once if it has ended already): the environment releases the records
    /// the subscription retains there.
    func whenEnded(_ action: @escaping @MainActor () -> Void) {
        if case .ended = state { action() } else { endAction = action }
    }

    /// Ends the subscription: the stream is torn down and no reconnect happens.
    public func cancel() {
        handle(.cancel)
    }

    private func handle(_ input: SubscriptionStateMachine.Input) {
        let effects = machine.handle(input, at: scheduler.now)
        if state != machine.state { state = machine.state }
        if lastEventAt != machine.lastEventAt { lastEventAt = machine.lastEventAt }
        if case .ended = state, let action = endAction {
            endAction = nil
            action()
        }
        for effect in effects {
            switch effect {
            case .connect: connect()
            case .disconnect: disconnect()
            case .scheduleReconnect(let delay):
                reconnect = scheduler.schedule(after: delay) { [weak self] in self?.handle(.reconnectDue) }
            case .commit(let response): onEvent(response)
            }
        }
    }

    private func connect() {
        generation += 1
        let current = generation
        let events = transport.subscribe(request)
        stream = Task { [weak self] in
            for await event in events {
                guard let self, self.generation == current else { return }
                self.handle(Self.input(for: event))
            }
            guard let self, self.generation == current else { return }
            self.handle(.failed(.transport(.connectionLost,
                                           underlying: "the subscription stream ended without completing")))
        }
    }

    private func disconnect() {
        generation += 1
        stream?.cancel()
        stream = nil
        reconnect?.cancel()
        reconnect = nil
    }

    private static func input(for event: SubscriptionEvent) -> SubscriptionStateMachine.Input {
        switch event {
        case .opened: .opened
        case .next(let response): .next(response)
        case .completed: .completed
        case .failed(let failure): .failed(failure)
        }
    }
}
