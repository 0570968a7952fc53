import Foundation
import Testing
import Lattice

/// Payloads merged into the response a normalizer reads: deferred fields into their object,
/// streamed items onto their list, errors appended, and each part's state by label.
struct IncrementalResponseTests {
    static func payload(_ json: String) throws -> IncrementalPayload {
        try IncrementalPayload(decoding: Data(json.utf8))
    }

    @Test func deferredFieldsMergeIntoTheirObjectAndStreamedItemsOntoTheirList() throws {
        var response = try IncrementalResponse(try Self.payload("""
            {"data": {"issue": {"id": "1", "comments": [{"id": "c1"}]}},
             "pending": [{"id": "0", "path": ["issue"], "label": "body"}, {"id": "1", "path": ["issue", "comments"]}],
             "hasNext": true}
            """))
        #expect(response.parts == ["body": .pending, "issue.comments": .pending])
        try response.apply(try Self.payload("""
            {"incremental": [{"id": "0", "data": {"body": "text"}}, {"id": "1", "items": [{"id": "c2"}]}],
             "completed": [{"id": "0"}], "hasNext": true}
            """))
        #expect(response.response.data == .object(["issue": .object([
            "id": .string("1"), "body": .string("text"),
            "comments": .array([.object(["id": .string("c1")]), .object(["id": .string("c2")])])])]))
        #expect(response.parts == ["body": .arrived, "issue.comments": .pending])
        try response.apply(try Self.payload(#"{"completed": [{"id": "1"}], "hasNext": false}"#))
        #expect(response.parts == ["body": .arrived, "issue.comments": .arrived])
        #expect(!response.hasNext)
    }

    @Test func aPartsErrorsJoinTheResponsesAndAFailedPartSaysSo() throws {
        var response = try IncrementalResponse(try Self.payload("""
            {"data": {"issue": {"id": "1"}}, "pending": [{"id": "0", "path": ["issue"], "label": "slow"}], "hasNext": true}
            """))
        try response.apply(try Self.payload("""
            {"incremental": [{"id": "0", "data": {"title": null}, "errors": [{"message": "boom", "path": ["issue", "title"]}]}],
             "completed": [{"id": "0"}], "hasNext": false}
            """))
        #expect(response.response.errors?.map(\.message) == ["boom"])
        #expect(response.parts["slow"] == .arrived)
        var failing = try IncrementalResponse(try Self.payload("""
            {"data": {"issue": {"id": "1"}}, "pending": [{"id": "0", "path": ["issue"], "label": "slow"}], "hasNext": true}
            """))
        try failing.apply(try Self.payload("""
            {"completed": [{"id": "0", "errors": [{"message": "non-null", "path": ["issue", "body"]}]}], "hasNext": false}
            """))
        guard case .failed(.requestErrors(let errors))? = failing.parts["slow"] else {
            Issue.record("expected the part failed: \(String(describing: failing.parts["slow"]))")
            return
        }
        #expect(errors.map(\.message) == ["non-null"])
    }

    /// A part's state prints as a log line wants it, not as the enum's full Swift name.
    @Test func aPartStatePrintsItsStateAndAFailureItsDescription() {
        let failed = IncrementalResponse.PartState.failed(.transport(.connectionLost, underlying: "lost"))
        #expect("\(IncrementalResponse.PartState.pending)" == "pending")
        #expect("\(IncrementalResponse.PartState.arrived)" == "arrived")
        #expect("\(failed)" == "failed(transport.connectionLost: lost)")
        let parts: [String: IncrementalResponse.PartState] = ["body": .pending]
        #expect("\(parts)" == "[\"body\": pending]")
    }

    @Test func aDropFailsWhatIsPendingAndKeepsWhatArrived() throws {
        var response = try IncrementalResponse(try Self.payload("""
            {"data": {"a": {"id": "1"}}, "pending": [{"id": "0", "path": ["a"], "label": "x"}, {"id": "1", "path": ["a"], "label": "y"}], "hasNext": true}
            """))
        try response.apply(try Self.payload(#"{"incremental": [{"id": "0", "data": {"x": 1}}], "completed": [{"id": "0"}], "hasNext": true}"#))
        let lost = Failure.transport(.connectionLost, underlying: "dropped")
        response.end(by: lost)
        #expect(response.parts == ["x": .arrived, "y": .failed(lost)])
        #expect(response.response.data == .object(["a": .object(["id": .string("1"), "x": .int(1)])]))
    }

    /// A part for an id never announced, or for a place the response lacks, is refused, and
    /// the response stays as it was.
    @Test func aPartThatFitsNothingIsRefusedAndChangesNothing() throws {
        var response = try IncrementalResponse(try Self.payload("""
            {"data": {"a": {"id": "1"}}, "pending": [{"id": "0", "path": ["b"], "label": "x"}], "hasNext": true}
            """))
        let before = response
        #expect(throws: Failure.self) { try response.apply(try Self.payload(#"{"incremental": [{"id": "9", "data": {}}], "hasNext": true}"#)) }
        #expect(throws: Failure.self) { try response.apply(try Self.payload(#"{"incremental": [{"id": "0", "data": {"x": 1}}], "hasNext": true}"#)) }
        #expect(response == before)
        #expect(throws: ResponseDecodingError.shape(path: "incremental.0", expected: "either data or items", found: "both")) {
            _ = try Self.payload(#"{"incremental": [{"id": "0", "data": {}, "items": []}], "hasNext": true}"#)
        }
    }

    /// An id announced again while pending names two parts: both fail saying so, what later
    /// payloads bring for the id is ignored, and none is left pending when the answer ends.
    @Test func anIdAnnouncedTwiceFailsBothPartsAndNoneStaysPending() throws {
        var response = try IncrementalResponse(try Self.payload("""
            {"data": {"a": {"id": "1"}}, "pending": [{"id": "0", "path": ["a"], "label": "x"}, {"id": "1", "path": ["a"], "label": "z"}], "hasNext": true}
            """))
        try response.apply(try Self.payload(#"{"pending": [{"id": "0", "path": ["a"], "label": "y"}], "hasNext": true}"#))
        guard case .failed(.undecodableResponse(let reason, _))? = response.parts["x"] else {
            Issue.record("\(response.parts)")
            return
        }
        #expect(reason == "part id 0 was announced twice, as x and as y: what comes for it cannot be placed")
        #expect(response.parts["y"] == response.parts["x"])
        try response.apply(try Self.payload("""
            {"incremental": [{"id": "0", "data": {"y": 1}}, {"id": "1", "data": {"z": 2}}], "completed": [{"id": "0"}, {"id": "1"}], "hasNext": false}
            """))
        #expect(response.parts["z"] == .arrived)
        #expect(response.parts["y"] == response.parts["x"])
        #expect(response.response.data == .object(["a": .object(["id": .string("1"), "z": .int(2)])]))
    }

    /// `{"hasNext":true}` is a later payload that carries nothing (a keep-alive), and
    /// `{"hasNext":false}` one that only ends the answer; `{"errors":…}` alone is still an
    /// initial payload (the request's errors).
    @Test func aPayloadOfHasNextAloneIsAKeepAlive() throws {
        var response = try IncrementalResponse(try Self.payload("""
            {"data": {"a": {"id": "1"}}, "pending": [{"id": "0", "path": ["a"], "label": "x"}], "hasNext": true}
            """))
        let before = response
        try response.apply(try Self.payload(#"{"hasNext": true}"#))
        #expect(response == before)
        #expect(try Self.payload(#"{"hasNext": false}"#).response == nil)
        #expect(try Self.payload(#"{"errors": [{"message": "no"}]}"#).response?.errors?.count == 1)
        #expect(throws: Failure.self) { try IncrementalResponse(try Self.payload(#"{"hasNext": true}"#)) }
    }

    /// The store refused the response with a payload merged: on the response before it, the
    /// parts the payload brought and those pending fail with the store's reason.
    @Test func aRefusedPayloadFailsItsPartsWithTheReason() throws {
        var response = try IncrementalResponse(try Self.payload("""
            {"data": {"a": {"id": "1"}}, "pending": [{"id": "0", "path": ["a"], "label": "x"}, {"id": "1", "path": ["a"], "label": "y"}], "hasNext": true}
            """))
        let refused = Failure.undecodableResponse(reason: "a.x: expected a string", snippet: "")
        response.refuse(try Self.payload("""
            {"incremental": [{"id": "0", "data": {"x": 1}}], "completed": [{"id": "0"}], "pending": [{"id": "2", "path": ["a"], "label": "w"}], "hasNext": true}
            """), because: refused)
        #expect(response.parts == ["x": .failed(refused), "y": .failed(refused), "w": .failed(refused)])
        #expect(!response.hasNext)
        #expect(response.response.data == .object(["a": .object(["id": .string("1")])]))
    }
}
