import Lattice

/// Writes the typed lens of one selection: a struct with one accessor a field, a nested
/// struct for each object field and inline fragment, a reference for each spread. Every
/// accessor reads by the position the program's compiler gave the field
/// (`ObjectSelection.lensFieldIndex(of:)`), so generated code and program must come from the
/// same documents (`Environment` checks an operation's request text on first use).
struct LensEmitter {
    let types: SwiftTypes
    /// Where the selection was written, `FILE`, for messages.
    let file: String
    /// Accessor lines written.
    private(set) var accessors = 0
    /// Their bytes, indentation included, newlines not (what the source-size test divides).
    private(set) var accessorBytes = 0
    /// Problems found, each `FILE:LINE:COLUMN: problem`.
    private(set) var problems: [String] = []

    init(types: SwiftTypes, file: String) {
        self.types = types
        self.file = file
    }

    /// What a selection shows at its own level: its fields (the compiler's additions and the
    /// fields of conditioned inline fragments left out), the inline fragments with a type
    /// condition, and the spreads, each with the position a lens reads it at.
    private struct Members {
        var fields: [(field: FieldNode, index: Int)] = []
        var inlines: [(node: InlineFragmentNode, index: Int)] = []
        var spreads: [(node: SpreadNode, index: Int)] = []

        /// Whether nothing shows: an inline fragment of the compiler's additions only.
        var isEmpty: Bool { fields.isEmpty && inlines.isEmpty && spreads.isEmpty }
    }

    private func members(of set: ObjectSelection) -> Members {
        var members = Members()
        var keys: Set<String> = []
        func collect(_ selections: [SelectionNode], direct: Bool) {
            for (position, selection) in selections.enumerated() {
                switch selection {
                case .field(let field):
                    guard !field.isAdded, keys.insert(field.responseKey).inserted,
                          let index = set.lensFieldIndex(of: field) else { continue }
                    members.fields.append((field, index))
                case .inlineFragment(let inline):
                    if inline.condition == nil && inline.alias == nil {
                        collect(inline.selectionSet.selections, direct: false)
                    } else if direct, !self.members(of: inline.selectionSet).isEmpty {
                        members.inlines.append((inline, position))
                    }
                case .spread(let spread):
                    if let index = set.spreadIndex(of: spread) { members.spreads.append((spread, index)) }
                }
            }
        }
        collect(set.selections, direct: true)
        return members
    }

    /// A selection's struct, rendered but not yet written: its accessor lines, its nested
    /// types, and its shape.
    private struct Rendered {
        /// The struct's name in its parent.
        let name: String
        /// Its accessor lines, unindented.
        let accessors: [String]
        /// The structs its accessors name, in the order they name them.
        let nested: [Rendered]
        /// Equal for two renderings that would be written alike, nested types included: such
        /// structs read any of their selections, since an accessor reads by position.
        let shape: Int
    }

    /// The shapes rendered so far, each its accessor lines and its nested types' names and
    /// shapes: interned bottom-up, so a key names each nested shape by number and stays as
    /// small as its own struct.
    private var shapes: [String: Int] = [:]

    /// Writes `struct name: conformance` for `set` at the file's top level, or in an extension
    /// of `parent` (its qualified name), with `header` lines first (a fragment's name); then
    /// each nested type (object fields, inline fragments) in an extension of its parent, so no
    /// accessor is indented more than two levels. `enclosing` are the names of the types it is
    /// nested in, which its own nested types must not take.
    ///
    /// A nested type whose shape an earlier one of the definition has is written as a
    /// `typealias` of that one (`typealias Following = DashboardQuery.Data.Viewer.Followers`),
    /// so the source, and the compiler's work on it, grow with the definition's distinct
    /// shapes, not with its selections (a union document of 10 sections of 50 cards of 20
    /// metas is 115,611 accessors written out, 101 shared).
    mutating func emit(_ set: ObjectSelection, named name: String, in parent: String? = nil,
                       conformance: String = "TypedLens", header: [String] = [], enclosing: Set<String> = [],
                       into writer: inout SwiftWriter) {
        let root = render(set, named: name, enclosing: enclosing)
        if let parent {
            writer.line()
            writer.block("extension \(parent)") { writer in
                writeStruct(root, conformance: conformance, header: header, into: &writer)
            }
        } else {
            writeStruct(root, conformance: conformance, header: header, into: &writer)
        }
        var declared: [Int: String] = [:]
        writeNested(of: root, at: parent.map { $0 + "." + name } ?? name, declared: &declared, into: &writer)
    }

    /// Renders the struct of `set` and, depth first, its nested types.
    private mutating func render(_ set: ObjectSelection, named name: String, enclosing: Set<String>) -> Rendered {
        let members = members(of: set)
        var memberNames = TakenNames(SwiftNames.reservedMembers)
        var typeNames = TakenNames(inside: types.reserved, enclosing.union([name]))
        var lines: [String] = []
        var nested: [(set: ObjectSelection, name: String)] = []
        for (field, index) in members.fields {
            let property = memberNames.claim(field.responseKey)
            guard let type = accessorType(field, typeNames: &typeNames, nested: &nested) else { continue }
            let throwing = LensEmitter.readThrows(field)
            lines.append(accessor(property, type, throwing ? "lens[throwing: \(index)]" : "lens[\(index)]",
                                  throwing: throwing))
        }
        for (inline, index) in members.inlines {
            let typeName = SwiftNames.typeName(inline.condition?.typeName ?? "Inline")
            // `@alias(as:)` names both; an aliased one without a condition is always there.
            let nestedName = typeNames.claim(inline.alias.map(SwiftNames.typeName) ?? "As" + typeName)
            let property = memberNames.claim(inline.alias ?? "as" + typeName)
            nested.append((inline.selectionSet, nestedName))
            // Under @defer, its state: pending, arrived, failed.
            let throwing = inline.deferral == nil && LensEmitter.canStop(inline.selectionSet)
            let always = inline.condition == nil && !inline.selectionSet.canBubble
            lines.append(inline.deferral != nil ? accessor(property, "Deferred<\(nestedName)>?", "lens[deferredInline: \(index)]")
                : accessor(property, nestedName + (always ? "" : "?"),
                           throwing ? "lens[throwingInline: \(index)]" : "lens[inline: \(index)]", throwing: throwing))
        }
        for (spread, index) in members.spreads {
            guard let fragmentType = types.definitionNames[spread.fragment.name] else { continue }
            let property = memberNames.claim(spread.alias ?? SwiftNames.memberName(spread.fragment.name))
            let always = spread.condition == nil && !spread.fragment.canBubbleToRoot
            let reference = "FragmentReference<\(fragmentType)>"
            // Under @defer, its state: pending, arrived with the reference, failed.
            lines.append(spread.deferral == nil
                ? accessor(property, reference + (always ? "" : "?"), "lens[spread: \(index)]")
                : accessor(property, "Deferred<\(reference)>" + (always ? "" : "?"), "lens[deferred: \(index)]"))
        }
        let inner = enclosing.union([name])
        let children = nested.map { render($0.set, named: $0.name, enclosing: inner) }
        let key = lines.joined(separator: "\n") + "\n" + children.map { "\($0.name)=\($0.shape)" }.joined(separator: " ")
        let shape: Int
        if let known = shapes[key] {
            shape = known
        } else {
            shape = shapes.count
            shapes[key] = shape
        }
        return Rendered(name: name, accessors: lines, nested: children, shape: shape)
    }

    /// Writes the nested types of `type`, declared at `path`: a shape `declared` already has
    /// as a `typealias` of it (all of one parent's in one extension), any other as its struct
    /// and then, in turn, its own nested types.
    private mutating func writeNested(of type: Rendered, at path: String, declared: inout [Int: String],
                                      into writer: inout SwiftWriter) {
        var aliases: [String] = []
        var structs: [Rendered] = []
        for child in type.nested {
            if let original = declared[child.shape] {
                aliases.append("\(types.access)typealias \(child.name) = \(original)")
            } else {
                declared[child.shape] = path + "." + child.name
                structs.append(child)
            }
        }
        if !aliases.isEmpty {
            writer.line()
            writer.block("extension \(path)") { writer in
                for alias in aliases { writer.line(alias) }
            }
        }
        for child in structs {
            writer.line()
            writer.block("extension \(path)") { writer in
                writeStruct(child, conformance: "TypedLens", header: [], into: &writer)
            }
            writeNested(of: child, at: path + "." + child.name, declared: &declared, into: &writer)
        }
    }

    /// Writes the struct of `type` alone, counting its accessor lines.
    private mutating func writeStruct(_ type: Rendered, conformance: String, header: [String],
                                      into writer: inout SwiftWriter) {
        writer.block("\(types.access)struct \(type.name): \(conformance)") { writer in
            for line in header { writer.line(line) }
            writer.line("\(types.access)let lens: Lens")
            // Internal types conform through the memberwise initializer.
            if types.isPublic { writer.line("public init(lens: Lens) { self.lens = lens }") }
            for line in type.accessors {
                writer.line(line)
                accessors += 1
                accessorBytes += writer.indentation + line.utf8.count
            }
        }
    }

    /// One accessor line: `var property: type { read }`, or where the document asks the read
    /// to throw, `var property: type { get throws(ReadError) { try read } }` (decision record 0010).
    private func accessor(_ property: String, _ type: String, _ read: String, throwing: Bool = false) -> String {
        let body = throwing ? "get throws(ReadError) { try \(read) }" : read
        return "\(types.access)var \(SwiftNames.identifier(property)): \(type) { \(body) }"
    }

    /// Whether the document asks a read of `field` to throw: a field error or missing value
    /// under `@throwOnFieldError` (outside `@catch`), a `@required(action: THROW)` null, or,
    /// for an object, such a null inside that reaches it (`canStop(_:)`).
    static func readThrows(_ field: FieldNode) -> Bool {
        if field.catchTarget != nil { return false }
        if field.errorsThrow || (field.required == .throw && !field.isCaught) { return true }
        guard let set = field.selectionSet else { return false }
        return canStop(set)
    }

    /// Whether opening a lens on `set` can stop on a `@required(action: THROW)` null: such a
    /// field, outside `@catch`, where the null walk reaches (the fields a null bubbles through).
    static func canStop(_ set: ObjectSelection) -> Bool {
        set.selections.contains { selection in
            switch selection {
            case .field(let field):
                guard field.bubblesUp else { return false }
                if field.required == .throw && !field.isCaught { return true }
                return field.selectionSet.map(canStop) ?? false
            case .inlineFragment(let inline):
                return canStop(inline.selectionSet)
            case .spread:
                return false
            }
        }
    }

    /// The Swift type of a field's accessor, which picks the lens's read (`Lens[_:]`); a
    /// nested type it needs is added to `nested`. `nil` (with a problem noted) for what lenses
    /// cannot read.
    private mutating func accessorType(_ field: FieldNode, typeNames: inout TakenNames,
                                       nested: inout [(set: ObjectSelection, name: String)]) -> String? {
        let nullable = field.catchTarget == .null || (field.required == nil && !field.type.isNonNull)
        let caught = field.catchTarget == .result
        switch field.kind {
        case .scalar:
            let value = types.outputType(field.type, nullable: nullable && !caught)
            if caught { return "CatchResult<\(types.outputType(field.type, nullable: false))?>" }
            return value
        case .linked(let set):
            let name = typeNames.claim(SwiftNames.typeName(field.responseKey))
            nested.append((set, name))
            if caught { return "CatchResult<\(name)?>" }
            let optional = nullable || (field.required == nil && set.canBubble)
            return name + (optional ? "?" : "")
        case .linkedList(let set, let itemNonNull):
            guard field.type.listDepth == 1, !caught else {
                problems.append("\(file):\(field.location): `\(field.responseKey)`: "
                    + (caught ? "@catch(to: RESULT) on a list of objects" : "a list of lists of objects")
                    + " has no generated accessor yet")
                return nil
            }
            let name = typeNames.claim(SwiftNames.typeName(field.responseKey))
            nested.append((set, name))
            return "[\(itemNonNull ? name : name + "?")]" + (nullable ? "?" : "")
        }
    }
}
