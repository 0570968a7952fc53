extension Int {
    /// The number with thousands separated by commas (fixed, not the locale's, so reports
    /// are the same everywhere): 10000 → "10,000".
    public var grouped: String {
        let digits = String(magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return (self < 0 ? "-" : "") + result
    }
}
