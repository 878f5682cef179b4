import RenditionBatch

extension ThreadBudget {
    /// What every face means by a thread count: 0 is one thread per core (the default),
    /// more is that many threads; below 0 is refused.
    package init(requested: Int) throws(SettingsError) {
        guard requested >= 0 else {
            throw SettingsError(.threads, .outOfRange(value: String(requested), expected: "0 (one per core) or more"))
        }
        self.init(requested == 0 ? Self.processorCount : requested)
    }
}
