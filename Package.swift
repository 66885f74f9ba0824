// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "SearchShell",
  products: [
    .executable(name: "searchshell", targets: ["SearchShell"])
  ],
  targets: [
    // GNU readline, used only by the executable and only on a terminal.
    // No pkgConfig: Debian's readline.pc carries cflags that SwiftPM rejects.
    .systemLibrary(
      name: "CReadline",
      providers: [.apt(["libreadline-dev"])]
    ),
    // libpq, PostgreSQL's client library, for `load postgres://…` (same shape as CReadline: the
    // shim finds the header under postgresql/ on Debian, on the include path elsewhere).
    .systemLibrary(
      name: "CLibPQ",
      providers: [.apt(["libpq-dev"])]
    ),
    // zlib, for reading gzip-compressed files (same shape as CReadline).
    .systemLibrary(
      name: "CZlib",
      providers: [.apt(["zlib1g-dev"])]
    ),
    // One compiler builtin, a prefetch hint, that Swift has no spelling for.
    .systemLibrary(name: "CPrefetch"),
    // The UIKit model: the search stack's state machine and the tutorials' apps. The bottom of
    // the graph: it imports none of the project's modules.
    .target(name: "UIKitModel"),
    // Tables: datasets, their loaders, exporters and formats, the guarded file writers, and the
    // sanitizer every byte shown goes through. It knows nothing of searching or of the shell.
    .target(name: "Tables", dependencies: ["UIKitModel", "CZlib"]),
    // The search engine: the folded index and its cache file, query planning, the kernels and
    // the results. It knows nothing of the shell, the backends or the terminal.
    .target(name: "Engine", dependencies: ["Tables", "CPrefetch"]),
    // The backends: the seam the shell searches through, the in-memory engine behind it, and
    // PostgreSQL over libpq. They know nothing of the shell or the terminal.
    .target(name: "Backends", dependencies: ["Tables", "Engine", "CLibPQ"]),
    .target(name: "ShellCore", dependencies: ["UIKitModel", "Tables", "Engine", "Backends"]),
    .executableTarget(
      name: "SearchShell",
      dependencies: ["ShellCore", "Tables", "UIKitModel", "CReadline"]
    ),
    // Types only tests use (`BufferConsole`), kept out of the product.
    .target(
      name: "ShellCoreTestSupport",
      dependencies: ["ShellCore", "Backends", "Tables"],
      path: "Tests/ShellCoreTestSupport"
    ),
    // The data fixture the tables' tests and the shell's share.
    .target(
      name: "TablesTestSupport",
      dependencies: ["Tables"],
      path: "Tests/TablesTestSupport"
    ),
    .testTarget(
      name: "TablesTests",
      dependencies: ["Tables", "UIKitModel", "TablesTestSupport"]
    ),
    .testTarget(
      name: "UIKitModelTests",
      dependencies: ["UIKitModel"]
    ),
    // Datasets, random rows and a seeded generator the engine's tests and the shell's share.
    .target(
      name: "EngineTestSupport",
      dependencies: ["Engine", "Tables"],
      path: "Tests/EngineTestSupport"
    ),
    .testTarget(
      name: "EngineTests",
      dependencies: ["Engine", "Tables", "EngineTestSupport"]
    ),
    // The throwaway PostgreSQL cluster and the generated table the backends' tests and the
    // shell's share.
    .target(
      name: "BackendsTestSupport",
      dependencies: ["Backends", "Engine", "Tables", "EngineTestSupport"],
      path: "Tests/BackendsTestSupport"
    ),
    .testTarget(
      name: "BackendsTests",
      dependencies: ["Backends", "Engine", "Tables", "BackendsTestSupport", "EngineTestSupport"]
    ),
    .testTarget(
      name: "ShellCoreTests",
      dependencies: [
        "ShellCore", "Backends", "Engine", "Tables", "UIKitModel", "ShellCoreTestSupport",
        "EngineTestSupport",
        "TablesTestSupport", "BackendsTestSupport",
      ]
    ),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["SearchShell", "ShellCoreTestSupport", "Backends", "BackendsTestSupport"]
    ),
  ]
)
