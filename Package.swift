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
    .target(name: "ShellCore"),
    .executableTarget(
      name: "SearchShell",
      dependencies: ["ShellCore", "CReadline"]
    ),
    .testTarget(
      name: "ShellCoreTests",
      dependencies: ["ShellCore"]
    ),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["SearchShell"]
    ),
  ]
)
