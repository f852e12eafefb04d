@_spi(Reflection) import Swift

/// Where a signal or computed came from, written where the node is made: the model
/// type and storage offset of the property it serves, or the list operator it belongs
/// to. Tracing turned on at any time names a node from it (`Book.title`) without
/// having watched the node being made.
///
/// It costs a node no bytes. A source keeps it in the word that holds its batch log
/// entry while it has one (`SourceNode.logEntryOrOrigin`); a computed, in seven bytes
/// after its cached value (``PackedNodeOrigin``), where a `Computed<Int>` has room
/// before its next 16-byte allocator step.
///
/// Fifty-six bits: a class's metadata pointer (48 bits, 8-aligned) with the property
/// storage's offset in words plus one (8 bits); low tag bits mark the other kinds.
@usableFromInline
struct NodeOrigin: Equatable {
    @usableFromInline var bits: UInt64

    @inlinable init() { bits = 0 }

    @inlinable init(bits: UInt64) { self.bits = bits }

    /// The unit of a property's storage offset: its storage holds a reference, so it
    /// is word-aligned.
    @inlinable static var offsetUnit: Int { MemoryLayout<UInt>.alignment }

    /// A model property: `storageOffset` is where its `@Tracked` or `@Derived` storage
    /// sits in an instance of `model`, or nil if it could not be known. An offset
    /// beyond 254 words is recorded as unknown: the node is then named by its model
    /// type alone.
    @inlinable
    init(property model: AnyObject.Type, storageOffset: Int?) {
        let type = UInt64(UInt(bitPattern: unsafeBitCast(model, to: Int.self))) & (1 << 48 - 1)
        let words = storageOffset.map { $0 / Self.offsetUnit &+ 1 } ?? 0
        let offset = words > 0 && words < 256 ? UInt64(truncatingIfNeeded: words) : 0
        bits = type | offset << 48
    }

    /// An inner node of a list operator (its query): traces see through it.
    @inlinable static var operatorPart: NodeOrigin { NodeOrigin(bits: 1) }

    /// A list operator made by a method (`numbers.filter { }`), named by the method.
    @inlinable
    init(method: StaticString) {
        let address = UInt64(UInt(bitPattern: method.utf8Start))
        bits = method.hasPointerRepresentation && address < 1 << 53 ? address << 3 | 2 : 0
    }

    /// The node of a list operator: the operator, which knows its name and its parts.
    /// Unowned: the node owns its operator.
    @inlinable
    init(listOperator: AnyObject) {
        bits = UInt64(UInt(bitPattern: Unmanaged.passUnretained(listOperator).toOpaque())) | 3
    }

    var isOperatorPart: Bool { bits == 1 }

    /// Whether this is the origin of a list operator's node.
    var isListOperatorNode: Bool { bits & 7 == 3 }

    /// The list operator whose node this origin is in, if it is one.
    var listOperator: (any ListOperatorParts)? {
        guard isListOperatorNode, let address = UnsafeRawPointer(bitPattern: UInt(bits & ~7)) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(address).takeUnretainedValue() as? any ListOperatorParts
    }

    /// `Type.property` or the method's name; nil for a node of no known origin.
    var name: String? {
        switch bits & 7 {
        case 0 where bits != 0:
            let address = Int(truncatingIfNeeded: bits & (1 << 48 - 1))
            let model: AnyObject.Type = unsafeBitCast(address, to: AnyObject.Type.self)
            let typeName = _typeName(model, qualified: false)
            let offset = (Int(bits >> 48) - 1) * Self.offsetUnit
            guard offset >= 0, let label = Self.storageLabel(at: offset, in: model) else { return typeName }
            return "\(typeName).\(label)"
        case 2:
            let start = UnsafePointer<CChar>(bitPattern: UInt(bits >> 3))
            return start.map { String(cString: $0) }
        case 3:
            return listOperator?.origin.name
        default:
            return nil
        }
    }

    /// The property whose storage is at `offset` in instances of `model` or its
    /// superclasses, without the storage's leading underscore.
    static func storageLabel(at offset: Int, in model: AnyObject.Type) -> String? {
        var current: AnyClass? = model
        while let type = current {
            var label: String?
            _ = _forEachField(of: type, options: _EachFieldOptions(rawValue: 1)) { name, fieldOffset, fieldType, _ in
                guard fieldOffset == offset else { return true }
                let typeName = _typeName(fieldType, qualified: false)
                if typeName.hasPrefix("Tracked<") || typeName.hasPrefix("Derived<") {
                    let text = String(cString: name)
                    label = text.hasPrefix("_") ? String(text.dropFirst()) : text
                }
                return false
            }
            if let label { return label }
            current = _getSuperclass(type)
        }
        return nil
    }
}

/// What tracing asks of a list operator through its node's origin.
protocol ListOperatorParts: AnyObject {
    /// The `@Derived` property or the method that made it.
    var origin: NodeOrigin { get set }
    /// Its element trackers now (and the query tracker of a list of values).
    func trackersNow() -> [ElementTracker]
}

/// A ``NodeOrigin`` in seven bytes aligned to one, for the tail of a ``Computed``.
/// An origin that needs more (a pointer with tag bits above 56) is kept as unknown.
@usableFromInline
struct PackedNodeOrigin {
    @usableFromInline var bytes: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)

    @inlinable
    init() {
        bytes = (0, 0, 0, 0, 0, 0, 0)
    }

    init(_ origin: NodeOrigin) {
        let bits = (origin.bits >> 56 == 0 ? origin.bits : 0).littleEndian
        bytes = (0, 0, 0, 0, 0, 0, 0)
        withUnsafeBytes(of: bits) { source in
            withUnsafeMutableBytes(of: &bytes) { target in
                target.copyMemory(from: UnsafeRawBufferPointer(rebasing: source.prefix(7)))
            }
        }
    }

    var origin: NodeOrigin {
        var bits: UInt64 = 0
        withUnsafeMutableBytes(of: &bits) { target in
            withUnsafeBytes(of: bytes) { target.copyMemory(from: $0) }
        }
        return NodeOrigin(bits: UInt64(littleEndian: bits))
    }
}
