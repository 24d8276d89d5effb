extension ArgumentParser {
  /// Traps on a malformed command tree (a programmer error, found when the parser is built):
  /// duplicate names, arguments beside subcommands, misplaced optional or repeating positionals.
  static func checkSpec(_ command: CommandSpec, isRoot: Bool) {
    let context = "command '\(command.name)'"
    precondition(
      command.subcommands.isEmpty || command.arguments.isEmpty,
      "\(context): a command takes arguments or has subcommands, not both")
    var names: Set<String> = []
    var shorts: Set<Character> = ["h"]
    var sawOptionalPositional = false
    var sawRepeatingPositional = false
    for spec in command.arguments {
      precondition(
        !spec.name.isEmpty && !spec.name.hasPrefix("-"), "\(context): bad argument name '\(spec.name)'")
      precondition(names.insert(spec.name).inserted, "\(context): duplicate argument '\(spec.name)'")
      if !spec.isPositional {
        precondition(
          spec.name != "help" && spec.name != "version", "\(context): '--\(spec.name)' is built in")
      }
      if let short = spec.short {
        precondition(shorts.insert(short).inserted, "\(context): duplicate short name '-\(short)'")
      }
      if spec.isPositional {
        precondition(
          !sawRepeatingPositional, "\(context): a repeating positional must be the last positional")
        precondition(
          !(spec.isRequired && sawOptionalPositional),
          "\(context): required positional '\(spec.name)' after an optional one")
        sawOptionalPositional = sawOptionalPositional || !spec.isRequired
        sawRepeatingPositional = spec.isRepeating
      }
    }
    var subcommandNames: Set<String> = isRoot ? ["help"] : []
    for subcommand in command.subcommands {
      precondition(
        subcommandNames.insert(subcommand.name).inserted,
        "\(context): duplicate subcommand '\(subcommand.name)'")
      checkSpec(subcommand, isRoot: false)
    }
  }
}
