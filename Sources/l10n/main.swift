import L10nCommandLine

L10nTool.main()
