import Foundation

/// Why a file could not be read or written, in words: the operating system's reason ("Is a
/// directory", "No such file or directory") when Foundation wraps one, else Foundation's
/// description, which for a wrapped one names only a code ("NSCocoaErrorDomain error 256").
public enum FileErrorReason {
    /// The reason `error`, thrown by a Foundation file call, gives. - Complexity: O(1).
    public static func describe(_ error: any Error) -> String {
        let error = error as NSError
        if let underlying = (error.userInfo[NSUnderlyingErrorKey] as? any Error).map({ $0 as NSError }),
           underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(truncatingIfNeeded: underlying.code)))
        }
        return error.localizedDescription
    }
}
