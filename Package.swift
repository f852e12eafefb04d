// swift-tools-version:6.0
import PackageDescription

let strictSwift: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Ripple",
    products: [
        .library(name: "Ripple", targets: ["Ripple"]),
    ],
    targets: [
        // Swift has no thread-local variables; this C target provides the one slot
        // that holds each thread's graph runtime.
        .target(name: "RippleThreadLocal"),
        .target(
            name: "Ripple",
            dependencies: ["RippleThreadLocal"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RippleTests",
            dependencies: ["Ripple"],
            swiftSettings: strictSwift
        ),
    ]
)
