import Foundation
import Testing
import Lattice
import LatticeTesting

/// A record whose data arrives before its type (a local update wrote its fields, and its
/// `__typename` comes later): the type conditions checked against it are tracked, recorded
/// reads, so the verdict and the lenses that checked them follow the type when it arrives.
@MainActor @Suite(.hangGuard) struct TypeArrivalTests {
    static let documents = """
        query NodeCard @throwOnFieldError { node(id: "A") { id ... on User { login } } }
        query NodeName { node(id: "A") { id ... on User { login } ...UserLogin } }
        fragment UserLogin on User { name }
        """
    static let answer = #"{"node": {"__typename": "User", "id": "A", "login": "mona", "name": "Mona"}}"#
    static let nodeKey = FieldKey(#"node(id:"A")"#)

    /// Links the root's `node(id: "A")` to `B`, written with `login` (and `name`) but no
    /// `__typename`: its type is unknown.
    func relinkToUntypedRecord(_ world: DocumentWorld, login: FieldState) {
        world.environment.commitUpdate { delta in
            delta.set(FieldState(value: .scalar("B")), for: .id, on: DataID("B"))
            delta.set(login, for: FieldKey("login"), on: DataID("B"))
            delta.set(FieldState(value: .scalar("Bea")), for: FieldKey("name"), on: DataID("B"))
            delta.set(FieldState(value: .link(DataID("B"))), for: Self.nodeKey, on: .root)
        }
    }

    func typeArrives(_ world: DocumentWorld) {
        world.environment.commitUpdate { delta in
            delta.set(FieldState(value: .scalar("User")), for: .typename, on: DataID("B"))
        }
    }

    /// NodeCard attached with data, its node relinked to `B`, whose `login` has an error and
    /// whose type is unknown.
    func attachedToUntypedRecord(_ strategy: PhaseStrategy) throws -> (DocumentWorld, OperationHandle) {
        let world = try DocumentWorld(Self.documents, strategy: strategy)
        try world.commit(Self.answer, for: "NodeCard")
        let handle = world.environment.attach(try world.artifact("NodeCard"), policy: .storeOnly)
        let error = GraphQLError(message: "login is private", path: [.key("node"), .key("login")])
        relinkToUntypedRecord(world, login: FieldState(value: .null, errors: [error]))
        return (world, handle)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func theVerdictFollowsATypeThatArrivesAfterTheData(_ strategy: PhaseStrategy) throws {
        let (world, handle) = try attachedToUntypedRecord(strategy)
        let probe = BodyProbe { handle.phase.name }
        // `... on User` does not hold for a record of unknown type: its error is not read.
        #expect(probe.value == "ready")

        typeArrives(world)

        #expect(probe.flush())
        #expect(probe.value == "failed")
        #expect(handle.phase.failure?.name == "read.fieldErrors")
    }

    @Test func aLensThatCheckedATypeConditionRerunsWhenTheTypeArrives() throws {
        let world = try DocumentWorld(Self.documents, strategy: .shipped)
        try world.commit(Self.answer, for: "NodeName")
        let handle = world.environment.attach(try world.artifact("NodeName"), policy: .storeOnly)
        relinkToUntypedRecord(world, login: FieldState(value: .scalar("bea")))
        let probe = BodyProbe { () -> String in
            let node: Lens? = try? handle.phase.lens?.read("node")
            let login: String? = try? node?.read("login")
            let fragment = try? node?.fragment("UserLogin")
            return "\(login ?? "-") \(fragment == nil ? "no fragment" : "fragment")"
        }
        #expect(probe.value == "- no fragment")

        typeArrives(world)

        #expect(probe.flush())
        #expect(probe.value == "bea fragment")
    }

    @Test(arguments: PhaseStrategy.allCases)
    func theVerdictFollowsATypeWrittenOverAnother(_ strategy: PhaseStrategy) throws {
        let (world, handle) = try attachedToUntypedRecord(strategy)
        typeArrives(world)
        let probe = BodyProbe { handle.phase.name }
        #expect(probe.value == "failed")

        world.environment.commitUpdate { delta in
            delta.set(FieldState(value: .scalar("Organization")), for: .typename, on: DataID("B"))
        }

        #expect(probe.flush())
        #expect(probe.value == "ready")
    }
}
