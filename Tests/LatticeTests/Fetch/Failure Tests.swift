import Foundation
import Testing
@testable import Lattice

@Suite struct FailureTests {
    static let all: [Failure] = [
        .transport(.unreachable, underlying: "Connection refused"),
        .transport(.connectionLost, underlying: "The network connection was lost."),
        .httpStatus(code: 500, body: "oops"),
        .undecodableResponse(reason: "not JSON", snippet: "<html>"),
        .requestErrors([GraphQLError(message: "Cannot query field")]),
        .fieldErrors([GraphQLError(message: "boom", path: [.key("viewer"), .index(0)])], operation: "Q"),
        .requiredFieldMissing(path: [.key("viewer"), .key("name")], operation: "Q"),
        .notInStore(operation: "Q"),
        .cancelled,
        .timedOut(after: .seconds(2)),
    ]

    @Test func namesAreStableAndDistinct() {
        #expect(Self.all.map(\.name) == [
            "transport.unreachable", "transport.connectionLost", "http.status",
            "response.undecodable", "response.requestErrors", "read.fieldErrors",
            "read.requiredFieldMissing", "store.notInStore", "fetch.cancelled", "fetch.timedOut",
        ])
    }

    @Test func descriptionCarriesWhatAPersonNeeds() {
        #expect(Self.all[2].description.contains("500"))
        #expect(Self.all[5].description.contains("viewer.0: boom"))
        #expect(Self.all[6].description.contains("viewer.name"))
        #expect(Self.all[0].description.contains("Connection refused"))
    }

    @Test func typedThrowCarriesTheKind() {
        func fail() throws(Failure) { throw .httpStatus(code: 503, body: "") }
        do {
            try fail()
            Issue.record("expected a throw")
        } catch {
            switch error {
            case .httpStatus(let code, _): #expect(code == 503)
            case .transport, .undecodableResponse, .requestErrors, .fieldErrors,
                 .requiredFieldMissing, .notInStore, .cancelled, .timedOut:
                Issue.record("wrong kind \(error.name)")
            }
        }
    }

    @Test func errorsAreThoseOfRequestAndFieldErrorsOnly() {
        #expect(Self.all.map(\.errors.count) == [0, 0, 0, 0, 1, 1, 0, 0, 0, 0])
        #expect(Self.all[5].errors.map(\.pathDescription) == ["viewer.0"])
        #expect(Self.all[4].errors.map(\.message) == ["Cannot query field"])
    }
}
