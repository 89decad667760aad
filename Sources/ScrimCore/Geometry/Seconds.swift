/// A duration or an instant on a runtime's virtual clock, in seconds.
public typealias Seconds = Double
