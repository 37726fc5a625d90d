import Foundation
import L10nCommandLine

/// Runs the `l10n` command line in process and captures what it printed.
struct CLIRun {
    var status: Int32
    var stdout: String
    var stderr: String

    init(_ arguments: [String], in directory: URL = Fixtures.packageRoot, environment: [String: String] = [:],
         errorIsTerminal: Bool = false) {
        var out = "", err = ""
        let context = CommandContext(currentDirectory: directory, environment: environment, errorIsTerminal: errorIsTerminal,
                                     stdout: { out += $0 }, stderr: { err += $0 })
        status = L10nTool.run(arguments, context: context)
        stdout = out
        stderr = err
    }
}
