// `import L10nKit` stays the one import for users of the library: the layers below come with it.
@_exported import L10nCore
@_exported import L10nFormats
@_exported import L10nLocale
@_exported import L10nXLIFF
@_exported import L10nProject
@_exported import L10nExchange
@_exported import L10nReport
@_exported import L10nJobs
