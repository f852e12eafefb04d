// swift-tools-version:6.0
import PackageDescription

let strictSwift: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// The example programs, one executable target each under Examples/.
let examples = ["BookReader", "TodoList", "ShoppingCart", "Dashboard", "SensorMonitor", "CatalogSearch"]

let package = Package(
    name: "Ripple",
    // Synchronization (Mutex, Atomic) and typed AsyncSequence need these releases.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Ripple", targets: ["Ripple"]),
    ],
    targets: [
        // Swift has no thread-local variables: this C target holds each thread's graph
        // runtime pointer and the per-thread caches of the link heap, and the mutex
        // that ThreadSanitizer sees (`LockedState`).
        .target(name: "RippleThreadLocal"),
        .target(
            name: "Ripple",
            dependencies: ["RippleThreadLocal"],
            swiftSettings: strictSwift
        ),
        // The benchmark executable: `swift run -c release RippleBenchmarks`. It builds
        // with every `swift build` so it never rots. The C target reads the allocator's
        // statistics for the memory cases (glibc's mallinfo2(), Darwin's malloc zones),
        // which the platforms' Swift modules do not export.
        .target(name: "CMallocStats", path: "Benchmarks/CMallocStats"),
        // JavaScript's `%` on doubles as V8 computes it, for the dynamic graphs.
        .target(name: "CJavaScriptMath", path: "Benchmarks/CJavaScriptMath"),
        .executableTarget(
            name: "RippleBenchmarks",
            dependencies: ["Ripple", "CMallocStats", "CJavaScriptMath"],
            path: "Benchmarks/RippleBenchmarks",
            swiftSettings: strictSwift
        ),
        // The stress test reads the allocator's statistics through CMallocStats too.
        .testTarget(
            name: "RippleTests",
            dependencies: ["Ripple", "CMallocStats"],
            swiftSettings: strictSwift
        ),

        // The example programs (`swift run BookReader`). Each re-creates a SwiftUI app
        // from the articles as a terminal program on a small view layer of its own.
        .target(
            name: "RippleViews",
            dependencies: ["Ripple"],
            path: "Examples/RippleViews",
            swiftSettings: strictSwift
        ),
    ] + examples.map { name in
        .executableTarget(
            name: name,
            dependencies: ["Ripple", "RippleViews"],
            path: "Examples/\(name)",
            swiftSettings: strictSwift
        )
    } + [
        // Examples are tests too: each scripted run is asserted line by line.
        .testTarget(
            name: "ExamplesTests",
            dependencies: ["Ripple", "RippleViews"] + examples.map { .target(name: $0) },
            swiftSettings: strictSwift
        ),
    ]
)
